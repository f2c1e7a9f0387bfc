#!/usr/bin/env bash
# End to end: nothing is lost when the terminal closes. A parameter is changed, the app is killed with SIGHUP
# (as when the terminal window is closed) a moment later without `q`, and the next start restores the change and
# says so on its status line, with the time the session was saved. The same for SIGTERM.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" session
fixture=$root/sample-data/groups.json

start() {
  rm -f "$tmp/status"
  tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
    "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $fixture --export-dir $tmp/out --cache-dir $tmp/cache; echo \$? > $tmp/status; sleep 30"
  wait_for "? help" 30 || fail "the app did not draw"
  app=$(pgrep -n -x chat-tui -P "$(tmx list-panes -t "$session" -F '#{pane_pid}')") || fail "no app process"
}
margin() { tmx capture-pane -p -t "$session" | grep -o 'margin [0-9.]*' | head -1; }

for signal in HUP TERM; do
  stop_server; rm -rf "$XDG_STATE_HOME"
  start
  before=$(margin)
  [ -n "$before" ] || fail "no margin in the header"
  tmx send-keys -t "$session" ']' ']'
  i=0; until [ "$(margin)" != "$before" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "] did not change the margin"; sleep 0.1; done
  changed=$(margin)
  kill -"$signal" "$app"
  i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 50 ] && fail "SIG$signal did not end the app"; sleep 0.1; done
  ls "$XDG_STATE_HOME"/chat-tui/sessions/*.json >/dev/null 2>&1 || fail "SIG$signal: no session file written"; ok
  stop_server
  start
  # After the start's own message (half blocks inside tmux) has had its few seconds.
  wait_for "Restored the session of $(date +%Y-)" 20 || fail "SIG$signal: the status line does not say the session was restored, and when"; ok
  [ "$(margin)" = "$changed" ] || fail "SIG$signal: restored $(margin), expected $changed (was $before)"; ok
  # `0` offers the restored session and the defaults in turn.
  tmx send-keys -t "$session" ']' '0'
  wait_for "Reset to the restored session" 10 || fail "0 does not offer the restored session"; ok
  [ "$(margin)" = "$changed" ] || fail "0 went to $(margin), not the restored $changed"; ok
  tmx send-keys -t "$session" '0'
  wait_for "Reset to the start's parameters" 10 || fail "0 again does not offer the start's parameters"; ok
  [ "$(margin)" = "$before" ] || fail "0 again went to $(margin), not the start's $before"; ok
done

# A session that cannot be saved (the sessions folder is a file) is said at exit, with the path.
stop_server; rm -rf "$XDG_STATE_HOME"; mkdir -p "$XDG_STATE_HOME/chat-tui"; echo x > "$XDG_STATE_HOME/chat-tui/sessions"
tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $fixture --export-dir $tmp/out --cache-dir $tmp/cache 2> $tmp/stderr; echo \$? > $tmp/status; sleep 30"
wait_for "? help" 30 || fail "the app did not draw"
tmx send-keys -t "$session" ']'
wait_for "The session is not saved: $XDG_STATE_HOME/chat-tui/sessions/" 10 || fail "a failed save is not on the status line"; ok
tmx send-keys -t "$session" 'q' 'y'
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 50 ] && fail "q did not end the app"; sleep 0.1; done
grep -q "the session is not saved: $XDG_STATE_HOME/chat-tui/sessions/" "$tmp/stderr" || fail "a failed save is not said at exit: $(cat "$tmp/stderr")"; ok
echo "$checks passed, 0 failed"
