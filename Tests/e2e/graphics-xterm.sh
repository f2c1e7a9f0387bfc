#!/usr/bin/env bash
# End to end in a real terminal: chat-tui with --graphics sixel in `xterm -ti vt340` under Xvfb. Screenshots of
# the X screen show that the preview is drawn in pixels and matches the exported PNG of the same group scaled
# to the same size (PSNR >= 30 dB), that the help and the warnings leave the pictures beside their boxes as they
# were and none under them, and closing them brings the whole picture back (keys typed with xdotool), that automatic detection finds sixel in this xterm, and that q exits 0.
# Skipped (with the reason) only when xterm is not installed; any other problem fails. The X server, the
# terminal and the measures are support/x-terminal.sh's.
set -euo pipefail
source "$(dirname "$0")/support/x-terminal.sh" graphics-xterm.sh xterm
start_x
use_screen_fixture
# The reference: the first group (selected at start) exported at the scale the preview composes at.
reference "$(group 0)" "$tmp/ref-first.png"
# The app reads the cell size from TIOCGWINSZ (xterm does not answer CSI 16 t by default); so does run.sh.
app=(env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache")

# ---- --graphics sixel: the preview in pixels (and the app's model of its screen, for screen_checks).
run_xterm env CHAT_TUI_SCREEN_DUMP="$screen_dump" "${app[@]}" --graphics sixel
read -r psnr size < <(settled preview sixel 100 "$tmp/ref-first.png")
[ "$psnr" != "0" ] || fail "no picture in the preview pane"; ok
width=${size%x*}; height=${size#*x}
[ $((width - height)) -le 2 ] && [ $((height - width)) -le 2 ] && [ "$width" -ge 300 ] \
  || fail "the preview picture is $size, expected a square of at least 300 px"; ok
above "$psnr" 30 || fail "preview vs exported PNG: PSNR $psnr dB < 30 dB (screenshot $tmp/sixel.png)"; ok
echo "sixel preview $size px, PSNR $psnr dB against the exported PNG"

# The help and the warnings: the pictures are cut around their boxes, re-encoded as sixel in parts (sixel cannot
# lie under text), and closing them brings the whole picture back.
overlay_checks xterm "$tmp/sixel.png"
# The screen, cell for cell, against the app's model of it (support/x-terminal.sh's screen_checks).
screen_checks xterm

keys type 'q'
wait_status; ok
kill "$terminal_pid" 2>/dev/null || true; wait "$terminal_pid" 2>/dev/null || true

# ---- --graphics auto: this xterm reports sixel (DA1), so the preview is pixels again.
run_xterm "${app[@]}"
read -r auto _ < <(settled preview auto 100 "$tmp/ref-first.png")
above "$auto" 30 || fail "--graphics auto did not draw the sixel picture (PSNR $auto dB)"; ok
keys type 'q'
wait_status; ok
kill "$terminal_pid" 2>/dev/null || true; wait "$terminal_pid" 2>/dev/null || true

# ---- Widths measured (support/x-terminal.sh's width_checks).
python3 "$root/Tests/e2e/support/widths_fixture.py" "$tmp/widths.json"
rm -f "$screen_dump"
run_xterm env CHAT_TUI_SCREEN_DUMP="$screen_dump" TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" \
  --fixtures "$tmp/widths.json" --no-cache --graphics halfblock
screen_quiet 0; screen_matches "xterm widths" widths
width_checks xterm

echo "$checks passed, 0 failed"
