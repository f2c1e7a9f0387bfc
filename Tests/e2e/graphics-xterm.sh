#!/usr/bin/env bash
# End to end in a real terminal: chat-tui with --graphics sixel in `xterm -ti vt340` under Xvfb. Screenshots of
# the X screen show that the preview is drawn in pixels and matches the exported PNG of the same group scaled
# to the same size (PSNR >= 30 dB), that the help overlay takes the picture away and closing it brings it back
# (keys typed with xdotool), that automatic detection finds sixel in this xterm, and that q exits 0.
# Skipped (with the reason) only when Xvfb or xterm cannot be installed; any other problem fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bin=$root/.build/debug/chat-tui
tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
checks=0
ok() { checks=$((checks+1)); }
fail() { echo "FAIL: $*"; [ -s "$tmp/app-stderr" ] && { echo "app stderr:"; tail -5 "$tmp/app-stderr"; }; exit 1; }

# ---- Tools: scripts/install-deps.sh lists them; try once more here, then skip only if X cannot be had.
tools=(Xvfb xterm xdotool import python3)
missing() { for tool in "${tools[@]}"; do command -v "$tool" >/dev/null 2>&1 || return 0; done; return 1; }
if missing; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
      xvfb xterm xdotool imagemagick x11-apps fonts-dejavu-core; } >/dev/null 2>&1 || true
fi
if ! command -v Xvfb >/dev/null 2>&1 || ! command -v xterm >/dev/null 2>&1; then
  echo "SKIP: graphics-xterm.sh needs Xvfb and xterm, which could not be installed (apt-get install xvfb xterm)"
  exit 0
fi
missing && fail "installed Xvfb and xterm but not all of: ${tools[*]}"
python3 -c 'import PIL, numpy' 2>/dev/null || pip install -q pillow numpy >/dev/null 2>&1 \
  || fail "python3 needs Pillow and numpy (pip install pillow numpy)"
[ -x "$bin" ] || fail "$bin is missing: run swift build first"

# ---- An X server on a free display, and xterm in VT340 mode with a known font.
exec 3>"$tmp/display"
Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
pids+=($!)
exec 3>&-
i=0; until [ -s "$tmp/display" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "Xvfb did not start: $(tail -3 "$tmp/xvfb.log")"; sleep 0.1; done
export DISPLAY=":$(head -1 "$tmp/display")"

columns=120; rows=40
fixture=$root/sample-data/groups.json
first=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["groups"][0]["id"])' "$fixture")
# The app reads the cell size from TIOCGWINSZ (xterm does not answer CSI 16 t by default); so does the script.
cat >"$tmp/run.sh" <<EOF
#!/usr/bin/env bash
python3 -c 'import fcntl,struct,sys,termios; r,c,w,h=struct.unpack("HHHH",fcntl.ioctl(0,termios.TIOCGWINSZ,b"\0"*8)); print(w//c,h//r)' >"$tmp/cell"
env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache" "\$@" 2>"$tmp/app-stderr"
echo \$? >"$tmp/status"
EOF
chmod +x "$tmp/run.sh"
start_xterm() {
  rm -f "$tmp/status" "$tmp/cell"
  xterm -ti vt340 -geometry "${columns}x${rows}+0+0" -fa 'DejaVu Sans Mono' -fs 11 -b 0 -bw 0 -bg black -fg white \
    -e "$tmp/run.sh" "$@" &
  xterm_pid=$!
  pids+=($xterm_pid)
  i=0; until [ -s "$tmp/cell" ]; do i=$((i+1)); [ $i -gt 150 ] && fail "xterm did not start"; sleep 0.1; done
}
shot() { import -window root "$1" 2>/dev/null || { xwd -root -silent | convert xwd:- "$1"; }; }
keys() { xdotool windowfocus "$(xdotool search --pid "$xterm_pid" | head -1)" 2>/dev/null || true; xdotool "$@"; }

# Measures a screenshot: finds the picture in the preview pane (everything not black below the two title rows
# and above the status line, right of the list) and compares it with the reference PNG scaled to its size.
# Prints "PSNR WIDTHxHEIGHT" (PSNR 0 when there is no picture).
cat >"$tmp/measure.py" <<'PY'
import sys
import numpy as np
from PIL import Image
shot, reference, cell_w, cell_h, columns, rows = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:7])
screen = np.asarray(Image.open(shot).convert("RGB")).astype(np.int32)
# ScreenLayout: the list is min(max(columns*2/5, 28), 60, columns-12) wide, then a separator column.
left = (min(max(columns * 2 // 5, 28), 60, columns - 12) + 1) * cell_w
top, bottom, right = 2 * cell_h, (rows - 1) * cell_h, columns * cell_w
pane = screen[top:bottom, left:right]
lit = np.argwhere(pane.sum(axis=2) > 30)
if len(lit) == 0:
    print("0 0x0"); sys.exit()
(y0, x0), (y1, x1) = lit.min(axis=0), lit.max(axis=0) + 1
crop = pane[y0:y1, x0:x1].astype(np.float64)
ref = Image.open(reference).convert("RGB").resize((x1 - x0, y1 - y0), Image.LANCZOS)
mse = np.mean((crop - np.asarray(ref).astype(np.float64)) ** 2)
psnr = 99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)
Image.fromarray(crop.astype(np.uint8)).save(shot.replace(".png", "-preview.png"))
print("%.2f %dx%d" % (psnr, x1 - x0, y1 - y0))
PY
# Takes screenshots until a picture at least 100 px wide is there ("composing..." is text) and two in a row
# agree, then prints the measure.
settled() { local name=$1 last="" now size i=0
  while [ $i -lt 60 ]; do
    shot "$tmp/$name.png"
    now=$(python3 "$tmp/measure.py" "$tmp/$name.png" "$tmp/reference.png" $cell $columns $rows)
    size=${now#* }
    if [ "${size%x*}" -ge 100 ] && [ "$now" = "$last" ]; then echo "$now"; return 0; fi
    last=$now; i=$((i+1)); sleep 0.5
  done
  echo "$now"; }
above() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)' "$1" "$2"; }

# ---- The reference: the first group (selected at start) exported at the scale the preview composes at (4:
# a preview several hundred pixels wide raises the composite's scale to the maximum).
"$bin" export --fixtures "$fixture" --group "$first" --scale 4 --output "$tmp/reference.png" --cache-dir "$tmp/cache" \
  >/dev/null || fail "export of the reference PNG failed"

# ---- --graphics sixel: the preview in pixels.
start_xterm --graphics sixel
cell=$(cat "$tmp/cell")
read -r psnr size < <(settled sixel)
[ "$psnr" != "0" ] || fail "no picture in the preview pane"; ok
width=${size%x*}; height=${size#*x}
[ $((width - height)) -le 2 ] && [ $((height - width)) -le 2 ] && [ "$width" -ge 300 ] \
  || fail "the preview picture is $size, expected a square of at least 300 px"; ok
above "$psnr" 30 || fail "preview vs exported PNG: PSNR $psnr dB < 30 dB (screenshot $tmp/sixel.png)"; ok
echo "sixel preview $size px, PSNR $psnr dB against the exported PNG"

# The help overlay covers the preview: the picture goes (the pane shows the help box and half blocks)...
keys type '?'
# Screenshots half a second apart until one finds the picture gone (for up to 10 s); the check is on the last.
for i in $(seq 20); do
  shot "$tmp/help.png"
  read -r covered _ < <(python3 "$tmp/measure.py" "$tmp/help.png" "$tmp/reference.png" $cell $columns $rows)
  above "$covered" 25 || break; sleep 0.5; done
above "$covered" 25 && fail "the picture is still on screen under the help overlay (PSNR $covered dB)"; ok
# ... and any key brings it back, whole.
keys type 'x'
read -r back _ < <(settled back)
above "$back" 30 || fail "after closing the help the preview is not the picture again (PSNR $back dB)"; ok

keys type 'q'
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not end the app"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status") after q"; ok
wait "$xterm_pid" 2>/dev/null || true

# ---- --graphics auto: this xterm reports sixel (DA1), so the preview is pixels again.
start_xterm
read -r auto _ < <(settled auto)
above "$auto" 30 || fail "--graphics auto did not draw the sixel picture (PSNR $auto dB)"; ok
keys type 'q'
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not end the app"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status") after q (auto)"; ok

echo "$checks passed, 0 failed"
