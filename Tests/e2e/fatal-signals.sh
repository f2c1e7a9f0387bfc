#!/usr/bin/env bash
# End to end: a crash of the interactive app restores the terminal. The crash is simulated from outside, as a
# test-only trigger that ships nothing: the running app (in tmux) gets SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT
# or SIGFPE; afterwards the shell in the pane must have its modes back (stty: icanon, echo), the alternate
# screen must be left, the cursor shown, mouse and keypad modes off, and the exit status must be the signal's.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" fatal
wait_until() { local limit=$1 i=0; shift; until "$@"; do i=$((i+1)); [ $i -gt $((limit*10)) ] && return 1; sleep 0.1; done; }
on_screen() { tmx capture-pane -p -t "$session" | grep -qF -- "$1"; }
pane() { tmx display -p -t "$session" "$1"; }
modes() { stty -a -F "$(pane '#{pane_tty}')" | tr ' ;\n' '\n\n\n'; }
has_mode() { modes | grep -qx -- "$1"; }

# A plain sh (no line editor that would repair the modes), with core dumps off.
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 36 \
  "env PS1='$ ' TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 sh"
tmx send-keys -t "$session" "ulimit -c 0" Enter
for signal in SEGV BUS ILL TRAP ABRT FPE; do
  rm -f "$tmp/pid" "$tmp/status" "$tmp/stty.txt"
  tmx send-keys -t "$session" "sh -c 'echo \$\$ > $tmp/pid; exec $bin --fixtures $root/sample-data/groups.json --no-cache'; echo \$? > $tmp/status" Enter
  wait_until 60 on_screen "Cat Lovers" || fail "SIG$signal: the app did not start"
  [ "$(pane '#{alternate_on}')" = 1 ] && has_mode -icanon && has_mode -echo || fail "SIG$signal: the app is not in curses mode"
  [ "$(pane '#{cursor_flag}')" = 0 ] && [ "$(pane '#{mouse_any_flag}')" = 1 ] && [ "$(pane '#{keypad_cursor_flag}')" = 1 ] \
    || fail "SIG$signal: the app shows the cursor, or has mouse or keypad mode off"
  kill -s "$signal" "$(cat "$tmp/pid")"
  wait_until 20 test -s "$tmp/status" || fail "SIG$signal: the app did not end"
  want=$((128 + $(kill -l "$signal")))
  [ "$(cat "$tmp/status")" = "$want" ] || fail "SIG$signal: exit status $(cat "$tmp/status"), expected $want"; ok
  [ "$(pane '#{alternate_on}')" = 0 ] || fail "SIG$signal: the alternate screen is still on"; ok
  [ "$(pane '#{cursor_flag}')" = 1 ] || fail "SIG$signal: the cursor is still hidden"; ok
  [ "$(pane '#{mouse_any_flag}')" = 0 ] && [ "$(pane '#{keypad_cursor_flag}')" = 0 ] \
    || fail "SIG$signal: mouse or keypad mode still on"; ok
  tmx send-keys -t "$session" "stty -a > $tmp/stty.txt" Enter
  wait_until 10 test -s "$tmp/stty.txt" || fail "SIG$signal: stty did not run in the pane (input still raw?)"
  words=$(tr ' ;\n' '\n\n\n' < "$tmp/stty.txt")
  grep -qx icanon <<<"$words" && grep -qx echo <<<"$words" || { cat "$tmp/stty.txt"; fail "SIG$signal: icanon/echo not restored"; }; ok
  tmx send-keys -t "$session" clear Enter
done
echo "$checks passed, 0 failed"
