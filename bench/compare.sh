#!/usr/bin/env bash
# Runs chat-tui's benchmark beside the tools people would use instead (Pillow with pillow-heif, pillow-simd, pyvips,
# chafa) on the same generated inputs and the format corpus, in alternating rounds on the same machine, and prints each figure
# beside its peer's with the ratio and every target as MET or MISSED; the medians over the rounds go to
# bench/results.json, the batch export figures to bench/batch-results.json, the scaling with cores (one core
# against two, in the app's preview and in batches) to bench/scaling-results.json.
#
#   bench/compare.sh            # 3 rounds (ROUNDS=N to change), release build
#   ONLY=decode bench/compare.sh  # only these chat-tui-bench sections (comma-separated, as --only takes them)
#                                 # and the peers that measure them, into bench/results-decode.json; no batch export
# Half-block drawings are scored with bench/cell_quality.py (mean CIEDE2000, plain and blurred, PSNR).
# pillow-simd (Pillow's SIMD fork) runs the same bench/peer_pillow.py from its own venv, bench/.venv-simd (built
# here from source with AVX2 when missing, which takes minutes), so it never replaces the Pillow used elsewhere.
# Composition is measured twice per round: as the machine lets each side run, and with each side pinned to one
# core (taskset -c 0), for per-core ratios. The machine's load (uptime) before and after goes with the results.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
only=${ONLY:-}
# Whether a run of sections $only includes any of the given ones (every section when ONLY is unset).
runs_section() {
  [[ -z $only ]] && return 0
  local section
  for section in "$@"; do [[ ",$only," == *",$section,"* ]] && return 0; done
  return 1
}

# Peers, installed only when missing.
if ! command -v chafa >/dev/null || ! ldconfig -p | grep -q libvips; then
  apt-get update -qq && apt-get install -y -qq chafa libvips42 >/dev/null
fi
python3 -c "import PIL, pyvips, numpy, pillow_heif" 2>/dev/null || pip install -q pillow pyvips numpy pillow-heif
simd=bench/.venv-simd/bin/python
if runs_section composition png && ! "$simd" -c "import PIL" 2>/dev/null; then
  echo "building pillow-simd into bench/.venv-simd (minutes)" >&2
  python3 -m venv bench/.venv-simd
  CC="cc -mavx2" bench/.venv-simd/bin/pip install -q --no-binary pillow-simd pillow-simd >&2
fi
load_before=$(uptime)

quality=$PWD/bench/cell_quality.py

swift build -c release --product chat-tui-bench >&2
bin=.build/release/chat-tui-bench
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
inputs="$work/inputs"

for round in $(seq "$rounds"); do
  echo "round $round of $rounds" >&2
  "$bin" --inputs "$inputs" ${only:+--only "$only"} --json-out "$work/ours-$round.json" >/dev/null
  if runs_section composition png; then
    python3 bench/peer_pillow.py "$inputs" --json-out "$work/pillow-$round.json"
    "$simd" bench/peer_pillow.py "$inputs" --json-out "$work/simd-$round.json"
    python3 bench/peer_vips.py "$inputs" --json-out "$work/vips-$round.json"
  fi
  if runs_section composition; then
    # Per core: every side on core 0 alone (pyvips and our own threads included).
    taskset -c 0 "$bin" --inputs "$inputs" --only composition --json-out "$work/pinned-ours-$round.json" >/dev/null
    taskset -c 0 python3 bench/peer_pillow.py "$inputs" --json-out "$work/pinned-pillow-$round.json"
    taskset -c 0 "$simd" bench/peer_pillow.py "$inputs" --json-out "$work/pinned-simd-$round.json"
    taskset -c 0 python3 bench/peer_vips.py "$inputs" --json-out "$work/pinned-vips-$round.json"
  fi
  if runs_section cells; then
    python3 bench/peer_chafa.py "$inputs" --json-out "$work/chafa-$round.json" ${quality:+--quality-tool "$quality"}
  fi
  # The format corpus's files, which chat-tui-bench's decode section copied into $inputs/decode.
  if runs_section decode; then python3 bench/peer_decode.py "$inputs" --json-out "$work/decode-$round.json"; fi
done
# A run of some sections writes its own file, so the whole run's figures in results.json stay.
results=bench/results${only:+-${only//,/-}}.json
python3 bench/summarise.py "$work" --json-out "$results" --command "${only:+ONLY=$only }ROUNDS=$rounds bench/compare.sh" \
  --load-before "$load_before" --load-after "$(uptime)"
[[ -z $only ]] || exit 0

# Batch export end to end: whole `chat-tui export` processes beside Pillow, and peak memory (bench/batch.py).
swift build -c release --product chat-tui >&2
python3 bench/batch.py --bin .build/release/chat-tui --rounds "$rounds" --json-out bench/batch-results.json

# Scaling with cores: the preview's composition and batch export on one core and on two (bench/scaling.py).
python3 bench/scaling.py --bin .build/release/chat-tui --bench-bin "$bin" --rounds "$rounds" \
  --json-out bench/scaling-results.json
