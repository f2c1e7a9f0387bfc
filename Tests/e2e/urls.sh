#!/usr/bin/env bash
# End to end: fixtures whose avatars are http(s) URLs, served by the local test server. One download per URL
# for a whole batch (counted by the server), revalidation on a later run, --offline, the same pixels as the same
# photos as local files, failures as warnings that never show credentials, and the summary line.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$PWD/.build/debug/chat-tui
tmp=$(mktemp -d)
resources=Tests/RemoteSourcesTests/Resources
jpeg=$resources/photos/large-256x192.jpg; png=$resources/photos/rgb-trns.png
# The server exits when its standard input closes: a FIFO held open by this script.
mkfifo "$tmp/server.in"
python3 $resources/http_test_server.py --jpeg "$jpeg" --png "$png" <"$tmp/server.in" >"$tmp/ports" 2>"$tmp/server.err" &
server=$!
exec 3>"$tmp/server.in"
trap 'exec 3>&-; kill $server 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do [ -s "$tmp/ports" ] && break; sleep 0.1; done
read -r port control _ <"$tmp/ports"
fail() { echo "FAIL: $*"; exit 1; }
checks=0; ok() { checks=$((checks+1)); }
stats() { python3 -c "import json,sys,urllib.request; print(json.load(urllib.request.urlopen('http://127.0.0.1:$control/__stats'))$1)"; }

# 120 groups over 15 URLs (query strings make the URLs distinct; the server counts per path), with validators.
python3 - "$port" "$tmp" "$PWD/$jpeg" "$PWD/$png" <<'PY'
import json, sys
port, tmp, jpeg, png = sys.argv[1:]
def groups(avatar):
    return {"groups": [{"id": "g%03d" % g, "name": "G%d" % g,
                        "members": [{"id": "m%d" % m, "name": "M%d" % m, "avatar": avatar((g + m) % 15)}
                                    for m in range(3)]} for g in range(120)]}
remote = lambda n: "http://127.0.0.1:%s/etag?max-age=0&n=%d" % (port, n)
json.dump(groups(remote), open(tmp + "/urls.json", "w"))
json.dump(groups(lambda n: jpeg), open(tmp + "/local.json", "w"))
mixed = {"groups": [{"id": "same", "name": "S", "members": [
    {"id": "a", "name": "A", "avatar": "http://127.0.0.1:%s/photos/a.jpg" % port},
    {"id": "b", "name": "B", "avatar": "http://127.0.0.1:%s/photos/b.png" % port}]},
    {"id": "broken", "name": "B", "members": [
    {"id": "x", "name": "X", "avatar": "http://alice:hunter2@127.0.0.1:%s/status/404?token=s3cr3t" % port},
    {"id": "y", "name": "Y", "avatar": "HTTP://127.0.0.1:%s/loop" % port}]}]}
json.dump(mixed, open(tmp + "/mixed.json", "w"))
json.dump({"groups": [{"id": "same", "name": "S", "members": [
    {"id": "a", "name": "A", "avatar": jpeg}, {"id": "b", "name": "B", "avatar": png}]}]}, open(tmp + "/same-local.json", "w"))
json.dump({"groups": [{"id": "f", "name": "F", "members": [{"name": "x", "avatar": "file:///etc/passwd"}]}]},
          open(tmp + "/file-url.json", "w"))
PY

$bin export --fixtures "$tmp/urls.json" --all --output-dir "$tmp/out1" --cache-dir "$tmp/cache" --size 40 2>"$tmp/err1" \
  || { cat "$tmp/err1"; fail "first URL batch"; }
grep -q "photos from URLs: 15 fetched, 0 from cache, 0 revalidated, 0 failed" "$tmp/err1" || { cat "$tmp/err1"; fail "summary of the first run"; }; ok
[ "$(stats "['requests']['/etag']")" -eq 15 ] || fail "120 groups over 15 URLs should cost 15 requests"; ok
$bin export --fixtures "$tmp/urls.json" --all --output-dir "$tmp/out2" --cache-dir "$tmp/cache" --size 40 2>"$tmp/err2" \
  || { cat "$tmp/err2"; fail "second URL batch"; }
grep -q "photos from URLs: 0 fetched, 0 from cache, 15 revalidated, 0 failed" "$tmp/err2" || { cat "$tmp/err2"; fail "second run revalidates"; }; ok
[ "$(stats "['statuses'].get('/etag 304', 0)")" -eq 15 ] || fail "15 answers 304 expected"; ok
diff -rq "$tmp/out1" "$tmp/out2" >/dev/null || fail "revalidated run wrote other files"; ok
$bin export --fixtures "$tmp/urls.json" --all --output-dir "$tmp/out3" --cache-dir "$tmp/cache" --size 40 --offline 2>"$tmp/err3" \
  || { cat "$tmp/err3"; fail "offline batch"; }
grep -q "photos from URLs: 0 fetched, 15 from cache, 0 revalidated, 0 failed" "$tmp/err3" || { cat "$tmp/err3"; fail "offline from cache"; }; ok
[ "$(stats "['requests']['/etag']")" -eq 30 ] || fail "offline made requests"; ok

# The same pixels as the photos on disk (the recorded inputs differ: URLs versus files).
$bin export --fixtures "$tmp/local.json" --all --output-dir "$tmp/local" --no-cache --size 40 2>/dev/null
$bin export --fixtures "$tmp/mixed.json" --group same --output "$tmp/same-url.png" --no-cache --scale 3 2>/dev/null
$bin export --fixtures "$tmp/same-local.json" --group same --output "$tmp/same-file.png" --no-cache --scale 3 2>/dev/null
python3 - "$tmp" <<'PY' || fail "URL photos differ from the same files"
import os, sys
from PIL import Image
tmp = sys.argv[1]
same = lambda a, b: Image.open(a).convert("RGBA").tobytes() == Image.open(b).convert("RGBA").tobytes()
assert same(tmp + "/same-url.png", tmp + "/same-file.png")
for name in os.listdir(tmp + "/local"):
    assert same(tmp + "/local/" + name, tmp + "/out1/" + name), name
PY
ok

# Failures: placeholders and one warning each, naming the member and the URL without its secrets.
set +e; $bin export --fixtures "$tmp/mixed.json" --group broken --output "$tmp/broken.png" --no-cache 2>"$tmp/err4"; status=$?; set -e
[ $status -eq 0 ] || fail "a failed photo should not fail the export"; ok
[ "$(grep -c '^warning:' "$tmp/err4")" -eq 2 ] || { cat "$tmp/err4"; fail "one warning per failed photo"; }; ok
grep -q 'member "X" (x): http://\*\*\*@127.0.0.1:[0-9]*/status/404?token=\*\*\*: .*404' "$tmp/err4" || { cat "$tmp/err4"; fail "404 warning"; }; ok
grep -q 'member "Y" (y): .*redirect' "$tmp/err4" || { cat "$tmp/err4"; fail "redirect loop warning"; }; ok
grep -q 'hunter2\|s3cr3t' "$tmp/err4" "$tmp/broken.png" && fail "credentials printed or recorded"; ok
set +e; $bin export --fixtures "$tmp/file-url.json" --group f --output "$tmp/f.png" --no-cache 2>"$tmp/err5"; status=$?; set -e
[ $status -eq 1 ] && grep -q 'expected a file path or an http(s) URL' "$tmp/err5" || { cat "$tmp/err5"; fail "file:// avatar refused"; }; ok
echo "$checks passed, 0 failed"
