#!/usr/bin/env bash
# End to end: the app survives hundreds of window resizes (random sizes down to 1x1) while keys keep arriving,
# and afterwards still answers: the help overlay opens at a normal size and `q` exits 0.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" resize
keys_pid=""
extra_cleanup() { [ -z "$keys_pid" ] || kill "$keys_pid" 2>/dev/null || true; }
alive() { kill -0 "$(cat "$tmp/pid")" 2>/dev/null; }

tmx -f /dev/null new-session -d -s "$session" -x 120 -y 36 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 sh -c 'echo \$\$ > $tmp/pid; exec $bin --fixtures $root/sample-data/groups.json --no-cache --export-dir $tmp/exports'; echo \$? > $tmp/status; sleep 30"
wait_for "Cat Lovers" 60 || fail "the app did not start"; ok

# Keys that change the selection, parameters, zoom and overlays (never quit, export or the text prompts).
keys=(j k l ']' '[' '}' '{' ')' '(' b c + - 0 u '?' g G j j k)
( while true; do tmx send-keys -t "$session" -l "${keys[RANDOM % ${#keys[@]}]}" 2>/dev/null || exit 0; sleep 0.01; done ) &
keys_pid=$!
for round in $(seq 1 300); do
  case $((round % 10)) in
    0) width=1; height=1 ;;                                   # the smallest window
    1) width=$((1 + RANDOM % 8)); height=$((1 + RANDOM % 4)) ;;   # tiny
    2) width=$((200 + RANDOM % 100)); height=$((60 + RANDOM % 40)) ;;  # large
    *) width=$((1 + RANDOM % 160)); height=$((1 + RANDOM % 50)) ;;
  esac
  tmx resize-window -t "$session" -x "$width" -y "$height"
  sleep "0.0$((RANDOM % 4))"   # mostly long enough for a redraw at this size, sometimes a burst
  [ $((round % 50)) -eq 0 ] && { alive || fail "the app died after $round resizes (last ${width}x${height})"; sleep 0.2; }
done
kill "$keys_pid"; wait "$keys_pid" 2>/dev/null || true; keys_pid=""
alive || fail "the app died during the resize storm"; ok

tmx resize-window -t "$session" -x 120 -y 36
wait_settled 10 || fail "the screen was never drawn whole at 120x36"
# Close an overlay if the random keys left one open (a key other than the scroll keys closes it; `x` only
# cycles the export scales).
if tmx capture-pane -p -t "$session" | grep -qF "any key closes"; then tmx send-keys -t "$session" x; wait_gone "any key closes" 10 || true; fi
wait_for "? help" 10 || fail "the status bar is not back at 120x36"; ok
tmx send-keys -t "$session" '?'
wait_for "any key closes" 10 || fail "the help overlay did not open after the storm"; ok
# At 36 rows the help does not fit: End scrolls to its last line.
tmx send-keys -t "$session" End
wait_for "toggle this help" 5 || fail "the help overlay is incomplete"; ok
tmx send-keys -t "$session" x
wait_gone "any key closes" 10 || fail "x did not close the help overlay"
tmx send-keys -t "$session" q
# The random keys may have changed the parameters: then q asks first.
sleep 0.5
if tmx capture-pane -p -t "$session" | grep -qF "Quit?"; then tmx send-keys -t "$session" y; fi
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status")"; ok
echo "$checks passed, 0 failed"
