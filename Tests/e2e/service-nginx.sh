#!/usr/bin/env bash
# End to end: nginx (Debian's nginx-light) as load balancer and HTTP cache in front of two `chat-tui serve`
# replicas, all on 127.0.0.1 with the configuration of docs/SERVICE.md generated into a temporary folder.
# A miss then a hit; a burst of requests for one new URL reaches the replicas once (proxy_cache_lock); one
# replica is killed (SIGKILL) during a load run of distinct URLs and every request is still answered 200.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$PWD/.build/debug/chat-tui
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; tail -3 "$tmp"/*.err "$tmp/nginx-error.log" 2>/dev/null; exit 1; }
checks=0; ok() { checks=$((checks+1)); }
command -v nginx >/dev/null || fail "nginx is not installed (scripts/install-deps.sh installs nginx-light)"
export XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state

replica() {  # LOG: starts a replica on a free port, prints its pid and port
  "$bin" serve --fixtures sample-data/groups.json --listen 127.0.0.1:0 2>"$1" &
  local pid=$!
  for _ in $(seq 600); do grep -q "listening on" "$1" 2>/dev/null && break; sleep 0.1; done
  local port; port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$1" | head -1)
  [ -n "$port" ] || fail "replica did not start"
  echo "$pid $port"
}
read -r pid_a port_a < <(replica "$tmp/a.err"); pids+=("$pid_a")
read -r pid_b port_b < <(replica "$tmp/b.err"); pids+=("$pid_b")
listen=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
Tests/e2e/support/service-nginx-conf.sh "$tmp" "$listen" "$port_a" "$port_b" >"$tmp/nginx.conf"
nginx -t -q -p "$tmp" -c "$tmp/nginx.conf" 2>"$tmp/nginx-test.err" || { cat "$tmp/nginx-test.err"; fail "nginx -t"; }
nginx -p "$tmp" -c "$tmp/nginx.conf" 2>"$tmp/nginx.err" &
pids+=($!)
base=http://127.0.0.1:$listen
for _ in $(seq 100); do curl -s -o /dev/null "$base/healthz" && break; sleep 0.1; done

cache_status() { curl -s -o "$tmp/response" -D - "$1" | tr -d '\r' | sed -n 's/^X-Cache-Status: //p'; }
upstream_count() { cat "$tmp/a.err" "$tmp/b.err" | grep -c "\"target\":\"$1\"" || true; }

# --- a miss, then a hit answered by nginx alone ---
[ "$(cache_status "$base/v1/groups/kittens.png?scale=2")" = MISS ] || fail "first request not a MISS"
[ "$(head -c 4 "$tmp/response" | tail -c 3)" = PNG ] || fail "not a PNG through nginx"; ok
[ "$(cache_status "$base/v1/groups/kittens.png?scale=2")" = HIT ] || fail "second request not a HIT"
[ "$(upstream_count '/v1/groups/kittens.png?scale=2')" = 1 ] || fail "the hit reached a replica"; ok

# --- a burst of misses for one URL composes once ---
url='/v1/groups/book-club.webp?scale=3&margin=5'
for i in $(seq 12); do curl -s -o /dev/null -w '%{http_code}\n' "$base$url" >"$tmp/burst$i" & done
wait $(jobs -p | grep -vxE "$(IFS='|'; echo "${pids[*]}")") 2>/dev/null || true
[ "$(cat "$tmp"/burst* | sort -u)" = 200 ] || fail "burst: $(cat "$tmp"/burst* | sort | uniq -c)"
[ "$(upstream_count "$url")" = 1 ] || fail "a burst of 12 reached the replicas $(upstream_count "$url") times"; ok

# --- one replica killed during a load run: every request answered ---
seq 1 240 | xargs -P 6 -I{} sh -c \
  'curl -s -o /dev/null -w "%{http_code}\n" --max-time 60 "$0/v1/groups/kittens.png?size=$((40 + {} % 120))&margin=$(({} % 2))"' \
  "$base" >"$tmp/load" &
loader=$!
for _ in $(seq 200); do [ "$(wc -l <"$tmp/load")" -ge 40 ] && break; sleep 0.05; done
kill -KILL "$pid_a"
wait "$loader"
answered=$(grep -cx 200 "$tmp/load" || true)
[ "$answered" = 240 ] || fail "with a replica killed: $(sort "$tmp/load" | uniq -c | tr '\n' ' ')"; ok
grep -q '"status":200' "$tmp/b.err" || fail "replica b served nothing"; ok
# Replica a was killed part-way: both served some of the run.
[ "$(grep -c 'size=' "$tmp/a.err" || true)" -gt 0 ] || fail "replica a served none of the load run"; ok

echo "service-nginx: $checks checks passed"
