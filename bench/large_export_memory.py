#!/usr/bin/env python3
"""Peak memory of one large export, whole processes: `chat-tui export --size 1024 --scale 4` (a 4096 px PNG) of
a group of the bundled sample, beside Pillow doing the same job the plain way (each photo resized with LANCZOS
into its cell of a 3x3 RGB grid, pasted, saved as PNG). Peaks are the maximum resident set size that
`/usr/bin/time -v` reports.

Usage: large_export_memory.py [--bin .build/release/chat-tui] [--group family]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER = r"""
import json, sys
from PIL import Image
fixture, group_id, out = sys.argv[1:4]
group = next(g for g in json.load(open(fixture))['groups'] if g['id'] == group_id)
photos = [m['avatar'] for m in group['members'] if m.get('avatar')][:9]
side, n = 4096, 3
tile = side // n
canvas = Image.new('RGB', (side, side), (238, 238, 238))
base = fixture.rsplit('/', 1)[0]
for i, photo in enumerate(photos):
    image = Image.open(base + '/' + photo).convert('RGB').resize((tile, tile), Image.LANCZOS)
    canvas.paste(image, ((i % n) * tile, (i // n) * tile))
canvas.save(out)
"""


def peak_mib(command):
    """The command's maximum resident set size in MiB (it must succeed)."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"large_export_memory: {command[0]} failed:\n{result.stderr[-2000:]}")
    for line in result.stderr.splitlines():
        if "Maximum resident set size" in line:
            return int(line.split(":")[1]) / 1024
    sys.exit("large_export_memory: /usr/bin/time printed no maximum resident set size")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/chat-tui"))
    parser.add_argument("--group", default="family")
    args = parser.parse_args()
    fixture = os.path.join(ROOT, "sample-data/groups.json")
    with tempfile.TemporaryDirectory() as folder:
        ours = peak_mib([args.bin, "export", "--fixtures", fixture, "--group", args.group, "--size", "1024",
                         "--scale", "4", "--no-cache", "--output", os.path.join(folder, "ours.png")])
        pillow = peak_mib([sys.executable, "-c", PEER, fixture, args.group, os.path.join(folder, "pillow.png")])
    print(json.dumps({"group": args.group, "chat_tui_peak_mib": round(ours, 1), "pillow_peak_mib": round(pillow, 1),
                      "ratio": round(ours / pillow, 2)}))


if __name__ == "__main__":
    main()
