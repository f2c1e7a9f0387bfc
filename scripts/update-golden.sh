#!/usr/bin/env bash
# Rewrites the golden composites that Tests/GroupIconTests/Pipeline/GoldenCompositeTests.swift compares against.
# Run only after an intended change to layouts or raster output; look at the new PNGs before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product chat-tui >&2
out=Tests/GroupIconTests/Resources/golden
mkdir -p "$out"
# Groups from sample-data with 3, 5 and 9 members (the group "edge-cases" includes broken files: placeholders;
# "family" has a member without a photo) and the group without members ("empty": the default group avatar).
# Every registered layout (`chat-tui layout --list`).
for layout in $(.build/debug/chat-tui layout --list | cut -f1); do
  for group in trio ride family edge-cases empty; do
    .build/debug/chat-tui export --group "$group" --layout "$layout" --size 64 --scale 2 --corner-radius 6 \
      --no-cache --output "$out/$layout-$group.png" 2>/dev/null
  done
done
# Placeholders and the empty-group avatar on their own, written by their test suite.
UPDATE_PLACEHOLDER_GOLDEN=1 swift test --filter PlaceholderGoldenTests >&2
echo "wrote $(ls "$out"/*.png | wc -l) golden images to $out" >&2
