#!/usr/bin/env bash
# End to end: the PNGs `chat-tui export` writes, read by an independent decoder (Pillow, over zlib's inflate):
# opaque composites stored as RGB and translucent ones as RGBA, the text chunks in place, and the batch's total
# size against what Pillow's default `save` writes for the same RGBA pixels.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=.build/debug/chat-tui
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 -c "import PIL" 2>/dev/null || pip install -q pillow >/dev/null 2>&1 || fail "cannot install Pillow"

$bin export --fixtures sample-data/groups.json --all --output-dir "$tmp/opaque" --scale 2 --no-cache 2>/dev/null \
  || fail "export --all"
$bin export --fixtures sample-data/groups.json --group ride --output "$tmp/ride.png" --scale 2 --no-cache \
  --background transparent --corner-radius 10 2>/dev/null || fail "export with a transparent background"

python3 - "$tmp/opaque" "$tmp/ride.png" <<'PY' || fail "Pillow cross-check"
import io, os, sys
from PIL import Image

folder, translucent = sys.argv[1], sys.argv[2]
ours = pillow_rgba = pillow_same = 0
names = sorted(name for name in os.listdir(folder) if name.endswith(".png"))
assert names, "no PNG written"
for name in names:
    path = os.path.join(folder, name)
    image = Image.open(path)
    image.verify()  # chunk CRCs and structure
    image = Image.open(path)
    image.load()  # the whole zlib stream, Adler-32 included
    assert image.mode == "RGB", "%s: an opaque composite should be stored as RGB, is %s" % (name, image.mode)
    assert image.size == (264, 264), "%s: %s" % (name, image.size)
    assert image.info.get("Software", "").startswith("chat-tui"), "%s: text chunks %s" % (name, image.info)
    assert "Comment" in image.info and "Title" in image.info, "%s: text chunks %s" % (name, image.info)
    ours += os.path.getsize(path)
    for target, converted in ((None, image.convert("RGBA")), ("same", image)):
        buffer = io.BytesIO()
        converted.save(buffer, "PNG")
        if target:
            pillow_same += buffer.tell()
        else:
            pillow_rgba += buffer.tell()
# A composite made with Pillow is RGBA, and Pillow saves it so: the comparison that matches the work.
assert ours <= pillow_rgba, "%d PNGs: %d bytes, Pillow's default save of the same RGBA pixels %d" % (len(names), ours, pillow_rgba)
print("%d PNGs: %d bytes; Pillow's default save: %d as RGBA (%.3fx), %d as RGB (%.3fx)"
      % (len(names), ours, pillow_rgba, ours / pillow_rgba, pillow_same, ours / pillow_same))

image = Image.open(translucent)
image.load()
assert image.mode == "RGBA", "a translucent composite should be stored as RGBA, is %s" % image.mode
low, high = image.getchannel("A").getextrema()
assert low == 0 and high == 255, "alpha should span 0..255, is %d..%d" % (low, high)
PY
echo "png-encoder: Pillow read every exported PNG back"
