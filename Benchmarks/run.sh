#!/usr/bin/env bash
# The performance benchmark, by hand (not part of the tests): installs what it needs, builds the
# release binary, generates documents of 10 to 100 000 items, and times settings against git config,
# gsettings and jq in one run. Extra arguments go to bench.py (for example --runs 5 --sizes 10 1000).
# `--baseline-rev REV`, given first, also builds commit REV in a clone under Benchmarks/work and
# times it in the same runs, for a before/after table. With the 100 000-item document it also runs
# Benchmarks/ui.py (settings ui through a pseudo-terminal).
# See Benchmarks/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v jq >/dev/null || need+=(jq)
command -v git >/dev/null || need+=(git)
command -v python3 >/dev/null || need+=(python3)
{ command -v gsettings && command -v glib-compile-schemas; } >/dev/null || need+=(libglib2.0-bin)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The fast binary, as docs/GUIDE.md ("Performance") builds it: on Linux Package.swift links a release build fully
# static, so no dynamic loader work at startup.
flags=(-c release)
echo "== swift build ${flags[*]}" >&2
swift build "${flags[@]}" --product settings 2>&1 | { grep -v "warning: Using 'dlopen' in statically" || true; } >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/settings"

mkdir -p Benchmarks/work
extra=()
if [ "${1:-}" = "--baseline-rev" ]; then
  rev="$2"
  shift 2
  clone="$(pwd)/Benchmarks/work/baseline-src"
  rm -rf "$clone"
  git clone -q . "$clone"
  git -C "$clone" checkout -q "$rev"
  echo "== baseline: swift build ${flags[*]} at $(git -C "$clone" rev-parse --short HEAD)" >&2
  (cd "$clone" && swift build "${flags[@]}" --product settings 2>&1 | { grep -v "warning: Using 'dlopen' in statically" || true; } >&2)
  extra=(--baseline "$(cd "$clone" && swift build "${flags[@]}" --show-bin-path)/settings")
fi
python3 Benchmarks/bench.py --binary "$binary" --work Benchmarks/work --out Benchmarks/work/results.md \
  "${extra[@]}" "$@"

# settings ui on 100 000 items through a pseudo-terminal (first screen, each key), when that
# document was generated; the baseline too, in the same run (see Benchmarks/README.md).
if [ -f Benchmarks/work/doc-100000.json ]; then
  echo "== settings ui (Benchmarks/ui.py)" >&2
  python3 Benchmarks/ui.py --binary "$binary" "${extra[@]}" --baseline-cycles 2 \
    --document Benchmarks/work/doc-100000.json | tee Benchmarks/work/ui.md
fi
