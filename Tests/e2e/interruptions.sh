#!/usr/bin/env bash
# End to end: interruptions. Ctrl-C, SIGTERM and SIGHUP to the app (in tmux) restore the terminal, and so do the
# signals of a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE: sent from outside, a test-only trigger
# that ships nothing), which must also end the app with the signal's status; an export killed with SIGKILL at
# random moments leaves every PNG either the old or the new one, never a partial; a full or read-only disk
# fails with a clear message, exit 1 and the old file intact.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" interrupt
mounted=""
extra_cleanup() { [ -z "$mounted" ] || umount "$mounted" 2>/dev/null || true; }
# wait_until SECONDS COMMAND...: polls COMMAND every 0.1 s.
wait_until() { local limit=$1 i=0; shift; until "$@"; do i=$((i+1)); [ $i -gt $((limit*10)) ] && return 1; sleep 0.1; done; }
on_screen() { tmx capture-pane -p -t "$session" | grep -qF -- "$1"; }
pane() { tmx display -p -t "$session" "$1"; }
# The terminal modes as a set of words, read from outside the pane.
modes() { stty -a -F "$(pane '#{pane_tty}')" | tr ' ;\n' '\n\n\n'; }
has_mode() { modes | grep -qx -- "$1"; }

# ---- Signals to the interactive app. The pane runs a plain sh (no line editor that would fix the modes), with
# core dumps off for the crash signals.
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 36 \
  "env PS1='$ ' TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 sh"
tmx send-keys -t "$session" "ulimit -c 0" Enter
for signal in INT TERM HUP SEGV BUS ILL TRAP ABRT FPE; do
  rm -f "$tmp/pid" "$tmp/status" "$tmp/stty.txt"
  tmx send-keys -t "$session" "sh -c 'echo \$\$ > $tmp/pid; exec $bin --fixtures $root/sample-data/groups.json --no-cache'; echo \$? > $tmp/status" Enter
  wait_until 60 on_screen "Cat Lovers" || fail "SIG$signal: the app did not start"
  [ "$(pane '#{alternate_on}')" = 1 ] || fail "SIG$signal: the app does not use the alternate screen"
  [ "$(pane '#{mouse_any_flag}')" = 1 ] && [ "$(pane '#{keypad_cursor_flag}')" = 1 ] \
    || fail "SIG$signal: the app has mouse or keypad mode off"
  has_mode -icanon && has_mode -echo || fail "SIG$signal: the app runs with canonical input or echo on"
  case $signal in
    INT) tmx send-keys -t "$session" C-c ;;
    *) kill -s "$signal" "$(cat "$tmp/pid")" ;;
  esac
  wait_until 20 test -s "$tmp/status" || fail "SIG$signal: the app did not exit"
  want=$((128 + $(kill -l "$signal")))
  [ "$(cat "$tmp/status")" = "$want" ] || fail "SIG$signal: exit status $(cat "$tmp/status"), expected $want"; ok
  [ "$(pane '#{alternate_on}')" = 0 ] || fail "SIG$signal: the alternate screen is still on"; ok
  [ "$(pane '#{cursor_flag}')" = 1 ] || fail "SIG$signal: the cursor is still hidden"; ok
  [ "$(pane '#{mouse_any_flag}')" = 0 ] && [ "$(pane '#{keypad_cursor_flag}')" = 0 ] \
    || fail "SIG$signal: mouse or keypad mode still on"; ok
  # stty in the same pane, as a user would type it.
  tmx send-keys -t "$session" "stty -a > $tmp/stty.txt" Enter
  wait_until 10 test -s "$tmp/stty.txt" || fail "SIG$signal: stty did not run in the pane"
  words=$(tr ' ;\n' '\n\n\n' < "$tmp/stty.txt")
  grep -qx icanon <<<"$words" && grep -qx echo <<<"$words" || { cat "$tmp/stty.txt"; fail "SIG$signal: icanon/echo not restored"; }; ok
  tmx send-keys -t "$session" clear Enter
done

# ---- kill -9 during export --all: every PNG stays complete.
python3 scripts/generate-big-fixture.py 40 "$tmp/many.json" >/dev/null 2>&1
out=$tmp/exported
# png_complete FILE: signature, then chunks with valid CRCs up to IEND, and nothing after it.
check_pngs() { python3 - "$@" <<'PY'
import struct, sys, zlib
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "%s: no PNG signature" % path
    index, kind = 8, b""
    while kind != b"IEND":
        assert index + 12 <= len(data), "%s: ends before IEND" % path
        length, kind = struct.unpack(">I4s", data[index:index + 8])
        end = index + 8 + length
        assert end + 4 <= len(data), "%s: chunk %s cut short" % (path, kind)
        crc = struct.unpack(">I", data[end:end + 4])[0]
        assert crc == zlib.crc32(data[index + 4:end]) & 0xFFFFFFFF, "%s: bad CRC in %s" % (path, kind)
        index = end + 4
    assert index == len(data), "%s: bytes after IEND" % path
PY
}
"$bin" export --fixtures "$tmp/many.json" --all --output-dir "$out" --no-cache --size 100 --scale 2 2>/dev/null \
  || fail "the first full export failed"
[ "$(ls "$out" | grep -c '\.png$')" -eq 40 ] || fail "the first export did not write 40 PNGs"
leftovers=0
for round in $(seq 1 16); do
  background=$(printf '#%06X' $((RANDOM * RANDOM % 16777216)))
  "$bin" export --fixtures "$tmp/many.json" --all --output-dir "$out" --no-cache --size 100 --scale 2 \
    --background "$background" >/dev/null 2>&1 &
  victim=$!
  # A random moment, now and then a later one: the kill must land anywhere in the export, so time must pass.
  sleep "0.$((RANDOM % 10))$((RANDOM % 10))"; [ $((round % 3)) -eq 0 ] && sleep 1
  kill -9 $victim 2>/dev/null || true
  wait $victim 2>/dev/null || true
  # Every *.png is complete; anything else is one of writeAtomically's hidden temporary files.
  check_pngs "$out"/*.png || fail "round $round: a PNG is damaged after kill -9"
  [ "$(ls "$out" | grep -c '\.png$')" -eq 40 ] || fail "round $round: PNGs went missing"
  others=$(ls -A "$out" | grep -v '\.png$' || true)
  if [ -n "$others" ]; then
    grep -qvE '^\.chat-tui-[0-9a-f]{16}\.tmp$' <<<"$others" && fail "round $round: unexpected files: $others"
    leftovers=$((leftovers + $(wc -l <<<"$others")))
  fi
done
ok
# The next export sweeps the temporary files the killed ones left behind.
"$bin" export --fixtures "$tmp/many.json" --all --output-dir "$out" --no-cache --size 100 --scale 2 2>/dev/null \
  || fail "the export after the kills failed"
[ -z "$(ls -A "$out" | grep -v '\.png$' || true)" ] || fail "temporary files were not swept: $(ls -A "$out")"
check_pngs "$out"/*.png || fail "a PNG is damaged after the final export"; ok
echo "(kill -9 left $leftovers temporary file(s) over 16 rounds; all hidden, none named *.png, swept afterwards)"

# ---- A full disk and a read-only file system: a small tmpfs (root only; skipped when mounting is refused).
disk=$tmp/disk
mkdir -p "$disk"
if mount -t tmpfs -o size=64k tmpfs "$disk" 2>/dev/null; then
  mounted=$disk
  "$bin" export --fixtures sample-data/groups.json --group ride --output "$disk/ride.png" --no-cache 2>/dev/null \
    || fail "export into the tmpfs failed while it had room"
  cp "$disk/ride.png" "$tmp/ride-old.png"
  dd if=/dev/zero of="$disk/filler" bs=1k count=100 2>/dev/null || true   # fills the rest: ENOSPC
  set +e; "$bin" export --fixtures sample-data/groups.json --group ride --output "$disk/ride.png" --no-cache \
    --background '#FF0000' 2>"$tmp/err"; status=$?; set -e
  [ $status -eq 1 ] || { cat "$tmp/err"; fail "export onto a full disk exited $status"; }
  grep -q "$disk/ride.png: no space left on the device" "$tmp/err" || { cat "$tmp/err"; fail "no clear ENOSPC message"; }
  cmp -s "$disk/ride.png" "$tmp/ride-old.png" || fail "the old file changed on a full disk"
  [ "$(ls -A "$disk" | sort | tr '\n' ' ')" = "filler ride.png " ] || fail "leftovers on the full disk: $(ls -A "$disk")"; ok
  rm "$disk/filler"
  mount -o remount,ro "$disk"
  set +e; "$bin" export --fixtures sample-data/groups.json --group ride --output "$disk/ride.png" --no-cache \
    --background '#FF0000' 2>"$tmp/err"; status=$?; set -e
  [ $status -eq 1 ] || { cat "$tmp/err"; fail "export onto a read-only disk exited $status"; }
  grep -q "$disk/ride.png: the file system is read-only" "$tmp/err" || { cat "$tmp/err"; fail "no clear EROFS message"; }
  cmp -s "$disk/ride.png" "$tmp/ride-old.png" || fail "the old file changed on a read-only disk"; ok
  set +e; "$bin" export --fixtures sample-data/groups.json --all --output-dir "$disk/all" --no-cache 2>"$tmp/err"
  status=$?; set -e
  [ $status -eq 1 ] && grep -q "$disk/all" "$tmp/err" || { cat "$tmp/err"; fail "export --all into a read-only disk"; }; ok
else
  echo "(skipped the full-disk and read-only checks: mounting a tmpfs is not permitted here)"
fi
if [ "$(id -u)" -ne 0 ]; then
  mkdir "$tmp/locked"; cp "$tmp/ride-old.png" "$tmp/locked/ride.png" 2>/dev/null \
    || "$bin" export --fixtures sample-data/groups.json --group ride --output "$tmp/locked/ride.png" --no-cache 2>/dev/null
  cp "$tmp/locked/ride.png" "$tmp/locked-old.png"; chmod 555 "$tmp/locked"
  set +e; "$bin" export --fixtures sample-data/groups.json --group ride --output "$tmp/locked/ride.png" --no-cache \
    --background '#FF0000' 2>"$tmp/err"; status=$?; set -e
  chmod 755 "$tmp/locked"
  [ $status -eq 1 ] && grep -q "$tmp/locked: permission denied" "$tmp/err" || { cat "$tmp/err"; fail "read-only folder"; }
  cmp -s "$tmp/locked/ride.png" "$tmp/locked-old.png" || fail "the old file changed in a read-only folder"; ok
fi
echo "$checks passed, 0 failed"
