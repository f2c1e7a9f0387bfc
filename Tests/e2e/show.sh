#!/usr/bin/env bash
# End to end: `chat-tui show` draws a group's avatar (or an image file) inline in a real terminal (tmux) and
# exits, without the full-screen app: half blocks with 24-bit colour under TERM=xterm-256color
# COLORTERM=truecolor (inside tmux the app's detection draws half blocks and asks nothing), the shell prompt
# below the picture, and the same cells when standard output is a pipe, where nothing is asked of the terminal.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" show

env_vars="TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8"
tmx -f /dev/null new-session -d -s "$session" -x 100 -y 40 \
  "env $env_vars $bin show --fixtures $root/sample-data/groups.json --group ride --width 30 --cache-dir $tmp/cache; echo \"status \$?\"; sleep 30"
wait_for "status " 30 || fail "show did not finish"
tmx capture-pane -e -p -t "$session" > "$tmp/screen.txt"
tmx capture-pane -p -t "$session" > "$tmp/plain.txt"
grep -q "status 0" "$tmp/plain.txt" || fail "show exited $(grep status "$tmp/plain.txt")"; ok
# 15 rows of 30 cells (the composite is square; a cell whose two pixels agree is a coloured space), then the
# status line right below.
[ "$(grep -c '▀' "$tmp/plain.txt")" -ge 5 ] || fail "fewer than 5 rows with half blocks"; ok
[ "$(awk '/status/ {print NR}' "$tmp/plain.txt")" = 16 ] || fail "the picture is not 15 rows high"; ok
grep -q $'\e\\[38;2;[0-9]*;[0-9]*;[0-9]*' "$tmp/screen.txt" || fail "no 24-bit foreground colours in the cells"; ok
grep -q $'48;2;' "$tmp/screen.txt" || fail "no 24-bit background colours in the cells"; ok
# No question was answered into the shell: nothing after the status line.
[ "$(awk 'NF' "$tmp/plain.txt" | tail -1)" = "status 0" ] || fail "stray text on the screen"; ok

# An image file, through a pipe: standard output is no terminal, so half blocks are written and nothing is
# asked (a reply would land on the screen after the prompt).
stop_server
tmx -f /dev/null new-session -d -s "$session" -x 100 -y 40 \
  "env $env_vars $bin show $root/sample-data/avatars/bob.png --width 20 | cat > $tmp/piped.txt; echo \"status \$?\"; sleep 30"
wait_for "status " 30 || fail "show through a pipe did not finish"
tmx capture-pane -p -t "$session" > "$tmp/plain.txt"
grep -q "status 0" "$tmp/plain.txt" && [ "$(grep -cv '^$' "$tmp/plain.txt")" = 1 ] || fail "the piped run showed text"; ok
[ "$(wc -l < "$tmp/piped.txt")" = 10 ] && grep -q '▀' "$tmp/piped.txt" && grep -q $'\e\\[38;2;' "$tmp/piped.txt" \
  || fail "the piped picture is not 10 rows of coloured half blocks"; ok
! grep -q $'\e_G\|\eP' "$tmp/piped.txt" || fail "a pixel protocol went into the pipe"; ok

# A crash on a terminal (any command; here one waiting for its fixture on the terminal, sent SIGSEGV) writes
# the Swift runtime's report and goes on to end: the report never says "Press space to interact" and waits
# 30 s for a key. (A signal sent by kill returns from the runtime's handler, so the command is ended after.)
stop_server
tmx -f /dev/null new-session -d -s "$session" -x 160 -y 50 \
  "env -u SWIFT_BACKTRACE $env_vars $bin export --fixtures - --group x --output $tmp/x.png </dev/tty & pid=\$!; sleep 2; kill -SEGV \$pid; sleep 30"
wait_for "Backtrace took" 30 || fail "no crash report"; ok
sleep 1
tmx capture-pane -p -S - -t "$session" > "$tmp/crash.txt"
grep -q "Program crashed" "$tmp/crash.txt" || fail "no crash report"; ok
! grep -q "Press space" "$tmp/crash.txt" || fail "the crash report waits for a key"; ok
echo "show: $checks checks passed"
