#!/usr/bin/env bash
# End to end: `chat-tui export --sheet`, the variants sheet. Its size is the one the layout computes, each cell
# holds exactly the composite `export` writes alone for that member count (laid over the sheet's grey), the
# group's cell its own composite, the rows their themes; its usage errors and standard output.
set -euo pipefail
source "$(dirname "$0")/support/cli-checks.sh"

# A fixture whose first group holds twelve photos, and groups of its first N members, exported alone to compare.
python3 -W ignore - "$tmp/groups.json" "$PWD/sample-data/avatars" <<'PY'
import json, sys
photos = ["alice.jpg", "bob.png", "charlie.png", "dmitry.png", "ethan.jpg", "fatima.jpg", "grace.jpg", "ivy.jpg",
          "lars.png", "mateo.png", "noah.jpg", "olivia.png"]
members = [{"id": f"u{i}", "name": p.split(".")[0].title(), "avatar": f"{sys.argv[2]}/{p}"} for i, p in enumerate(photos)]
groups = [{"id": "all12", "name": "Everyone", "lastMessage": "hi", "unread": 3, "members": members}]
groups += [{"id": f"n{n}", "name": f"First {n}", "lastMessage": "see you at 8", "unread": 120, "members": members[:n]}
           for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]]
json.dump({"groups": groups}, open(sys.argv[1], "w"))
PY
f=$tmp/groups.json
params=(--size 60 --scale 2 --corner-radius 8 --margin 3 --no-cache)
expect_status 0 $bin export --fixtures "$f" --group n5 --sheet "$tmp/sheet.png" "${params[@]}"
for n in 1 2 3 4 5 6 7 8 9 12; do
  expect_status 0 $bin export --fixtures "$f" --group "n$n" --output "$tmp/n$n.png" "${params[@]}"
done
python3 -W ignore - "$tmp" <<'PY' || fail "sheet geometry and cells"
import math, sys
from PIL import Image
tmp = sys.argv[1]
sheet = Image.open(f"{tmp}/sheet.png").convert("RGBA")
s, side, list_side = 2, 120, 96  # --scale 2, --size 60, the default --list-avatar-size 48
px = lambda points: int(points * s + 0.5)
spacing, label_gap, label_height = px(16), px(6), math.ceil(1.3 * 13 * s)
cell_w, cell_h = max(side, px(72)), side + label_gap + label_height
grid_w, bottom = spacing + 6 * (cell_w + spacing), spacing + 2 * (cell_h + spacing)
row_w, row_h = max(px(375), 3 * px(16) + list_side + px(12)), list_side + 2 * px(12)
rows = [bottom, bottom + row_h + spacing]
want = (max(grid_w, row_w + 2 * spacing), bottom + 2 * (row_h + spacing))
assert sheet.size == want, (sheet.size, want)
grey = (0xE6, 0xE6, 0xE6)
def flattened(path):
    image = Image.open(path).convert("RGBA")
    out = Image.new("RGB", image.size)
    out.putdata([tuple((c * a + g * (255 - a) + 127) // 255 for c, g in zip(p[:3], grey)) for p in image.getdata()
                 for a in [p[3]]])
    return out
for index, n in enumerate([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 5]):
    x = spacing + (index % 6) * (cell_w + spacing) + (cell_w - side) // 2
    y = spacing + (index // 6) * (cell_h + spacing)
    cell = sheet.crop((x, y, x + side, y + side)).convert("RGB")
    alone = flattened(f"{tmp}/n{n}.png")
    assert alone.size == (side, side), alone.size
    diff = max(abs(a - b) for p, q in zip(cell.getdata(), alone.getdata()) for a, b in zip(p, q))
    assert diff == 0, (index, n, diff)
    # A label under every cell: dark ink in its box.
    label = sheet.crop((x - (cell_w - side) // 2, y + side + label_gap, x - (cell_w - side) // 2 + cell_w,
                        y + side + label_gap + label_height)).convert("L")
    assert min(label.getdata()) < 0x80, ("no label", index)
# Between cells only the neutral grey.
assert sheet.getpixel((spacing // 2, spacing // 2))[:3] == grey
# The rows: white and #191919 backgrounds, the red badge over the avatar's top-right corner.
for top, background in zip(rows, [(255, 255, 255), (0x19, 0x19, 0x19)]):
    assert sheet.getpixel((spacing + 2, top + 2))[:3] == background, sheet.getpixel((spacing + 2, top + 2))
    badge_x, badge_y = spacing + px(16) + list_side - px(2), top + px(12) + px(2)
    assert sheet.getpixel((badge_x - px(12), badge_y))[:3] == (0xFA, 0x51, 0x51), sheet.getpixel((badge_x - px(12), badge_y))
    # The name and message in the theme's text colours somewhere right of the avatar.
    text = sheet.crop((spacing + px(16) + list_side + px(12), top, spacing + row_w - px(16), top + row_h)).convert("RGB")
    assert len(set(text.getdata())) > 8, "no text in the row"
PY
ok
# The recorded parameters and software, like an export.
python3 -c "
from PIL import Image; i = Image.open('$tmp/sheet.png'); assert 'size=60 scale=2' in i.info['Comment'], i.info
assert i.info['Software'].startswith('chat-tui'), i.info" || fail "sheet metadata"; ok

# Standard output: the same picture; a theme's colours are parameters.
expect_status 0 $bin export --fixtures "$f" --group n5 --sheet - "${params[@]}"
cmp -s "$tmp/out" "$tmp/sheet.png" || fail "--sheet - differs from the file"; ok
expect_status 0 $bin export --fixtures "$f" --sheet "$tmp/dark.png" "${params[@]}" --theme dark \
  --theme-background '#000000' --theme-badge '#00FF00'
python3 -W ignore - "$tmp/dark.png" <<'PY' || fail "theme colours"
import sys
from PIL import Image
sheet = Image.open(sys.argv[1]).convert("RGB")
w, h = sheet.size
# Without a group: ten cells in two rows (6 + 4), the rows below; the dark row's background is black now.
colors = set(sheet.getpixel((34, y)) for y in range(h))
assert (0, 0, 0) in colors and (255, 255, 255) in colors, colors
PY
ok

# Usage errors: exit 2 and nothing written.
expect_status 2 $bin export --fixtures "$f" --sheet "$tmp/x.png" --output "$tmp/y.png"
grep -q -- "--sheet FILE writes one picture" "$tmp/err" || fail "sheet with output message"; ok
expect_status 2 $bin export --fixtures "$f" --sheet "$tmp/x.png" --theme sepia
grep -q -- "--theme: expected light or dark, got 'sepia'" "$tmp/err" || fail "theme message"; ok
expect_status 2 $bin export --fixtures "$f" --sheet "$tmp/x.png" --theme-text red
grep -q -- "--theme-text: expected an opaque colour as #RRGGBB" "$tmp/err" || fail "theme colour message"; ok
expect_status 2 $bin export --fixtures "$f" --group n1 --output "$tmp/y.png" --theme dark
grep -q -- "draw the chat-list rows of --sheet FILE" "$tmp/err" || fail "theme without sheet"; ok
expect_status 2 $bin export --fixtures "$f" --sheet "$tmp/x.png" --spec
grep -q -- "--sheet FILE writes no spec" "$tmp/err" || fail "sheet with spec message"; ok
expect_status 2 $bin export --fixtures "$f" --sheet "$tmp/x.png" --scale 1,2
[ ! -e "$tmp/x.png" ] && [ ! -e "$tmp/y.png" ] || fail "a usage error wrote a file"; ok
# A sheet above the memory budget is refused before anything is composed, saying what fits.
expect_status 1 $bin export --fixtures "$f" --group n5 --sheet "$tmp/x.png" --size 1024 --scale 4 --memory-limit 256M \
  --no-cache
grep -q "more than the 192 MB of work memory allowed (three quarters of --memory-limit 256 MB); it fits at --scale 1" \
  "$tmp/err" && [ ! -e "$tmp/x.png" ] || fail "sheet above the memory limit"; ok
expect_status 1 $bin export --fixtures "$f" --group n55 --sheet "$tmp/x.png"
grep -q 'no group with id "n55"; did you mean "n5"?' "$tmp/err" || fail "unknown group message"; ok
# Like export, never a device.
expect_status 1 $bin export --fixtures "$f" --sheet /dev/null --no-cache
[ -c /dev/null ] || fail "/dev/null replaced"; ok
# The help and completions know the option.
expect_status 0 $bin export --help
grep -q -- "--sheet FILE" "$tmp/out" && grep -q -- "--theme-secondary-text" "$tmp/out" || fail "export --help"; ok
echo "sheet: $checks checks passed"
