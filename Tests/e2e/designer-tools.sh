#!/usr/bin/env bash
# End to end, the designer's tools in tmux: the guides (`i`) drawn at the cells of every tile's frame with a legend
# that matches `chat-tui layout --json`; the pixel inspector (`I`) reading the colour the export has at its pixel;
# a member added and dropped without touching the fixture (`n`, `u`); a click and the wheel (SGR mouse reports);
# A/B as data (`a`: the differences, Enter copies a value, `s` swaps; checked on screen, in `y`'s command and in
# the exported pixels); the presets overlay previewing, renaming and deleting (on screen and in presets.json); the
# variants sheet's selection by arrows and an SGR click, applied as a member edit (screen and `y`).
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" designer-tools
support=$(cd "$(dirname "$0")/support" && pwd)
python3 -c "import PIL" 2>/dev/null || pip install -q pillow
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache
mkdir -p "$HOME" "$tmp/out"
fixture=$root/sample-data/groups.json
fixture_hash=$(sha256sum "$fixture")
key() { tmx send-keys -t "$session" "$@"; }
screen() { tmx capture-pane -p -t "$session"; }
# mouse BUTTON X Y: an SGR mouse press at column X, row Y (from 1), written in one piece as a terminal sends it
# (send-keys writes key by key, and the app would take the ESC for the Esc key).
mouse() { printf '\e[<%d;%d;%dM' "$1" "$2" "$3" | tmx load-buffer -b mouse - && tmx paste-buffer -d -b mouse -t "$session"; }
# share PREFIX: presses `y` and prints what it copied (OSC 52 into tmux's buffer) once that starts with PREFIX;
# the buffers of earlier copies are deleted first, so an old one is never taken for it.
share() { while tmx delete-buffer 2>/dev/null; do :; done; key y; copied "$1"; }
copied() { local i=0
  until tmx show-buffer 2>/dev/null | head -1 | grep -q -- "^$1"; do
    i=$((i+1)); [ $i -gt 50 ] && return 1; sleep 0.1; done; tmx show-buffer; }
# check_guides COUNT: the screen's legend lists `layout --json`'s frames for COUNT members (default parameters),
# and each tile's top-left corner `┌` with its number sits at the cell the frame maps to. At 200 x 60 with the
# panel the preview pane is columns 57-156; the legend's 2 + COUNT rows leave a 100 x 50 picture from row 2 + a
# centring offset ((57 - legend - 50) / 2, 57 rows being under the title).
check_guides() { screen >"$tmp/screen"; python3 - "$bin" "$1" "$tmp/screen" "$support" <<'PY'
import json, math, subprocess, sys
binary, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
layout = json.loads(subprocess.run([binary, "layout", "--json", "--layout", "wechat", "--count", str(count)],
                                   check=True, capture_output=True, text=True).stdout)
sys.path.insert(0, sys.argv[-1]); from screen_cells import cells
rows = [cells(line) for line in open(path).read().split("\n")]
text = open(path).read()
number = lambda v: ("%.4f" % v).rstrip("0").rstrip(".")
for index, tile in enumerate(layout["tiles"]):
    line = "%d. x %s  y %s  w %s  h %s" % (index + 1, number(tile["x"]), number(tile["y"]),
                                          number(tile["width"]), number(tile["height"]))
    assert line in text, "the legend misses " + line
assert "margin %s pt" % number(layout["margin"]) in text, "the legend does not give the margin"
legend = 2 + count
top, left = 2 + (57 - legend - 50) // 2, 57
for index, tile in enumerate(layout["tiles"]):
    x = left + math.floor(tile["x"] / layout["size"] * 100)
    y = top + math.floor(tile["y"] / layout["size"] * 50)
    found = "".join(rows[y][x:x + 2])
    assert found == "┌%d" % (index + 1), "tile %d: %r at column %d row %d" % (index + 1, found, x, y)
PY
}

tmx -f /dev/null new-session -d -s "$session" -x 200 -y 60 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME $bin --fixtures $fixture --export-dir $tmp/out --cache-dir $tmp/cache --graphics halfblock; echo \$? > $tmp/status; sleep 30"
tmx set-option -s set-clipboard on
wait_for "Cat Lovers" 60 || fail "the app did not start"
wait_for "Parameters" 10 || fail "the parameter panel is not on at 200 columns"; ok

# ---- i: the guides over Cat Lovers (2 members), at the cells the layout's frames map to.
key i
wait_for "guides @1x: canvas 132 pt 132 px" 10 || fail "i showed no guides legend"
wait_settled 20 || true
check_guides 2 || fail "the guides do not match layout --json"; ok

# ---- n: a third member from the other groups' photos, session only; the guides follow; u takes it back.
key n
wait_for "(members edited, session only)" 10 || fail "n did not mark the group as edited"
wait_for "3. x " 10 || fail "the guides did not follow the new member"
wait_settled 20 || true
check_guides 3 || fail "the guides of 3 members do not match layout --json"
command=$(share "# members edited") || fail "y does not say the members are edited: $(tmx show-buffer 2>/dev/null)"
grep -q "^chat-tui export" <<<"$command" || fail "y's text has no command: $command"
key q
[ "$(sha256sum "$fixture")" = "$fixture_hash" ] || fail "n changed the fixture file"
key u
wait_for "Undone: Added" 5 || fail "u did not undo the member"
wait_gone "(members edited, session only)" 10 || fail "the group is still marked as edited after u"; ok
key i

# ---- I: the pixel inspector; the colour it reads is the exported PNG's at that pixel.
key I
wait_for "px 66, 66 · pt 66, 66" 10 || fail "I did not put the cursor in the middle of the 132 px composite"
key Right Right Down
wait_for "px 68, 67 · pt 68, 67" 10 || fail "the arrows did not move the cursor"
reading=$(screen | grep -o "px 68, 67 · pt 68, 67 · #[0-9A-F]* · [a-z0-9 ]*" | head -1)
key e
i=0; until [ -s "$tmp/out/kittens.png" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "e wrote nothing"; sleep 0.1; done
sleep 0.5
python3 - "$tmp/out/kittens.png" "$reading" "$bin" <<'PY' || fail "the inspector's reading is not the export's: $reading"
import json, subprocess, sys
from PIL import Image
image, reading, binary = Image.open(sys.argv[1]).convert("RGBA"), sys.argv[2], sys.argv[3]
r, g, b, a = image.getpixel((68, 67))
expected = "#%02X%02X%02X" % (r, g, b) + ("" if a == 255 else "%02X" % a)
assert "· %s ·" % expected in reading, (expected, reading)
tiles = json.loads(subprocess.run([binary, "layout", "--json", "--count", "2"], check=True,
                                  capture_output=True, text=True).stdout)["tiles"]
inside = [i for i, t in enumerate(tiles) if t["x"] <= 68.5 < t["x"] + t["width"] and t["y"] <= 67.5 < t["y"] + t["height"]]
assert ("tile %d " % (inside[0] + 1) in reading) if inside else ("gap" in reading or "margin" in reading), reading
PY
ok
key Escape
wait_gone "px 68, 67" 5 || fail "Esc did not leave the 1:1 view"

# ---- The mouse (SGR reports as a terminal sends them): a click on the third list row selects that group; the
# wheel over the panel's margin row steps the margin.
mouse 0 5 10
i=0; until screen | sed -n 1p | grep -q "产品研发部"; do
  i=$((i+1)); [ $i -gt 100 ] && fail "the click did not select the third group"; sleep 0.1; done
# The panel's Margin row: its screen line (1-based) is the report's row.
margin_row=$(screen | awk '/ Margin /{print NR; exit}')
[ -n "$margin_row" ] || fail "no margin row in the panel"
mouse 64 170 "$margin_row"
command=$(share "chat-tui export") || fail "y copied nothing"
grep -q -- "--margin 8\b" <<<"$command" || fail "the wheel did not step the margin onto 8: $command"
key q; key u
wait_for "Undone" 5 || fail "u did not undo the wheel's step"; ok
mouse 0 5 2
i=0; until screen | sed -n 1p | grep -q "Cat Lovers"; do
  i=$((i+1)); [ $i -gt 100 ] && fail "the click did not select the first group"; sleep 0.1; done

# ---- A/B as data: pin A, change margin and background, a lists both; Enter copies A's margin back; s swaps.
key p
key ] ]
key b
key a
wait_for "A ↔ B: 2 differences" 10 || fail "a does not list the two differences"
screen | grep -q "margin " && screen | grep -q "background" || fail "a does not name margin and background"
key Enter
wait_for "A ↔ B: 1 difference" 10 || fail "Enter did not copy A's value into B"
# Esc and the next key apart: sent together they read as Alt and that key.
key Escape
wait_gone "A ↔ B" 5 || fail "Esc did not close the differences"
command=$(share "chat-tui export") || fail "y copied nothing"
grep -q -- "--background" <<<"$command" && ! grep -q -- "--margin" <<<"$command" \
  || fail "after Enter B should differ from A by the background only: $command"
key q
key a; key s
wait_for "Swapped A and B" 10 || fail "s did not swap A and B"
key Escape
wait_gone "A ↔ B" 5 || fail "Esc did not close the differences"
rm -f "$tmp/out/kittens.png"
key e
wait_for "Replace" 5 && key y
i=0; until [ -s "$tmp/out/kittens.png" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "e after s wrote nothing"; sleep 0.1; done
sleep 0.5
"$bin" export --fixtures "$fixture" --group kittens --output "$tmp/defaults.png" --no-cache 2>"$tmp/err" \
  || { cat "$tmp/err"; fail "the reference export failed"; }
python3 - "$tmp/out/kittens.png" "$tmp/defaults.png" <<'PY' || fail "after s, B (A's parameters) does not export A's pixels"
import sys
from PIL import Image
a, b = (Image.open(p).convert("RGBA") for p in sys.argv[1:3])
assert a.size == b.size and a.tobytes() == b.tobytes()
PY
key p
ok

# ---- Presets: save two, preview the second in the overlay, rename it, delete the first.
presets=$XDG_CONFIG_HOME/chat-tui/presets.json
# presets_are NAMES: waits up to 10 s until presets.json holds exactly these presets (comma-separated, sorted).
presets_are() { local i=0
  until [ "$(python3 -c 'import json,sys; print(",".join(sorted(json.load(open(sys.argv[1]))["presets"])))' "$presets" 2>/dev/null)" = "$1" ]; do
    i=$((i+1)); [ $i -gt 100 ] && return 1; sleep 0.1; done; }
key s; key -l "alpha"; key Enter
wait_for "Saved presets" 10 || fail "s did not save alpha"
key ] ] ]
key s; key -l "beta"; key Enter
i=0; until grep -q '"beta"' "$presets" 2>/dev/null; do
  i=$((i+1)); [ $i -gt 100 ] && fail "s did not save beta"; sleep 0.1; done
key 0
wait_for "margin 7.3 auto" 5 || fail "0 did not reset"
key o
wait_for "Presets" 5 || fail "o did not open the presets"
key Down
wait_for "margin 10 · " 10 || fail "the overlay does not preview beta (margin 10) in the preview title"
key r; key C-u; key -l "gamma"; key Enter
presets_are alpha,gamma || fail "presets.json after the rename: $(cat "$presets")"
key o
wait_for "gamma" 5 || fail "the overlay does not show the renamed preset"
key d
wait_for "Delete the preset alpha? (y/n)" 5 || fail "d did not ask before deleting alpha"
key y
presets_are gamma || fail "presets.json after the deletion: $(cat "$presets")"; ok

# ---- The variants sheet's selection: the arrows select the five-member cell and frame it; with the sheet opened
# again (no selection) an SGR click in the middle of that frame selects the same variant, a second click shows the
# group with five members (a session-only member edit: the preview says so, y's command too), u undoes it.
# frame_box: the selected cell's frame on screen as "left top right bottom" (columns and rows from 1).
frame_box() { screen >"$tmp/sheet"; python3 - "$tmp/sheet" "$support" <<'PY'
import sys
sys.path.insert(0, sys.argv[-1]); from screen_cells import cells
rows = [cells(line) for line in open(sys.argv[1]).read().split("\n")]
found = lambda mark: [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == mark]
tops, bottoms = found("┏"), found("┛")
assert len(tops) == 1 and len(bottoms) == 1, (tops, bottoms)
print(tops[0][0] + 1, tops[0][1] + 1, bottoms[0][0] + 1, bottoms[0][1] + 1)
PY
}
key v
wait_for "Variants · " 10 || fail "v did not open the variants sheet"
wait_gone "composing the variants" 90 || fail "the sheet was never composed"
wait_settled 30 || fail "the sheet was never drawn whole"
key Right; key Left; key Up; key Right
wait_for "Variant: 5 members — Enter shows the group with 5 members" 5 || fail "the arrows did not select 5"; ok
box=$(frame_box) || fail "no frame around the selected cell"; ok
read -r left top right bottom <<<"$box"
key v; key v
wait_gone "Variant: 5" 5 || true
wait_settled 30 || fail "the sheet opened again was never drawn whole"
[ -z "$(screen | grep -F '┏')" ] || fail "the sheet opened again still marks a cell"; ok
mouse 0 $(((left + right) / 2)) $(((top + bottom) / 2))
wait_for "Variant: 5 members — Enter shows the group with 5 members" 5 || fail "the click did not select 5"; ok
[ "$(frame_box)" = "$box" ] || fail "the clicked cell is framed at $(frame_box), not at $box"; ok
mouse 0 $(((left + right) / 2)) $(((top + bottom) / 2))
wait_for "Variant of 5 members" 5 || fail "a second click did not show the variant"; ok
wait_for "(members edited, session only)" 10 || fail "the preview does not say the members were edited"; ok
command=$(share "# members edited") || fail "y did not say the members were edited"
grep -q "5 shown" <<<"$command" || fail "y's note does not count five members: $command"; ok
key q; key u
wait_for "Undone" 5 || fail "u did not undo the variant"; ok
wait_gone "(members edited, session only)" 10 || fail "u left the members edited"; ok

key q
wait_for "Quit?" 5 && key y
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "the app did not quit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = 0 ] || fail "the app exited with $(cat "$tmp/status")"; ok
echo "designer-tools: $checks checks passed"
