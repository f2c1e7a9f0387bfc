#!/usr/bin/env bash
# End to end: batch export as a server user runs it. Output formats decoded back by Pillow (an independent
# decoder), scale variants, identical bytes however the batch runs, --skip-existing, stale sources, JSON Lines
# and shards under GNU parallel, sync and memory options.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$PWD/.build/debug/chat-tui
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expect_status() { local want=$1; shift; set +e; "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?; set -e
  [ "$got" -eq "$want" ] || { cat "$tmp/out" "$tmp/err"; fail "'$*' exited $got, expected $want"; }; }
checks=0; ok() { checks=$((checks+1)); }
python3 -c "import PIL" 2>/dev/null || pip install -q pillow
command -v parallel >/dev/null || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo; $SUDO apt-get install -y -qq parallel >/dev/null; }
fixture=sample-data/groups.json
common=(--fixtures "$fixture" --no-cache)

# Formats: by extension or --format, decoded by Pillow at the right size, parameters and inputs recorded.
expect_status 0 $bin export "${common[@]}" --group ride --output "$tmp/ride.jpg" --scale 1,2,3
expect_status 0 $bin export "${common[@]}" --group ride --output "$tmp/ride.webp" --scale 2
expect_status 0 $bin export "${common[@]}" --group ride --output "$tmp/lossy" --format webp --quality 70
expect_status 0 $bin export "${common[@]}" --group family --output "$tmp/family.png" --layout qq --scale 2
python3 - "$tmp" <<'PY' || fail "Pillow could not read the outputs back"
import sys
from PIL import Image
d = sys.argv[1]
expected = {"ride.jpg": ("JPEG", 132), "ride@2x.jpg": ("JPEG", 264), "ride@3x.jpg": ("JPEG", 396),
            "ride.webp": ("WEBP", 264), "lossy": ("WEBP", 132), "family.png": ("PNG", 264)}
for name, (fmt, side) in expected.items():
    image = Image.open(f"{d}/{name}")
    image.load()
    assert image.format == fmt and image.size == (side, side), (name, image.format, image.size)
    info = image.info
    record = (info.get("xmp", b"") + info.get("comment", b"")).decode() if fmt != "PNG" else info.get("Comment", "")
    assert "layout=" in record and "size=132" in record, (name, info.keys())
    if fmt == "PNG":
        assert info["Inputs"].startswith("sha256:"), info
    else:
        assert 'chattui:Inputs="sha256:' in info["xmp"].decode(), name
    # Lossless WebP keeps the composite's alpha; JPEG has none.
    assert image.mode in ("RGB", "RGBA"), image.mode
print("formats ok")
PY
ok
png=$(python3 -c "from PIL import Image; print(Image.open('$tmp/family.png').mode)"); [ "$png" = "RGBA" ] || fail "qq png is $png"; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.png" --format jpeg
grep -q "contradicts --format jpeg" "$tmp/err" || fail "contradiction message"; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.gif"
grep -q ".gif is not an output format" "$tmp/err" || fail "unknown extension message"; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.png" --quality 80; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.png" --scale 1,5; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.png" --scale 4,4 --size 2000; ok
[ ! -e "$tmp/x.png" ] && [ ! -e "$tmp/x.gif" ] || fail "a refused export wrote a file"; ok

# --png-compression: the same pixels at every level, smaller files for more work; only for PNG.
for level in fast default small; do
  expect_status 0 $bin export "${common[@]}" --group family --output "$tmp/level-$level.png" --scale 3 --png-compression $level
done
python3 - "$tmp" <<'PY' || fail "PNG compression levels"
import os, sys
from PIL import Image
d = sys.argv[1]
pixels = {level: Image.open(f"{d}/level-{level}.png").convert("RGBA").tobytes() for level in ("fast", "default", "small")}
assert pixels["fast"] == pixels["default"] == pixels["small"], "levels differ in pixels"
sizes = {level: os.path.getsize(f"{d}/level-{level}.png") for level in pixels}
assert sizes["small"] <= sizes["default"] <= sizes["fast"], sizes
PY
ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.png" --png-compression max; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/x.jpg" --png-compression fast; ok

# The same bytes for a group however it is exported: alone, in --all, one job or many, cold or warm cache.
expect_status 0 $bin export --fixtures "$fixture" --cache-dir "$tmp/cache" --scale 3 --group family --output "$tmp/alone.png"
for run in "--jobs 1 --no-cache" "--jobs 8 --no-cache" "--jobs 3 --cache-dir $tmp/cache" "--jobs 3 --cache-dir $tmp/cache"; do
  dir="$tmp/all-$checks"
  expect_status 0 $bin export --fixtures "$fixture" --scale 3 --all --output-dir "$dir" $run
  cmp -s "$tmp/alone.png" "$dir/family.png" || fail "family.png differs with $run"
  [ -z "${first:-}" ] && first=$dir
  diff -rq "$first" "$dir" >/dev/null || fail "--all outputs differ between runs ($run)"
  ok
done

# --skip-existing: a second run writes nothing; a rewritten photo (same size, time set back) or a replaced
# one (mv) is noticed.
cp -r sample-data "$tmp/data"
expect_status 0 $bin export --fixtures "$tmp/data/groups.json" --no-cache --all --output-dir "$tmp/skip" --skip-existing
total=$(ls "$tmp/skip" | wc -l)
expect_status 0 $bin export --fixtures "$tmp/data/groups.json" --no-cache --all --output-dir "$tmp/skip" --skip-existing
grep -q "$total up to date" "$tmp/err" || { cat "$tmp/err"; fail "second run should leave all $total alone"; }; ok
cp "$tmp/skip/ride.png" "$tmp/ride-before.png"
avatar=$(python3 -c "import json; g=[g for g in json.load(open('$tmp/data/groups.json'))['groups'] if g['id']=='ride'][0]; print(g['members'][0]['avatar'])")
stamp=$(stat -c %y "$tmp/data/$avatar")
python3 - "$tmp/data/$avatar" <<'PY'
import sys
from PIL import Image
path = sys.argv[1]
size = len(open(path, "rb").read())
image = Image.open(path).convert("RGB").transpose(Image.FLIP_LEFT_RIGHT)
image.save(path + ".new", "JPEG" if path.endswith(".jpg") else "PNG")
data = open(path + ".new", "rb").read()
data = (data + b"\0" * size)[:size] if len(data) <= size else data
open(path, "r+b").write(data)   # rewritten in place
PY
touch -d "$stamp" "$tmp/data/$avatar"
expect_status 0 $bin export --fixtures "$tmp/data/groups.json" --no-cache --all --output-dir "$tmp/skip" --skip-existing
fresh=$(sed -n 's/.*, \([0-9]*\) up to date.*/\1/p' "$tmp/err")
[ -n "$fresh" ] && [ "$fresh" -lt "$total" ] || { cat "$tmp/err"; fail "rewrite with the time set back not noticed"; }
cmp -s "$tmp/ride-before.png" "$tmp/skip/ride.png" && fail "ride.png still shows the old photo"; ok
# The disk cache must not serve the old picture either.
expect_status 0 $bin export --fixtures "$tmp/data/groups.json" --cache-dir "$tmp/c2" --group ride --output "$tmp/c-1.png"
cp "$tmp/data/avatars/kitty.png" "$tmp/kitty-copy.png"; touch -d "$(stat -c %y "$tmp/data/$avatar")" "$tmp/kitty-copy.png"
mv "$tmp/kitty-copy.png" "$tmp/data/$avatar"
expect_status 0 $bin export --fixtures "$tmp/data/groups.json" --cache-dir "$tmp/c2" --group ride --output "$tmp/c-2.png"
cmp -s "$tmp/c-1.png" "$tmp/c-2.png" && fail "a photo replaced by mv served the cached composite"; ok
expect_status 0 $bin export --fixtures "$tmp/data/groups.json" --cache-dir "$tmp/c2" --group ride --output "$tmp/c-3.png" --verify-content
# The recorded inputs gain the content hash; the pixels stay.
python3 -c "from PIL import Image; import sys; sys.exit(Image.open('$tmp/c-2.png').tobytes() != Image.open('$tmp/c-3.png').tobytes())" \
  || fail "--verify-content changed the pixels"; ok

# JSON Lines, streamed; shards under GNU parallel cover every group once, with the same bytes.
python3 - "$fixture" "$tmp/g.jsonl" <<'PY'
import json, os, sys
source, target = sys.argv[1], sys.argv[2]
base = os.path.dirname(os.path.abspath(source))
with open(target, "w", encoding="utf-8") as out:
    for group in json.load(open(source, encoding="utf-8"))["groups"]:
        for member in group["members"]:
            if member.get("avatar"):
                member["avatar"] = os.path.join(base, member["avatar"])
        if group.get("avatar"):
            group["avatar"] = os.path.join(base, group["avatar"])
        out.write(json.dumps(group, ensure_ascii=False) + "\n")
PY
expect_status 0 $bin export --fixtures "$tmp/g.jsonl" --no-cache --all --output-dir "$tmp/whole" --size 48
n=$(ls "$tmp/whole" | wc -l); [ "$n" -eq "$total" ] || fail "jsonl export wrote $n of $total"; ok
parallel --jobs 2 "$bin" export --fixtures "$tmp/g.jsonl" --no-cache --all --output-dir "$tmp/sharded" --size 48 \
  --jobs 1 --shard {}/3 ::: 1 2 3 2>"$tmp/parallel.err" || { cat "$tmp/parallel.err"; fail "parallel shards"; }
[ "$(grep -c 'exported' "$tmp/parallel.err")" -eq 3 ] || fail "three shard summaries expected"; ok
diff -rq "$tmp/whole" "$tmp/sharded" || fail "sharded outputs differ from one run"; ok
expect_status 0 $bin export --fixtures "$tmp/g.jsonl" --group ride --output "$tmp/j.png" --no-cache; ok
expect_status 2 $bin export "${common[@]}" --group ride --output "$tmp/j.png" --shard 1/2; ok
expect_status 2 $bin export "${common[@]}" --all --output-dir "$tmp/o" --shard 3/2; ok

# Sync and memory options.
for mode in per-file end none; do
  expect_status 0 $bin export "${common[@]}" --all --output-dir "$tmp/sync-$mode" --sync $mode --size 32 --memory-limit 64M; ok
done
expect_status 2 $bin export "${common[@]}" --all --output-dir "$tmp/o" --sync sometimes; ok
expect_status 2 $bin export "${common[@]}" --all --output-dir "$tmp/o" --memory-limit lots; ok
expect_status 2 $bin export "${common[@]}" --all --output-dir "$tmp/o" --memory-limit 99999999999999999999G; ok
ls -a "$tmp"/sync-* | grep -q '\.tmp$' && fail "temporary files left behind"; ok
echo "$checks passed, 0 failed"
