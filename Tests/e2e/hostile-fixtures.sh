#!/usr/bin/env bash
# End to end: broken and hostile fixture files through `chat-tui export`. Fatal problems exit 1 with one clear
# message on stderr that names the file (and line:column or JSON path); nothing hangs, nothing crashes.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bin=$root/.build/debug/chat-tui
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }
checks=0; ok() { checks=$((checks+1)); }
# expect_status WANT CMD...: runs CMD (at most 120 s) with stdout/stderr in out/err and checks its exit status.
expect_status() { local want=$1; shift; set +e; timeout 120 "$@" >out 2>err; local got=$?; set -e
  [ "$got" -eq "$want" ] || { cat out err; fail "'$*' exited $got, expected $want"; }; }
# expect_error FIXTURE PATTERN: export of FIXTURE fails (exit 1) with one stderr line matching PATTERN (grep -E).
expect_error() { local fixture=$1 pattern=$2
  expect_status 1 "$bin" export --fixtures "$fixture" --all --output-dir exported --no-cache
  grep -qE -- "$pattern" err || { cat err; fail "$fixture: stderr does not match '$pattern'"; }
  [ "$(wc -l < err)" -eq 1 ] || { cat err; fail "$fixture: expected a one-line message"; }
  [ ! -e exported ] || fail "$fixture: an output folder was created for a fixture that failed to load"
  ok; }

printf '{"groups": [\n  {"id": "a", "name": "x",, }\n]}\n' > malformed.json
expect_error malformed.json '^chat-tui: malformed\.json:2:27: malformed JSON: '
printf '{"groups": [{"id": "a", "name": "x", "members": []}' > truncated.json
expect_error truncated.json '^chat-tui: truncated\.json:1:[0-9]+: malformed JSON: '
printf '{"groups": [{"id": 5, "name": "x", "members": []}]}' > wrong-type.json
expect_error wrong-type.json '^chat-tui: wrong-type\.json: groups\[0\]\.id: expected a string, found 5$'
printf '{"groups": [{"id": "a", "name": "x", "members": "everyone"}]}' > wrong-members.json
expect_error wrong-members.json '^chat-tui: wrong-members\.json: groups\[0\]\.members: expected '
printf '{"groups": {"id": "a"}}' > groups-not-list.json
expect_error groups-not-list.json '^chat-tui: groups-not-list\.json: groups: expected '
printf '{"groups": [{"id": "a", "members": []}]}' > missing-name.json
expect_error missing-name.json '^chat-tui: missing-name\.json: groups\[0\]\.name: missing$'
printf '{"groups": [{"id": "a", "name": "x", "members": [{"id": "u1"}]}]}' > missing-member-name.json
expect_error missing-member-name.json '^chat-tui: missing-member-name\.json: groups\[0\]\.members\[0\]\.name: missing$'
printf '{"rooms": []}' > missing-groups.json
expect_error missing-groups.json '^chat-tui: missing-groups\.json: groups: missing$'
printf '{"groups": [{"id": "a", "name": "x", "members": []}, {"id": "a", "name": "y", "members": []}]}' > duplicate.json
expect_error duplicate.json '^chat-tui: duplicate\.json: groups\[1\]\.id: duplicate id "a" \(first used by groups\[0\]\)$'
printf '{"groups": [{"id": "a", "name": "caf\xe9", "members": []}]}' > latin1.json
expect_error latin1.json '^chat-tui: latin1\.json:1:37: not UTF-8 text \(byte offset 36\): invalid UTF-8 byte 0xE9'
: > empty-file.json
expect_error empty-file.json '^chat-tui: empty-file\.json:1:1: malformed JSON'

# Not a regular file: a folder, a device that never ends, a FIFO nobody writes to (must not block), a loop.
mkdir folder.json
expect_error folder.json '^chat-tui: folder\.json: is a directory'
expect_error /dev/zero '^chat-tui: /dev/zero: is a character device, not a regular file$'
mkfifo fifo.json
expect_error fifo.json '^chat-tui: fifo\.json: is a FIFO'
ln -s loop-b.json loop-a.json; ln -s loop-a.json loop-b.json
expect_error loop-a.json '^chat-tui: loop-a\.json: too many levels of symbolic links'
expect_error no-such-file.json '^chat-tui: no-such-file\.json: file not found$'

# An empty group list is valid: export --all writes nothing and succeeds.
printf '{"groups": []}' > no-groups.json
expect_status 0 "$bin" export --fixtures no-groups.json --all --output-dir none --no-cache
[ -z "$(ls -A none)" ] || fail "export of an empty group list wrote files: $(ls -A none)"
grep -q "exported 0 of 0 groups" err || { cat err; fail "no summary for an empty group list"; }; ok

# 10 000 members: only the first nine are drawn. Every later member's avatar is missing, so drawing any of them
# would warn; and the PNG equals the export of a group that has just those nine.
python3 - <<'PY'
import json
members = [{"id": "u%d" % i, "name": "Member %d" % i} for i in range(9)]
members += [{"id": "u%d" % i, "name": "Member %d" % i, "avatar": "missing-%d.png" % i} for i in range(9, 10000)]
for name, group_members in (("crowd.json", members), ("nine.json", members[:9])):
    with open(name, "w") as f:
        json.dump({"groups": [{"id": "crowd", "name": "Crowd", "members": group_members}]}, f)
PY
expect_status 0 "$bin" export --fixtures crowd.json --group crowd --output crowd.png --no-cache
[ ! -s err ] || { cat err; fail "members beyond the ninth were drawn (warnings above)"; }; ok
expect_status 0 "$bin" export --fixtures nine.json --group crowd --output nine.png --no-cache
cmp -s crowd.png nine.png || fail "the 10 000-member composite differs from the first nine members' composite"; ok

# A 50 MB fixture: exporting one group from it works (a generous bound catches an accidental quadratic load).
python3 - <<'PY'
import json
members = [{"id": "u%d" % k, "name": "Member %d with a fairly long display name" % k} for k in range(9)]
groups = [{"id": "g%06d" % i, "name": "Group %d 周末骑行群" % i, "lastMessage": "x" * 200,
           "updatedAt": "2026-11-28T08:00:00Z", "unread": i % 50, "members": members} for i in range(56000)]
with open("big.json", "w", encoding="utf-8") as f:
    json.dump({"groups": groups}, f, ensure_ascii=False)
PY
size=$(stat -c %s big.json); [ "$size" -gt 50000000 ] || fail "big.json is only $size bytes"
start=$(date +%s)
expect_status 0 "$bin" export --fixtures big.json --group g031337 --output big.png --no-cache
elapsed=$(( $(date +%s) - start ))
[ "$elapsed" -le 100 ] || fail "exporting one group of a 50 MB fixture took ${elapsed}s"
pngfix big.png >/dev/null 2>&1 || fail "big.png is not a valid PNG"; ok

# Hostile avatars (scripts/make-hostile-corpus.py) through the CLI: exit 0, one warning per bad file, naming it.
hostile=$root/Tests/GroupIconTests/Resources/hostile
python3 - "$hostile" <<'PY'
import json, sys
folder = sys.argv[1]
manifest = json.load(open(folder + "/manifest.json"))
members = [{"id": "m%d" % i, "name": "M%d" % i, "avatar": folder + "/" + e["file"]} for i, e in enumerate(manifest)]
groups = [{"id": "h%d" % (i // 9), "name": "Hostile %d" % (i // 9), "members": members[i:i + 9]}
          for i in range(0, len(members), 9)]
json.dump({"groups": groups}, open("hostile.json", "w"))
open("failing.txt", "w").write("\n".join(e["file"] for e in manifest if "fails" in e) + "\n")
PY
expect_status 0 "$bin" export --fixtures hostile.json --all --output-dir hostile --no-cache
while read -r file; do
  [ "$(grep -c "^warning: .*/$file: " err)" -eq 1 ] || { cat err; fail "no single warning naming $file"; }
done < failing.txt
[ "$(grep -c '^warning: ' err)" -eq "$(wc -l < failing.txt)" ] || { cat err; fail "warnings for files that decode"; }
for png in hostile/*.png; do pngfix "$png" >/dev/null 2>&1 || fail "$png is not a valid PNG"; done; ok

echo "$checks passed, 0 failed"
