#!/usr/bin/env bash
# Measures `chat-tui serve` with wrk on loopback (release build): requests per second and the latency
# distribution (p50, p99) for
#   cold   every request a composite no cache holds (--no-cache, a different margin each time): nine 512 px
#          JPEG members, 132 pt at 3x, PNG;
#   warm   one URL over and over: the composite from the memory cache, encoded per request;
#   nginx  the same URL through the nginx cache of docs/SERVICE.md (Tests/e2e/support/service-nginx-conf.sh).
#
#   bench/service.sh                  # 15 s per scenario
#   DURATION=30 CONNECTIONS=32 bench/service.sh
#   CHAT_TUI_BIN=.build/debug/chat-tui DURATION=2 bench/service.sh   # the script itself, no release build
# Figures mean something only on a machine that is otherwise idle; nothing here asserts a goal.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
connections=${CONNECTIONS:-16}
threads=${WRK_THREADS:-2}
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "bench/service.sh: needs wrk and nginx (scripts/install-deps.sh)" >&2; exit 2; }
# CHAT_TUI_BIN=.build/debug/chat-tui checks the script itself without a release build (its figures mean nothing).
if [ -n "${CHAT_TUI_BIN:-}" ]; then
  bin=$CHAT_TUI_BIN
else
  swift build -c release --product chat-tui >&2
  bin=$(swift build -c release --show-bin-path)/chat-tui
fi
tmp=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state

# Nine 512 px JPEG members, each a different gradient, and a fixture group of them.
mkdir -p "$tmp/photos"
for i in $(seq 1 9); do
  convert -size 512x512 "gradient:hsl($((i * 40)),80%,60%)-hsl($((i * 40 + 120)),70%,30%)" -quality 90 \
    "$tmp/photos/m$i.jpg"
done
python3 - "$tmp" <<'PY'
import json, sys
tmp = sys.argv[1]
members = [{"id": "m%d" % i, "name": "Member %d" % i, "avatar": "photos/m%d.jpg" % i} for i in range(1, 10)]
json.dump({"groups": [{"id": "nine", "name": "Nine", "members": members}]}, open(tmp + "/groups.json", "w"))
PY

serve() {  # LOG OPTIONS...: starts a service on a free port; sets port
  local log=$1; shift
  "$bin" serve --fixtures "$tmp/groups.json" --listen 127.0.0.1:0 --access-log "$tmp/access.log" "$@" 2>"$log" &
  pids+=($!)
  for _ in $(seq 300); do grep -q "listening on" "$log" 2>/dev/null && break; sleep 0.1; done
  port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log" | head -1)
  [ -n "$port" ] || { cat "$log" >&2; exit 1; }
}
run() {  # NAME URL [LUA]
  echo "== $1: $2"
  curl -sf -o /dev/null "$2" || { echo "bench/service.sh: $2 does not answer 200" >&2; exit 1; }
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency ${3:+-s "$3"} "$2"
}

cat >"$tmp/cold.lua" <<'LUA'
-- A different margin per request (4 decimals enter the cache key), so no cache answers.
local counter = 0
request = function()
  counter = counter + 1
  local margin = string.format("%.4f", (counter * 7 + math.random(0, 6)) % 40000 / 10000)
  return wrk.format("GET", "/v1/groups/nine.png?scale=3&margin=" .. margin)
end
LUA

serve "$tmp/cold.err" --no-cache
run cold "http://127.0.0.1:$port/v1/groups/nine.png?scale=3" "$tmp/cold.lua"
cold_pid=${pids[-1]}; kill -TERM "$cold_pid"; wait "$cold_pid" || true

serve "$tmp/warm.err"
run warm "http://127.0.0.1:$port/v1/groups/nine.png?scale=3"

listen=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
Tests/e2e/support/service-nginx-conf.sh "$tmp" "$listen" "$port" >"$tmp/nginx.conf"
sed -i 's|access_log .*;|access_log off;|' "$tmp/nginx.conf"
nginx -p "$tmp" -c "$tmp/nginx.conf" 2>"$tmp/nginx.err" &
pids+=($!)
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$listen/healthz" && break; sleep 0.1; done
curl -s -o /dev/null "http://127.0.0.1:$listen/v1/groups/nine.png?scale=3"   # fill the cache
run nginx "http://127.0.0.1:$listen/v1/groups/nine.png?scale=3"
