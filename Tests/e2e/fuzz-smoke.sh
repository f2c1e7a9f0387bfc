#!/usr/bin/env bash
# End to end: a short libFuzzer pass (AddressSanitizer on) of each fuzz target over its committed corpus, so a
# change that makes a parser trap on a known-tricky input fails CI. The mutations are a fixed number from a fixed
# seed, so the pass is the same on every run (a timed, randomly seeded pass would make CI fail by chance on
# whatever it happened to find); the long, randomly seeded runs are `scripts/fuzz.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
checks=0
for target in FuzzFixtureDecoder FuzzImageHeaders FuzzImageDecoder FuzzResampler FuzzSheetText FuzzPaths FuzzPrompt \
    FuzzTerminalReplies FuzzTerminalInput FuzzPresets FuzzDecodePNG FuzzDecodeJPEG FuzzDecodeWebP FuzzDecodeGIF FuzzDecodeHEIF \
    FuzzDecodeTIFF FuzzDecodeBMP FuzzServiceURLs; do
  # At most 10 s a target (the 160 s the eight first targets had, split over eighteen): a slower machine runs a
  # prefix of the same mutations, never other ones.
  status=0; scripts/fuzz.sh --runs 10000 --time 10 --seed 1 "$target" || status=$?
  [ $status -eq 2 ] && { echo "FAIL: the fuzz targets did not build or run (see above)"; exit 1; }
  [ $status -eq 0 ] || { echo "FAIL: $target found a crash (see fuzz/artifacts/)"; exit 1; }
  checks=$((checks+1))
done
echo "$checks passed, 0 failed"
