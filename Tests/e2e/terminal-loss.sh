#!/usr/bin/env bash
# End to end: a session whose terminal disappears ends. The app runs in tmux; the tmux server is killed (the
# pane's tty goes away, as when ssh drops) while the app is idle, while it composes a large list, and while it
# exports; it must exit within two seconds and leave no process behind. Once with SIGHUP delivered, once with
# SIGHUP ignored (nohup), where only the end of the terminal's input can tell the app.
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
echo "$checks passed, 0 failed"
