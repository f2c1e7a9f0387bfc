#!/usr/bin/env bash
# End to end in mlterm (sixel) under Xvfb: automatic detection finds sixel (mlterm reports it in DA1 and answers
# CSI 16 t), then the checks of support/x-terminal.sh's app_checks: the preview and a list thumbnail match the
# exported PNGs (PSNR >= 30 dB), the help and the warnings beside the pictures, not over them, nothing stays on
# screen after fast scrolling, a resize or quitting. Skipped (with the reason) when mlterm is not installed.
set -euo pipefail
source "$(dirname "$0")/support/x-terminal.sh" graphics-mlterm.sh mlterm
start_x
use_screen_fixture
# Black like the other terminals here (the measures look for lit pixels), no scrollbar, no inner border, no restart after a crash, no log file: the app's cells start at the corner.
run_in mlterm --bg=black --fg=white --sb=false --border=0 --restart=false --logmsg=false -g 120x40+0+0 -w 16 \
  -e "$tmp/run.sh" env CHAT_TUI_SCREEN_DUMP="$screen_dump" TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
  "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache"
# The screen, cell for cell, against the app's model of it (support/screen-check.sh), then the usual checks.
# The help box over rows with CJK names is the moment mlterm's ECH got wrong (the app writes blanks there).
screen_checks mlterm
app_checks mlterm
kill "$terminal_pid" 2>/dev/null || true; wait "$terminal_pid" 2>/dev/null || true

# ---- Widths measured (support/x-terminal.sh's width_checks).
python3 "$root/Tests/e2e/support/widths_fixture.py" "$tmp/widths.json"
rm -f "$screen_dump"
run_in mlterm --bg=black --fg=white --sb=false --border=0 --restart=false --logmsg=false -g 120x40+0+0 -w 16 \
  -e "$tmp/run.sh" env CHAT_TUI_SCREEN_DUMP="$screen_dump" TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
  "$bin" --fixtures "$tmp/widths.json" --no-cache --graphics halfblock
screen_quiet 0; screen_matches "mlterm widths" widths
width_checks mlterm
echo "$checks passed, 0 failed"
