#!/usr/bin/env bash
# End to end: tmux 3.3 with allow-passthrough on inside Debian's kitty 0.26 under Xvfb. The app finds the kitty
# outside (tmux's client_termname, XTVERSION through the passthrough) and draws kitty pictures through tmux's
# passthrough; kitty 0.26 predates Unicode placeholders, so they are placements at the cursor, moved there from
# the pane's corner. Then support/x-terminal.sh's app_checks (the preview and a list thumbnail match the
# exported PNGs at PSNR >= 30 dB, the help and the warnings beside the pictures, nothing stays after fast
# scrolling, a resize or quitting) and no [PARSE ERROR] in kitty's log. Skipped (with the reason) when kitty or tmux is not installed.
set -euo pipefail
source "$(dirname "$0")/support/x-terminal.sh" graphics-kitty-tmux.sh kitty tmux
start_x
use_screen_fixture
app=(env CHAT_TUI_SCREEN_DUMP="$screen_dump" LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache")
parse_errors() { { grep -a 'PARSE ERROR' "$tmp/$1" || true; } | sed 's/^\[[^]]*\] //' | sort | uniq -c | head -5; }

socket="chat-tui-gfx-kitty-$$"; sockets+=("$socket")
printf 'set -g allow-passthrough on\nset -g status off\nset -g default-terminal tmux-256color\nset -g focus-events on\n' \
  >"$tmp/tmux.conf"
run_kitty kitty-tmux.log tmux -L "$socket" -f "$tmp/tmux.conf" new-session -s main "$tmp/run.sh" "${app[@]}"
# run.sh ran twice (kitty's and the pane's): the second records the pane, where the app is, once its screen
# is up.
i=0; until tmux -L "$socket" capture-pane -p -t main 2>/dev/null | grep -qF '? help'; do
  i=$((i+1)); [ $i -gt 300 ] && fail "the app did not start inside tmux"; sleep 0.1; done
read -r cell_w cell_h columns rows <"$tmp/cell"; cell="$cell_w $cell_h"
# The screen, cell for cell, against the app's model of it (support/screen-check.sh), then the usual checks.
screen_checks "kitty+tmux"
# kitty 0.26 has no Unicode placeholders: its placements live above the text, and tmux's redraw of its other
# window does not take them away, so they stay over it until the app's window is back. Deleting them on the
# focus report `CSI O` was tried and did not help (tmux sends a hidden pane's passthrough nowhere, or no report
# came: not established). With placeholders (kitty 0.28 on) the pictures are cells tmux redraws.
OTHER_WINDOW_KNOWN="kitty-0.26-placements-stay-above-tmux's-other-window" screen_window_switch "kitty+tmux" "$socket"
app_checks "kitty+tmux $(tmux -V | sed 's/^tmux //')"
errors=$(parse_errors kitty-tmux.log)
[ -z "$errors" ] || fail "kitty (around tmux) logged parse errors: $errors"; ok

echo "$checks passed, 0 failed"
