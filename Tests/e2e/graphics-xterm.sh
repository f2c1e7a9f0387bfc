#!/usr/bin/env bash
# End to end in a real terminal: chat-tui with --graphics sixel in `xterm -ti vt340` under Xvfb. Screenshots of
# the X screen show that the preview is drawn in pixels and matches the exported PNG of the same group scaled
# to the same size (PSNR >= 30 dB), that the help overlay takes the picture away and closing it brings it back
# (keys typed with xdotool), that automatic detection finds sixel in this xterm, and that q exits 0.
# Skipped (with the reason) only when xterm is not installed; any other problem fails. The X server, the
# terminal and the measures are support/x-terminal.sh's.
set -euo pipefail
source "$(dirname "$0")/support/x-terminal.sh" graphics-xterm.sh xterm
start_x
# The reference: the first group (selected at start) exported at the scale the preview composes at.
reference "$(group 0)" "$tmp/ref-first.png"
# The app reads the cell size from TIOCGWINSZ (xterm does not answer CSI 16 t by default); so does run.sh.
app=(env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache")

# ---- --graphics sixel: the preview in pixels.
run_xterm "${app[@]}" --graphics sixel
read -r psnr size < <(settled preview sixel 100 "$tmp/ref-first.png")
[ "$psnr" != "0" ] || fail "no picture in the preview pane"; ok
width=${size%x*}; height=${size#*x}
[ $((width - height)) -le 2 ] && [ $((height - width)) -le 2 ] && [ "$width" -ge 300 ] \
  || fail "the preview picture is $size, expected a square of at least 300 px"; ok
above "$psnr" 30 || fail "preview vs exported PNG: PSNR $psnr dB < 30 dB (screenshot $tmp/sixel.png)"; ok
echo "sixel preview $size px, PSNR $psnr dB against the exported PNG"

# The help overlay covers the preview: the picture goes (the pane shows the help box and half blocks)...
keys type '?'
covered=$(gone preview help "$tmp/ref-first.png")
above "$covered" 25 && fail "the picture is still on screen under the help overlay (PSNR $covered dB)"; ok
# ... and any key brings it back, whole.
keys type 'x'
read -r back _ < <(settled preview back 100 "$tmp/ref-first.png")
above "$back" 30 || fail "after closing the help the preview is not the picture again (PSNR $back dB)"; ok

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

# ---- Widths measured: names with flags, 🔕, a ZWJ family, a toned thumb, ❤️ and CJK. The app asks xterm how
# wide it draws each kind and lays the list out with the answers (or draws a grapheme in a width-safe form):
# in the screenshot the list/preview separator is one straight line, in the same pixel column on every row.
python3 "$root/Tests/e2e/support/widths_fixture.py" "$tmp/widths.json"
run_xterm env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$tmp/widths.json" --no-cache \
  --graphics halfblock
i=0; straight=""
while [ $i -lt 60 ]; do
  shot "$tmp/widths.png"
  # Pixel columns lit over (nearly) the whole height of a cell row, on every row but the status bar, in the middle of
  # the window (where the separator is; thumbnails and the preview picture are farther out).
  if straight=$(python3 - "$tmp/widths.png" $cell "$columns" "$rows" <<'PY'
import sys
from PIL import Image
import numpy as np
path, cw, ch, columns, rows = sys.argv[1], *map(int, sys.argv[2:6])
lit = np.asarray(Image.open(path).convert("L"), dtype=np.int32) > 40
common = None
for row in range(rows - 1):
    band = lit[row * ch:(row + 1) * ch, columns * cw // 4: columns * cw * 3 // 4]
    # The line glyph may leave a pixel or two of the cell's height dark.
    full = set(np.nonzero(band.mean(axis=0) >= 0.8)[0])
    common = full if common is None else common & full
print(sorted(common))
sys.exit(0 if common else 1)
PY
  ); then break; fi
  i=$((i+1)); sleep 0.5
done
[ -n "$straight" ] && [ "$straight" != "[]" ] || fail "widths: no separator straight through every row (screenshot $tmp/widths.png)"; ok
# Rows repainted in part (the selection moving away and back, the help overlay over the list and gone) are
# the rows first drawn, pixel for pixel: a grapheme drawn wider or narrower than curses counts left stray
# characters there (`China Team t`).
list_area() { python3 - "$1" "$2" $cell "$rows" <<'PY'
import sys
from PIL import Image
import numpy as np
path, out, cw, ch, rows = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
image = np.asarray(Image.open(path).convert("RGB"))
np.save(out, image[: (rows - 1) * ch, : 47 * cw])
PY
}
# quiet NAME: screenshots until two in a row agree (the app has drawn what the keys asked for), up to 30 s.
quiet() { local last="" now i=0
  while [ $i -lt 60 ]; do
    shot "$tmp/$1.png"; now=$(md5sum < "$tmp/$1.png")
    [ "$now" = "$last" ] && return 0; last=$now; i=$((i+1)); sleep 0.5
  done; fail "widths: the screen never settled ($1)"; }
quiet widths-first
list_area "$tmp/widths-first.png" "$tmp/first.npy"
for step in j j j k k k '?'; do keys type "$step"; quiet widths-step; done
keys key Escape; quiet widths-again
list_area "$tmp/widths-again.png" "$tmp/again.npy"
python3 -c "
import sys, numpy as np
first, again = np.load('$tmp/first.npy'), np.load('$tmp/again.npy')
changed = np.argwhere((first != again).any(axis=2))
sys.exit('list rows changed at pixels %s' % changed[:5].tolist() if len(changed) else 0)
" || fail "widths: the list is not drawn as before after moving and the help overlay (screenshots $tmp/widths-first.png, $tmp/widths-again.png)"
ok
keys type 'q'
wait_status; ok

echo "$checks passed, 0 failed"
