#!/usr/bin/env bash
# End to end: a session whose terminal disappears ends. The app runs in tmux; the tmux server is killed (the
# pane's tty goes away, as when ssh drops) while the app is idle, while it composes a large list, and while it
# exports; it must exit within two seconds and leave no process behind. Once with SIGHUP delivered, once with
# SIGHUP ignored (nohup), where only the end of the terminal's input can tell the app.
# Then an app started in the background (`chat-tui &` in an interactive bash): it stops as a background reader
# does, draws nothing over the shell and takes no CPU, and `fg` brings it back whole; with SIGTTIN ignored (as
# some supervisors leave it) it ends at once with exit status 129 and a message instead of spinning.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" loss
python3 scripts/generate-big-fixture.py 3000 "$tmp/big.json" >/dev/null 2>&1

# run_and_kill NAME HUP_TRAP FIXTURE KEYS: starts the app under a wrapper shell that records its exit status,
# sends KEYS, kills the tmux server, and checks the app is gone within 2 s.
run_and_kill() { local name=$1 trap_hup=$2 fixture=$3 keys=$4
  rm -f "$tmp/wrapper.pid" "$tmp/status"
  # The wrapper survives the hang-up (trap) to write the status; with `trap '' HUP` the app inherits the
  # ignored SIGHUP, like under nohup.
  tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
    "sh -c 'trap $trap_hup HUP; echo \$\$ > $tmp/wrapper.pid; env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $fixture --no-cache --export-dir $tmp/out; echo \$? > $tmp/status'"
  local i=0
  until [ -s "$tmp/wrapper.pid" ] && app=$(pgrep -P "$(cat "$tmp/wrapper.pid")" -x chat-tui); do
    i=$((i+1)); [ $i -gt 300 ] && fail "$name: the app did not start"; sleep 0.1; done
  wait_for "? help" 60 || fail "$name: the app did not draw"
  if [ "$trap_hup" = '""' ]; then
    # The app really runs with SIGHUP ignored (bit 0 of SigIgn): only its input can tell it.
    sigign=$(awk '/^SigIgn/ {print $2}' "/proc/$app/status")
    [ $((0x$sigign & 1)) -eq 1 ] || fail "$name: SIGHUP is not ignored in the app ($sigign)"
  fi
  # Idle: once everything is drawn. With keys: time for the work they start (composing, exporting) to be under
  # way when the terminal goes.
  if [ -z "$keys" ]; then wait_settled || fail "$name: the screen was never drawn whole"
  else tmx send-keys -t "$session" $keys; sleep 0.3; fi
  tmx kill-server
  i=0; while kill -0 "$app" 2>/dev/null && [ "$(ps -o stat= -p "$app" | cut -c1)" != Z ]; do
    i=$((i+1)); [ $i -gt 20 ] && { ps -o pid,stat,pcpu,etime,cmd -p "$app"; kill -9 "$app"; fail "$name: the app still runs 2 s after its terminal went away"; }
    sleep 0.1; done
  i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 50 ] && fail "$name: no exit status"; sleep 0.1; done
  [ "$(cat "$tmp/status")" = 129 ] || fail "$name: exit status $(cat "$tmp/status"), expected 129"
  # Nothing of the app is left, let alone spinning.
  pgrep -P "$(cat "$tmp/wrapper.pid")" >/dev/null 2>&1 && fail "$name: a child process is left"
  ok
}

run_and_kill "idle, SIGHUP" ":" "$root/sample-data/groups.json" ""
run_and_kill "idle, SIGHUP ignored" '""' "$root/sample-data/groups.json" ""
# Composing: a 3000-group list scrolled to its end keeps composites in flight.
run_and_kill "composing, SIGHUP ignored" '""' "$tmp/big.json" "G"
run_and_kill "composing, SIGHUP" ":" "$tmp/big.json" "G"
# Exporting @1x @2x @3x: any PNG written is complete.
run_and_kill "exporting, SIGHUP ignored" '""' "$root/sample-data/groups.json" "x e"
for png in "$tmp"/out/*.png; do
  [ -e "$png" ] || continue
  python3 - "$png" <<'PY' || fail "a PNG written while the terminal went away is damaged: $png"
import sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and data.endswith(b"IEND\xaeB`\x82")
PY
done
ok
stop_server

# cpu_ticks PID: user + system CPU time of PID so far, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 30 "env -i PATH=$PATH HOME=$HOME TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME=$tmp/state PS1='shell> ' bash --norc --noprofile -i"
wait_for "shell>" 10 || fail "the shell did not start"
tmx send-keys -t "$session" "$bin --fixtures $root/sample-data/groups.json --no-cache & echo started" Enter
wait_for "started" 10 || fail "the background app was not started"
i=0; until app=$(pgrep -x -P "$(tmx display -p -t "$session" '#{pane_pid}')" chat-tui); do
  i=$((i+1)); [ $i -gt 100 ] && fail "background: no app process"; sleep 0.1; done
# Input waiting (the shell's) is what made the app spin: type at the shell while the app is in the background.
tmx send-keys -t "$session" "echo typed-at-the-shell" Enter
i=0; until [ "$(ps -o stat= -p "$app" | cut -c1)" = T ]; do
  i=$((i+1)); [ $i -gt 50 ] && { ps -o pid,stat,pcpu,etime,cmd -p "$app"; fail "background: the app did not stop"; }
  sleep 0.1; done
before=$(cpu_ticks "$app"); sleep 1; after=$(cpu_ticks "$app")
[ $((after - before)) -le 1 ] || fail "background: the stopped app used $((after - before)) ticks of CPU in a second"
tmx capture-pane -p -t "$session" | grep -qF "? help" && fail "background: the app drew over the shell"
ok
tmx send-keys -t "$session" "fg" Enter
wait_for "? help" 30 || fail "background: fg did not bring the app back"
wait_settled || fail "background: the screen was never drawn whole after fg"
tmx capture-pane -p -t "$session" | grep -qF "shell>" && fail "background: the shell's text is left on the app's screen"
tmx send-keys -t "$session" q
wait_for "shell>" 10 || fail "background: q did not end the app"
ok

# The same through a wrapper script that runs the app as its child (`; true` keeps bash from exec'ing it): the
# app's own parent is in its group, the script's parent is the shell, so the group is not orphaned and the app
# stops rather than ends.
tmx send-keys -t "$session" "bash -c '$bin --fixtures $root/sample-data/groups.json --no-cache 2> $tmp/wrapped.err; true' & echo started-wrapped" Enter
wait_for "started-wrapped" 10 || fail "wrapped: the background script was not started"
pane=$(tmx display -p -t "$session" '#{pane_pid}')
i=0; until wrapper=$(pgrep -n -x bash -P "$pane") && app=$(pgrep -x chat-tui -P "$wrapper"); do
  i=$((i+1)); [ $i -gt 100 ] && fail "wrapped: no app process"; sleep 0.1; done
i=0; until [ "$(ps -o stat= -p "$app" | cut -c1)" = T ]; do
  i=$((i+1)); [ $i -gt 50 ] && { ps -o pid,stat,cmd -p "$app"; cat "$tmp/wrapped.err"; fail "wrapped: the app did not stop"; }
  sleep 0.1; done
tmx send-keys -t "$session" "fg" Enter
wait_for "? help" 30 || fail "wrapped: fg did not bring the app back ($(cat "$tmp/wrapped.err"))"
tmx send-keys -t "$session" q
wait_for "shell>" 10 || fail "wrapped: q did not end the app"
ok

# SIGTTIN ignored: the app cannot stop, so it ends as on a hung-up terminal, quickly, with a message.
tmx send-keys -t "$session" "(trap '' TTIN; exec $bin --fixtures $root/sample-data/groups.json --no-cache 2> $tmp/ttin.err) & wait \$!; echo exit-\$?-status" Enter
wait_for "exit-1" 5 || fail "SIGTTIN ignored: the app still runs after 5 s"
wait_for "exit-129-status" 1 || fail "SIGTTIN ignored: expected exit status 129"
grep -q "SIGTTIN is ignored" "$tmp/ttin.err" || fail "SIGTTIN ignored: no message ($(cat "$tmp/ttin.err"))"
tmx capture-pane -p -t "$session" | grep -qF "? help" && fail "SIGTTIN ignored: the app drew over the shell"
ok
echo "$checks passed, 0 failed"
