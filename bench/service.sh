#!/usr/bin/env bash
# Measures `chat-tui serve` with wrk on loopback (release build) beside the same service written with Pillow
# (bench/peer_pillow_service.py under gunicorn, one threaded worker per core), in the same run and on the same
# cores: requests per second and the latency distribution (p50, p99) for
#   cold    every request a composite no cache holds (--no-cache on both sides, a different margin each
#           time): nine 512 px JPEG members, 132 pt at 3x, PNG;
#   warm    one URL over and over: ours from its kept answer (no routing, composing or encoding), the peer
#           from a dict;
#   nginx   ours alone, the same URL through the nginx cache of docs/SERVICE.md
#           (Tests/e2e/support/service-nginx-conf.sh; its cache on /dev/shm, no access log);
#   memory  ours alone: DISTINCT different URLs (64 pt, scale 1 or 2, margins 0.0000 to 4.9999), the server's
#           RSS read from /proc after every tenth of them; flat means the second half adds at most 10 %.
# The servers (and nginx) run on SERVER_CPUS (default core 0), wrk and the memory client on CLIENT_CPUS
# (default core 1), so "per core" means per core of SERVER_CPUS; on one core nothing is pinned. It prints a
# table with the ratios and the goals of issue 36 (MET or MISSED) and writes bench/service-results.json
# (RESULTS=FILE to change, RESULTS= for none), which scripts/performance-table.py turns into rows of
# docs/PERFORMANCE.md.
#
#   bench/service.sh                  # 15 s per scenario, 100 000 distinct requests; installs the peer
#   DURATION=10 DISTINCT=20000 bench/service.sh                      # a quicker run
#   DURATION=30 CONNECTIONS=32 SERVER_CPUS=0,1 CLIENT_CPUS=1 bench/service.sh
#   CHAT_TUI_BIN=.build/debug/chat-tui DURATION=2 bench/service.sh   # the script itself, no release build
# Figures mean something only on a machine that is otherwise idle: the run records `uptime` before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
connections=${CONNECTIONS:-16}
threads=${WRK_THREADS:-2}
distinct=${DISTINCT:-100000}
results=${RESULTS-bench/service-results.json}
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "bench/service.sh: needs wrk and nginx (scripts/install-deps.sh)" >&2; exit 2; }
# The peer, installed only when missing (as bench/compare.sh installs its peers).
python3 -c "import PIL, gunicorn" 2>/dev/null || pip install -q pillow gunicorn
# CHAT_TUI_BIN=.build/debug/chat-tui checks the script itself without a release build (its figures mean nothing).
if [ -n "${CHAT_TUI_BIN:-}" ]; then
  bin=$CHAT_TUI_BIN
  [ -n "${DISTINCT:-}" ] || distinct=500
  [ -n "${RESULTS+set}" ] || results=
else
  swift build -c release --product chat-tui >&2
  bin=$(swift build -c release --show-bin-path)/chat-tui
fi
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  pin_server=(taskset -c "${SERVER_CPUS:-0}")
  pin_client=(taskset -c "${CLIENT_CPUS:-1}")
else
  pin_server=()
  pin_client=()
fi
server_cores=$("${pin_server[@]}" nproc)
tmp=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state
load_before=$(uptime)

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

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
serve() {  # LOG OPTIONS...: starts our service on a free port; sets port
  local log=$1; shift
  "${pin_server[@]}" "$bin" serve --fixtures "$tmp/groups.json" --listen 127.0.0.1:0 --access-log "$tmp/access.log" \
    "$@" 2>"$log" &
  pids+=($!)
  for _ in $(seq 300); do grep -q "listening on" "$log" 2>/dev/null && break; sleep 0.1; done
  port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log" | head -1)
  [ -n "$port" ] || { cat "$log" >&2; exit 1; }
}
serve_peer() {  # LOG OPTIONS...: starts the Pillow service, one worker per server core; sets port
  local log=$1; shift
  port=$(free_port)
  "${pin_server[@]}" python3 bench/peer_pillow_service.py --fixtures "$tmp/groups.json" --listen "127.0.0.1:$port" \
    --workers "$server_cores" "$@" 2>"$log" &
  pids+=($!)
  for _ in $(seq 300); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && return; sleep 0.1; done
  cat "$log" >&2; exit 1
}
stop() {  # stops the last server started
  local pid=${pids[-1]}
  kill -TERM "$pid"; wait "$pid" || true
  unset 'pids[-1]'
}

# wrk's summary as one line: requests/s, p50 and p99 in ms, requests, errors (non-2xx included).
cat >"$tmp/summary.lua" <<'LUA'
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %.2f %.3f %.3f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests,
    e.connect + e.read + e.write + e.timeout + e.status))
end
LUA
cat >"$tmp/cold.lua" <<'LUA'
-- A different margin per request (4 decimals enter the cache key), so no cache answers.
local counter = 0
request = function()
  counter = counter + 1
  local margin = string.format("%.4f", (counter * 7 + math.random(0, 6)) % 40000 / 10000)
  return wrk.format("GET", "/v1/groups/nine.png?scale=3&margin=" .. margin)
end
LUA
cat "$tmp/summary.lua" >>"$tmp/cold.lua"
: >"$tmp/results.tsv"
run() {  # SCENARIO SIDE URL LUA: one wrk run; its summary goes to results.tsv
  echo "== $1, $2: $3"
  curl -sf -o /dev/null "$3" || { echo "bench/service.sh: $3 does not answer 200" >&2; exit 1; }
  "${pin_client[@]}" wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s "$4" "$3" | tee "$tmp/wrk.out"
  echo "$1	$2	$(sed -n 's/^RESULT //p' "$tmp/wrk.out")" >>"$tmp/results.tsv"
}
url=/v1/groups/nine.png?scale=3

serve "$tmp/cold.err" --no-cache
run cold ours "http://127.0.0.1:$port$url" "$tmp/cold.lua"
stop
serve_peer "$tmp/peer-cold.err" --no-cache
run cold pillow "http://127.0.0.1:$port$url" "$tmp/cold.lua"
stop

serve_peer "$tmp/peer-warm.err"
run warm pillow "http://127.0.0.1:$port$url" "$tmp/summary.lua"
stop
serve "$tmp/warm.err"
run warm ours "http://127.0.0.1:$port$url" "$tmp/summary.lua"
# The service's own view of the same requests: its latency histogram, from reading a request to its answer
# sent, which leaves out the time before the server's thread got the core (what wrk's p99 adds on a busy
# machine).
curl -sf "http://127.0.0.1:$port/metrics" | grep '^chat_tui_request_duration_seconds_bucket' >"$tmp/warm-server.txt"

listen=$(free_port)
# nginx's folder (its cache) on tmpfs when there is one, no access log; one worker process per server core
# (NGINX_WORKERS to change it): more workers than cores take turns on them, which is what a p99 then measures.
export NGINX_WORKERS=${NGINX_WORKERS:-$server_cores}
ngx=$tmp
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  ngx=$(mktemp -d /dev/shm/chat-tui-bench.XXXXXX)
  trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp" "$ngx"' EXIT
fi
Tests/e2e/support/service-nginx-conf.sh "$ngx" "$listen" "$port" >"$tmp/nginx.conf"
sed -i 's|access_log .*;|access_log off;|' "$tmp/nginx.conf"
"${pin_server[@]}" nginx -p "$ngx" -c "$tmp/nginx.conf" 2>"$tmp/nginx.err" &
pids+=($!)
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$listen/healthz" && break; sleep 0.1; done
curl -s -o /dev/null "http://127.0.0.1:$listen$url"   # fill the cache
run nginx ours "http://127.0.0.1:$listen$url" "$tmp/summary.lua"
stop   # nginx
stop   # the warm service

# Memory over DISTINCT different URLs, with the caches as they are by default.
echo "== memory, ours: $distinct distinct URLs"
serve "$tmp/memory.err"
"${pin_client[@]}" python3 - "$port" "${pids[-1]}" "$distinct" "$connections" >"$tmp/memory.json" <<'PY'
import http.client, json, sys, threading
port, pid, total, clients = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])

def rss_kib():
    with open("/proc/%d/status" % pid) as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1])

lock = threading.Lock()
state = {"next": 0, "failed": 0}
checkpoints = sorted({max(1, total * k // 10) for k in range(1, 11)})
samples = [{"requests": 0, "rss_kib": rss_kib()}]

def client():
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while True:
        with lock:
            index = state["next"]
            if index >= total:
                return
            state["next"] += 1
        # 50 000 margins times two scales: every URL different, every one within the parameters' limits.
        connection.request("GET", "/v1/groups/nine.png?size=64&scale=%d&margin=%.4f" % (1 + index % 2, index // 2 % 50000 / 10000))
        response = connection.getresponse()
        response.read()
        with lock:
            if response.status != 200:
                state["failed"] += 1
            done = index + 1
            if done in checkpoints:
                samples.append({"requests": done, "rss_kib": rss_kib()})

workers = [threading.Thread(target=client) for _ in range(clients)]
for worker in workers:
    worker.start()
for worker in workers:
    worker.join()
samples.sort(key=lambda sample: sample["requests"])
json.dump({"requests": total, "failed": state["failed"], "samples": samples}, sys.stdout)
PY
stop
load_after=$(uptime)

python3 - "$tmp/results.tsv" "$tmp/memory.json" "$results" "$server_cores" "$duration" "$connections" \
  "$load_before" "$load_after" "${pin_server[*]:-unpinned}" "$bin" "$tmp/warm-server.txt" <<'PY'
import datetime, json, os, platform, re, sys
tsv, memory_path, out, cores, duration, connections, before, after, pinning, binary, server_path = sys.argv[1:]
cores = int(cores)
figures = {}
for line in open(tsv):
    scenario, side, rps, p50, p99, requests, errors = line.split()
    figures[(scenario, side)] = {"requests_per_second": float(rps), "p50_ms": float(p50), "p99_ms": float(p99),
                                 "requests": int(requests), "errors": int(errors)}
memory = json.load(open(memory_path))

def cell(entry, key, text):
    return text % entry[key] if entry else "–"

print()
print("servers on %d core(s) (%s); %s s per run, %s connections" % (cores, pinning, duration, connections))
print("%-7s %10s %8s %8s %10s %8s %8s %7s" % ("", "ours/s", "p50 ms", "p99 ms", "Pillow/s", "p50 ms", "p99 ms", "ratio"))
rows = []
for scenario in ("cold", "warm", "nginx"):
    ours, peer = figures.get((scenario, "ours")), figures.get((scenario, "pillow"))
    ratio = ours["requests_per_second"] / peer["requests_per_second"] if ours and peer else None
    print("%-7s %10s %8s %8s %10s %8s %8s %7s" % (
        scenario, cell(ours, "requests_per_second", "%.0f"), cell(ours, "p50_ms", "%.2f"), cell(ours, "p99_ms", "%.2f"),
        cell(peer, "requests_per_second", "%.0f"), cell(peer, "p50_ms", "%.2f"), cell(peer, "p99_ms", "%.2f"),
        "%.1fx" % ratio if ratio else "–"))
    rows.append({"scenario": scenario, "ours": ours, "pillow": peer, "ratio": ratio})
errors = sum(entry["errors"] for entry in figures.values())
if errors:
    print("warning: %d requests failed or were not 2xx; their figures are not comparable" % errors)

# The warm service's histogram (every request it answered, the warm-up and /metrics itself included).
buckets = {}
for line in open(server_path):
    match = re.match(r'chat_tui_request_duration_seconds_bucket\{le="([^"]+)"\} (\d+)', line)
    if match:
        buckets[match.group(1)] = int(match.group(2))
total = buckets.get("+Inf", 0)
warm_server = {"requests": total, "within_1ms": buckets.get("0.001", 0) / total if total else None,
               "within_2_5ms": buckets.get("0.0025", 0) / total if total else None}
if total:
    print("warm, as the service measured it: %.2f %% of %d answers within 1 ms, %.2f %% within 2.5 ms" % (
        warm_server["within_1ms"] * 100, total, warm_server["within_2_5ms"] * 100))

samples = memory["samples"]
# Caches fill up first (the encoded cache holds 64 MiB); flat means no growth once they are full: the second
# half of the requests within 10 % of the RSS at the half.
half = min((s for s in samples if s["requests"] >= memory["requests"] // 2), key=lambda s: s["requests"])
last = samples[-1]
growth = last["rss_kib"] / half["rss_kib"] - 1
print("memory: RSS %s MiB after %s distinct requests (%d failed)" % (
    ", ".join("%.0f" % (s["rss_kib"] / 1024) for s in samples), ", ".join(str(s["requests"]) for s in samples),
    memory["failed"]))

cold, warm, nginx = rows[0], rows[1], rows[2]
per_core = cold["ratio"]
goals = [
    ("cold >= 5x the Pillow service per core", per_core is not None and per_core >= 5, "%.1fx" % per_core),
    ("warm p99 <= 2 ms", warm["ours"]["p99_ms"] <= 2, "%.2f ms" % warm["ours"]["p99_ms"]),
    ("a cache hit behind nginx p99 <= 1 ms", nginx["ours"]["p99_ms"] <= 1, "%.2f ms" % nginx["ours"]["p99_ms"]),
    ("memory flat over %d distinct requests (RSS from the half to the end within 10 %%)" % memory["requests"],
     growth <= 0.10 and memory["failed"] == 0, "%.0f -> %.0f MiB, %+.1f %%" % (
         half["rss_kib"] / 1024, last["rss_kib"] / 1024, growth * 100)),
]
for goal, met, detail in goals:
    print("%-6s %s: %s" % ("MET" if met else "MISSED", goal, detail))
print("load before: %s\nload after:  %s" % (before.strip(), after.strip()))
if out:
    command = " ".join("%s=%s" % (name, os.environ[name]) for name in ("DURATION", "CONNECTIONS", "DISTINCT", "SERVER_CPUS",
                                                                     "CLIENT_CPUS") if os.environ.get(name))
    value = {"date": datetime.date.today().isoformat(),
             "machine": "%d-core %s" % (os.cpu_count() or 1, platform.machine()),
             "command": (command + " " if command else "") + "bench/service.sh",
             "server_cores": cores, "pinning": pinning, "duration_s": int(duration), "connections": int(connections),
             "load_before": before.strip(), "load_after": after.strip(), "scenarios": rows,
             "warm_server_side": warm_server,
             "memory": memory, "goals": [{"goal": g, "met": m, "detail": d} for g, m, d in goals]}
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(value, handle, indent=2, sort_keys=True)
        handle.write("\n")
    print("wrote %s" % out)
PY
