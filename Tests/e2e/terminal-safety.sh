#!/usr/bin/env bash
# End to end: fixture text that tries to drive the terminal (ESC/CSI clear screen and colours, OSC 0/2 title,
# OSC 52 clipboard, C1 CSI, bidi overrides, zero-width characters) is shown escaped or stripped, in the app
# (run in tmux) and in `chat-tui export`'s messages: the screen is not cleared, the pane title and the
# clipboard are unchanged, the layout is intact, and stderr carries no raw control characters. `y` on a group
# whose id holds such characters copies a command free of them that bash reads the exact id from; 300 bytes
# typed ahead while the app queries the terminal all arrive as keys, and the keyboard keeps working.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" safety
screen() { tmx capture-pane -p -t "$session"; }

python3 - "$tmp/hostile-names.json" <<'PY'
import json, sys
E = "\u001b"
groups = [
    {"id": "clear", "name": "Clear" + E + "[2J" + E + "[HScreen", "lastMessage": "red " + E + "[31mALERT" + E + "[0m",
     "members": [{"id": "c1", "name": "Eve" + E + "[2J", "avatar": "missing-eve.png"}]},
    {"id": "title", "name": "Title" + E + "]0;pwned-title\u0007Set", "lastMessage": "osc" + E + "]2;pwned2" + E + "\\",
     "members": [{"id": "t1", "name": "Mallory" + E + "]0;pwned\u0007", "avatar": "missing-mallory.png"}]},
    {"id": "clip", "name": "Clip" + E + "]52;c;cHduZWQ=\u0007board", "lastMessage": "c1 \u009b2J csi",
     "members": [{"id": "k1", "name": "Trudy\u009b31m", "avatar": "missing-trudy.png"}]},
    {"id": "bidi", "name": "Bidi\u202eesrever\u202c end", "lastMessage": "zero\u200bwidth\u2060joiner\ufeff",
     "members": [{"id": "b1", "name": "Zed\u200b\u202e\u2066", "avatar": "missing-zed.png"}]},
    {"id": "plain", "name": "Plain Group", "lastMessage": "hello", "members": [{"id": "p1", "name": "Alice"}]},
    # An id that, copied raw by y, would end bracketed paste and run a command when pasted into a shell.
    {"id": "x" + E + "[201~touch pwned\u0003\n" + E + "]52;c;eA==\u0007\u009b\u202e", "name": "Paste Group",
     "lastMessage": "paste", "members": [{"id": "z1", "name": "Zoe"}]},
]
json.dump({"groups": groups}, open(sys.argv[1], "w"))
PY

# ---- The app in tmux. It starts only once the pane title is set, so the title is known before it runs.
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 30 \
  "while [ ! -e $tmp/go ]; do sleep 0.05; done; env TERM=tmux-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $tmp/hostile-names.json --no-cache; echo \$? > $tmp/status; sleep 30"
tmx set-option -g set-clipboard on   # an OSC 52 that got through would create a tmux paste buffer
tmx select-pane -t "$session" -T "safe-title"
touch "$tmp/go"
wait_for "Plain Group" 60 || fail "the chat list did not appear"; ok
wait_settled || fail "the first screen was never drawn whole"

screen > "$tmp/screen.txt"
# Every hostile string is on screen in its defused form, in its row: names on rows 1, 4, 7, ...
python3 - "$tmp/screen.txt" <<'PY' || fail "defused names or layout"
import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
expected = {0: "Clear^[[2J^[[HScreen", 1: "red ^[[31mALERT^[[0m", 3: "Title^[]0;pwned-title^GSet",
            4: "osc^[]2;pwned2^[\\", 6: "Clip^[]52;c;cHduZWQ=^Gboard", 7: "c1 \ufffd2J csi",
            9: "Bidiesrever end", 10: "zerowidthjoiner", 12: "Plain Group", 13: "hello"}
for row, text in expected.items():
    assert text in rows[row], "row %d is %r, expected it to hold %r" % (row, rows[row], text)
# No control character, C1 control, bidi or zero-width character reached a cell.
for row in rows:
    bad = [c for c in row if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u200b\u2060\u202a\u202b\u202c\u202d\u202e\u2066\ufeff"]
    assert not bad, "control characters %r in %r" % (bad, row)
# The layout: the list/preview divider is in the same column on every row above the status bar.
columns = {row.index("\u2502") for row in rows[:29] if "\u2502" in row}
assert len(columns) == 1 and len([r for r in rows[:29] if "\u2502" in r]) == 29, "divider columns %r" % columns
assert "? help" in rows[29], "status bar %r" % rows[29]
PY
ok
# The warning arrives with the composite, which may take a moment on a loaded machine.
wait_for 'Eve^[[2J' 30 || fail "the warning about Eve is not shown defused in the status bar"; ok
[ "$(tmx display -p -t "$session" '#{pane_title}')" = "safe-title" ] || fail "the pane title changed to '$(tmx display -p -t "$session" '#{pane_title}')'"; ok
[ -z "$(tmx list-buffers)" ] || fail "an OSC 52 clipboard write got through: $(tmx list-buffers)"; ok

# Select each hostile group in turn (its name goes into the preview header, its warning into the status bar).
for _ in 1 2 3; do
  tmx send-keys -t "$session" j
  wait_settled 10 || fail "the screen was never drawn whole after j"
done
wait_for "Zed" 10 || fail "the bidi group's member warning did not show"; ok
screen > "$tmp/screen2.txt"
python3 -c "
import sys
text = open('$tmp/screen2.txt', encoding='utf-8').read()
bad = [hex(ord(c)) for c in text if (ord(c) < 0x20 and c != '\n') or 0x7F <= ord(c) <= 0x9F or c in '\u200b\u202e\u2066']
assert not bad, bad
" || fail "control characters on screen after moving the selection"; ok
[ "$(tmx display -p -t "$session" '#{pane_title}')" = "safe-title" ] || fail "the pane title changed"; ok
[ -z "$(tmx list-buffers)" ] || fail "an OSC 52 clipboard write got through"; ok

# y on the group with the hostile id: the copied command (OSC 52, into tmux's buffer) holds no control, C1 or
# bidi character, and bash reads the exact id back from it.
tmx send-keys -t "$session" j
tmx send-keys -t "$session" j
wait_for "Paste Group" 10 || fail "the paste group is not shown"
tmx send-keys -t "$session" y
i=0; until tmx show-buffer 2>/dev/null | grep -q '^chat-tui export'; do
  i=$((i+1)); [ $i -gt 50 ] && fail "y copied nothing (OSC 52)"; sleep 0.1; done
tmx show-buffer > "$tmp/copied.txt"
python3 - "$tmp/copied.txt" <<'PY' || fail "the copied command is not safe to paste"
import subprocess, sys
command = open(sys.argv[1], "rb").read().decode("utf-8")
bad = [hex(ord(c)) for c in command if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\ufeff"]
assert not bad, "control characters %s in the copied command %r" % (bad, command)
words = subprocess.run(["bash", "--norc", "--noprofile", "-c", "printf '%s\\0' " + command], capture_output=True,
                       check=True).stdout.decode("utf-8").split("\0")[:-1]
expected = "x\u001b[201~touch pwned\u0003\n\u001b]52;c;eA==\u0007\u009b\u202e"
assert words[words.index("--group") + 1] == expected, "bash reads the group as %r" % words
PY
ok
# Any key closes the overlay (not Escape: an ESC followed at once by q would be read as Alt+q).
tmx send-keys -t "$session" Space

tmx send-keys -t "$session" q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status")"; ok

# ---- Typed ahead: 300 bytes waiting when the app starts (a paste right after the command) while it asks the
# terminal about graphics. Every one reaches the app as a key, and the keys after them still work (137 or more
# left the keyboard dead once, until Ctrl-C).
session="$session-ahead"
rm -f "$tmp/status"
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 30 \
  "while [ ! -e $tmp/go-ahead ]; do sleep 0.05; done; stty -echo; sleep 1; env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $tmp/hostile-names.json --no-cache --graphics kitty; echo \$? > $tmp/status; sleep 30"
touch "$tmp/go-ahead"
sleep 0.3
# A filter of 299 letters: it shows on the status line when every byte arrived, in order. The shell does not
# echo them (stty -echo), so what shows is the app's own prompt.
tmx send-keys -t "$session" -l "/$(printf 'ab%.0s' $(seq 149))z"
wait_for "ababababab" 60 || fail "the typed-ahead filter did not arrive"
wait_for "abz" 10 || fail "the end of the typed-ahead filter did not arrive"; ok
tmx send-keys -t "$session" Enter
tmx send-keys -t "$session" Escape
wait_for "Plain Group" 10 || fail "Escape did not clear the filter: keys after the typed-ahead bytes are lost"; ok
tmx send-keys -t "$session" q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit after typed-ahead input"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "exit status $(cat "$tmp/status")"; ok

# ---- Replies the app never reads as keys: a fake terminal (a pty) answers the colour question with a DECRQSS
# report dripping at 30 ms a byte, past the question's deadline, and later sends a 1 MB DCS string; then q. The
# app quits at once each time, and the session it saves has the parameters of a run without those replies.
cat > "$tmp/fake_terminal.py" <<'PY'
import os, pty, select, sys, time
binary, fixture, mode = sys.argv[1:4]
env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
env.pop("COLORTERM", None)
pid, fd = pty.fork()
if pid == 0:
    os.execve(binary, [binary, "--fixtures", fixture, "--no-cache", "--graphics", "halfblock"], env)
seen = b""
def read(seconds):
    global seen
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if ready:
            try: seen += os.read(fd, 65536)
            except OSError: return
def wait_for(text, seconds):
    end = time.time() + seconds
    while text not in seen and time.time() < end: read(0.05)
    return text in seen
assert wait_for(b"$qm", 30), "the colour question was not asked"
if mode in ("drip", "both"):
    for byte in b"\x1bP1$r0;38:2::17:34:51m\x1b\\":
        os.write(fd, bytes([byte])); read(0.03)
assert wait_for(b"help", 60), "the app did not draw"
read(1)
if mode in ("huge", "both"):
    os.write(fd, b"\x1bP" + b"j" * (1 << 20) + b"\x1b\\")
started = time.time()
os.write(fd, b"q")
while True:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done: break
    if time.time() - started > 5: os.kill(pid, 9); sys.exit("q was not read within 5 s")
    read(0.05)
assert os.waitstatus_to_exitcode(status) == 0, "exit status %d" % os.waitstatus_to_exitcode(status)
PY
cp "$root/sample-data/groups.json" "$tmp/replies.json"
session_file() { find "$XDG_STATE_HOME" -name '*.json' -newer "$tmp/replies.json" -print0 | xargs -0 ls -t | head -1; }
python3 "$tmp/fake_terminal.py" "$bin" "$tmp/replies.json" none || fail "the app under a fake terminal"
cp "$(session_file)" "$tmp/session-plain.json"
for mode in drip huge; do
  touch "$tmp/replies.json"; sleep 0.01
  python3 "$tmp/fake_terminal.py" "$bin" "$tmp/replies.json" $mode || fail "$mode reply: the app did not quit on q"
  python3 - "$tmp/session-plain.json" "$(session_file)" <<'PY' || fail "$mode reply: its bytes were read as keys"
import json, sys
plain, after = (json.load(open(path)) for path in sys.argv[1:3])
for record in (plain, after): record.pop("savedAt", None)
assert plain == after, "the session changed: %r -> %r" % (plain, after)
PY
  ok
done

# ---- TERM names a terminal without a terminfo entry here: the app starts as xterm-256color and says so.
session="$session-ghostty"
rm -f "$tmp/status"
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 30 \
  "env TERM=xterm-ghostty LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $tmp/hostile-names.json --no-cache; echo \$? > $tmp/status; sleep 30"
wait_for "Plain Group" 60 || fail "TERM=xterm-ghostty: the app did not start"
wait_for "drawn as xterm-256color" 10 || fail "TERM=xterm-ghostty: no note on the status line"; ok
tmx send-keys -t "$session" q
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "TERM=xterm-ghostty: q did not exit"; sleep 0.1; done
[ "$(cat "$tmp/status")" = "0" ] || fail "TERM=xterm-ghostty: exit status $(cat "$tmp/status")"; ok

# ---- Widths measured: names with flags, 🔕, a ZWJ family, a toned thumb, ❤️, CJK and long names. The app asks
# tmux how wide it draws each kind; every row's separator is then in the same column of tmux's grid (counted
# as tmux counts: the C library's wcwidth per character, joiners and selectors none).
python3 "$root/Tests/e2e/support/widths_fixture.py" "$tmp/widths.json"
session="$session-widths"
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 30 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 $bin --fixtures $tmp/widths.json --no-cache; sleep 30"
wait_for "Thumbs" 60 || fail "widths: the list did not appear"
wait_settled || fail "widths: the screen was never drawn whole"
tmx capture-pane -p -t "$session" > "$tmp/widths.txt"
python3 - "$tmp/widths.txt" <<'PY' || fail "widths: the separator is not straight"
import ctypes, locale, sys
locale.setlocale(locale.LC_ALL, "C.UTF-8")
libc = ctypes.CDLL("libc.so.6")
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")[:29]
columns = {}
for number, row in enumerate(rows):
    assert "\u2502" in row, "row %d has no separator: %r" % (number, row)
    before = row[: row.index("\u2502")]
    columns.setdefault(sum(max(0, libc.wcwidth(ctypes.c_wchar(c))) for c in before), []).append(number)
assert len(columns) == 1, "separator columns (column: rows) %r" % columns
# The flags whose width curses and tmux count apart are shown by their region letters.
assert any("CN China Team" in row for row in rows), "the flag is not drawn as its region letters"
PY
ok
# Rows repainted in part (the selection moving away and back, the help overlay over the list and gone) read as
# they did: a grapheme drawn wider or narrower than curses counts leaves stray characters there.
for step in j j j k k k '?' Escape; do tmx send-keys -t "$session" "$step"; wait_settled 10 || fail "widths: $step"; done
tmx capture-pane -p -t "$session" > "$tmp/widths-again.txt"
python3 - "$tmp/widths.txt" "$tmp/widths-again.txt" <<'PY' || fail "widths: the list changed after moving and the help overlay"
import sys
first, again = (open(path, encoding="utf-8").read().split("\n")[:29] for path in sys.argv[1:3])
for number, (was, now) in enumerate(zip(first, again)):
    assert was[: was.index("\u2502")] == now[: now.index("\u2502")], "row %d: %r became %r" % (number, was, now)
PY
ok

# ---- export: warnings and errors that quote such names carry no raw control characters.
# check_clean FILE: no C0 control but newline, no DEL, no C1 control, no bidi or zero-width character.
check_clean() { python3 - "$1" <<'PY'
import sys
text = open(sys.argv[1], "rb").read().decode("utf-8")
bad = [hex(ord(c)) for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F
       or c in "\u200b\u200c\u2060\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"]
assert not bad, "raw control characters on stderr: %s" % bad
PY
}
set +e; "$bin" export --fixtures "$tmp/hostile-names.json" --all --output-dir "$tmp/out" --no-cache 2>"$tmp/err"; status=$?; set -e
[ $status -eq 0 ] || { cat "$tmp/err"; fail "export exited $status"; }
[ "$(grep -c '^warning: ' "$tmp/err")" -eq 4 ] || { cat "$tmp/err"; fail "expected four warnings"; }
grep -qF 'member "Eve^[[2J" (c1)' "$tmp/err" || { cat "$tmp/err"; fail "Eve's warning"; }
check_clean "$tmp/err" || fail "export --all warnings"; ok
set +e; "$bin" export --fixtures "$tmp/hostile-names.json" --group title --output "$tmp/one.png" --no-cache 2>"$tmp/err"; set -e
grep -qF 'Mallory^[]0;pwned^G' "$tmp/err" || { cat "$tmp/err"; fail "Mallory's warning"; }
check_clean "$tmp/err" || fail "export --group warnings"; ok
set +e; "$bin" export --fixtures "$tmp/hostile-names.json" --group $'\e]0;x\a\xc2\x9b' --output "$tmp/x.png" --no-cache 2>"$tmp/err"; set -e
grep -q 'no group with id' "$tmp/err" || { cat "$tmp/err"; fail "unknown group message"; }
check_clean "$tmp/err" || fail "unknown-group message"; ok
# A schema error quoting a hostile duplicate id (this one reached stderr raw before the fix).
printf '{"groups": [{"id": "\\u009b2J\\u202e\\u001b]0;t\\u0007", "name": "a", "members": []}, {"id": "\\u009b2J\\u202e\\u001b]0;t\\u0007", "name": "b", "members": []}]}' > "$tmp/dup.json"
set +e; "$bin" export --fixtures "$tmp/dup.json" --all --output-dir "$tmp/out2" --no-cache 2>"$tmp/err"; status=$?; set -e
[ $status -eq 1 ] && grep -q 'duplicate id' "$tmp/err" || { cat "$tmp/err"; fail "duplicate id message"; }
check_clean "$tmp/err" || fail "duplicate-id message"; ok
echo "$checks passed, 0 failed"
