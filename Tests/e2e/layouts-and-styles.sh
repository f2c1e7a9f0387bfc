#!/usr/bin/env bash
# End to end: the compact WeChat reference and the general-grid reference layouts, member styles, decorations and `chat-tui avatar` through the
# real binary: outputs, PNG sizes, metadata, exit codes and hostile values.
set -euo pipefail
source "$(dirname "$0")/support/cli-checks.sh"
fixtures=sample-data/groups.json

# The compact WeChat reference: rows at 1.3333, 34 and 66.6667 for seven members at 100 pt; the top tile one point left of centre.
expect_status 0 $bin layout --layout wechat-compact --count 7 --size 100 --json
python3 - "$tmp/out" <<'PY' || fail "wechat-compact json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["layout"] == "wechat-compact" and d["margin"] == 2 and d["count"] == 7, d
assert [t["y"] for t in d["tiles"]] == [1.3333, 34, 34, 34, 66.6667, 66.6667, 66.6667], d
assert d["tiles"][0]["x"] == 33.6667, d
PY
ok
# The general-grid reference: items stretched to the height, padding cells, 64 members, a grown canvas in the JSON.
expect_status 0 $bin layout --layout grid --count 2 --grid-columns 3 --json
python3 -c "import json; d=json.load(open('$tmp/out')); t=d['tiles']; assert len(t)==2 and t[0]['height']==117.3333 and t[0]['width']==34.2222 and 'width' not in d, d" || fail "grid padding cells"; ok
expect_status 0 $bin layout --layout grid --count 100 --json
python3 -c "import json; d=json.load(open('$tmp/out')); assert d['count']==64, d['count']" || fail "grid cap"; ok
expect_status 0 $bin layout --layout grid --count 5 --grid-item 20,10 --grid-spacing 2,3 --grid-insets 4 --json
python3 -c "import json; d=json.load(open('$tmp/out')); assert (d['width'], d['height'])==(72, 31), d" || fail "grown canvas json"; ok
expect_status 0 $bin layout --layout grid --count 5 --grid-item 20,10 --grid-spacing 2,3 --grid-insets 4
grep -q "canvas 72 × 31 pt" "$tmp/out" || fail "grown canvas in the table"; ok
# The grown canvas is what export writes (scale 2), and it is never larger than --size.
expect_status 0 $bin export --fixtures $fixtures --group ride --layout grid --grid-item 20,10 --grid-spacing 2,3 \
  --grid-insets 4 --scale 2 --output "$tmp/grown.png" --no-cache
[ "$(png_size "$tmp/grown.png")" = "144x62" ] || fail "grown export size $(png_size "$tmp/grown.png")"; ok
expect_status 0 $bin export --fixtures $fixtures --group crowd --layout grid --grid-item 500 --grid-spacing 10 \
  --size 100 --output "$tmp/bounded.png" --no-cache
# Twelve members in four columns of three rows: the longer side is --size, the other in proportion.
[ "$(png_size "$tmp/bounded.png")" = "100x75" ] || fail "bounded export size $(png_size "$tmp/bounded.png")"; ok
expect_status 0 $bin layout --layout qq --count 2 --size 140 --rtl --json
grep -q '"cx":98.9949,"cy":41.0051,"diameter":82.0101,"notch":null' "$tmp/out" || fail "rtl json"; ok

# Styles and decorations export, and land in the PNG's parameters.
expect_status 0 $bin export --fixtures $fixtures --group crowd --member-style 'rounded:6:2:#FFFFFF' \
  --gap-color '#FFFFFF' --overflow-badge --rtl --output "$tmp/decorated.png" --no-cache
grep -aq 'member-style=rounded:6:2:#FFFFFF gap-color=#FFFFFF overflow-badge=true rtl=true' "$tmp/decorated.png" \
  || fail "parameters in the PNG"; ok

# Bad values are usage errors that say what was expected.
for bad in "--grid-spacing 1,2,3" "--grid-insets 1,2" "--grid-item 0" "--grid-item nan" "--grid-columns 65" \
           "--member-style oval" "--member-style rounded:-1" "--member-style rounded:4:1:#GGGGGG" "--gap-color red"; do
  # shellcheck disable=SC2086 # the option and its value are two words
  expect_status 2 $bin layout --layout grid --count 3 $bad
  grep -q "expected" "$tmp/err" || fail "$bad: no expectation in '$(cat "$tmp/err")'"; ok
done

# chat-tui avatar: one styled member, sizes, placeholders, warnings, errors.
expect_status 0 $bin avatar --fixtures $fixtures --member u01 --style circle --size 40 --scale 2 \
  --output "$tmp/alice.png" --no-cache
[ "$(png_size "$tmp/alice.png")" = "80x80" ] || fail "avatar size"; ok
grep -aq 'member-style=circle placeholder=initials size=40 scale=2' "$tmp/alice.png" || fail "avatar metadata"; ok
python3 - "$tmp/alice.png" <<'PY' || fail "circle avatar corners are transparent"
import sys, zlib, struct
data = open(sys.argv[1], "rb").read()
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT": idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
raw = zlib.decompress(idat)
assert data[24:26] == b"\x08\x06", "8-bit RGBA expected"
# Row 0 starts with a filter byte; the first pixel's alpha (filter 0 or 1 leaves it as is) must be 0.
assert raw[0] in (0, 1) and raw[4] == 0, raw[:8]
PY
ok
expect_status 0 $bin avatar --fixtures $fixtures --member u06 --group alumni --style 'rounded:8:2:#000000' \
  --output "$tmp/zoe.png" --no-cache
[ "$(png_size "$tmp/zoe.png")" = "132x132" ] || fail "avatar default size"; ok
expect_status 0 $bin avatar --fixtures $fixtures --member u01 --style original --output "$tmp/original.png" --no-cache
[ "$(png_size "$tmp/original.png")" != "132x132" ] || fail "original keeps the photo's own size"; ok
expect_status 0 $bin avatar --fixtures $fixtures --member u12 --output "$tmp/ghost.png" --no-cache
grep -q "ghost.jpg: file not found; using a placeholder" "$tmp/err" || fail "broken photo warning"; ok
# A member without a photo: initials by default, the silhouette on request; both differ and both are placeholders.
expect_status 0 $bin avatar --fixtures $fixtures --member u30 --output "$tmp/yusuf.png" --no-cache
expect_status 0 $bin avatar --fixtures $fixtures --member u30 --placeholder silhouette --output "$tmp/yusuf-s.png" --no-cache
cmp -s "$tmp/yusuf.png" "$tmp/yusuf-s.png" && fail "--placeholder silhouette drew the same picture"; ok
grep -aq 'placeholder=silhouette' "$tmp/yusuf-s.png" || fail "placeholder style in the avatar's metadata"; ok
expect_status 2 $bin avatar --fixtures $fixtures --member u30 --placeholder none --output "$tmp/x.png"
grep -q -- "--placeholder: expected initials or silhouette" "$tmp/err" || fail "bad placeholder message"; ok
expect_status 0 $bin export --fixtures $fixtures --group placeholders --placeholder silhouette --output "$tmp/p.png" --no-cache
grep -aq 'placeholder=silhouette' "$tmp/p.png" || fail "placeholder style in the export's parameters"; ok
expect_status 1 $bin avatar --fixtures $fixtures --member nobody --output "$tmp/x.png" --no-cache
grep -q 'no member with id "nobody"' "$tmp/err" || fail "unknown member"; ok
expect_status 1 $bin avatar --fixtures $fixtures --member u01 --group trio --output "$tmp/x.png" --no-cache
grep -q 'in group "trio"' "$tmp/err" || fail "member not in that group"; ok
expect_status 1 $bin avatar --fixtures $fixtures --member u01 --output /proc/nope/x.png --no-cache; ok
expect_status 2 $bin avatar --fixtures $fixtures --output "$tmp/x.png"; ok
expect_status 2 $bin avatar --fixtures $fixtures --member u01 --output "$tmp/x.png" --style oval
grep -q -- "--style: expected original, rectangle" "$tmp/err" || fail "bad style message"; ok
expect_status 2 $bin avatar --fixtures $fixtures --member u01 --output "$tmp/x.png" --size 2048 --scale 4; ok
expect_status 0 $bin avatar --help; grep -q -- "--style STYLE" "$tmp/out" || fail "avatar help"; ok
# Styled avatars are kept in the disk cache next to composites.
cache="$tmp/cache"
expect_status 0 $bin avatar --fixtures $fixtures --member u01 --style circle --output "$tmp/c1.png" --cache-dir "$cache"
expect_status 0 $bin avatar --fixtures $fixtures --member u01 --style circle --output "$tmp/c2.png" --cache-dir "$cache"
cmp -s "$tmp/c1.png" "$tmp/c2.png" || fail "cached avatar differs"; ok
expect_status 0 $bin cache stats --cache-dir "$cache"; grep -q "1 composite," "$tmp/out" || fail "styled avatar not stored"; ok
ls "$tmp" | grep -q '\.tmp' && fail "temporary file left behind"; ok
echo "$checks passed, 0 failed"
