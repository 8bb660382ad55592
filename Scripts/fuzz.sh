#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in Fuzz/ (Linux, Swift's -sanitize=fuzzer,address).
#
#   Scripts/fuzz.sh [SECONDS-PER-TARGET] [TARGET...]
#
# With no arguments: every target for 600 s (10 CPU-minutes: libFuzzer runs one process), the long run
# docs/RELIABILITY.md records; the corpus under .build/fuzz/ grows from one run to the next.
#
# TARGET is DocumentLoaderFuzzer, StoreReaderFuzzer, CacheReaderFuzzer, HTTPCodecFuzzer or EtcdGatewayFuzzer
# (default: all five, one after the other: the machine may have only 2 cores). The targets are compiled
# with every file of the library targets they reach (SettingsPOSIX, SettingsHTTP, SettingsKit,
# SettingsEtcd; copied to .build/fuzz/src without their imports of each other) as one module
# (SettingsFuzz), so they reach internal declarations without @testable, into one binary, .build/fuzz/SettingsFuzzers, run with SETTINGS_FUZZ_TARGET=TARGET
# (to replay a crash: SETTINGS_FUZZ_TARGET=TARGET .build/fuzz/SettingsFuzzers Fuzz/crashes/FILE). The corpus
# lives in .build/fuzz/corpus-TARGET, seeded from Examples/*.json, Examples/*.jsonl (whole files
# and single lines) and a few store files, and from Fuzz/seeds/TARGET/ (for HTTPCodecFuzzer: the llhttp
# cases and smuggling forms that Tests/SettingsHTTPTests/LLHTTPCorpusTests.swift and
# HTTPSmugglingTests.swift found or pin); crashing inputs are saved as Fuzz/crashes/TARGET-*.
# Prints one summary line per target; exits 1 when a target found a crash, leak, timeout or OOM.
# FUZZ_SEED=N fixes libFuzzer's random seed, so that a short run (CI's smoke run) is repeatable.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(DocumentLoaderFuzzer StoreReaderFuzzer CacheReaderFuzzer HTTPCodecFuzzer EtcdGatewayFuzzer); fi

root="$(pwd)"
build=.build/fuzz
mkdir -p "$build" Fuzz/crashes
rm -rf "$build/src"
mkdir -p "$build/src"
for library in SettingsPOSIX SettingsSockets SettingsHTTP SettingsKit SettingsEtcd; do
  while IFS= read -r file; do
    flat="$build/src/$library-$(basename "$file")"
    grep -v -E '^import Settings(POSIX|Sockets|HTTP|Kit|Etcd)$' "$file" >"$flat"
  done < <(find "Sources/$library" -name '*.swift' | sort)
done
mapfile -t sources < <(find "$build/src" -name '*.swift' | sort)
mapfile -t fuzz_sources < <(find Fuzz -name '*.swift' | sort)

seed() {
  local target="$1" corpus="$2"
  mkdir -p "$corpus"
  if [ -d "Fuzz/seeds/$target" ]; then cp Fuzz/seeds/"$target"/* "$corpus"/; fi
  case "$target" in
    DocumentLoaderFuzzer)
      cp Examples/*.json Examples/*.jsonl "$corpus"/
      local n=0
      while IFS= read -r line; do
        n=$((n + 1))
        [ $n -le 20 ] || break
        printf '%s' "$line" >"$corpus/apps-line-$n.json"
      done <Examples/apps.jsonl
      ;;
    StoreReaderFuzzer)
      printf '{\n  "airplane": true\n}\n' >"$corpus/store-1.json"
      printf '{\n  "a": false,\n  "b": "x",\n  "old-key": [1, {"n": null}]\n}\n' >"$corpus/store-2.json"
      printf '{"wifi": true, "hotspot": false, "c": 1.5e3}' >"$corpus/store-3.json"
      printf '' >"$corpus/store-empty.json"
      printf ' \n\t ' >"$corpus/store-blank.json"
      # Journal files: a base record and entries, as FileJournal writes them.
      printf '%s\n' '{"base":{"a":1},"digest":"1c77bf2c953f4afa","secure":["pin"],"seq":4,"time":"2026-12-02T13:26:59.000000000Z"}' \
        '{"changes":{"airplane":{"after":true}},"digestAfter":"673542bc311c0cab","digestBefore":"1c77bf2c953f4afa","host":"vm","how":"set","pid":7,"program":"settings","seq":5,"time":"2026-12-02T13:27:00.000000000Z","user":"u"}' \
        '{"changes":{"pin":{"secure":"set"}},"digestAfter":"35370010b5e0de12","digestBefore":"673542bc311c0cab","how":"outside","seq":6,"time":"2026-12-02T13:28:00.5Z"}' >"$corpus/journal-1.jsonl"
      ;;
    CacheReaderFuzzer)
      # Edits to the target's own valid cache: none, one byte, a cut, and an empty whole file.
      printf '\x02' >"$corpus/cache-valid"
      printf '\x02\x10\x00\xff' >"$corpus/cache-byte"
      printf '\x03\x00\x00\x00\x40\x00' >"$corpus/cache-cut"
      printf '\x00' >"$corpus/cache-empty"
      printf '\xEF\xBB\xBF%s' '{"a": true, "\u001B[31m": "\u202E"}' >"$corpus/store-bom.json"
      ;;
    HTTPCodecFuzzer)
      # The first byte: even for requests, odd for responses; the rest of it sets the piece size.
      printf '\x00GET /?token=ab HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nCookie: settings_auth=ab\r\n\r\n' >"$corpus/get"
      printf '\x06POST /api/set HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"key":"a"}\r\n' >"$corpus/post"
      printf '\x02POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\nA: b\r\n\r\nGET / HTTP/1.0\r\n\r\n' >"$corpus/chunked"
      printf '\x01HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n{"r":1}\n{"r"\r\n0\r\n\r\n' >"$corpus/watch"
      printf '\x03HTTP/1.1 409 Conflict\r\nContent-Length: 2\r\n\r\n{}' >"$corpus/response"
      printf '\x05HTTP/1.0 200\r\n\r\nuntil close' >"$corpus/close"
      ;;
    EtcdGatewayFuzzer)
      # A range answer, a watch stream (created, events, progress, an error) and a compaction.
      printf 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 167\r\n\r\n{"header":{"cluster_id":"1","revision":"3"},"kvs":[{"key":"L3NldHRpbmdzL2FwcC9h","mod_revision":"3","value":"dHJ1ZQ=="}],"count":"1"}' >"$corpus/range"
      printf '{"result":{"header":{"revision":"3"},"created":true}}\n{"result":{"header":{"revision":"4"},"events":[{"kv":{"key":"L3NldHRpbmdzL2FwcC9h","mod_revision":"4","value":"ZmFsc2U="}},{"type":"DELETE","kv":{"key":"L3NldHRpbmdzL2FwcC9i","mod_revision":"4"}}]}}\n{"result":{"header":{"revision":"5"}}}\n' >"$corpus/watch"
      printf '{"result":{"header":{"revision":"9"},"compact_revision":"7","canceled":true}}\n{"error":{"grpc_code":14,"http_code":503,"message":"etcdserver: no leader","http_status":"Service Unavailable"}}\n' >"$corpus/errors"
      ;;
  esac
}

status=0
# One binary for every target (Fuzz/FuzzerMain.swift picks one by SETTINGS_FUZZ_TARGET): the engine is
# compiled once, not once a target.
binary="$build/SettingsFuzzers"
echo "== building SettingsFuzzers (${targets[*]})"
# Built from inside the build directory, where swiftc leaves its module files.
(cd "$build" && swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name settings \
  -enable-upcoming-feature ExistentialAny -O -wmo -g -module-name SettingsFuzz -I "$root/Sources/CMalloc" \
  "${sources[@]/#/$root/}" "${fuzz_sources[@]/#/$root/}" -o SettingsFuzzers) >"$build/SettingsFuzzers.build.log" 2>&1 || {
  cat "$build/SettingsFuzzers.build.log"
  exit 2
}
for target in "${targets[@]}"; do
  corpus="$build/corpus-$target"
  seed "$target" "$corpus"
  echo "== running $target for ${seconds}s"
  log="$build/$target.log"
  set +e
  # Swift's own backtracer reads the crashed stack, which AddressSanitizer reports as a second bug.
  dict=Fuzz/json.dict
  if [ "$target" = HTTPCodecFuzzer ]; then dict=Fuzz/http.dict; fi
  SETTINGS_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no "$binary" "$corpus" -dict="$dict" -max_total_time="$seconds" -max_len=65536 \
    -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
    -artifact_prefix="Fuzz/crashes/$target-" >"$log" 2>&1
  code=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  cov=$(grep -oE '(INITED|DONE|pulse|NEW|REDUCE) +cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || echo "?")
  echo "$target: exit $code, ${seconds}s, $runs executions, coverage $cov, corpus $(ls "$corpus" | wc -l) inputs"
  if [ "$code" -ne 0 ]; then
    status=1
    grep -E 'ERROR|Fatal error|Test unit written|SUMMARY' "$log" | head -20 || true
  fi
done
exit $status
