#!/usr/bin/env bash
# End to end inside tmux. chat-tui in tmux (allow-passthrough on, the status line at the top, so the pane starts
# one row down) inside `xterm -ti vt340` under Xvfb: automatic detection finds sixel through tmux's passthrough,
# screenshots show the preview and a list thumbnail in pixels matching the exported PNG (PSNR >= 30 dB each),
# fast scrolling and back leaves the first screen again, detaching and attaching again from a new xterm brings
# every picture back, the help and the warnings leave the pictures beside their boxes as they were and none under
# them, nothing stays after a resize or quitting. Then kitty's Unicode
# placeholders, which Debian's kitty 0.26 cannot show: the app runs in tmux under a recorded pty that answers as
# kitty 0.35 would, and its output is decoded (the image transmitted through the passthrough, placed virtually,
# every cell of the picture a placeholder naming its row and column; none inside the help's box). Last, with
# passthrough off, the status line names the tmux option. Skipped (with the reason) only when Xvfb, xterm or
# tmux cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bin=$root/.build/debug/chat-tui
tmp=$(mktemp -d)
export XDG_STATE_HOME=$tmp/state
socket="chat-tui-gfx-tmux-$$"
pids=()
tmx() { tmux -L "$socket" "$@"; }
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for suffix in "" -kitty -off; do tmux -L "$socket$suffix" kill-server 2>/dev/null || true; done
  # An app ended by the hang-up may still be saving its session under $tmp (it does on SIGHUP): try again.
  for _ in 1 2 3 4 5 6 7 8 9 10; do rm -rf "$tmp" 2>/dev/null && break; sleep 0.2; done
}
trap cleanup EXIT
checks=0
ok() { checks=$((checks+1)); }
# E2E_KEEP=DIR keeps the screenshots and recordings of a failed run there.
fail() { echo "FAIL: $*"; [ -s "$tmp/app-stderr" ] && { echo "app stderr:"; tail -5 "$tmp/app-stderr"; }
  [ -n "${E2E_KEEP:-}" ] && mkdir -p "$E2E_KEEP" && cp "$tmp"/*.png "$tmp"/*.raw "$tmp"/*.txt "$E2E_KEEP" 2>/dev/null
  exit 1; }

tools=(Xvfb xterm xdotool import python3 tmux)
missing() { for tool in "${tools[@]}"; do command -v "$tool" >/dev/null 2>&1 || return 0; done; return 1; }
if missing; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
      xvfb xterm xdotool imagemagick x11-apps fonts-dejavu-core tmux; } >/dev/null 2>&1 || true
fi
for tool in Xvfb xterm tmux; do
  command -v "$tool" >/dev/null 2>&1 \
    || { echo "SKIP: graphics-tmux.sh needs $tool, which could not be installed (apt-get install xvfb xterm tmux)"; exit 0; }
done
missing && fail "installed Xvfb, xterm and tmux but not all of: ${tools[*]}"
python3 -c 'import PIL, numpy' 2>/dev/null || pip install -q pillow numpy >/dev/null 2>&1 \
  || fail "python3 needs Pillow and numpy (pip install pillow numpy)"
[ -x "$bin" ] || fail "$bin is missing: run swift build first"
version=$(tmux -V | sed 's/^tmux //')
python3 -c 'import re,sys; m=re.match(r"(\d+)\.(\d+)", sys.argv[1]); sys.exit(0 if m and (int(m[1]), int(m[2])) >= (3, 3) else 1)' \
  "$version" || { echo "SKIP: graphics-tmux.sh needs tmux 3.3 or later (allow-passthrough), found $version"; exit 0; }

fixture=$root/sample-data/groups.json
# The screen against the app's model of it (support/screen-check.sh): the pane starts one row down, keys go
# through tmux, and the fixture is a copy whose photos may change.
screen_offset=1
screen_type() { tmx send-keys -t main -l "$1"; }
screen_key() { case $1 in ctrl+l) tmx send-keys -t main C-l ;; *) tmx send-keys -t main "$1" ;; esac; }
source "$root/Tests/e2e/support/screen-check.sh"
use_screen_fixture
# The references: the first group (selected at start, in the preview) and the second (the first unselected row
# of the list), exported at the scale the preview composes at.
read -r first second thirtieth < <(python3 -c 'import json,sys; g=json.load(open(sys.argv[1]))["groups"]; print(g[0]["id"], g[1]["id"], g[30]["id"])' "$fixture")
for pair in "$first:reference" "$second:second" "$thirtieth:scrolled-reference"; do
  "$bin" export --fixtures "$fixture" --group "${pair%%:*}" --scale 4 --output "$tmp/${pair#*:}.png" \
    --cache-dir "$tmp/cache" >/dev/null || fail "export of the reference PNG of ${pair%%:*} failed"
done

# The app inside the pane: records the pane's cell size (TIOCGWINSZ, which tmux fills in) and its exit status.
cat >"$tmp/run.sh" <<SH
#!/usr/bin/env bash
python3 -c 'import fcntl,struct,sys,termios; r,c,w,h=struct.unpack("HHHH",fcntl.ioctl(0,termios.TIOCGWINSZ,b"\0"*8)); print(w//c,h//r)' >"$tmp/cell"
env CHAT_TUI_SCREEN_DUMP="$screen_dump" LANG=C.UTF-8 LC_ALL=C.UTF-8 "$bin" --fixtures "$fixture" --cache-dir "$tmp/cache" "\$@" 2>"$tmp/app-stderr"
echo \$? >"$tmp/status"
SH
chmod +x "$tmp/run.sh"
cat >"$tmp/tmux.conf" <<CONF
set -g allow-passthrough on
set -g status-position top
set -g remain-on-exit on
set -g default-terminal tmux-256color
set -g focus-events on
CONF

# Waits until the pane's text (tmux capture-pane) has TEXT, for up to SECONDS.
pane_has() { local server=$1 text=$2 limit=${3:-20} i=0
  until tmux -L "$server" capture-pane -p -t main 2>/dev/null | grep -qF -- "$text"; do
    i=$((i+1)); [ $i -gt $((limit*10)) ] && return 1; sleep 0.1; done; }

# ---- An X server, and xterm in VT340 mode running tmux.
exec 3>"$tmp/display"
Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
pids+=($!)
exec 3>&-
i=0; until [ -s "$tmp/display" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "Xvfb did not start: $(tail -3 "$tmp/xvfb.log")"; sleep 0.1; done
export DISPLAY=":$(head -1 "$tmp/display")"
columns=120; rows=40
xterm -ti vt340 -geometry "${columns}x${rows}+0+0" -fa 'DejaVu Sans Mono' -fs 11 -b 0 -bw 0 -bg black -fg white \
  -e tmux -L "$socket" -f "$tmp/tmux.conf" new-session -s main "$tmp/run.sh" &
xterm_pid=$!
pids+=($xterm_pid)
i=0; until [ -s "$tmp/cell" ]; do i=$((i+1)); [ $i -gt 150 ] && fail "xterm with tmux did not start"; sleep 0.1; done
cell=$(cat "$tmp/cell")
shot() { import -window root "$1" 2>/dev/null || { xwd -root -silent | convert xwd:- "$1"; }; }
keys() { tmx send-keys -t main "$@"; }

# Measures a screenshot with the shared support/screen_measure.py (what it measures is said there). The app's
# screen starts one row down (tmux's status line). Prints "PSNR WIDTHxHEIGHT".
measure_py=$PWD/Tests/e2e/support/screen_measure.py
# REFERENCE=FILE compares with another PNG (or, for `same`, another screenshot).
measure() { local reference=${REFERENCE:-$tmp/reference.png}; [ "$1" = thumb ] && reference=$tmp/second.png
  python3 "$measure_py" "$1" "$2" "$reference" $cell "${3:-$columns}" "${4:-$((rows - 1))}" 1; }
# Screenshots until the measure of WHAT is a picture at least MIN px wide and two in a row agree; prints it.
# With SQUARE=1 the picture must also be as high as it is wide (a list thumbnail is square): under load a
# screenshot can catch a sixel thumbnail half drawn, and two such shots can agree.
settled() { local what=$1 name=$2 min=$3 last="" now size height i=0
  while [ $i -lt 60 ]; do
    shot "$tmp/$name.png"
    now=$(measure "$what" "$tmp/$name.png" "${4:-$columns}" "${5:-$((rows - 1))}")
    size=${now#* }; height=${size#*x}
    if [ "${SQUARE:-0}" = 1 ] && [ "${height:-0}" -lt "${size%x*}" ]; then last=$now; i=$((i+1)); sleep 0.5; continue; fi
    if [ "${size%x*}" -ge "$min" ] && [ "$now" = "$last" ]; then echo "$now"; return 0; fi
    last=$now; i=$((i+1)); sleep 0.5
  done
  echo "$now"; }
is_box() { local size=$1; [ "${size%x*}" -ge 10 ] && [ "${size#*x}" -ge 4 ]; }
above() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)' "$1" "$2"; }

# ---- Sixel through the passthrough, found automatically.
pane_has "$socket" "through tmux" 20 || fail "the status line does not say the pictures go through tmux"; ok
read -r psnr size < <(settled preview preview 100)
[ "$psnr" != "0" ] || fail "no picture in the preview pane (screenshot kept in $tmp)"; ok
above "$psnr" 30 || fail "preview vs exported PNG through tmux: PSNR $psnr dB < 30 dB ($size)"; ok
echo "tmux $version, sixel preview $size px, PSNR $psnr dB"
read -r thumb tsize < <(SQUARE=1 settled thumb thumb 20)
above "$thumb" 30 || fail "list thumbnail vs exported PNG through tmux: PSNR $thumb dB < 30 dB ($tsize)"; ok
echo "list thumbnail $tsize px, PSNR $thumb dB"
cp "$tmp/thumb.png" "$tmp/first-screen.png"

# The screen, cell for cell, against the app's model of it: after scrolling, the overlays, a photo reload and
# Ctrl-L (screen_checks), and after a switch to another tmux window and back.
screen_checks "tmux $version"
screen_window_switch "tmux $version" "$socket"

# Fast scrolling: thirty `j` at once select group 30, which the preview then shows; `g` goes back to the top, and
# the screen is the first one again (every thumbnail back in its row, nothing left of the scrolled-past ones).
keys $(printf 'j %.0s' $(seq 30))
read -r scrolled _ < <(REFERENCE=$tmp/scrolled-reference.png settled preview scrolled 100)
above "$scrolled" 30 || fail "after 30 j through tmux the preview is not group $thirtieth (PSNR $scrolled dB)"; ok
keys g
for i in $(seq 60); do
  # Without the app's status line, which by now shows the warnings count rather than the graphics found.
  shot "$tmp/top.png"; same=$(REFERENCE=$tmp/first-screen.png measure same "$tmp/top.png" "$columns" $((rows - 2)))
  above "$same" 30 && break; sleep 0.5; done
above "$same" 30 || fail "back at the top through tmux the screen differs from the first one (PSNR $same dB)"; ok
echo "fast scrolling and back: preview PSNR $scrolled dB, the screen again at PSNR $same dB"

# The help and the warnings: beside their box the screen is as before (the pictures stay pixels, cut around it),
# no picture lies under it, and closing it brings the whole preview back.
for overlay in '?:help' 'w:warnings'; do
  IFS=: read -r key what <<<"$overlay"
  keys "$key"
  last=""; for i in $(seq 60); do
    shot "$tmp/$what.png"; now=$(REFERENCE=$tmp/top.png measure overlay "$tmp/$what.png")
    is_box "${now##* }" && above "${now%% *}" 30 && [ "$now" = "$last" ] && break; last=$now; sleep 0.5; done
  read -r beside coloured box <<<"$now"
  is_box "$box" || fail "no $what box on screen through tmux (changed cells $box)"; ok
  above "$beside" 30 || fail "beside the $what box the screen changed through tmux (PSNR $beside dB, box $box)"; ok
  [ "$coloured" -lt 50 ] || fail "$coloured picture pixels under the $what box through tmux ($box cells)"; ok
  echo "$what box $box cells, the screen beside it at PSNR $beside dB, $coloured coloured pixels in it"
  keys Escape
  read -r back _ < <(settled preview "$what-closed" 100)
  above "$back" 30 || fail "after the $what the preview is not the picture again (PSNR $back dB)"; ok
done

# Detaching and attaching again from a new xterm of the same size, which holds no picture: tmux 3.3a sends no
# resize, only a focus report (whether `focus-events` is on, as here, or off), and the app repaints everything, the
# preview and the list's thumbnails.
tmx detach-client -s main
i=0; while kill -0 "$xterm_pid" 2>/dev/null; do i=$((i+1)); [ $i -gt 100 ] && fail "detaching did not end the xterm"; sleep 0.1; done
xterm -ti vt340 -geometry "${columns}x${rows}+0+0" -fa 'DejaVu Sans Mono' -fs 11 -b 0 -bw 0 -bg black -fg white \
  -e tmux -L "$socket" attach -t main &
xterm_pid=$!
pids+=($xterm_pid)
read -r attached _ < <(settled preview attached 100)
above "$attached" 30 || fail "after attaching again the preview is not the picture (PSNR $attached dB)"; ok
read -r attached_thumb _ < <(SQUARE=1 settled thumb attached-thumb 20)
above "$attached_thumb" 30 || fail "after attaching again no list thumbnail (PSNR $attached_thumb dB)"; ok
echo "detached and attached again: preview PSNR $attached dB, thumbnail PSNR $attached_thumb dB"

# A resize: the xterm (so the tmux pane) shrinks; the preview is drawn anew, nothing of the old one is left.
xdotool windowsize "$(xdotool search --pid "$xterm_pid" | head -1)" 1000 700
i=0; until [ "$(tmx display -p -t main '#{pane_width}')" != "$columns" ]; do
  i=$((i+1)); [ $i -gt 100 ] && fail "the xterm did not resize"; sleep 0.1; done
read -r new_columns new_rows < <(tmx display -p -t main '#{pane_width} #{pane_height}')
read -r resized rsize < <(settled preview resized 100 "$new_columns" "$new_rows")
above "$resized" 30 || fail "after a resize the preview is not one clean picture (PSNR $resized dB, $rsize)"; ok
echo "after a resize to ${new_columns}x${new_rows}: preview $rsize px, PSNR $resized dB"

# Quitting: exit status 0 and no picture left in the (dead, kept) pane.
keys q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not end the app"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status") after q"; ok
sleep 1; shot "$tmp/quit.png"
left=$(measure colour "$tmp/quit.png" "$new_columns" "$new_rows")
[ "$left" -lt 50 ] || fail "$left coloured pixels are left on screen after quitting (screenshot $tmp/quit.png)"; ok
kill "$xterm_pid" 2>/dev/null || true; tmx kill-server 2>/dev/null || true

# ---- Unicode placeholders: tmux under a recorded pty that answers as kitty 0.35 (Debian's 0.26 cannot show them).
cat >"$tmp/fake-kitty.py" <<'PY'
import fcntl, os, pty, select, struct, sys, termios, time
socket, log_path, stop_path = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm-256color"
    os.execvp("tmux", ["tmux", "-L", socket, "attach", "-t", "main"])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 1080, 760))
log = open(log_path, "wb")
answers = [
    (b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\", b"\x1b_Gi=31;OK\x1b\\"),
    (b"\x1b[>q", b"\x1bP>|kitty(0.35.2)\x1b\\"),
    (b"\x1b[16t", b"\x1b[6;19;9t"),
    (b"\x1b[c", b"\x1b[?62;c"),
]
seen = b""
while not os.path.exists(stop_path):
    ready, _, _ = select.select([fd], [], [], 0.1)
    if not ready:
        continue
    try:
        data = os.read(fd, 65536)
    except OSError:
        break
    log.write(data); log.flush()
    seen = (seen + data)[-200000:]
    # Answer each question once per time it is asked, in order.
    while True:
        hits = [(seen.find(q), q, a) for q, a in answers if seen.find(q) >= 0]
        if not hits:
            break
        at, question, answer = min(hits)
        os.write(fd, answer)
        seen = seen[at + len(question):]
PY
cat >"$tmp/tmux-kitty.conf" <<CONF
set -g allow-passthrough on
set -g status off
set -g remain-on-exit on
CONF
rm -f "$tmp/status" "$tmp/cell"
tmux -L "$socket-kitty" -f "$tmp/tmux-kitty.conf" new-session -d -s main -x 120 -y 40 "sleep 600"
python3 "$tmp/fake-kitty.py" "$socket-kitty" "$tmp/kitty.raw" "$tmp/stop" &
pids+=($!)
i=0; until tmux -L "$socket-kitty" list-clients 2>/dev/null | grep -q .; do
  i=$((i+1)); [ $i -gt 100 ] && fail "the recorded pty did not attach to tmux"; sleep 0.1; done
tmux -L "$socket-kitty" respawn-pane -k -t main "$tmp/run.sh"
pane_has "$socket-kitty" "Unicode placeholders" 20 || fail "the status line does not say kitty Unicode placeholders"; ok
# The pictures are in once the pane holds placeholders and the recording has stopped growing for a second.
pane_has "$socket-kitty" $'\U10EEEE' 30 || fail "no Unicode placeholder reached the pane"
last=-1; i=0; while [ "$(stat -c %s "$tmp/kitty.raw")" != "$last" ]; do
  last=$(stat -c %s "$tmp/kitty.raw"); i=$((i+1)); [ $i -gt 30 ] && fail "the app kept writing"; sleep 1; done
cat >"$tmp/decode.py" <<'PY'
import base64, io, re, sys
import numpy as np
from PIL import Image
raw_path, pane_path, reference = sys.argv[1:4]
raw = open(raw_path, "rb").read()
# kitty's rowcolumn-diacritics.txt, as far as a picture here reaches.
DIACRITICS = [0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
    0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
    0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
    0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
    0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
    0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8,
    0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB,
    0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743,
    0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3,
    0x0816, 0x0817, 0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822,
    0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C, 0x082D, 0x0951, 0x0953, 0x0954]
index = {chr(c): i for i, c in enumerate(DIACRITICS)}
# The kitty commands tmux passed on (unwrapped, as the outer terminal gets them).
images, placements, current = {}, {}, None
for keys, payload in re.findall(rb"\x1b_G([^;\x1b]*);?([^\x1b]*)\x1b\\", raw):
    k = dict(p.split(b"=", 1) for p in keys.split(b",") if b"=" in p)
    if k.get(b"a") == b"t":
        current = int(k[b"i"]); images[current] = b""
    if k.get(b"a") in (b"t", None) and current is not None:
        images[current] += payload
        if k.get(b"m", b"0") == b"0": current = None
    if k.get(b"a") == b"p" and k.get(b"U") == b"1":
        placements[int(k[b"i"])] = (int(k[b"c"]), int(k[b"r"]))
if not placements:
    print("FAIL no virtual placement (a=p,U=1) reached the outer terminal"); sys.exit()
# The placeholder cells in the pane (capture-pane -e): each row's runs of U+10EEEE under a 256-colour foreground.
cells = {}
for y, line in enumerate(open(pane_path, encoding="utf-8", errors="replace").read().split("\n")):
    colour = None
    for m in re.finditer(r"\x1b\[([0-9;:]*)m|(\U0010EEEE)(.)(.)?", line):
        if m.group(1) is not None:
            params, i = m.group(1).split(";"), 0
            while i < len(params):
                if params[i] == "38" and i + 2 < len(params) and params[i + 1] == "5":
                    colour = int(params[i + 2]); i += 3; continue
                if params[i] in ("0", "39", "") or params[i].startswith("3"): colour = None
                i += 1
        elif colour is not None and m.group(3) in index:
            cells.setdefault(colour, []).append((y, index[m.group(3)], index.get(m.group(4) or "", None)))
# The largest placement is the preview: its cells must be a whole grid, rows and columns in order.
ident, (c, r) = max(placements.items(), key=lambda item: item[1][0] * item[1][1])
mine = cells.get(ident, [])
rows = {}
for y, row, column in mine:
    rows.setdefault(y, []).append((row, column))
if len(rows) != r or any(len(v) != c for v in rows.values()):
    print("FAIL preview id %d: placement %dx%d cells, pane holds %d rows of placeholders %s" % (
        ident, c, r, len(rows), sorted(len(v) for v in rows.values())[:5])); sys.exit()
for n, y in enumerate(sorted(rows)):
    if [rc for rc in rows[y]] != [(n, x) for x in range(c)]:
        print("FAIL row %d of the placeholders does not name row %d, columns 0..%d" % (y, n, c - 1)); sys.exit()
png = Image.open(io.BytesIO(base64.b64decode(images[ident]))).convert("RGBA")
# The composite at its own pixels (kitty scales it into the cells), padded to its cells' proportions: at most
# their pixels, the same shape within an image pixel, so that kitty's fit into the c x r cells stretches nothing.
scale = png.size[0] / (c * 9)
if png.size[0] > c * 9 or abs(png.size[1] - r * 19 * scale) > 1:
    print("FAIL the image is %dx%d px, not the shape of its %dx%d cells" % (png.size + (c, r))); sys.exit()
pixels = np.asarray(png).astype(np.float64)
lit = np.argwhere(pixels[:, :, 3] > 0)
(y0, x0), (y1, x1) = lit.min(axis=0), lit.max(axis=0) + 1
crop = pixels[y0:y1, x0:x1, :3]
ref = np.asarray(Image.open(reference).convert("RGB").resize((x1 - x0, y1 - y0), Image.LANCZOS)).astype(np.float64)
mse = np.mean((crop - ref) ** 2)
print("OK %d %dx%d %.2f %d" % (ident, c, r, 99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse), len(placements)))
PY
tmux -L "$socket-kitty" capture-pane -e -p -t main >"$tmp/pane.txt"
read -r verdict ident grid kpsnr placed < <(python3 "$tmp/decode.py" "$tmp/kitty.raw" "$tmp/pane.txt" "$tmp/reference.png")
[ "$verdict" = "OK" ] || fail "Unicode placeholders: $verdict $ident $grid $kpsnr $placed"; ok
above "$kpsnr" 30 || fail "the placeholder image vs exported PNG: PSNR $kpsnr dB < 30 dB"; ok
[ "$placed" -ge 2 ] || fail "only the preview was placed: the list thumbnails are no placeholder pictures"; ok
echo "kitty placeholders: preview image $ident over $grid cells, PSNR $kpsnr dB, $placed placements"
# The help: the pictures are cut around its box, so no placeholder lies inside it, and the preview's whole image
# is freed (its parts are images of their own).
cat >"$tmp/inside.py" <<'PY'
import sys, unicodedata
lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n")
def cells(line):
    column, out = 0, []
    for ch in line:
        if unicodedata.combining(ch) or ch in "\u200d\ufe0f":
            continue
        out.append((column, ch))
        column += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return out
top = next((y for y, line in enumerate(lines) if "┌" in line and "Keys" in line), None)
if top is None:
    print("no-box 0 0"); sys.exit()
left = next(c for c, ch in cells(lines[top]) if ch == "┌")
right = max(c for c, ch in cells(lines[top]) if ch in "─┐")
bottom = next((y for y in range(top + 1, len(lines)) if any(c == left and ch == "└" for c, ch in cells(lines[y]))), len(lines) - 1)
inside = outside = 0
for y, line in enumerate(lines):
    for c, ch in cells(line):
        if ch == "\U0010EEEE":
            if top <= y <= bottom and left <= c <= right: inside += 1
            else: outside += 1
print("box %d %d" % (inside, outside))
PY
tmux -L "$socket-kitty" send-keys -t main '?'
i=0; until tmux -L "$socket-kitty" capture-pane -p -t main >"$tmp/help-pane.txt" \
    && read -r found inside outside < <(python3 "$tmp/inside.py" "$tmp/help-pane.txt") && [ "$found" = box ] \
    && [ "$inside" = 0 ] && grep -qa "a=d,d=I,i=$ident," "$tmp/kitty.raw"; do
  i=$((i+1)); [ $i -gt 100 ] && fail "under the help: ${found:-?} ${inside:-?} placeholders inside the box, or image $ident kept"
  sleep 0.1; done; ok
echo "kitty placeholders under the help: none inside its box, $outside beside it"
# Esc and q apart: together they read as Alt-q.
tmux -L "$socket-kitty" send-keys -t main Escape; sleep 0.5; tmux -L "$socket-kitty" send-keys -t main q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not end the app (kitty)"; sleep 0.1; done
tmux -L "$socket-kitty" capture-pane -p -t main | grep -q $'\U10EEEE' && fail "placeholders are left after quitting"; ok
touch "$tmp/stop"; tmux -L "$socket-kitty" kill-server 2>/dev/null || true

# ---- Passthrough off: half blocks, and the status line names the option.
rm -f "$tmp/status"
printf 'set -g allow-passthrough off\nset -g status off\n' >"$tmp/tmux-off.conf"
tmux -L "$socket-off" -f "$tmp/tmux-off.conf" new-session -d -s main -x 200 -y 40 "$tmp/run.sh"
pane_has "$socket-off" 'set -g allow-passthrough on' 20 \
  || fail "without passthrough the status line does not name 'set -g allow-passthrough on'"; ok
tmux -L "$socket-off" send-keys -t main q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not end the app (off)"; sleep 0.1; done
tmux -L "$socket-off" kill-server 2>/dev/null || true

echo "$checks passed, 0 failed"
