#!/usr/bin/env bash
# End to end: issue 11's hostile cases through the real binary. Output paths (special files, links, folder
# spellings, descriptor paths, long names, setuid bits, the inputs themselves), closed and full standard
# streams, exit statuses of commands that did nothing, messages, foreign temporary files, cache limits and
# permissions, --allow-paths, the PNG title cap, progressive-JPEG work and terminals without cursor addressing.
# Nothing here touches a real device node: devices are private copies (mknod, as root) or links.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bin=$root/.build/debug/chat-tui
tmp=$(mktemp -d)
holder=""
cleanup() { [ -z "$holder" ] || kill "$holder" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }
checks=0; ok() { checks=$((checks+1)); }
# expect_status WANT CMD...: runs CMD (at most 120 s) with stdout/stderr in out/err and checks its exit status.
expect_status() { local want=$1; shift; set +e; timeout 120 "$@" >out 2>err; local got=$?; set -e
  [ "$got" -eq "$want" ] || { cat out err; fail "'$*' exited $got, expected $want"; }; }
# expect_message PATTERN: stderr matches PATTERN (grep -E).
expect_message() { grep -qE -- "$1" err || { cat err; fail "stderr does not match '$1'"; }; }
kind() { stat -c %F "$1"; }
# One group's export, the output path to follow.
one=("$bin" export --fixtures "$root/sample-data/groups.json" --group ride --no-cache --output)
# as_nobody CMD...: CMD as an unprivileged user (root passes permission checks that users meet).
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; }
can_drop=0
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null && setpriv --reuid=nobody --regid=nogroup --clear-groups -- test -x "$bin"; then
  can_drop=1
fi

# ---- Output paths: special files are never replaced, links to them neither.
mkfifo fifo; ln -s /dev/null to-null; ln -s fifo to-fifo
specials=(fifo to-null to-fifo)
if [ "$(id -u)" -eq 0 ] && mknod private-null c 1 3 2>/dev/null; then specials+=(private-null); fi
for node in "${specials[@]}"; do
  before=$(kind "$node")
  expect_status 1 "${one[@]}" "$node"
  expect_message "^chat-tui: $node: is a .*(FIFO|character device).*: only regular files are replaced"
  [ "$(kind "$node")" = "$before" ] || fail "$node was replaced (now $(kind "$node"))"; ok
done
[ "$(kind /dev/null)" = "character special file" ] || fail "/dev/null is no longer a device"; ok
# Descriptor paths: refused by name (a link to one too), whoever runs it.
ln -s /proc/self/fd/1 to-stdout
expect_status 1 "${one[@]}" to-stdout; expect_message '^chat-tui: to-stdout: names a file descriptor, not a file'
[ -L to-stdout ] || fail "the link to /proc/self/fd/1 was replaced"; ok
if [ $can_drop -eq 1 ]; then
  set +e; as_nobody "$bin" export --fixtures "$root/sample-data/groups.json" --group ride --no-cache --output /dev/stdout \
    >/dev/null 2>err; status=$?; set -e
  [ $status -eq 1 ] || fail "--output /dev/stdout as nobody exited $status"
  expect_message '^chat-tui: /dev/stdout: names a file descriptor, not a file'
  ! grep -q "permission denied" err || fail "/dev/stdout still says permission denied"; ok
fi
# Folder spellings: no crash (the old SIGILL), the right message, nothing written.
mkdir spellings; cd spellings
for path in . ./ .// .. ../ "$tmp/spellings/."; do
  expect_status 1 "${one[@]}" "$path"; expect_message "^chat-tui: $(printf '%s' "$path" | sed 's/[.]/[.]/g'): is a directory, not a file$"; ok
done
# An empty path is a usage error, like every empty path option.
expect_status 2 "${one[@]}" ""; expect_message '^chat-tui: --output: the path is empty'; ok
! grep -q "Device or resource busy" err || fail "'..' still says busy"
left=$(ls -A . | grep -vxE 'out|err' || true); [ -z "$left" ] || fail "folder spellings left files: $left"; ok
cd "$tmp"
# A link to a regular file is followed: the file gets the PNG, the link stays.
mkdir real; echo old > real/target.png; ln -s real/target.png link.png
expect_status 0 "${one[@]}" link.png
[ -L link.png ] || fail "the link was replaced"; head -c 4 real/target.png | grep -q PNG || fail "the target was not written"; ok
# Names up to 255 bytes work (the temporary name no longer grows with them); 256 is a clear error.
for length in 236 250 255; do
  name=$(printf 'n%.0s' $(seq 1 $((length - 4)))).png
  expect_status 0 "${one[@]}" "$name"; expect_status 0 "${one[@]}" "$name"   # created, then replaced
  [ -s "$name" ] || fail "a $length-byte name was not written"; ok
done
expect_status 1 "${one[@]}" "$(printf 'n%.0s' $(seq 1 256))"; expect_message 'the path is too long'; ok
# setuid and setgid bits of a replaced file are dropped.
cp real/target.png tool.png; chmod 6755 tool.png
expect_status 0 "${one[@]}" tool.png
[ "$(stat -c %a tool.png)" = 755 ] || fail "mode after replacing a 6755 file: $(stat -c %a tool.png)"; ok
# The fixture and its photos are never overwritten, however the path is spelt.
cp -r "$root/sample-data" data
photo=$(python3 -c "import json; print([m['avatar'] for g in json.load(open('data/groups.json'))['groups'] for m in g['members'] if m.get('avatar')][0])")
cp data/groups.json groups.before; cp "data/$photo" photo.before
# A .json name is no output format (exit 2); names with an image extension that lead to an input are refused.
for target in data/groups.json data/./groups.json; do
  expect_status 2 "$bin" export --fixtures data/groups.json --group ride --no-cache --output "$target"
  expect_message 'is not an output format'; ok
done
ln -s groups.json data/fixture-link.png
ln "data/$photo" data/photo-hardlink.png
for target in "data/$photo" data/fixture-link.png data/photo-hardlink.png; do
  expect_status 1 "$bin" export --fixtures data/groups.json --group ride --no-cache --output "$target"
  expect_message 'refusing to overwrite an input with an export'; ok
done
cmp -s data/groups.json groups.before && cmp -s "data/$photo" photo.before || fail "an input changed"; ok

# ---- --all: ids over 200 bytes are shortened with a hash and stay distinct.
python3 - <<'PY'
import json
long = "x" * 300
json.dump({"groups": [{"id": long + "a", "name": "A", "members": []}, {"id": long + "b", "name": "B", "members": []},
                      {"id": "ok", "name": "C", "members": []}]}, open("long-ids.json", "w"))
PY
expect_status 0 "$bin" export --fixtures long-ids.json --all --output-dir long --no-cache
[ "$(ls long | wc -l)" -eq 3 ] || fail "long ids: $(ls long | wc -l) files"
[ "$(ls long | awk '{ if (length($0) > 204) n++ } END { print n + 0 }')" -eq 0 ] || fail "a name is over 204 bytes"; ok

# ---- Standard streams: full, closed, without reader.
set +e; "$bin" --help >/dev/full 2>err; status=$?; set -e
[ $status -eq 1 ] || fail "--help > /dev/full exited $status"
expect_message '^chat-tui: could not write to standard output: No space left on device$'; ok
set +e; "$bin" layout --list >&- 2>err; status=$?; set -e
[ $status -eq 1 ] && grep -q "standard output: Bad file descriptor" err || { cat err; fail "stdout closed: exit $status"; }; ok
set +e; "$bin" export --fixtures "$root/sample-data/groups.json" --all --output-dir closed --no-cache --size 40 2>&-; status=$?; set -e
total=$(python3 -c "import json; print(len(json.load(open('$root/sample-data/groups.json'))['groups']))")
[ $status -eq 1 ] || fail "export --all 2>&- exited $status (a signal is 128+)"
[ "$(ls closed | grep -c '\.png$')" -eq "$total" ] || fail "2>&- wrote $(ls closed | wc -l) of $total files"
python3 -c "
import sys, glob
for path in glob.glob('closed/*.png'):
    assert open(path, 'rb').read()[:8] == b'\x89PNG\r\n\x1a\n', path
" || fail "a PNG written with stderr closed is damaged"; ok
# A reader that goes away: SIGPIPE used to end the batch; now it finishes and exits 1.
set +e; "$bin" export --fixtures "$root/sample-data/groups.json" --all --output-dir piped --no-cache --size 40 2>&1 >/dev/null | head -c 1 >/dev/null
status=${PIPESTATUS[0]}; set -e
[ $status -eq 1 ] || fail "export --all with its stderr reader gone exited $status"
[ "$(ls piped | grep -c '\.png$')" -eq "$total" ] || fail "the broken pipe stopped the batch"; ok

# ---- Commands that did nothing do not exit 0.
expect_status 2 "${one[@]}" -h; expect_message "^chat-tui: --output needs a value \(FILE\), got the option '-h'"
[ ! -e -h ] && [ -z "$(cat out)" ] || fail "--output -h printed help or wrote a file"; ok
expect_status 2 "$bin" help nosuch; expect_message "^chat-tui: unknown command 'nosuch'$"; ok
expect_status 2 "$bin" exprot --all; expect_message "^chat-tui: unknown command 'exprot'; did you mean 'export'\?$"; ok
touch plain-file
for action in stats clear; do
  expect_status 1 "$bin" cache $action --cache-dir plain-file; expect_message 'plain-file: exists but is not a folder'; ok
done

# ---- Messages.
printf '\xff\xfe\x00\x00{\x00\x00\x00' > utf32.json
expect_status 1 "$bin" export --fixtures utf32.json --all --output-dir x --no-cache; expect_message 'the file is UTF-32'; ok
printf '\xff\xd8' > two-bytes.jpg
longpath=$tmp/$(printf 'p%.0s' $(seq 1 300)).jpg
python3 - "$longpath" <<'PY'
import json, sys
members = [{"name": "Two", "avatar": "two-bytes.jpg"}, {"name": "Shadow", "avatar": "/etc/passwd"},
           {"name": "Long", "avatar": sys.argv[1]}]
json.dump({"groups": [{"id": "m", "name": "M", "members": members}]}, open("messages.json", "w"))
json.dump({"groups": [{"id": "n", "name": "N", "members": [{"name": "A", "avatar": "a.jpg\u0000.png"}]}]}, open("nul.json", "w"))
PY
expect_status 0 "$bin" export --fixtures messages.json --group m --output m.png --no-cache
expect_message 'two-bytes.jpg: JPEG file cut short: it ends after 2 bytes'
expect_message '/etc/passwd: not a supported image format \(it looks like text\)'
! grep -qE 'starts with|72 6F 6F 74|root' err || fail "a warning quotes file content"
expect_message 'the path is too long'; ok
expect_status 1 "$bin" export --fixtures nul.json --all --output-dir x --no-cache
expect_message '^chat-tui: nul.json: groups\[0\]\.members\[0\]\.avatar: expected a file path without NUL characters'; ok
if [ $can_drop -eq 1 ]; then
  mkdir -p locked/inner; cp "$root/sample-data/$photo" locked/inner/p.jpg; chmod 700 locked
  python3 -c "import json; json.dump({'groups': [{'id': 'l', 'name': 'L', 'members': [{'name': 'A', 'avatar': '$tmp/locked/inner/p.jpg'}]}]}, open('locked.json', 'w'))"
  mkdir nobody-out; chmod 777 nobody-out; chmod 755 "$tmp"; chmod 644 locked.json
  set +e; as_nobody "$bin" export --fixtures "$tmp/locked.json" --group l --output nobody-out/l.png --no-cache 2>err; set -e
  expect_message 'p.jpg: permission denied'; ! grep -q 'file not found' err || fail "an unsearchable folder says file not found"; ok
fi

# ---- Foreign temporary files stay; only an abandoned one of ours goes.
mkdir sweep
touch sweep/.notes.12345-beef.tmp "sweep/.ride.png.$((2**31 - 1))-9ab.tmp" sweep/.chat-tui-fedcba9876543210.tmp
touch sweep/.chat-tui-0123456789abcdef.tmp
flock sweep/.chat-tui-0123456789abcdef.tmp sleep 120 & holder=$!
i=0; while flock -n sweep/.chat-tui-0123456789abcdef.tmp true; do   # until the holder has the lock
  i=$((i+1)); [ $i -gt 100 ] && fail "flock took no lock"; sleep 0.1; done
expect_status 0 "$bin" export --fixtures "$root/sample-data/groups.json" --all --output-dir sweep --no-cache --size 40
left=$(ls -A sweep | grep -v '\.png$' | sort | tr '\n' ' ')
[ "$left" = ".chat-tui-0123456789abcdef.tmp .notes.12345-beef.tmp .ride.png.2147483647-9ab.tmp " ] || fail "after the sweep: $left"; ok
kill "$holder"; holder=""

# ---- Cache: private folders and entries; an oversized entry is dropped unread.
expect_status 0 "$bin" export --fixtures "$root/sample-data/groups.json" --group ride --output c.png --cache-dir cache/nested
[ "$(stat -c %a cache)" = 700 ] && [ "$(stat -c %a cache/nested)" = 700 ] || fail "cache folders are not 0700"
entry=$(ls cache/nested/*.gicache); [ "$(stat -c %a "$entry")" = 600 ] || fail "cache entry is not 0600"; ok
truncate -s 2G "$entry"
( ulimit -v 1500000; "$bin" export --fixtures "$root/sample-data/groups.json" --group ride --output c2.png --cache-dir cache/nested ) \
  2>err || { cat err; fail "a 2 GB cache entry broke the export"; }
[ "$(stat -c %s "$entry")" -lt 1000000 ] || fail "the oversized entry was kept"; cmp -s c.png c2.png || fail "different picture"; ok

# ---- --allow-paths confines avatar files.
expect_status 0 "$bin" export --fixtures messages.json --group m --output a.png --no-cache --allow-paths "$tmp/real"
[ "$(grep -c 'outside the allowed folders' err)" -eq 3 ] || { cat err; fail "--allow-paths"; }; ok
expect_status 2 "$bin" export --fixtures messages.json --group m --output a.png --allow-paths "$tmp/no-such-folder"; ok

# ---- The PNG title is capped.
python3 -c "import json; json.dump({'groups': [{'id': 't', 'name': '名' * 1000000, 'members': []}]}, open('title.json', 'w'))"
expect_status 0 "$bin" export --fixtures title.json --group t --output title.png --no-cache
[ "$(stat -c %s title.png)" -lt 200000 ] || fail "title.png is $(stat -c %s title.png) bytes"; ok

# ---- A progressive JPEG with hundreds of scans over a large canvas is refused from its markers.
python3 - <<PY
import importlib.util
spec = importlib.util.spec_from_file_location("corpus", "$root/scripts/make-codec-corpus.py")
corpus = importlib.util.module_from_spec(spec); spec.loader.exec_module(corpus)
corpus.OUT = "$tmp"
corpus.make_scan_bomb(side=7936, scans=499)
import json
json.dump({"groups": [{"id": "s", "name": "S", "members": [{"name": "A", "avatar": "scans-499.jpg"}]}]}, open("scans.json", "w"))
PY
expect_status 0 "$bin" export --fixtures scans.json --group s --output s.png --no-cache
expect_message 'progressive JPEG has 499 scans at 7936x7936 px'; ok

# ---- Terminals that cannot be used are refused by name. (A TERM without a terminfo entry falls back to
# xterm-256color instead: terminal-safety.sh runs that.)
for term in dumb ""; do
  script -qec "env TERM='$term' $bin --no-cache --fixtures $root/sample-data/groups.json" /dev/null > term.txt 2>&1 || true
  case $term in
    dumb) grep -q 'terminal type "dumb" cannot move the cursor' term.txt ;;
    "") grep -q 'TERM is not set' term.txt ;;
  esac || { cat -v term.txt; fail "TERM='$term'"; }
  ! grep -q '\$TERM' term.txt || fail "a literal \$TERM in the message"; ok
done

! grep -rq NSCocoaErrorDomain "$tmp"/err "$tmp"/out 2>/dev/null || fail "raw Foundation error text"
echo "$checks passed, 0 failed"
