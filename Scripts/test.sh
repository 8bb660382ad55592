#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine (only what is
# missing, so a second run installs nothing), then runs them all: the Swift Testing suite (in two
# processes, each through .ci/swift-test-watchdog) and the browser tests of `settings serve` (Tests/Web/run.py, on the release
# build). `.ci/run` calls it too.
#
#   Scripts/test.sh               install what is missing, then run every test
#   Scripts/test.sh --install     only install what is missing
#   Scripts/test.sh --no-install  run every test, installing nothing
#
# Installs with apt-get (through sudo when not root) and pip (python-bidi and jsonschema for the
# python3 that the tests run; Selenium and axe-core in a virtual environment under .build/). Each test
# that needs a tool still says how to install it when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

install=yes
run=yes
case "${1:-}" in
  "") ;;
  --install) run=no ;;
  --no-install) install=no ;;
  -h | --help)
    echo "Usage: Scripts/test.sh [--install | --no-install]"
    echo "Installs what the tests need when it is missing (see the comment at the top of this script),"
    echo "then runs the browser tests on the release build and swift test. --install only installs;"
    echo "--no-install only runs."
    exit 0
    ;;
  *)
    echo "Usage: Scripts/test.sh [--install | --no-install]" >&2
    exit 64
    ;;
esac

venv=.build/webtest-venv
bidi_check='from bidi import get_display
assert get_display("\u2068\u05d0\u05d1\u2069 1", base_dir="L") == "\u2068\u05d1\u05d0\u2069 1"'
schema_check='import jsonschema; jsonschema.Draft202012Validator'
web_check='import importlib.metadata as m
assert m.version("selenium") == "4.51.0" and m.version("axe-playwright-python") == "0.1.8"'

# apt-get install of the Debian packages given, once, after one update; nothing when none is given.
apt_install() {
  (($# > 0)) || return 0
  local apt_get=(apt-get)
  [[ $(id -u) == 0 ]] || apt_get=(sudo apt-get)
  echo "installing: $*"
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq --no-install-recommends "$@" >/dev/null
}

# pip install for the python3 that the tests run. Debian's own python3 is "externally managed"
# (PEP 668) and refuses a plain install: then the install is retried with --break-system-packages,
# which the packages here (pure Python, or a wheel with no dependency on Debian's) do not break.
pip_install() {
  local pip=(python3 -m pip install --quiet --upgrade --disable-pip-version-check --root-user-action=ignore)
  "${pip[@]}" "$@" 2>/dev/null || "${pip[@]}" --break-system-packages "$@"
}

install_tools() {
  echo "== what the tests run, installed when missing"
  local missing=() tool
  # Tests/SettingsCommandTests/Shell: bash, zsh (zpty), fish, groff, mandoc, man; the etcd store's tests
  # (Tests/TestSupport/EtcdCluster.swift): etcd 3.4 (Debian 12's etcd-server, etcd-client), stunnel4 and
  # openssl; the watchdog: timeout and stdbuf (coreutils); the test that a read asks for no user
  # (Tests/SettingsCommandTests/CLI/ReadIdentityTests.swift): strace; pip for the Python packages below.
  for tool in bash:bash zsh:zsh fish:fish groff:groff mandoc:mandoc man:man-db timeout:coreutils \
    stdbuf:coreutils etcd:etcd-server etcdctl:etcd-client stunnel4:stunnel4 openssl:openssl strace:strace; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
  done
  python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
  # The browser tests (Tests/Web/): Debian's chromium and its chromedriver, the venv module, a colour emoji
  # font for the rows' icons and a Korean font for the examples' text in the screenshots.
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
  command -v fc-list >/dev/null 2>&1 || missing+=(fontconfig)
  fc-list 2>/dev/null | grep -qi 'Noto Color Emoji' || missing+=(fonts-noto-color-emoji)
  fc-list 2>/dev/null | grep -qi 'NanumGothic' || missing+=(fonts-nanum)
  # One package may be named twice (coreutils); apt-get takes it once.
  apt_install $(printf '%s\n' "${missing[@]}" | sort -u)

  # The UAX #9 oracle of the bidi tests (Tests/SettingsCommandTests/Support/BidiOracle.swift): python-bidi 0.5 or later.
  # Debian's python3-bidi (0.4.2 in bookworm) predates isolates and serves Debian's python3 only.
  python3 -c "$bidi_check" >/dev/null 2>&1 || pip_install 'python-bidi>=0.5'
  python3 -c "$bidi_check"
  # The schema tests' validator: Python's jsonschema 4.0 or later (draft 2020-12).
  python3 -c "$schema_check" >/dev/null 2>&1 || pip_install 'jsonschema>=4'
  python3 -c "$schema_check"
  # Selenium and axe-core (axe.min.js 4.12.1, shipped in the axe-playwright-python wheel, installed
  # without its Playwright dependency) in a virtual environment.
  [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
  if ! "$venv/bin/python" -c "$web_check" >/dev/null 2>&1; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'selenium==4.51.0'
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps 'axe-playwright-python==0.1.8'
  fi
  "$venv/bin/python" -c "$web_check"
  python3 -c 'import importlib.metadata as m; print("python-bidi", m.version("python-bidi"))'
  echo "bash $BASH_VERSION; $(zsh --version); $(fish --version); $(groff --version | head -1)"
  echo "$(etcd --version | head -1); $(chromium --version); $(chromedriver --version | head -1)"
}

run_tests() {
  local status=0
  echo "== browser tests: settings serve in headless Chromium, on the release build (Tests/Web/run.py)"
  swift build -c release
  local web_log=.build/webtest.log
  local web_status=0
  SE_OFFLINE=true "$venv/bin/python" Tests/Web/run.py 2>&1 | tee "$web_log" || web_status=1
  echo "== swift test: the suite in two processes, each one test at a time (.ci/swift-test-watchdog)"
  # One test at a time in each process: the suite's synchronous tests (real processes, etcd members,
  # builds) block the threads of Swift's cooperative pool (as many as cores, 2 here) while they
  # wait, and two of them in one process starved the watch tests' collecting tasks past their 60 s
  # bound. Two processes have a pool each, so one half's waits leave the cores to the other half.
  # The halves: the engine's, codegen's and etcd's tests (the plugin build is the longest test),
  # and the rest (the command line, the screens, the web). Each half's output is printed when both are done; the watchdog stops a half that runs
  # past 20 minutes and says what it was doing.
  swift build --build-tests
  local bin
  bin="$(swift build --show-bin-path)/settingsPackageTests.xctest"
  local first='^(SettingsKitTests|SettingsCodegenTests|SettingsEtcdTests)\.'
  local run=(--testing-library swift-testing --no-parallel)
  NO_COLOR=1 .ci/swift-test-watchdog "$bin" "${run[@]}" --filter "$first" >.build/swift-test-1.log 2>&1 &
  local one=$!
  NO_COLOR=1 .ci/swift-test-watchdog "$bin" "${run[@]}" --skip "$first" >.build/swift-test-2.log 2>&1 &
  local two=$!
  local one_status=0 two_status=0
  wait "$one" || one_status=1
  wait "$two" || two_status=1
  echo "== the engine's, codegen's and etcd's tests (.build/swift-test-1.log)"
  cat .build/swift-test-1.log
  echo "== the other tests (.build/swift-test-2.log)"
  cat .build/swift-test-2.log
  ((one_status == 0 && two_status == 0)) || status=1
  # A failed half is named again at the end, with its failures, for a reader of the last lines.
  for half in 1 2; do
    local half_status=$one_status
    ((half == 2)) && half_status=$two_status
    if ((half_status != 0)); then
      echo "== swift test failed in .build/swift-test-$half.log:"
      grep -E '(✘|recorded an issue|did not finish)' ".build/swift-test-$half.log" | tail -c 6000 || true
    fi
  done
  # A failure of the browser tests is printed again here, at the end, where a reader of the last lines
  # of the run (a CI summary) sees it rather than only swift test's passing tail.
  if ((web_status == 0)) && grep -q '^passed on a second try' "$web_log"; then
    echo "== browser tests that passed only on a second try (Tests/Web/run.py):"
    sed -n '/^passed on a second try/,$p' "$web_log" | tail -c 4000
  fi
  if ((web_status != 0)); then
    status=1
    echo "== the browser tests failed (Tests/Web/run.py; whole output in $web_log):"
    if grep -q '^FAIL ' "$web_log"; then
      awk '/^FAIL /{show = 1} /^PASS /{show = 0} show' "$web_log" | tail -c 6000
    else
      tail -c 3000 "$web_log"
    fi
  fi
  return "$status"
}

[[ $install == no ]] || install_tools
[[ $run == no ]] || run_tests
