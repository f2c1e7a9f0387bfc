#!/usr/bin/env bash
# Regenerates the composites shown in README.md with chat-tui itself, from the bundled sample data.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product chat-tui >&2
bin=.build/debug/chat-tui
out=docs/images
mkdir -p "$out"
for layout in $("$bin" layout --list | cut -f1); do
  for group in trio ride climbing family; do
    "$bin" export --group "$group" --layout "$layout" --size 96 --scale 2 --corner-radius 8 --no-cache \
      --output "$out/$layout-$group.png" 2>/dev/null
  done
done
"$bin" export --group family --size 96 --scale 2 --tile-radius 6 --margin 4 --background '#FFFFFF' --no-cache \
  --output "$out/wechat-family-tuned.png" 2>/dev/null
"$bin" export --group crowd --size 96 --scale 2 --corner-radius 8 --member-style 'rounded:6:1.5:#FFFFFF' \
  --gap-color '#FFFFFF' --overflow-badge --no-cache --output "$out/wechat-crowd-styled.png" 2>/dev/null
"$bin" export --group family --size 96 --scale 2 --corner-radius 8 --member-style circle --layout wechat-compact \
  --no-cache --output "$out/wechat-compact-family-circles.png" 2>/dev/null
echo "wrote $(ls "$out" | wc -l) images to $out" >&2
