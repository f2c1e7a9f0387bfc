#!/usr/bin/env bash
# End to end in kitty (Debian's 0.26, the kitty graphics protocol) under Xvfb with software OpenGL: automatic
# detection finds kitty, then support/x-terminal.sh's app_checks (the preview and a list thumbnail match the
# exported PNGs at PSNR >= 30 dB, the help and the warnings beside the pictures, not over them, nothing stays
# on screen after fast scrolling, a resize or quitting), and kitty's own log has no [PARSE ERROR] for anything
# the app sent. A forced `--graphics sixel` gets the warning (listed by `w` in the app, on standard error from
# `show`). tmux inside kitty is graphics-kitty-tmux.sh. Skipped (with the reason) when kitty is not installed.
set -euo pipefail
source "$(dirname "$0")/support/x-terminal.sh" graphics-kitty.sh kitty
start_x
use_screen_fixture
app=(env LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache")
stop_terminal() { kill "$terminal_pid" 2>/dev/null || true; wait "$terminal_pid" 2>/dev/null || true; }
# kitty's log lines "[time] [PARSE ERROR] ...", counted by kind (none: empty).
parse_errors() { { grep -a 'PARSE ERROR' "$tmp/$1" || true; } | sed 's/^\[[^]]*\] //' | sort | uniq -c | head -5; }

# ---- The app in kitty, detection automatic (a PSNR this high is kitty's PNG: sixel has 256 colours).
run_kitty kitty.log env CHAT_TUI_SCREEN_DUMP="$screen_dump" "${app[@]}"
# The screen, cell for cell, against the app's model of it (support/screen-check.sh), then the usual checks.
screen_checks kitty
app_checks kitty
errors=$(parse_errors kitty.log)
[ -z "$errors" ] || fail "kitty logged parse errors for what the app sent: $errors"; ok
stop_terminal

# ---- A forced --graphics sixel, which kitty cannot show: a warning. kitty prints sixel as text, and that text
# runs over whatever is near a picture (the warnings box too), so the app's own model of its screen is read for
# the box's lines; `show`, which prints the warning on standard error, is checked on kitty's real answers.
# A key typed before kitty has started the app's command goes nowhere, so `w` waits for the app's first screen.
sixel_dump=$tmp/sixel-screen.json
dump_text() { python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print("\n".join("".join(c[0] for c in row) for row in d["cells"]))' "$sixel_dump" 2>/dev/null; }
dump_has() { local i=0; until dump_text | grep -qF -- "$1"; do
  i=$((i+1)); [ $i -gt 60 ] && return 1; sleep 0.5; done; }
run_kitty kitty-sixel.log env CHAT_TUI_SCREEN_DUMP="$sixel_dump" "${app[@]}" --graphics sixel
dump_has "Cat Lovers" || fail "the app with --graphics sixel drew no list in kitty"
keys type 'w'
dump_has "does not report sixel" \
  || fail "no warning for --graphics sixel in kitty; the app's screen:
$(dump_text)"; ok
keys type 'q'; sleep 0.5; keys type 'q'; wait_status; stop_terminal
run_kitty kitty-show.log "$bin" show --fixtures "$fixture" --group kittens --graphics sixel --width 8
wait_status 30
grep -qF "does not report sixel" "$tmp/app-stderr" \
  || fail "show --graphics sixel in kitty printed no warning: $(cat "$tmp/app-stderr")"; ok
stop_terminal

echo "$checks passed, 0 failed"
