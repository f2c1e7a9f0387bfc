# The screen of chat-tui in a real terminal against the app's own model of it (issue 35); `source`d by
# x-terminal.sh and graphics-tmux.sh, which provide root, tmp, cell, shot FILE, ok and fail. The app started
# with `CHAT_TUI_SCREEN_DUMP=$screen_dump` writes, after each frame, what it believes the terminal holds: every
# cell and every picture (docs/DEVELOPMENT.md); support/screen_check.py compares a screenshot with it cell for
# cell. Keys go by screen_type TEXT and screen_key NAME (xdotool's key names: Escape, ctrl+l), xdotool to the
# terminal window unless the sourcing script defines them first.
# Where a terminal draws a grapheme its own way (a flag, an emoji's glyph), the app cannot control the pixels:
# the check asks only for ink in the columns the app laid the grapheme out in, and its background.
screen_dump=$tmp/screen.json
check_py=$root/Tests/e2e/support/screen_check.py
# Cell rows above the app's screen in the screenshot (tmux's status line at the top).
screen_offset=${screen_offset:-0}
declare -F screen_type >/dev/null || screen_type() { keys type "$1"; }
declare -F screen_key >/dev/null || screen_key() { keys key "$1"; }

# use_screen_fixture: the sample data copied to $tmp/sample, its groups.json the fixture from now on, so that a
# member's photo can change under the running app (live reload).
use_screen_fixture() {
  cp -r "$root/sample-data" "$tmp/sample"
  fixture=$tmp/sample/groups.json; }

# screen_frame: the number of frames the app has drawn (0 before its first); screen_model: a digest of its
# model of the screen, the frame counter aside.
screen_frame() { sed -n 's/^{"frame":\([0-9]*\),.*/\1/p' "$screen_dump" 2>/dev/null | grep . || echo 0; }
screen_model() { sed 's/^{"frame":[0-9]*,//' "$screen_dump" 2>/dev/null | md5sum; }
# screen_quiet [FRAME [MODEL]]: waits until the app has drawn a frame after FRAME (default: any) and, with MODEL,
# its model differs from that digest (up to 20 s), then until the model stays the same over three reads 0.3 s
# apart and shows no picture being composed (up to 30 s).
screen_quiet() { local since=${1:--1} before=${2:-} last="" now i=0 same=0
  while [ $i -lt 100 ] && { [ "$(screen_frame)" -le "$since" ] || [ "$(screen_model)" = "$before" ]; }; do
    i=$((i+1)); sleep 0.2; done
  i=0
  while [ $i -lt 100 ]; do
    now=$(screen_model)
    if [ "$now" = "$last" ] && ! screen_composing; then same=$((same+1)); [ $same -ge 2 ] && return 0
    else same=0; fi
    last=$now; i=$((i+1)); sleep 0.3
  done; }
# screen_composing: whether the app's screen says a picture is still being made ("composing…").
screen_composing() { python3 -c 'import json,sys
try: cells = json.load(open(sys.argv[1]))["cells"]
except (OSError, ValueError): sys.exit(0)
sys.exit(0 if any("composing" in "".join(c[0] for c in row) for row in cells) else 1)' "$screen_dump"; }
# screen_matches TERMINAL MOMENT: screenshots until one matches the app's model of the screen (the model read
# just before and just after it, unchanged), for up to 30 s; fails with the first mismatching cells (the
# screenshot with those cells framed in red is kept as screen-MOMENT-diff.png with E2E_KEEP).
# A moment named in SCREEN_KNOWN (MOMENT=REASON, space-separated) is a terminal's own bug the app does not cause:
# after three shots its mismatches are printed as known, not failed.
screen_matches() { local terminal=$1 moment=$2 out="" i=0 status limit=30 known=""
  for known in ${SCREEN_KNOWN:-}; do [ "${known%%=*}" = "$moment" ] && { limit=3; break; }; known=""; done
  while [ $i -lt $limit ]; do
    i=$((i+1))
    # The model as screen-MOMENT.txt, beside the screenshot, so that E2E_KEEP keeps both.
    cp "$screen_dump" "$tmp/screen-$moment.txt" 2>/dev/null || { sleep 0.5; continue; }
    shot "$tmp/screen-$moment.png"
    cp "$screen_dump" "$tmp/screen-after.json"
    status=0
    out=$(python3 "$check_py" "$tmp/screen-$moment.png" "$tmp/screen-$moment.txt" --after "$tmp/screen-after.json" \
      --cell $cell --offset "$screen_offset" --annotate "$tmp/screen-$moment-diff.png") || status=$?
    [ $status -eq 0 ] && { echo "$terminal: $moment: $out (${SECONDS}s)"; ok; return 0; }
    [ $status -eq 2 ] || sleep 0.5
  done
  [ -n "$known" ] && { echo "$terminal: $moment: KNOWN terminal bug (${known#*=}): $out"; return 0; }
  fail "$terminal: $moment: the screen is not what the app drew: $out"; }
# screen_press KEYS...: types KEYS (words typed as they are, or `key NAME` pairs) and waits until the app has
# drawn something else and stopped drawing (screen_quiet). With SAME=1 the model may stay as it was (Ctrl-L:
# the same screen, drawn again). screen_after TERMINAL MOMENT KEYS...: that, then screen_matches.
screen_press() { local since before=""
  since=$(screen_frame); [ "${SAME:-0}" = 1 ] || before=$(screen_model)
  while [ $# -gt 0 ]; do
    if [ "$1" = key ]; then screen_key "$2"; shift 2; else screen_type "$1"; shift; fi
  done
  screen_quiet "$since" "$before"; }
screen_after() { local terminal=$1 moment=$2; shift 2
  screen_press "$@"
  screen_matches "$terminal" "$moment"; }

# screen_checks TERMINAL [PHOTO]: on the app started by run_in with the screen fixture (use_screen_fixture) and
# CHAT_TUI_SCREEN_DUMP, the screen matches the app's model at start, after scrolling to the rows with flags,
# 🔕, the ZWJ family and CJK names, with the help and the A/B differences open, after Esc closes each of them
# and the warnings list,
# after the selected group's member PHOTO (a file under $tmp/sample/avatars, default tanaka.jpg) changes and
# changes back (live reload), and after Ctrl-L; then `g` goes back to the top, as the app started.
screen_checks() { local terminal=$1 photo=$tmp/sample/avatars/${2:-tanaka.jpg} started=$SECONDS
  screen_quiet 0; screen_matches "$terminal" start
  screen_after "$terminal" scrolled "$(printf 'j%.0s' $(seq 30))"
  # The warnings list open is left out (CI time): the help and the differences cover the same ground.
  screen_press w; screen_after "$terminal" warnings-closed key Escape
  screen_after "$terminal" help '?'
  screen_after "$terminal" help-closed key Escape
  # A pinned (shown beside B): the differences overlay, then A unpinned again.
  screen_after "$terminal" comparison p a
  screen_after "$terminal" comparison-closed key Escape
  screen_press p
  cp "$photo" "$tmp/photo.keep"
  local before; before=$(screen_model)
  cp "$tmp/sample/avatars/alice.jpg" "$photo.new"; mv "$photo.new" "$photo"
  screen_quiet -1 "$before"; screen_matches "$terminal" photo-changed
  before=$(screen_model)
  cp "$tmp/photo.keep" "$photo.new"; mv "$photo.new" "$photo"
  screen_quiet -1 "$before"; screen_matches "$terminal" photo-restored
  SAME=1 screen_after "$terminal" ctrl-l key ctrl+l
  screen_press g
  echo "$terminal: the screen checks took $((SECONDS - started)) s"; }

# screen_window_switch TERMINAL SERVER: on the app in window 0 of session `main` of the tmux server on socket
# SERVER (with `focus-events on`), a second window is opened (the screenshot then shows no picture) and closed
# again, back to the app's window: tmux redraws the pane's text without the pictures and tells the app it has
# the focus again, and the app repaints; the screen matches the app's model again. With OTHER_WINDOW_KNOWN=REASON
# pictures left over the other window are the terminal's (reported, not failed).
screen_window_switch() { local terminal=$1 server=$2 since i=0 size left limit=40
  [ -n "${OTHER_WINDOW_KNOWN:-}" ] && limit=4
  size=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["columns"], d["rows"])' "$screen_dump")
  tmux -L "$server" new-window -t main: "sleep 600"
  until shot "$tmp/screen-other-window.png" \
      && left=$(python3 "$root/Tests/e2e/support/screen_measure.py" colour "$tmp/screen-other-window.png" \
        "$tmp/screen-other-window.png" $cell $size "$screen_offset") && [ "$left" -lt 50 ]; do
    i=$((i+1)); [ $i -gt $limit ] && break; sleep 0.5; done
  if [ "$left" -ge 50 ]; then
    [ -n "${OTHER_WINDOW_KNOWN:-}" ] || fail "$terminal: tmux's other window still shows $left coloured pixels"
    echo "$terminal: other window: KNOWN ($OTHER_WINDOW_KNOWN): $left coloured pixels of the app's pictures stay"
  else ok; fi
  since=$(screen_frame)
  tmux -L "$server" kill-window -t main:1
  screen_quiet "$since"
  screen_matches "$terminal" window-switch; }
