#!/usr/bin/env bash
# End to end: in the interactive app, `m` cycles the member style (shown in the preview title and redrawn),
# `l` reaches wechat-compact, and a grid that grows to a wide canvas is letterboxed in the preview.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" member-style
capture() { tmx capture-pane -e -p -t "$session"; }

tmx -f /dev/null new-session -d -s "$session" -x 140 -y 44 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $root/sample-data/groups.json --cache-dir $tmp/cache; echo \$? > $tmp/status; sleep 30"
wait_for "Cat Lovers" 30 || fail "group names not visible"; ok
wait_settled || fail "the first screen was never drawn whole"
capture > "$tmp/plain.txt"
tmx send-keys -t "$session" 'm'
wait_for "style rounded:6" 10 || fail "m did not switch to rounded"; ok
wait_settled 10 || fail "the rounded preview was never drawn whole"
capture | cmp -s - "$tmp/plain.txt" && fail "the preview did not change with the style"; ok
tmx send-keys -t "$session" 'm'
wait_for "style circle" 10 || fail "m did not switch to circle"; ok
tmx send-keys -t "$session" 'u'
wait_for "style rounded:6" 10 || fail "u did not undo the style"; ok
for _ in 1 2 3 4; do tmx send-keys -t "$session" 'l'; done
wait_for "WeChat compact" 10 || fail "l did not reach wechat-compact"; ok
# q asks first: the parameters were changed and neither exported nor saved.
tmx send-keys -t "$session" 'q'
wait_for "Quit?" 10 || fail "q did not ask before leaving unsaved changes"
tmx send-keys -t "$session" 'y'
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status")"; ok

# A wide grown grid: the preview shows empty rows above and below the picture instead of stretching it.
rm -f "$tmp/status"
stop_server
tmx -f /dev/null new-session -d -s "$session" -x 140 -y 44 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $root/sample-data/groups.json --no-cache --layout grid --grid-columns 9 --grid-item 20 --grid-spacing 2; echo \$? > $tmp/status; sleep 30"
wait_for "Grid" 30 || fail "grid preview not shown"; ok
wait_settled 30 || fail "the grid preview was never drawn whole"
python3 - "$(tmx capture-pane -e -p -t "$session")" <<'PY' || fail "the wide composite is not letterboxed"
import re, sys
rows = sys.argv[1].split("\n")
# Rows of the right pane (after the list) that carry 24-bit colours: the picture. A letterboxed wide picture
# covers far fewer rows than its width in columns / 2.
painted = [r for r in rows[2:] if re.search(r"\x1b\[[0-9;:]*48[;:]2", r.split("│", 1)[-1] if "│" in r else "")]
assert 0 < len(painted) < 20, len(painted)
PY
ok
tmx send-keys -t "$session" 'q'
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
echo "$checks passed, 0 failed"
