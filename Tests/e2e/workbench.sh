#!/usr/bin/env bash
# End to end, the designer's workbench in tmux: padding and scale changed live in the parameter panel, an export
# at @2x and @3x (PNG sizes checked), `y`'s command (taken from tmux's clipboard buffer, filled by OSC 52) and a
# saved preset reproducing `e`'s PNG pixel for pixel, the replace question, `E` with `~` and a new folder, a
# malformed presets file, the CLI refusing parameters that would blank the tiles, and relative values (5% typed in
# the panel, `%`, y's command reproducing e's export byte for byte).
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" workbench
python3 -c "import PIL" 2>/dev/null || pip install -q pillow
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache
mkdir -p "$HOME" "$tmp/out"
on_screen() { tmx capture-pane -p -t "$session" | grep -qF -- "$1"; }
key() { tmx send-keys -t "$session" "$@"; }
# png_pixels FILE: width, height and a hash of the decoded pixels as RGBA (through Pillow).
png_pixels() { python3 - "$1" <<'PY'
import hashlib, sys
from PIL import Image
image = Image.open(sys.argv[1])
assert image.format == "PNG", image.format
print(image.width, image.height, hashlib.sha256(image.convert("RGBA").tobytes()).hexdigest())
PY
}

tmx -f /dev/null new-session -d -s "$session" -x 200 -y 60 \
  "env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME $bin --fixtures $root/sample-data/groups.json --export-dir $tmp/out --cache-dir $tmp/cache; echo \$? > $tmp/status; sleep 30"
tmx set-option -s set-clipboard on
wait_for "Cat Lovers" 60 || fail "the app did not start"
wait_for "Parameters" 10 || fail "the parameter panel is not on at 200 columns"; ok

# ---- Padding and scale, live, in the panel: steps from the automatic 7.33 pt land on the step grid (8, 9, 10).
key Tab; key Down Down Down Down; key Right Right Right
wait_for "10 pt" 10 || fail "padding did not step from its automatic 7.33 pt to 10 pt"; ok
key Up Up; key Right
wait_for "10 pt · 20 px" 10 || fail "the panel does not show the padding in pixels at scale 2"; ok
key Tab
# ---- x x: export at @2x and @3x; e writes kittens@2x.png and kittens@3x.png.
key x x
wait_for "Export at @2x @3x" 5 || fail "x did not choose @2x @3x"
key e
i=0; until [ -s "$tmp/out/kittens@3x.png" ] && on_screen "Exported to"; do
  i=$((i+1)); [ $i -gt 300 ] && fail "e did not write kittens@2x.png and kittens@3x.png: $(ls "$tmp/out")"; sleep 0.1; done
read -r w2 h2 e2x < <(png_pixels "$tmp/out/kittens@2x.png")
read -r w3 h3 _ < <(png_pixels "$tmp/out/kittens@3x.png")
[ "${w2}x${h2}" = "264x264" ] || fail "@2x is ${w2}x${h2}, expected 264x264"
[ "${w3}x${h3}" = "396x396" ] || fail "@3x is ${w3}x${h3}, expected 396x396"
[ ! -e "$tmp/out/kittens.png" ] || fail "e wrote @1x although only @2x @3x were chosen"; ok

# ---- e again: the files exist, so it asks; n leaves them alone.
before=$(stat -c %Y.%s "$tmp/out/kittens@2x.png")
key e
wait_for "Replace $tmp/out/kittens@2x.png" 10 || fail "e did not ask before replacing"
key n
wait_for "Cancelled" 5 || fail "n did not cancel"
[ "$(stat -c %Y.%s "$tmp/out/kittens@2x.png")" = "$before" ] || fail "the file changed although n was answered"; ok

# ---- y: the export command, copied through OSC 52 into tmux's buffer; it reproduces e's @2x PNG exactly.
key y
wait_for "Export command" 5 || fail "y showed no command"
i=0; until tmx show-buffer 2>/dev/null | grep -q '^chat-tui export'; do
  i=$((i+1)); [ $i -gt 50 ] && fail "y copied nothing (OSC 52)"; sleep 0.1; done
command=$(tmx show-buffer)
grep -q -- "--padding 10\( \|$\)" <<<"$command" && grep -q -- "--scale 2" <<<"$command" \
  || fail "the command does not carry padding and scale: $command"
key q
mkdir -p "$tmp/handoff"
(cd "$tmp/handoff" && eval "$bin ${command#chat-tui }") 2>"$tmp/err" || { cat "$tmp/err"; fail "y's command failed: $command"; }
read -r _ _ handoff < <(png_pixels "$tmp/handoff/kittens@2x.png")
[ "$handoff" = "$e2x" ] || fail "y's command does not reproduce e's pixels"; ok
key Y
i=0; until tmx show-buffer 2>/dev/null | grep -q '^{'; do
  i=$((i+1)); [ $i -gt 50 ] && fail "Y copied no JSON"; sleep 0.1; done
tmx show-buffer | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["scale"]==2 and d["padding"]==10, d' \
  || fail "Y's JSON: $(tmx show-buffer)"; ok
key q

# ---- s: save a preset; the CLI's --preset gives the same pixels.
key s; tmx send-keys -t "$session" -l "handoff"; key Enter
wait_for "Saved presets to $XDG_CONFIG_HOME/chat-tui/presets.json" 10 || fail "s did not save the preset"
"$bin" export --fixtures "$root/sample-data/groups.json" --group kittens --output "$tmp/preset.png" --preset handoff \
  --no-cache 2>"$tmp/err" || { cat "$tmp/err"; fail "export --preset handoff failed"; }
read -r _ _ preset < <(png_pixels "$tmp/preset.png")
[ "$preset" = "$e2x" ] || fail "--preset handoff does not reproduce e's pixels"; ok

# ---- E with ~ and a folder that does not exist: asks, creates, saves the default names inside.
key E; tmx send-keys -t "$session" -l "~/deliver/"; key Enter
wait_for "The folder $HOME/deliver does not exist. Create it? (y/n)" 10 || fail "E did not ask before creating the folder"
key y
i=0; until [ -s "$HOME/deliver/kittens@3x.png" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "E wrote nothing into ~/deliver"; sleep 0.1; done
ok

key q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = 0 ] || fail "exit status $(cat "$tmp/status")"; ok
stop_server

# ---- A malformed presets file: the app starts and says which file; --preset fails naming it.
printf '{"presets": {"x": {"margin": 4,}}}' > "$XDG_CONFIG_HOME/chat-tui/presets.json"
tmx -f /dev/null new-session -d -s "$session" -x 200 -y 60 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME=$XDG_CONFIG_HOME $bin --fixtures $root/sample-data/groups.json --no-cache; echo \$? > $tmp/status2; sleep 30"
wait_for "presets not loaded: $XDG_CONFIG_HOME/chat-tui/presets.json:1:" 60 || fail "no message naming the malformed presets file"
wait_for "Cat Lovers" 5 || fail "the app did not start with a malformed presets file"; ok
# s does not save over a file it could not read.
key s
wait_for "Presets cannot be saved: $XDG_CONFIG_HOME/chat-tui/presets.json could not be read" 10 \
  || fail "s offered to save over an unreadable presets file"
[ "$(cat "$XDG_CONFIG_HOME/chat-tui/presets.json")" = '{"presets": {"x": {"margin": 4,}}}' ] || fail "the malformed file changed"; ok
key q
set +e; "$bin" export --fixtures "$root/sample-data/groups.json" --group kittens --output "$tmp/x.png" --preset x 2>"$tmp/err"
status=$?; set -e
[ $status -eq 2 ] && grep -q "presets.json:1:" "$tmp/err" || { cat "$tmp/err"; fail "--preset with a malformed file: exit $status"; }; ok

# ---- The CLI refuses what would blank the tiles (it used to write a blank PNG with exit 0).
set +e; "$bin" export --fixtures "$root/sample-data/groups.json" --all --output-dir "$tmp/all" --margin 33 --no-cache 2>"$tmp/err"
status=$?; set -e
[ $status -eq 2 ] && grep -q "at most 24.75" "$tmp/err" || { cat "$tmp/err"; fail "export --margin 33 exited $status"; }
[ ! -e "$tmp/all" ] || fail "a refused export wrote files"; ok
# ---- Issue 24: Esc never quits; q asks before leaving changes neither exported nor saved; the session is kept
# per fixture under XDG_STATE_HOME and restored on the next start; --fresh starts clean.
state=$tmp/state
start_app() { rm -f "$tmp/status3"; tmx -f /dev/null new-session -d -s "$session" -x 200 -y 60 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_STATE_HOME=$state $bin --fixtures $root/sample-data/groups.json --export-dir $tmp/out --no-cache $*; echo \$? > $tmp/status3; sleep 30"
  wait_for "Cat Lovers" 60 || fail "the app did not start ($*)"; }
screen_has() { local i=0; until tmx capture-pane -p -t "$session" | grep -qE -- "$1"; do
  i=$((i+1)); [ $i -gt 30 ] && return 1; sleep 0.1; done; }
exited() { local i=0; until [ -s "$tmp/status3" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "$1"; sleep 0.1; done
  [ "$(cat "$tmp/status3")" = 0 ] || fail "exit status $(cat "$tmp/status3")"; }
stop_server
start_app
key ']' ']' '?'; key Escape; key Escape
sleep 0.5
[ ! -s "$tmp/status3" ] || fail "Esc quit the app (exit $(cat "$tmp/status3"))"
screen_has "Margin +9 pt" || fail "] ] did not step the margin from its automatic 7.33 pt to 9 pt"; ok
key q
wait_for "Quit? These parameters are not exported or saved" 5 || fail "q did not ask before leaving the tuning"
key y
exited "y did not quit"
grep -q '"margin": 9' "$state"/chat-tui/sessions/*.json || fail "no session with margin 9 under $state"; ok
stop_server
start_app
screen_has "Margin +9 pt" || fail "the session was not restored (margin 9 pt)"; ok
key q
exited "q after a restored session did not quit at once"; ok
stop_server
start_app --fresh
screen_has "Margin +auto 7.33 pt" || fail "--fresh did not start clean"; ok

# ---- Issue 24: E uses a typed path as typed at one scale and shows the names first; /dev/null is refused.
key Tab Down Down Right Tab
screen_has "Scale +2( |$)" || fail "the scale did not step to 2"
key E C-u; tmx send-keys -t "$session" -l "$tmp/out/typed.png"; sleep 0.3
wait_for "→ $tmp/out/typed.png" 5 || fail "the E prompt does not show the file it writes"
key Enter
i=0; until [ -s "$tmp/out/typed.png" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "E wrote nothing to typed.png"; sleep 0.1; done
read -r w h _ < <(png_pixels "$tmp/out/typed.png")
[ "${w}x${h}" = "264x264" ] || fail "typed.png is ${w}x${h}, expected 264x264 at scale 2"
[ ! -e "$tmp/out/typed@2x.png" ] || fail "E appended @2x to the typed path"; ok
key E C-u; tmx send-keys -t "$session" -l "/dev/null"; key Enter
wait_for "Cannot export to /dev/null" 10 || fail "E to /dev/null was not refused"
[ ! -e /dev/null@2x ] || fail "E created /dev/null@2x"; ok

# ---- Issue 24: a typed value that is wrong says why in the prompt at once; Ctrl-U clears the line.
key Tab Down Enter; tmx send-keys -t "$session" -l "abc"; key Enter
wait_for "margin: expected a length in points" 5 || fail "the error of margin: abc is not shown in the prompt"
screen_has "^margin: abc" || fail "the prompt did not stay open with abc"; ok
key C-u; tmx send-keys -t "$session" -l "6"; key Enter
wait_for "6 pt" 5 && screen_has "Margin +6 pt" || fail "margin 6 after Ctrl-U was not applied"; ok

# ---- Issue 24: relative values. 5% typed in the panel shows its points at 132 pt; % turns it into points and
# back; a tile radius of the tile; e's export is reproduced byte for byte by y's command, which keeps 5% and tile20%.
key Enter C-u; tmx send-keys -t "$session" -l "5%"; key Enter
screen_has "Margin +5% \(6\.6 pt\)" || fail "margin 5% does not show as 5% (6.6 pt)"; ok
key %
screen_has "Margin +6\.6 pt" || fail "% did not turn 5% into 6.6 pt"
key %
screen_has "Margin +5% \(6\.6 pt\)" || fail "% did not turn 6.6 pt back into 5%"; ok
key Down Down Down Enter C-u; tmx send-keys -t "$session" -l "tile 20%"; key Enter
screen_has "Tile radius +tile 20% \(" || fail "tile radius tile 20% is not shown as typed"; ok
key Tab
rm -f "$tmp/out/kittens@2x.png"
key e
i=0; until [ -s "$tmp/out/kittens@2x.png" ] && on_screen "Exported to"; do
  i=$((i+1)); [ $i -gt 300 ] && fail "e did not write kittens@2x.png with relative values"; sleep 0.1; done
tmx set-option -s set-clipboard on
key y
i=0; until tmx show-buffer 2>/dev/null | grep -q '^chat-tui export'; do
  i=$((i+1)); [ $i -gt 50 ] && fail "y copied nothing with relative values (OSC 52)"; sleep 0.1; done
command=$(tmx show-buffer)
grep -q -- "--margin 5% " <<<"$command" && grep -q -- "--tile-radius tile20%" <<<"$command" \
  || fail "y's command does not keep the relative values: $command"
key q
mkdir -p "$tmp/relative"
(cd "$tmp/relative" && eval "$bin ${command#chat-tui }") 2>"$tmp/err" || { cat "$tmp/err"; fail "y's command failed: $command"; }
cmp -s "$tmp/relative/kittens@2x.png" "$tmp/out/kittens@2x.png" \
  || fail "y's command with relative values does not reproduce e's export byte for byte"; ok

key q y
exited "q y did not quit"
echo "$checks passed, 0 failed"
