#!/usr/bin/env bash
# The cache-or-not differential test (Tests/SettingsCommandTests/Reliability/CacheDifferentialTests.swift)
# at a larger size than CI's: random documents and command sequences, each run through the compiled
# cache and with SETTINGS_CACHE=off, compared command by command.
#
#   Scripts/differential.sh [DOCUMENTS] [SEED...]     (default: 500 documents, seeds 1 to 5)
set -euo pipefail
cd "$(dirname "$0")/.."
documents="${1:-500}"
shift || true
seeds=("$@")
if [ ${#seeds[@]} -eq 0 ]; then seeds=(1 2 3 4 5); fi
swift build --build-tests
for seed in "${seeds[@]}"; do
  echo "== seed $seed, $documents documents"
  SETTINGS_DIFF_SEED="$seed" SETTINGS_DIFF_DOCUMENTS="$documents" \
    swift test --skip-build --filter CacheDifferentialTests
done
