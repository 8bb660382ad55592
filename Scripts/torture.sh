#!/usr/bin/env bash
# Crash, concurrency and hostile-input torture of the release `settings` binary; see
# docs/RELIABILITY.md for what each phase checks.
#
#   Scripts/torture.sh [--kills N] [--processes N] [--sets N] [--seed N] [--skip-hostile]
#                      [--http-requests N] [--skip-http] [--fuzz SECONDS-PER-TARGET]
#
# Defaults: 500 kills, 50 processes x 20 sets, the hostile inputs (1 000 000 items, 50 MB
# strings, 10 000-deep nesting; about 3 GB of memory at peak), 1 000 hostile HTTP requests to
# `settings serve` and 100 connections at once, no fuzzing. Prints one line of
# figures per phase and exits 1 when any check failed.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzz_seconds=""
arguments=()
while [ $# -gt 0 ]; do
  case "$1" in
    --fuzz) fuzz_seconds="$2"; shift 2 ;;
    *) arguments+=("$1"); shift ;;
  esac
done

echo "== swift build -c release --product settings"
swift build -c release --product settings 2>&1 | tail -1
binary="$(swift build -c release --show-bin-path)/settings"

status=0
python3 Scripts/torture.py --binary "$binary" "${arguments[@]}" || status=1

if [ -n "$fuzz_seconds" ]; then
  Scripts/fuzz.sh "$fuzz_seconds" || status=1
fi
exit $status
