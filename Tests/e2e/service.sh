#!/usr/bin/env bash
# End to end: `chat-tui serve` on 127.0.0.1 (a port the system picks) asked with curl. PNG, JPEG and WebP with
# their Content-Type and Content-Length, 304 on If-None-Match, HEAD, signed URLs from `chat-tui sign`, every
# error status (400, 403, 404, 405, 413, 414, 503 with Retry-After), /healthz /readyz /metrics, the access log, a
# slow client, a garbage request and a header flood while another client is served, a fixture change,
# SIGHUP, SIGTERM finishing the request in flight and exiting 0, one composite for six concurrent requests, --access-log, and
# photo URLs: the host list, private addresses, redirects (on the same host only), file://, 50 MB, a decompression bomb, a hanging host,
# and a client that hangs up while its avatar waits for a photo (its work cancelled, 499 in the log).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$PWD/.build/debug/chat-tui
tmp=$(mktemp -d)
pids=()
cleanup() { exec 3>&- 2>/dev/null || true; for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/serve*.err; do [ -f "$f" ] && tail -5 "$f"; done; exit 1; }
checks=0; ok() { checks=$((checks+1)); }
export XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state

mkdir -p "$tmp/fx"
cp -r sample-data/avatars "$tmp/fx/avatars"
cp sample-data/groups.json "$tmp/fx/groups.json"
python3 -c 'import secrets; print(secrets.token_hex(32))' >"$tmp/key"

# Starts a service with the given options; sets pid, port and base.
start() {
  local log=$1; shift
  "$bin" serve --fixtures "$tmp/fx/groups.json" --listen 127.0.0.1:0 --key-file "$tmp/key" "$@" 2>"$log" &
  pid=$!; pids+=("$pid")
  for _ in $(seq 600); do grep -q "listening on" "$log" 2>/dev/null && break; sleep 0.1; done
  port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log" | head -1)
  [ -n "$port" ] || fail "serve did not start"
  base=http://127.0.0.1:$port
}
# get URL [curl options…]: the status; headers in $tmp/h, body in $tmp/b.
get() { local url=$1; shift; rm -f "$tmp/b"; curl -s -o "$tmp/b" -D "$tmp/h" -w '%{http_code}' "$@" "$url"; }
header() { tr -d '\r' <"$tmp/h" | sed -n "s/^$1: //Ip" | tail -1; }

start "$tmp/serve.err"

# --- 200 in each format, with the right Content-Type and Content-Length ---
for pair in png:image/png jpg:image/jpeg webp:image/webp; do
  ext=${pair%%:*}; type=${pair#*:}
  [ "$(get "$base/v1/groups/kittens.$ext?scale=2")" = 200 ] || fail "$ext: not 200"
  [ "$(header Content-Type)" = "$type" ] || fail "$ext: Content-Type $(header Content-Type)"
  [ "$(header Content-Length)" = "$(stat -c %s "$tmp/b")" ] || fail "$ext: Content-Length"
  python3 - "$tmp/b" "$ext" <<'PY' || fail "$ext: not a $ext file"
import sys
data = open(sys.argv[1], "rb").read()
magic = {"png": data[:8] == b"\x89PNG\r\n\x1a\n", "jpg": data[:2] == b"\xff\xd8", "webp": data[8:12] == b"WEBP"}
sys.exit(0 if magic[sys.argv[2]] else 1)
PY
  ok
done
# A 2x PNG of the default 132 pt is 264 px wide.
get "$base/v1/groups/kittens.png?scale=2" >/dev/null
python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(); sys.exit(0 if struct.unpack(">II", d[16:24]) == (264, 264) else 1)' "$tmp/b" \
  || fail "the 2x PNG is not 264 px"; ok
etag=$(header ETag)
[[ $etag =~ ^\"[0-9a-f]{64}\"$ ]] || fail "strong ETag expected, got '$etag'"; ok
[ "$(header Cache-Control)" = "public, max-age=60" ] || fail "fixture Cache-Control: $(header Cache-Control)"; ok

# --- 304 on If-None-Match, HEAD ---
[ "$(get "$base/v1/groups/kittens.png?scale=2" -H "If-None-Match: $etag")" = 304 ] || fail "no 304"
[ ! -s "$tmp/b" ] || fail "304 with a body"
[ "$(header ETag)" = "$etag" ] || fail "304 without its ETag"; ok
[ "$(get "$base/v1/groups/kittens.png?scale=2" -H 'If-None-Match: "other"')" = 200 ] || fail "wrong tag gave no 200"; ok
length=$(stat -c %s "$tmp/b")
[ "$(get "$base/v1/groups/kittens.png?scale=2" --head)" = 200 ] || fail "HEAD not 200"
[ "$(header Content-Length)" = "$length" ] || fail "HEAD Content-Length $(header Content-Length), GET $length"
[ "$(header ETag)" = "$etag" ] || fail "HEAD ETag"; ok
# Another parameter is another tag.
get "$base/v1/groups/kittens.png?scale=2&margin=3" >/dev/null
[ "$(header ETag)" != "$etag" ] || fail "margin did not change the ETag"; ok

# --- signed URLs ---
path=$("$bin" sign --key-file "$tmp/key" --member avatars/kitty.png --member avatars/dmitry.png --name Kitty \
  --layout grid --format webp | tail -1)
[[ $path == /*/v1/composite.webp\?member=avatars%2Fkitty.png* ]] || fail "sign printed '$path'"; ok
[ "$(get "$base$path")" = 200 ] || fail "signed URL: $(cat "$tmp/b")"
[ "$(header Content-Type)" = image/webp ] || fail "signed Content-Type"
[ "$(header Cache-Control)" = "public, max-age=31536000, immutable" ] || fail "signed Cache-Control"; ok
signature=${path#/}; signature=${signature%%/*}; rest=${path#/$signature}
first=A; [ "${signature:0:1}" = A ] && first=B
[ "$(get "$base/$first${signature:1}$rest")" = 403 ] || fail "a changed signature was not 403"; ok
[ "$(get "$base$path&scale=2")" = 403 ] || fail "an added parameter was not 403"; ok
grep -q '"status":403' "$tmp/b" || fail "403 body: $(cat "$tmp/b")"; ok
unsigned=$("$bin" sign --unsigned --member avatars/kitty.png | tail -1)
[ "$(get "$base$unsigned")" = 200 ] || fail "unsigned on loopback: $(cat "$tmp/b")"; ok

# --- errors ---
[ "$(get "$base/v1/groups/kittens.png?margin=-1")" = 400 ] || fail "bad margin not 400"
grep -q '"parameter":"margin"' "$tmp/b" || fail "400 body does not name margin: $(cat "$tmp/b")"; ok
[ "$(get "$base/v1/groups/kittens.png?size=2000&scale=4")" = 400 ] || fail "too many pixels not 400"
grep -q 4096 "$tmp/b" || fail "400 body does not name the limit: $(cat "$tmp/b")"; ok
[ "$(get "$base/v1/groups/kittens.png?margn=1")" = 400 ] || fail "unknown parameter not 400"; ok
[ "$(get "$base$unsigned&member=..%2Fgroups.json")" = 400 ] || fail "a path outside the photo folder was not 400"; ok
[ "$(get "$base$unsigned&member=http%3A%2F%2F127.0.0.1%3A1%2Fa.png")" = 403 ] || fail "a host not allowed was not 403"; ok
[ "$(get "$base/v1/groups/nobody.png")" = 404 ] || fail "unknown group not 404"; ok
[ "$(get "$base/nothing/here")" = 404 ] || fail "unknown route not 404"; ok
[ "$(get "$base/v1/groups/kittens.png" -X POST -d x=1)" = 405 ] || fail "POST not 405"
[ "$(header Allow)" = "GET, HEAD" ] || fail "405 without Allow"; ok
# A GET with a body (1 MB, never read) is 413, and the next request is served.
head -c 1000000 /dev/zero > "$tmp/body"
[ "$(get "$base/v1/groups/kittens.png" -X GET --data-binary @"$tmp/body")" = 413 ] || fail "a GET with a body not 413"
grep -q '"status":413' "$tmp/b" || fail "413 body: $(cat "$tmp/b")"
[ "$(get "$base/healthz")" = 200 ] || fail "healthz after a GET with a body"; ok
[ "$(get "$base/v1/groups/$(head -c 10000 /dev/zero | tr '\0' a).png")" = 414 ] || fail "10 kB target not 414"; ok
[ "$(get "$base/v1/groups/$(head -c 100000 /dev/zero | tr '\0' a).png")" = 414 ] || fail "100 kB target not 414"; ok

# A header flood (600 headers, 50 kB) is refused by libmicrohttpd itself, and the next client is served.
flood=(); for i in $(seq 600); do flood+=(-H "X-Flood-$i: $(head -c 80 /dev/zero | tr '\0' x)"); done
[ "$(get "$base/healthz" "${flood[@]}")" = 431 ] || fail "a header flood was not 431"
[ "$(get "$base/healthz")" = 200 ] || fail "healthz after a header flood"; ok

# --- health, readiness, metrics, access log ---
[ "$(get "$base/healthz")" = 200 ] || fail healthz; ok
[ "$(get "$base/readyz")" = 200 ] || fail readyz; ok
[ "$(get "$base/metrics")" = 200 ] || fail metrics
grep -q '^chat_tui_requests_total{route="group",status="304"} 1$' "$tmp/b" || fail "metrics: $(head -20 "$tmp/b")"
grep -q '^chat_tui_request_duration_seconds_bucket{le="+Inf"} ' "$tmp/b" || fail "metrics histogram"
grep -q '^chat_tui_cache_misses_total ' "$tmp/b" || fail "metrics cache"; ok
python3 - "$tmp/serve.err" <<'PY' || fail "access log"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
statuses = {l["status"] for l in lines}
assert {200, 304, 400, 403, 404, 405, 413, 414} <= statuses, statuses
assert all({"time", "method", "target", "route", "status", "bytes", "ms"} <= set(l) for l in lines)
PY
ok

# --- a slow client and a garbage request while another client is served ---
python3 - "$port" <<'PY' || fail "slow or garbage client"
import socket, sys, time, urllib.request
port = int(sys.argv[1])
slow = socket.create_connection(("127.0.0.1", port))
slow.sendall(b"GET /v1/groups/kittens.png HTTP/1.1\r\nHost: x\r\n")  # never finished
garbage = socket.create_connection(("127.0.0.1", port))
garbage.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n")
garbage.settimeout(10)
reply = garbage.recv(100)
assert reply == b"" or reply.startswith(b"HTTP/1.1 4"), reply
start = time.time()
with urllib.request.urlopen("http://127.0.0.1:%d/v1/groups/kittens.png?scale=1" % port, timeout=20) as response:
    assert response.status == 200 and response.read(8) == b"\x89PNG\r\n\x1a\n"
with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=5) as response:
    assert response.status == 200
slow.close()
PY
ok

# --- a repeat is answered from the kept answer until a photo of it changes ---
get "$base/v1/groups/kittens.png?scale=3" >/dev/null; before=$(header ETag)
[ "$(get "$base/v1/groups/kittens.png?scale=3")" = 200 ] && [ "$(header ETag)" = "$before" ] || fail "a repeat"
cp "$tmp/fx/avatars/kitty.png" "$tmp/kitty.png"
cp "$tmp/fx/avatars/dmitry.png" "$tmp/fx/avatars/kitty.png"
for _ in $(seq 50); do get "$base/v1/groups/kittens.png?scale=3" >/dev/null; [ "$(header ETag)" != "$before" ] && break; sleep 0.1; done
[ "$(header ETag)" != "$before" ] || fail "a changed photo was not seen by a kept answer"; ok
cp "$tmp/kitty.png" "$tmp/fx/avatars/kitty.png"

# --- a change to the fixture is read without a signal (inotify, as the app's live reload) ---
python3 - "$tmp/fx/groups.json" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
data["groups"].append({"id": "watched", "name": "Watched", "members": [{"id": "w", "name": "Wes"}]})
json.dump(data, open(sys.argv[1], "w"))
PY
for _ in $(seq 50); do [ "$(get "$base/v1/groups/watched.png")" = 200 ] && break; sleep 0.1; done
[ "$(get "$base/v1/groups/watched.png")" = 200 ] || fail "a fixture written in place was not read again"; ok

# --- SIGHUP reloads the fixture ---
python3 - "$tmp/fx/groups.json" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
data["groups"].append({"id": "late", "name": "Late", "members": [{"id": "z", "name": "Zed"}]})
json.dump(data, open(sys.argv[1] + ".new", "w"))
PY
mv "$tmp/fx/groups.json.new" "$tmp/fx/groups.json"
kill -HUP "$pid"
for _ in $(seq 100); do grep -q reloaded "$tmp/serve.err" && break; sleep 0.1; done
[ "$(get "$base/v1/groups/late.png")" = 200 ] || fail "the reloaded fixture's new group"; ok

# --- SIGTERM: the request in flight is answered, then exit 0 ---
curl -s -o "$tmp/inflight.png" -w '%{http_code}' "$base/v1/groups/kittens.png?scale=4&size=250&margin=7" >"$tmp/inflight.status" &
curler=$!
for _ in $(seq 100); do grep -q 'chat_tui_in_flight 1' <(curl -s "$base/metrics") && break; sleep 0.05; done
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
[ "$status" = 0 ] || fail "serve exited $status after SIGTERM"; ok
wait "$curler" || true
[ "$(cat "$tmp/inflight.status")" = 200 ] || fail "the request in flight at SIGTERM got $(cat "$tmp/inflight.status")"; ok
grep -q stopped "$tmp/serve.err" || fail "no stop message"; ok

# --- 503: one worker, no queue, many different big composites at once ---
start "$tmp/serve-busy.err" --threads 1 --queue 0 --no-cache --deadline 300
for i in $(seq 8); do
  curl -s -o /dev/null -D "$tmp/busy$i.h" -w '%{http_code}\n' "$base/v1/groups/kittens.png?size=250&scale=4&margin=$i" >"$tmp/busy$i" &
done
wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
cat "$tmp"/busy[0-9] | sort | uniq -c
grep -qx 503 "$tmp"/busy[0-9] || fail "no 503 from a full queue"
grep -qx 200 "$tmp"/busy[0-9] || fail "the admitted request was not answered"
grep -qi '^Retry-After: 1' "$tmp"/busy[0-9].h || fail "503 without Retry-After"; ok
kill -TERM "$pid"; wait "$pid" || fail "busy service exit"

# --- concurrent requests for one composite compose it once ---
start "$tmp/serve-once.err" --access-log "$tmp/access.log" --allow-paths "$tmp/fx"
misses() { curl -s "$base/metrics" | sed -n 's/^chat_tui_cache_misses_total //p'; }
before=$(misses)
for i in $(seq 6); do curl -s -o /dev/null -w '%{http_code}\n' "$base/v1/groups/kittens.png?size=200&scale=4&margin=5" >"$tmp/once$i" & done
wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
[ "$(cat "$tmp"/once[0-9] | sort -u)" = 200 ] || fail "concurrent requests: $(cat "$tmp"/once[0-9])"
[ "$(misses)" = $((before + 1)) ] || fail "six concurrent requests made $(( $(misses) - before )) composites"; ok
# --allow-paths: a link inside the photo folder that leads out of it is drawn as a placeholder.
ln -s "$PWD/sample-data/avatars/kitty.png" "$tmp/fx/avatars/escape.png"
[ "$(get "$base$("$bin" sign --unsigned --member avatars/escape.png | tail -1)")" = 200 ] || fail "escape"
[ "$(header X-Avatar-Warnings)" = 1 ] || fail "a link out of --allow-paths was read"; ok

# --access-log: JSON lines in the file, none on standard error; SIGHUP reopens it after a rotation.
grep -q '"route":"group","status":200' "$tmp/access.log" || fail "no access log in the file"
grep -q '^{"time"' "$tmp/serve-once.err" && fail "access log on standard error with --access-log"; ok
mv "$tmp/access.log" "$tmp/access.log.1"
kill -HUP "$pid"
for _ in $(seq 100); do grep -q reloaded "$tmp/serve-once.err" && break; sleep 0.1; done
curl -s -o /dev/null "$base/healthz"
for _ in $(seq 50); do grep -q healthz "$tmp/access.log" 2>/dev/null && break; sleep 0.1; done
grep -q '"route":"healthz"' "$tmp/access.log" || fail "the access log was not reopened"
grep -q healthz "$tmp/access.log.1" && fail "a line went to the rotated file"; ok
kill -TERM "$pid"; wait "$pid" || fail "exit"

# --- photos from URLs: the host list, private addresses, redirects, size, a host that hangs ---
resources=Tests/RemoteSourcesTests/Resources
mkfifo "$tmp/server.in"
# The PNG it serves is a decompression bomb: 60 000 x 60 000 pixels declared, 200 MB of zeros behind 200 kB.
python3 - "$tmp/bomb.png" <<'BOMB'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
idat = zlib.compress(bytes(200 << 20), 9)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60000, 60000, 8, 0, 0, 0, 0))
open(sys.argv[1], "wb").write(png + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
BOMB
python3 $resources/http_test_server.py --jpeg $resources/photos/large-256x192.jpg --png "$tmp/bomb.png" \
  <"$tmp/server.in" >"$tmp/ports" 2>"$tmp/server.err" &
pids+=($!)
exec 3>"$tmp/server.in"
for _ in $(seq 100); do [ -s "$tmp/ports" ] && break; sleep 0.1; done
read -r hport _ <"$tmp/ports"
photo() { "$bin" sign --unsigned --member "http://127.0.0.1:$hport$1" | tail -1; }
placeholder() {  # URL: answered 200 with a placeholder that no cache keeps
  [ "$(get "$base$1")" = 200 ] || fail "$1: $(cat "$tmp/b")"
  [ "$(header X-Avatar-Warnings)" = 1 ] && [ "$(header Cache-Control)" = no-store ] && [ -z "$(header ETag)" ] \
    || fail "$1 was not a placeholder: $(tr -d '\r' <"$tmp/h")"
}
start "$tmp/serve-urls.err" --allow-host 127.0.0.1 --timeout 3
placeholder "$(photo /photos/a.jpg)"; ok   # 127.0.0.1 is a private address: refused by default
grep -q '"photos/a.jpg"' "$tmp/server.err" && fail "the private address was connected to"
kill -TERM "$pid"; wait "$pid" || fail "exit"
start "$tmp/serve-urls2.err" --allow-host 127.0.0.1 --allow-private-addresses --timeout 3
[ "$(get "$base$(photo /photos/a.jpg)")" = 200 ] && [ -n "$(header ETag)" ] || fail "an allowed photo URL"; ok
[ "$(get "$base$("$bin" sign --unsigned --member "http://localhost:$hport/photos/a.jpg" | tail -1)")" = 403 ] \
  || fail "a host not on the list"; ok
# Redirects stay on the photo's host: two there are followed, a fourth or one to another host name is not.
[ "$(get "$base$(photo /redirect/2)")" = 200 ] && [ -n "$(header ETag)" ] || fail "a same-host redirect"; ok
placeholder "$(photo /redirect/4)"; ok
placeholder "$(photo "/redirect-to?url=http%3A%2F%2Flocalhost%3A$hport%2Fphotos%2Fa.jpg")"; ok
placeholder "$(photo /to-file)"; ok
placeholder "$(photo '/big?bytes=50000000')"; ok
placeholder "$(photo /photos/bomb.png)"; ok
# A host that hangs costs its request the fetch timeout; other clients are served meanwhile.
curl -s -o /dev/null -w '%{http_code}' "$base$(photo '/slow?seconds=60')" >"$tmp/hang.status" &
hang=$!
sleep 0.5
[ "$(get "$base/healthz")" = 200 ] || fail "healthz while a photo host hangs"
[ "$(get "$base/v1/groups/kittens.png")" = 200 ] || fail "a fixture avatar while a photo host hangs"; ok
wait "$hang"
[ "$(cat "$tmp/hang.status")" = 200 ] || fail "the hanging photo's request: $(cat "$tmp/hang.status")"; ok
kill -TERM "$pid"; wait "$pid" || fail "exit"

# --- a client that goes away cancels its work: long before the fetch's own timeout (60 s) ---
start "$tmp/serve-gone.err" --allow-host 127.0.0.1 --allow-private-addresses --timeout 60 --deadline 120
metric() { curl -s "$base/metrics" | sed -n "s/^$1 //p"; }
gone=$(photo /gated/gone.jpg)
curl -s -o /dev/null --max-time 1 "$base$gone" && fail "the gated photo was answered"
for _ in $(seq 100); do
  [ "$(metric chat_tui_cancelled_total)" = 1 ] && [ "$(metric chat_tui_renders_running)" = 0 ] && break
  sleep 0.1
done
[ "$(metric chat_tui_cancelled_total)" = 1 ] || fail "the hang-up was not counted: $(curl -s "$base/metrics")"
[ "$(metric chat_tui_renders_running)" = 0 ] || fail "the render went on after its client hung up"
[ "$(metric chat_tui_in_flight)" = 0 ] || fail "the request kept its place after its client hung up"; ok
curl -s "$base/metrics" | grep -q '^chat_tui_requests_total{route="composite-unsigned",status="499"} 1$' \
  || fail "no 499 in the metrics"
grep -q '"route":"composite-unsigned","status":499' "$tmp/serve-gone.err" || fail "no 499 in the access log"; ok
[ "$(get "$base/v1/groups/kittens.png")" = 200 ] || fail "served after a hang-up"; ok
kill -TERM "$pid"; wait "$pid" || fail "exit"

echo "service: $checks checks passed"
