#!/usr/bin/env bash
# End to end: the Examples/ package, a client of the library depending on this package by path (products only),
# is built and run: it composes a WeChat and a QQ avatar from photo bytes, a file and URLs served by
# `python3 -m http.server`, and writes them with Composite.write(to:format:). The outputs are decoded by Pillow
# at the expected size, and the README (QuickStart), docs/LIBRARY.md and the DocC article show exactly the examples'
# code; the README's QuickStart is run too.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
checks=0; ok() { checks=$((checks+1)); }
python3 -c "import PIL" 2>/dev/null || pip install -q pillow
example=Examples/Sources/ComposeAvatars/main.swift

# The docs' examples are the example package's code, line for line: docs/LIBRARY.md and the DocC article show
# ComposeAvatars, the README the five lines of QuickStart.
for pair in docs/LIBRARY.md:$example Sources/GroupIcon/GroupIcon.docc/GettingStarted.md:$example \
  README.md:Examples/Sources/QuickStart/main.swift; do
  doc=${pair%%:*} code=${pair#*:}
  python3 - "$doc" "$code" <<'PY' || fail "$doc: the example differs from $code"
import sys
doc, example = sys.argv[1:]
lines = open(doc).read().split("\n")
marker = "<!-- example: %s -->" % example
start = lines.index(marker) + 2          # the marker, then the ```swift line
end = lines.index("```", start)
sys.exit(0 if "\n".join(lines[start:end]) + "\n" == open(example).read() else 1)
PY
  ok
done

started=$(date +%s)
swift build --package-path Examples >"$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log"; fail "Examples/ does not build"; }
echo "examples: built in $(( $(date +%s) - started )) s"
ok

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory sample-data/avatars >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/bob.png')" 2>/dev/null && break
  sleep 0.1
done

mkdir "$tmp/out"
Examples/.build/debug/ComposeAvatars sample-data/avatars "http://127.0.0.1:$port" "$tmp/out" >"$tmp/run.out" 2>&1 \
  || { cat "$tmp/run.out"; fail "the example failed"; }
grep -q "warning" "$tmp/run.out" && { cat "$tmp/run.out"; fail "the example warned"; }
ok
# Both photos from URLs were fetched once (the store keeps them for the second avatar).
[ "$(grep -c 'GET /charlie.png' "$tmp/server.log")" = 1 ] && [ "$(grep -c 'GET /chen-jing.jpg' "$tmp/server.log")" = 1 ] \
  || { cat "$tmp/server.log"; fail "each URL fetched once"; }
ok
# Written atomically: the two files and no temporary file beside them.
[ "$(ls -A "$tmp/out" | tr '\n' ' ')" = "qq.webp wechat.png " ] || fail "output folder holds $(ls -A "$tmp/out")"
ok
python3 - "$tmp/out" <<'PY' || fail "Pillow could not read the outputs back"
import sys
from PIL import Image
out = sys.argv[1]
for name, fmt in (("wechat.png", "PNG"), ("qq.webp", "WEBP")):
    image = Image.open(out + "/" + name)
    assert image.format == fmt, (name, image.format)
    assert image.size == (200, 200), (name, image.size)
    image.load()
    # Photos, not four placeholders: many colours.
    colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 1000, (name, len(colours or []))
PY
ok
# The README's QuickStart, run where alice.jpg is: a 132 px QQ avatar of Alice's photo and 李雷's placeholder.
mkdir "$tmp/quick" && cp sample-data/avatars/alice.jpg "$tmp/quick/"
quick=$PWD/Examples/.build/debug/QuickStart
(cd "$tmp/quick" && "$quick") || fail "QuickStart failed"
python3 - "$tmp/quick/group.png" <<'PY' || fail "QuickStart's group.png"
import sys
from PIL import Image
image = Image.open(sys.argv[1])
assert image.format == "PNG" and image.size == (132, 132), (image.format, image.size)
PY
ok
# A usage error exits 2.
set +e; Examples/.build/debug/ComposeAvatars >/dev/null 2>&1; status=$?; set -e
[ "$status" = 2 ] || fail "usage exit status $status"; ok
echo "examples: $checks checks passed"
