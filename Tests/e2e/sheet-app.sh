#!/usr/bin/env bash
# End to end: the variants sheet in the app (v), in tmux with half blocks: it replaces the preview, lists its
# cells' labels, is drawn as a picture, follows a parameter key, switches its chat-list theme (t) and closes
# with v or Esc.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" sheet-app
capture() { tmx capture-pane -e -p -t "$session"; }

tmx -f /dev/null new-session -d -s "$session" -x 160 -y 48 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $root/sample-data/groups.json --graphics halfblock --size 60 --cache-dir $tmp/cache --fresh; sleep 30"
wait_for "Cat Lovers" 30 || fail "group names not visible"; ok
wait_settled 30 || fail "the first screen was never drawn whole"
tmx send-keys -t "$session" v
wait_for "1 2 3 4 5 6 7 8 9 12, kittens (2)" 10 || fail "the sheet's labels are not listed"; ok
wait_gone "composing the variants" 90 || fail "the sheet was never composed"; ok
wait_settled 30 || fail "the sheet was never drawn whole"
# The pane right of the list holds the sheet's picture in half blocks: many coloured ▀ cells.
capture > "$tmp/sheet.txt"
[ "$(grep -o '▀' "$tmp/sheet.txt" | wc -l)" -gt 500 ] || fail "no half-block picture in the sheet"; ok
grep -q "light row" "$tmp/sheet.txt" || fail "the theme is not said"; ok
# A parameter key draws the sheet again with the new margin.
tmx send-keys -t "$session" ']'
i=0; until ! capture | cmp -s - "$tmp/sheet.txt"; do i=$((i+1)); [ $i -gt 600 ] && fail "the sheet did not follow ]"; sleep 0.1; done
wait_gone "composing" 90; ok
tmx send-keys -t "$session" t
wait_for "dark row" 10 || fail "t did not switch the theme"; ok
wait_settled 90 || fail "the dark sheet was never drawn whole"
tmx send-keys -t "$session" Escape
wait_gone "light row" 10 && wait_gone "dark row" 10 || fail "Esc did not close the sheet"; ok
tmx send-keys -t "$session" v
wait_for "dark row" 10 || fail "v did not open the sheet again"; ok
tmx send-keys -t "$session" v
wait_gone "dark row" 10 || fail "v did not close the sheet"; ok
echo "sheet-app: $checks checks passed"
