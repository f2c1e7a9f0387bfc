#!/usr/bin/env bash
# End to end: chat-tui in a detached tmux session of fixed size, driven with send-keys, read with capture-pane.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" interactive
capture() { tmx capture-pane -e -p -N -t "$session"; }
# Waits until the coloured capture differs from the file given, then until the new screen is drawn whole.
wait_change() { local before=$1 i=0
  until ! capture | cmp -s - "$before"; do i=$((i+1)); [ $i -gt 200 ] && return 1; sleep 0.1; done; wait_settled 10; }

tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $root/sample-data/groups.json --export-dir $tmp --cache-dir $tmp/cache; echo \$? > $tmp/status; sleep 30"
wait_for "Cat Lovers" 30 || fail "group names not visible"; ok
wait_settled || fail "the first screen was never drawn whole"
capture > "$tmp/first.txt"
grep -q $'\e\[38;2;' "$tmp/first.txt" || grep -q $'38:2' "$tmp/first.txt" || fail "no 24-bit SGR sequences"; ok

tmx send-keys -t "$session" ']'
wait_change "$tmp/first.txt" || fail "preview did not change after a margin key"; ok
capture > "$tmp/margin.txt"
tmx send-keys -t "$session" 'l'
wait_change "$tmp/margin.txt" || fail "preview did not change after a layout key"; ok
wait_for "qq" 10 || fail "layout name qq not shown"; ok

tmx send-keys -t "$session" 'e'
i=0; until ls "$tmp"/*.png >/dev/null 2>&1; do i=$((i+1)); [ $i -gt 100 ] && fail "e wrote no PNG"; sleep 0.1; done
png=$(ls "$tmp"/*.png | head -1)
size=$(python3 - "$png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
print('%dx%d' % struct.unpack('>II', data[16:24]))
PY
)
[ "$size" = "132x132" ] || fail "exported PNG is $size, expected 132x132"; ok
pngfix "$png" >/dev/null 2>&1 || fail "libpng (pngfix) cannot read the exported PNG"; ok
wait_for "xported" 5 || fail "status line does not say where the PNG went"; ok

# Escape sequences the app has no use for (an SGR mouse drag and release, focus-out, focus-in, which only
# repaints) are dropped whole: the app neither quits on their ESC nor reads their bytes as keys. (An SGR press is
# a click: designer-tools.sh.)
before=$(tmx capture-pane -p -t "$session" | head -2)
tmx send-keys -t "$session" -l $'\e[<32;11;10M\e[<0;11;10m\e[O\e[I'
sleep 1   # nothing to wait for: the check is that these bytes change nothing, so give the app time to read them
[ -z "$(cat "$tmp/status" 2>/dev/null)" ] || fail "an unknown escape sequence quit the app"; ok
[ "$(tmx capture-pane -p -t "$session" | head -2)" = "$before" ] || fail "escape sequence bytes were read as keys"; ok

# Esc and at once `]` (one write, as a quick typist's keys reach the app) is Esc, then `]`: the margin steps.
margin() { tmx capture-pane -p -t "$session" | grep -o 'margin [0-9.]*' | head -1; }
before_margin=$(margin)
[ -n "$before_margin" ] || fail "no margin in the preview's title"
tmx send-keys -t "$session" -l $'\e]'
i=0; until [ "$(margin)" != "$before_margin" ]; do
  i=$((i+1)); [ $i -gt 100 ] && fail "the ] typed right after Esc was swallowed ($(margin))"; sleep 0.1; done; ok
# Back to the exported margin, so that q quits without asking.
tmx send-keys -t "$session" '['

# A left click (X10 mouse report, what curses asks tmux for) on a group's row selects it.
line=$(tmx capture-pane -p -t "$session" | grep -n "Avatar edge" | head -1 | cut -d: -f1)
[ -n "$line" ] || fail "no 'Avatar edge cases' row to click"
row=$(printf '%x' $((32 + line))); column=$(printf '%x' $((32 + 11)))
tmx send-keys -t "$session" -H 1b 5b 4d 20 "$column" "$row" 1b 5b 4d 23 "$column" "$row"
i=0; until tmx capture-pane -p -t "$session" | head -1 | grep -q "│ Avatar edge cases"; do
  i=$((i+1)); [ $i -gt 100 ] && fail "clicking a row did not select its group"; sleep 0.1; done; ok

tmx send-keys -t "$session" 'q'
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status")"; ok

# A link planted in the export folder (issue 39): `e` on the first group (kittens) with out/kittens.png a
# dangling link out of the folder is refused with where the link leads, and nothing is written outside.
stop_server
mkdir -p "$tmp/links/out"; ln -s "$tmp/links/elsewhere/kittens.png" "$tmp/links/out/kittens.png"; mkdir "$tmp/links/elsewhere"
tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $root/sample-data/groups.json --export-dir $tmp/links/out --cache-dir $tmp/cache --fresh; sleep 30"
wait_for "Cat Lovers" 30 || fail "the app did not start"
tmx send-keys -t "$session" 'e'
wait_for "symbolic link" 10 || fail "e through a link out of --export-dir was not refused"; ok
[ -z "$(ls "$tmp/links/elsewhere")" ] || fail "e wrote outside --export-dir through a link"; ok
echo "$checks passed, 0 failed"
