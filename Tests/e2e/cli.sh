#!/usr/bin/env bash
# End to end: the real chat-tui binary's headless commands, exit codes and outputs.
set -euo pipefail
source "$(dirname "$0")/support/cli-checks.sh"

expect_status 0 $bin --version; grep -q '^chat-tui ' "$tmp/out" || fail "--version"; ok
expect_status 0 $bin -V; grep -qE '^libpng [0-9]+\.[0-9]+' "$tmp/out" && grep -qE '^ncurses [0-9]' "$tmp/out" || fail "-V lists the C libraries"; ok
expect_status 2 $bin --version --bogus; grep -q -- "--version takes no arguments, got '--bogus'" "$tmp/err" || fail "--version --bogus"; ok
expect_status 0 $bin --help; grep -q 'export' "$tmp/out" || fail "--help lists commands"; ok
for c in export layout cache; do expect_status 0 $bin $c --help; grep -q "Usage:" "$tmp/out" || fail "$c --help"; ok; done
expect_status 2 $bin export --bogus; grep -q "unknown option '--bogus'" "$tmp/err" || fail "unknown flag message"; ok
expect_status 2 $bin layout --count 3 --size zero; grep -q -- "--size: expected" "$tmp/err" || fail "bad value message"; ok

expect_status 0 $bin layout --layout wechat --count 5 --size 132 --json
python3 -c "import json,sys; d=json.load(open('$tmp/out')); assert d['layout']=='wechat' and d['count']==5 and len(d['tiles'])==5, d" || fail "layout json"; ok
expect_status 0 $bin layout --layout qq --count 3 --size 140 --json
python3 -c "import json; d=json.load(open('$tmp/out')); t=d['tiles']; assert len(t)==3 and all('notch' in x and 'cx' in x for x in t), d" || fail "qq json"; ok

expect_status 0 $bin export --fixtures sample-data/groups.json --group ride --output "$tmp/ride.png" --scale 2 --no-cache
[ "$(png_size "$tmp/ride.png")" = "264x264" ] || fail "export size"; ok
ls "$tmp" | grep -q '\.tmp' && fail "temporary file left behind"; ok

expect_status 0 $bin export --fixtures sample-data/groups.json --all --output-dir "$tmp/all" --size 64 --no-cache
n=$(ls "$tmp/all" | grep -c '\.png$'); total=$(python3 -c "import json; print(len(json.load(open('sample-data/groups.json'))['groups']))")
[ "$n" -eq "$total" ] || fail "export --all wrote $n of $total"; ok
grep -qi "warning" "$tmp/err" || fail "missing/corrupt avatars should warn"; ok

expect_status 1 $bin export --fixtures "$tmp/nope.json" --group x --output "$tmp/x.png"
grep -q "nope.json" "$tmp/err" || fail "missing fixture names the file"; ok
expect_status 1 $bin export --fixtures sample-data/groups.json --group no-such-group --output "$tmp/x.png" --no-cache
grep -q "no-such-group" "$tmp/err" || fail "unknown group named"; ok
expect_status 1 $bin export --fixtures sample-data/groups.json --group ride --output /proc/nope/x.png --no-cache; ok
# Disk cache: an export fills it, stats counts it, a second export is served from it, clear empties it.
cache="$tmp/cache"
expect_status 0 $bin export --fixtures sample-data/groups.json --group ride --output "$tmp/c1.png" --cache-dir "$cache"
expect_status 0 $bin cache stats --cache-dir "$cache"; grep -q "1 composite," "$tmp/out" || { cat "$tmp/out"; fail "cache stats after one export"; }; ok
expect_status 0 $bin export --fixtures sample-data/groups.json --group ride --output "$tmp/c2.png" --cache-dir "$cache"
cmp -s "$tmp/c1.png" "$tmp/c2.png" || fail "cached export differs from the first"; ok
expect_status 0 $bin cache clear --cache-dir "$cache"; grep -q "removed 1 cached composite" "$tmp/out" || fail "cache clear"; ok
expect_status 0 $bin cache stats --cache-dir "$cache"; grep -q "0 composites" "$tmp/out" || fail "cache empty after clear"; ok
expect_status 2 $bin cache frobnicate; ok
echo "$checks passed, 0 failed"
