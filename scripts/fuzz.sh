#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/ (with AddressSanitizer) and runs them on their committed corpora.
#
#   scripts/fuzz.sh [--runs N | --time SECONDS] [--seed N] [--merge] [TARGET...]
#
# Targets: FuzzFixtureDecoder, FuzzImageHeaders, FuzzImageDecoder, FuzzResampler, FuzzSheetText, FuzzPaths,
# FuzzPrompt, FuzzTerminalReplies, FuzzTerminalInput, FuzzPresets, and one per image decoder called directly:
# FuzzDecodePNG, FuzzDecodeJPEG, FuzzDecodeWebP, FuzzDecodeGIF, FuzzDecodeHEIF, FuzzDecodeTIFF, FuzzDecodeBMP,
# and FuzzServiceURLs (the render service's request targets) (default: all eighteen).
# --runs N runs N inputs each (default 1000000); --time S stops each after S seconds instead. New inputs go to a scratch folder; with
# --merge the committed corpus fuzz/corpus/TARGET is replaced by the minimised union of both (-merge=1).
# A crash, leak, timeout or out-of-memory stops with exit 1 and leaves the input in fuzz/artifacts/; a failed
# build or a wrong option exits 2.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
limit=()
seed=()
merge=0
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) limit+=(-runs="$2"); shift 2 ;;
    --time) limit+=(-max_total_time="$2"); shift 2 ;;
    --seed) seed=(-seed="$2"); shift 2 ;;
    --merge) merge=1; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
# Both may be given: whichever is reached first ends a target's run.
[ ${#limit[@]} -gt 0 ] || limit=(-runs=1000000)
[ ${#targets[@]} -gt 0 ] || targets=(FuzzFixtureDecoder FuzzImageHeaders FuzzImageDecoder FuzzResampler FuzzSheetText FuzzPaths FuzzPrompt
                                    FuzzTerminalReplies FuzzTerminalInput FuzzPresets FuzzDecodePNG FuzzDecodeJPEG FuzzDecodeWebP
                                    FuzzDecodeGIF FuzzDecodeHEIF FuzzDecodeTIFF FuzzDecodeBMP FuzzServiceURLs)

# --sanitize=fuzzer makes SwiftPM leave `main` to libFuzzer. The sanitizers themselves go in one
# -sanitize=fuzzer,address: given as two --sanitize options, swiftc compiles with only one of them (whichever
# comes last), losing either the coverage counters or ASan. SwiftPM's dead stripping would remove the
# counters too, hence --disable-dead-strip. -enable-testing lets the targets `@testable import` the package-level
# API: the codecs and resampler (Imaging), paths and presets (GroupExport), prompts and replies (ChatTUIApp).
build=(swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
       --disable-dead-strip)
fuzz_build() { (cd fuzz && "${build[@]}" 2>&1 | grep -v "Cannot export local symbol" >&2); }
# A failed build exits 2, told apart from a finding (exit 1). SwiftPM's incremental build of fuzz/ can miss a
# change in the package it depends on by path (a new file there, or a changed signature, then fails to link), so
# a failed build is tried once more from a clean build folder before it counts.
fuzz_build || { echo "fuzz.sh: the fuzz build failed; building once more from a clean fuzz/.build" >&2
  rm -rf fuzz/.build; fuzz_build; } || { echo "fuzz.sh: the fuzz build failed" >&2; exit 2; }
bin=$(cd fuzz && "${build[@]}" --show-bin-path)

mkdir -p fuzz/artifacts
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
status=0
for target in "${targets[@]}"; do
  case $target in
    FuzzFixtureDecoder) dictionary=fuzz/dictionaries/fixtures.dict; max_len=4096 ;;
    FuzzImageHeaders|FuzzImageDecoder) dictionary=fuzz/dictionaries/images.dict; max_len=8192 ;;
    # The GIF seeds include a 10 000-frame file (230 KB), which must reach the decoder whole.
    FuzzDecodeGIF) dictionary=fuzz/dictionaries/images.dict; max_len=262144 ;;
    FuzzDecode*) dictionary=fuzz/dictionaries/images.dict; max_len=16384 ;;
    FuzzResampler) dictionary=; max_len=512 ;;
    FuzzSheetText) dictionary=; max_len=1024 ;;
    FuzzPaths) dictionary=fuzz/dictionaries/paths.dict; max_len=600 ;;
    FuzzPrompt) dictionary=; max_len=2048 ;;
    FuzzTerminalReplies|FuzzTerminalInput) dictionary=fuzz/dictionaries/terminal.dict; max_len=4096 ;;
    FuzzPresets) dictionary=fuzz/dictionaries/presets.dict; max_len=4096 ;;
    FuzzServiceURLs) dictionary=fuzz/dictionaries/service.dict; max_len=4096 ;;
    *) echo "fuzz.sh: unknown target $target" >&2; exit 2 ;;
  esac
  corpus=fuzz/corpus/$target
  mkdir -p "$scratch/$target"
  echo "== $target ${limit[*]}" >&2
  # -timeout: one input taking 10 s is a hang; -rss_limit_mb: the image limits keep every decode far below.
  if ! "$bin/$target" "${limit[@]}" "${seed[@]}" ${dictionary:+-dict="$dictionary"} -max_len=$max_len -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$root/fuzz/artifacts/$target-" "$scratch/$target" "$corpus" \
      2>"$scratch/$target.log"; then
    tail -60 "$scratch/$target.log" >&2
    echo "fuzz.sh: $target FAILED (input saved under fuzz/artifacts/)" >&2
    status=1
    continue
  fi
  # A build without coverage counters would fuzz blindly (and merge to nothing): refuse it.
  grep -q "inline 8-bit counters" "$scratch/$target.log" || { echo "fuzz.sh: $target has no coverage" >&2; exit 1; }
  grep -E "(DONE|stat::number_of_executed_units|stat::peak_rss_mb)" "$scratch/$target.log" >&2 || true
  if [ $merge -eq 1 ]; then
    mkdir -p "$scratch/$target.merged"
    "$bin/$target" -merge=1 -max_len=$max_len "$scratch/$target.merged" "$corpus" "$scratch/$target" \
      2>"$scratch/$target.merge.log"
    if [ -z "$(ls -A "$scratch/$target.merged")" ]; then
      tail -5 "$scratch/$target.merge.log" >&2; echo "fuzz.sh: $target: merge produced nothing" >&2; exit 1
    fi
    rm -f "$corpus"/*
    cp "$scratch/$target.merged"/* "$corpus"/
    echo "$target: corpus merged to $(ls "$corpus" | wc -l) inputs, $(cat "$corpus"/* | wc -c) bytes" >&2
  fi
done
exit $status
