#!/usr/bin/env bash
# End to end: full repaints. Ctrl-L, coming back to the app's tmux window or attaching to its session again (a
# focus report: the app asks for them with CSI ? 1004 h, and tmux passes them on with `focus-events on`; tmux
# sends no resize when the new client has the old size) and SIGCONT each make the app draw the whole screen
# again: its output after the trigger starts by clearing the screen and repaints every row. (That pictures go
# whole on such a frame is PictureInvalidationTests' and RepaintTests'.)
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" repaint
tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $root/sample-data/groups.json --cache-dir $tmp/cache; sleep 30"
tmx set -g focus-events on
# Focus reports need a client that has the focus: one attached through a pseudo-terminal.
TERM=xterm-256color timeout 120 script -qfc "stty cols 160 rows 48; tmux -L $socket attach -t $session" /dev/null \
  >/dev/null 2>&1 &
wait_for "? help" 30 || fail "the app did not draw"
wait_settled || fail "the first screen was never drawn whole"
app=$(pgrep -n -x chat-tui -P "$(tmx list-panes -t "$session:0" -F '#{pane_pid}')") || fail "no app process"
tmx pipe-pane -o -t "$session:0" "cat >> $tmp/out"

# repainted NAME: the output since the last check clears the screen and is a whole screen's worth.
repainted() { local i=0
  until [ -s "$tmp/out" ] && python3 - "$tmp/out" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
sys.exit(0 if b"\x1b[H\x1b[J" in data and len(data) > 160 * 40 else 1)
PY
  do i=$((i+1)); [ $i -gt 50 ] && fail "$1 did not repaint the whole screen ($(wc -c < "$tmp/out" 2>/dev/null) bytes)"; sleep 0.1; done
  : > "$tmp/out"; ok; }

tmx send-keys -t "$session:0" C-l
repainted "Ctrl-L"
tmx new-window -t "$session"
sleep 0.5
: > "$tmp/out"
tmx select-window -t "$session:0"
repainted "coming back to the app's window"
# Detaching and attaching again at the same size: tmux sends no resize, only a focus report (which it sends on
# attaching even with `focus-events` off).
tmx detach-client -s "$session"
sleep 0.5
: > "$tmp/out"
TERM=xterm-256color timeout 120 script -qfc "stty cols 160 rows 48; tmux -L $socket attach -t $session" /dev/null \
  >/dev/null 2>&1 &
repainted "attaching again"
kill -CONT "$app"
repainted "SIGCONT"
echo "$checks passed, 0 failed"
