#!/usr/bin/env bash
# End to end: a short libFuzzer pass (AddressSanitizer on) of each fuzz target over its committed corpus, so a
# change that makes a parser trap on a known-tricky input fails CI. The long runs are `scripts/fuzz.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
checks=0
for target in FuzzFixtureDecoder FuzzImageHeaders FuzzImageDecoder FuzzResampler FuzzPaths FuzzPrompt FuzzTerminalReplies \
    FuzzPresets; do
  status=0; scripts/fuzz.sh --time 15 "$target" || status=$?
  [ $status -eq 2 ] && { echo "FAIL: the fuzz targets did not build or run (see above)"; exit 1; }
  [ $status -eq 0 ] || { echo "FAIL: $target found a crash (see fuzz/artifacts/)"; exit 1; }
  checks=$((checks+1))
done
echo "$checks passed, 0 failed"
