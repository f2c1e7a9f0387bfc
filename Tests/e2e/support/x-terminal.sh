# Shared set-up of the end-to-end scripts that run chat-tui in a real terminal (kitty, mlterm, xterm) under Xvfb;
# `source` it with the script's name and the terminal programs it needs: `source x-terminal.sh NAME PROGRAM...`.
# Exits 0 with "skipped: ..." when one of those programs is missing; fails when the X tools are.
# Provides: root, bin (the debug chat-tui), tmp (removed on exit; E2E_KEEP=DIR keeps a failed run's screenshots),
# fixture, `group N` (the sample's Nth group id), pids (killed on exit), sockets (tmux servers killed on exit),
# fail, ok/checks, above A B, start_x (an X server, DISPLAY exported), reference GROUP FILE (the group exported
# at the preview's scale), run_in TERMINAL-COMMAND... (starts a terminal whose command is "$tmp/run.sh" with the
# app's command after it; sets terminal_pid, window, cell, columns, rows), run_kitty LOG COMMAND... and
# run_xterm COMMAND... (the terminals as the scripts configure them; kitty's log in $tmp/LOG), shot FILE (the
# terminal window), measure WHAT SHOT REFERENCE (screen_measure.py with the window's
# cells), settled WHAT NAME MIN REFERENCE, same_as NAME SCREENSHOT, overlay_shown NAME SCREENSHOT, is_box SIZE, wait_status
# [SECONDS], keys ARGS... (xdotool to the window), resize_window WIDTH HEIGHT (then columns and rows are the new
# ones), overlay_checks TERMINAL SCREENSHOT, app_checks TERMINAL, width_checks TERMINAL, cleanup, which also
# calls extra_cleanup if the script defines one, and support/screen-check.sh's screen_checks TERMINAL and its
# parts (the screen against the app's model of it).
name=${1:?usage: source x-terminal.sh NAME PROGRAM...}
shift
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
root=$(pwd)
bin=$root/.build/debug/chat-tui
measure_py=$root/Tests/e2e/support/screen_measure.py
fixture=$root/sample-data/groups.json
for program in "$@"; do
  command -v "$program" >/dev/null 2>&1 \
    || { echo "skipped: $name needs $program, which is not installed (scripts/install-deps.sh installs it)"; exit 0; }
done
tmp=$(mktemp -d)
export XDG_STATE_HOME=$tmp/state
pids=()
sockets=()
cleanup() {
  if declare -F extra_cleanup >/dev/null; then extra_cleanup; fi
  # A server that went with its terminal leaves its socket file behind.
  for socket in "${sockets[@]}"; do
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
  done
  # The terminals first, the X server last (a terminal losing its display writes errors, nothing worse).
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  # An app ended by the hang-up may still be saving its session under $tmp (it does on SIGHUP): try again.
  for _ in 1 2 3 4 5 6 7 8 9 10; do rm -rf "$tmp" 2>/dev/null && break; sleep 0.2; done
}
trap cleanup EXIT
checks=0
ok() { checks=$((checks+1)); }
fail() { echo "FAIL: $*"; [ -s "$tmp/app-stderr" ] && { echo "app stderr:"; tail -5 "$tmp/app-stderr"; }
  [ -n "${E2E_KEEP:-}" ] && mkdir -p "$E2E_KEEP" && cp "$tmp"/*.png "$tmp"/*.log "$tmp"/*.txt "$E2E_KEEP" 2>/dev/null
  exit 1; }
above() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)' "$1" "$2"; }

for tool in Xvfb xdotool import python3; do
  command -v "$tool" >/dev/null 2>&1 || fail "$name needs $tool (scripts/install-deps.sh installs it)"
done
python3 -c 'import PIL, numpy' 2>/dev/null || pip install -q pillow numpy >/dev/null 2>&1 \
  || fail "python3 needs Pillow and numpy (pip install pillow numpy)"
[ -x "$bin" ] || fail "$bin is missing: run swift build first"

# The sample's group ids in fixture order: `group 0` is the one selected at start.
mapfile -t group_ids < <(python3 -c 'import json,sys; [print(g["id"]) for g in json.load(open(sys.argv[1]))["groups"]]' "$fixture")
group() { echo "${group_ids[$1]}"; }

# An X server with GLX (kitty draws with OpenGL, in software here) on the first free display from
# E2E_DISPLAY (default 120) on: a display taken by another server makes Xvfb exit at once.
start_x() { local display=${E2E_DISPLAY:-120} last=$(( ${E2E_DISPLAY:-120} + 9 )) i
  while [ "$display" -le "$last" ]; do
    Xvfb ":$display" -screen 0 1600x1000x24 +extension GLX -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
    local pid=$!
    i=0; while [ $i -lt 50 ] && kill -0 "$pid" 2>/dev/null && ! DISPLAY=":$display" xdotool getdisplaygeometry >/dev/null 2>&1; do
      i=$((i+1)); sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null && DISPLAY=":$display" xdotool getdisplaygeometry >/dev/null 2>&1; then
      pids+=("$pid"); export DISPLAY=":$display"; return 0
    fi
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    display=$((display+1))
  done
  fail "no X server could start on displays ${E2E_DISPLAY:-120}-$last: $(tail -3 "$tmp/xvfb.log")"; }

# GROUP exported at the scale the preview composes at (4: a preview several hundred pixels wide raises the
# composite's scale to the maximum) into FILE.
reference() { "$bin" export --fixtures "$fixture" --group "$1" --scale 4 --output "$2" --cache-dir "$tmp/cache" \
  >/dev/null || fail "export of the reference PNG of $1 failed"; }

# The terminal's command: records the cell size and the window's cells (TIOCGWINSZ), runs the app's command
# (standard error kept), its exit status, then keeps the window open so that the screen after quitting can be
# looked at.
cat >"$tmp/run.sh" <<EOF
#!/usr/bin/env bash
python3 -c 'import fcntl,struct,sys,termios; r,c,w,h=struct.unpack("HHHH",fcntl.ioctl(0,termios.TIOCGWINSZ,b"\0"*8)); print(w//c,h//r,c,r)' >"$tmp/cell.new"
tty >"$tmp/tty"
mv "$tmp/cell.new" "$tmp/cell"
"\$@" 2>"$tmp/app-stderr"
echo \$? >"$tmp/status"
exec sleep 600
EOF
chmod +x "$tmp/run.sh"

run_in() { local i=0
  rm -f "$tmp/status" "$tmp/cell"
  "$@" &
  terminal_pid=$!
  pids+=("$terminal_pid")
  until [ -s "$tmp/cell" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "$1 did not start"; sleep 0.1; done
  read -r cell_w cell_h columns rows <"$tmp/cell"
  cell="$cell_w $cell_h"
  window=""; i=0
  until [ -n "$window" ]; do
    window=$(xdotool search --pid "$terminal_pid" 2>/dev/null | tail -1 || true)
    i=$((i+1)); [ $i -gt 100 ] && fail "no window of $1 found"; [ -n "$window" ] || sleep 0.1
  done; }
shot() { import -window "$window" "$1" 2>/dev/null || fail "no screenshot of the terminal window"; }
keys() { xdotool windowfocus "$window" 2>/dev/null || true; xdotool "$@"; }
# Terminal windows here have no border or padding: the app's screen starts at the window's corner.
measure() { python3 "$measure_py" "$1" "$2" "$3" $cell "$columns" "$rows" 0; }
# Screenshots until the measure of WHAT against REFERENCE is a picture at least MIN px wide that matches it
# (PSNR >= 30 dB) in two shots in a row, for up to 60 s; prints the last measure. Two equal shots alone are not
# enough: a debug build on a busy machine takes seconds per frame, and the screen stands still meanwhile.
settled() { local what=$1 name=$2 min=$3 ref=$4 last="" now size i=0
  while [ $i -lt 120 ]; do
    shot "$tmp/$name.png"
    now=$(measure "$what" "$tmp/$name.png" "$ref")
    size=${now#* }
    if [ "${size%x*}" -ge "$min" ] && above "${now%% *}" 30 && [ "$now" = "$last" ]; then echo "$now"; return 0; fi
    last=$now; i=$((i+1)); sleep 0.5
  done
  echo "$now"; }
# Screenshots until the app's screen matches SCREENSHOT (PSNR >= 30 dB), for up to 60 s; prints that PSNR.
same_as() { local name=$1 other=$2 now i=0
  while [ $i -lt 120 ]; do
    shot "$tmp/$name.png"; now=$(measure same "$tmp/$name.png" "$other")
    above "$now" 30 && break; i=$((i+1)); sleep 0.5; done
  echo "$now"; }
# Whether an `overlay` measure's box (COLUMNSxROWS) is a box at all: 10 x 4 cells or more.
is_box() { local size=$1; [ "${size%x*}" -ge 10 ] && [ "${size#*x}" -ge 4 ]; }
# Screenshots until an overlay's box is on screen and the rest of the screen matches SCREENSHOT, taken without the
# overlay (PSNR >= 30 dB), in two shots in a row, for up to 60 s; prints the last `overlay` measure.
overlay_shown() { local name=$1 other=$2 last="" now i=0
  while [ $i -lt 120 ]; do
    shot "$tmp/$name.png"; now=$(measure overlay "$tmp/$name.png" "$other")
    if is_box "${now##* }" && above "${now%% *}" 30 && [ "$now" = "$last" ]; then break; fi
    last=$now; i=$((i+1)); sleep 0.5; done
  echo "$now"; }
wait_status() { local i=0 limit=${1:-10}
  until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt $((limit*10)) ] && fail "the app did not end"; sleep 0.1; done
  [ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status")"; }
# Resizes the terminal window to WIDTH x HEIGHT pixels and waits until its pty (`tty` in run.sh) has the new size.
resize_window() { local i=0 size
  xdotool windowsize "$window" "$1" "$2"
  until size=$(python3 -c 'import fcntl,os,struct,sys,termios; fd=os.open(sys.argv[1], os.O_RDONLY|os.O_NOCTTY); r,c,w,h=struct.unpack("HHHH",fcntl.ioctl(fd,termios.TIOCGWINSZ,b"\0"*8)); print(c,r)' "$(cat "$tmp/tty")") \
      && [ "$size" != "$columns $rows" ]; do
    i=$((i+1)); [ $i -gt 100 ] && fail "the terminal did not resize to $1x$2"; sleep 0.1; done
  read -r columns rows <<<"$size"; }

# kitty without the user's configuration: black, no padding, the cells from the window's top-left corner; its
# standard error, its log, in $tmp/LOG.
# Software OpenGL: Xvfb has no GPU.
run_kitty() { local log=$1; shift
  run_in env LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE \
    -o font_family='DejaVu Sans Mono' -o font_size=11 -o window_padding_width=0 -o placement_strategy=top-left \
    -o initial_window_width=120c -o initial_window_height=40c -o remember_window_size=no \
    -o background=#000000 -o foreground=#ffffff -o cursor_blink_interval=0 -o enable_audio_bell=no \
    "$tmp/run.sh" "$@" 2>"$tmp/$log"; }
# xterm in VT340 mode (sixel) with a known font, no border.
run_xterm() {
  run_in xterm -ti vt340 -geometry 120x40+0+0 -fa 'DejaVu Sans Mono' -fs 11 -b 0 -bw 0 -bg black -fg white \
    -e "$tmp/run.sh" "$@"; }

# overlay_checks TERMINAL SCREENSHOT: overlays beside pictures, not over them. On the app's first screen (as in
# SCREENSHOT, with the first group's preview) the help and then the warnings open: beside the box the screen is as
# before (the pictures stay pixels, cut around it, no half-block mosaic), no picture lies under it, and closing it
# brings the whole preview back.
overlay_checks() { local terminal=$1 before=$2 overlay key what close beside coloured box back
  [ -s "$tmp/ref-first.png" ] || reference "$(group 0)" "$tmp/ref-first.png"
  for overlay in '?:help:x' 'w:warnings:Escape'; do
    IFS=: read -r key what close <<<"$overlay"
    keys type "$key"
    read -r beside coloured box < <(overlay_shown "$what" "$before")
    is_box "$box" || fail "$terminal: no $what box on screen (changed cells $box)"; ok
    above "$beside" 30 || fail "$terminal: beside the $what box the screen changed (PSNR $beside dB, box $box)"; ok
    [ "$coloured" -lt 50 ] || fail "$terminal: $coloured picture pixels under the $what box ($box cells)"; ok
    echo "$terminal: $what box $box cells, the screen beside it at PSNR $beside dB, $coloured coloured pixels in it"
    keys key "$close"
    read -r back _ < <(settled preview "$what-closed" 100 "$tmp/ref-first.png")
    above "$back" 30 || fail "$terminal: after closing the $what the preview is not the picture again (PSNR $back dB)"; ok
  done; }

# The checks every terminal gets, on the app started by run_in with the sample data (TERMINAL names it in the
# messages): the preview and the second list entry's avatar match their exported PNGs (PSNR >= 30 dB each); the
# thirty `j` typed at once select group 30, whose picture the preview then shows, and `g` goes back to a screen
# like the first; `overlay_checks` there; after a resize
# the preview and the thumbnail are clean pictures again; `q` exits 0 and leaves no picture on the screen.
app_checks() { local terminal=$1 psnr size thumb tsize back scrolled same resized rsize left
  [ -s "$tmp/ref-first.png" ] || reference "$(group 0)" "$tmp/ref-first.png"
  [ -s "$tmp/ref-second.png" ] || reference "$(group 1)" "$tmp/ref-second.png"
  [ -s "$tmp/ref-scrolled.png" ] || reference "$(group 30)" "$tmp/ref-scrolled.png"
  read -r psnr size < <(settled preview start 100 "$tmp/ref-first.png")
  [ "$psnr" != "0" ] || fail "$terminal: no picture in the preview pane"; ok
  above "$psnr" 30 || fail "$terminal: preview vs exported PNG: PSNR $psnr dB < 30 dB ($size)"; ok
  read -r thumb tsize < <(settled thumb thumb 20 "$tmp/ref-second.png")
  above "$thumb" 30 || fail "$terminal: list thumbnail vs exported PNG: PSNR $thumb dB < 30 dB ($tsize)"; ok
  echo "$terminal: preview $size px, PSNR $psnr dB; list thumbnail $tsize px, PSNR $thumb dB"
  cp "$tmp/start.png" "$tmp/first-screen.png"

  keys type --delay 5 "$(printf 'j%.0s' $(seq 30))"
  read -r scrolled _ < <(settled preview scrolled 100 "$tmp/ref-scrolled.png")
  above "$scrolled" 30 || fail "$terminal: after 30 j the preview is not group $(group 30) (PSNR $scrolled dB)"; ok
  keys type 'g'
  read -r back _ < <(settled preview top 100 "$tmp/ref-first.png")
  same=$(same_as top "$tmp/first-screen.png")
  above "$same" 30 || fail "$terminal: back at the top the screen differs from the first one (PSNR $same dB)"; ok
  echo "$terminal: fast scrolling and back: preview PSNR $scrolled dB, the screen again at PSNR $same dB"

  overlay_checks "$terminal" "$tmp/top.png"

  resize_window "$(( (columns - 20) * cell_w ))" "$(( (rows - 6) * cell_h ))"
  read -r resized rsize < <(settled preview resized 100 "$tmp/ref-first.png")
  above "$resized" 30 || fail "$terminal: after a resize the preview is not one clean picture (PSNR $resized dB)"; ok
  read -r thumb _ < <(settled thumb resized-thumb 20 "$tmp/ref-second.png")
  above "$thumb" 30 || fail "$terminal: after a resize the list thumbnail is not clean (PSNR $thumb dB)"; ok
  echo "$terminal: after a resize to ${columns}x${rows}: preview $rsize px, PSNR $resized dB"

  keys type 'q'
  wait_status
  sleep 0.5; shot "$tmp/quit.png"
  left=$(measure colour "$tmp/quit.png" "$tmp/quit.png")
  [ "$left" -lt 50 ] || fail "$terminal: $left coloured pixels are left on screen after quitting"; ok; }

# width_checks TERMINAL: on the app started by run_in with support/widths_fixture.py's names (flags, 🔕, a ZWJ
# family, a toned thumb, ❤️, CJK, a long name) and --graphics halfblock, which asks the terminal how wide it
# draws each kind and lays the list out with the answers (or draws a grapheme in a width-safe form): in the
# screenshot the list/preview separator is one straight line, in the same pixel column on every row; rows
# repainted in part (the selection moving away and back, the help overlay over the list and gone) are the rows
# first drawn, pixel for pixel (a grapheme drawn wider or narrower than curses counts left stray characters
# there: `China Team t`); q exits 0.
width_checks() { local terminal=$1 i=0 straight=""
  while [ $i -lt 60 ]; do
    shot "$tmp/widths.png"
    if straight=$(straight_separator "$tmp/widths.png"); then break; fi
    i=$((i+1)); sleep 0.5
  done
  [ -n "$straight" ] || fail "$terminal widths: no separator straight through every row (screenshot $tmp/widths.png)"; ok
  quiet widths-first
  list_area "$tmp/widths-first.png" "$tmp/first.npy"
  for step in j j j k k k '?'; do keys type "$step"; quiet widths-step; done
  keys key Escape; quiet widths-again
  list_area "$tmp/widths-again.png" "$tmp/again.npy"
  python3 - "$tmp/first.npy" "$tmp/again.npy" <<'PY' || fail "$terminal widths: the list is not drawn as before after moving and the help overlay (screenshots $tmp/widths-first.png, $tmp/widths-again.png)"
import sys
import numpy as np
first, again = np.load(sys.argv[1]), np.load(sys.argv[2])
changed = np.argwhere((first != again).any(axis=2))
sys.exit("list rows changed at pixels %s" % changed[:5].tolist() if len(changed) else 0)
PY
  ok
  keys type 'q'
  wait_status; ok; }

# straight_separator SHOT: prints the pixel columns lit over (nearly: a line glyph may leave a pixel or two
# dark) the whole height of every cell row but the status bar, in the middle half of the window, where the
# list/preview separator is (thumbnails and the preview picture are farther out); fails when there is none.
straight_separator() { python3 - "$1" $cell "$columns" "$rows" <<'PY'
import sys
from PIL import Image
import numpy as np
path, cw, ch, columns, rows = sys.argv[1], *map(int, sys.argv[2:6])
lit = np.asarray(Image.open(path).convert("L"), dtype=np.int32) > 40
common = None
for row in range(rows - 1):
    band = lit[row * ch:(row + 1) * ch, columns * cw // 4: columns * cw * 3 // 4]
    full = set(np.nonzero(band.mean(axis=0) >= 0.8)[0])
    common = full if common is None else common & full
print(sorted(int(x) for x in common))
sys.exit(0 if common else 1)
PY
}

# list_area SHOT OUT.npy: the list's pixels (left of the separator, above the status bar) saved for comparing.
list_area() { python3 - "$1" "$2" $cell "$rows" <<'PY'
import sys
from PIL import Image
import numpy as np
path, out, cw, ch, rows = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
np.save(out, np.asarray(Image.open(path).convert("RGB"))[: (rows - 1) * ch, : 47 * cw])
PY
}

# quiet NAME: screenshots to $tmp/NAME.png until two in a row agree (the app has drawn what the keys asked
# for), up to 30 s.
quiet() { local last="" now i=0
  while [ $i -lt 60 ]; do
    shot "$tmp/$1.png"; now=$(md5sum < "$tmp/$1.png")
    [ "$now" = "$last" ] && return 0; last=$now; i=$((i+1)); sleep 0.5
  done; fail "the screen never settled ($1)"; }

# The screen against the app's own model of it: support/screen-check.sh (screen_checks and its parts).
source "$root/Tests/e2e/support/screen-check.sh"
