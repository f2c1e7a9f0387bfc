#!/usr/bin/env python3
"""`chat-tui export --all` done the way a Python developer would with Pillow: for every group of a fixture,
each member's JPEG opened with `draft` (DCT scaling to the tile's size, as our decoder does), centre-cropped and
resized with LANCZOS into its tile of the WeChat nine-grid on the default grey canvas (peer_pillow.compose),
then saved as PNG with Pillow's default settings. One process, or a multiprocessing pool of N.

Usage: peer_pillow_batch.py FIXTURE OUTDIR --layout-json FILE --scale 3 [--processes N]
"""

import argparse
import json
import multiprocessing
import os
import re

from PIL import Image

import peer_pillow

LAYOUT = None
SCALE = 3
OUTDIR = None


def layout_in_pixels(layout_json, scale, count):
    """peer_pillow.compose's layout dict for `chat-tui layout --json` tiles at `scale`."""
    with open(layout_json, encoding="utf-8") as handle:
        geometry = json.load(handle)
    tiles = []
    for tile in geometry["tiles"][:count]:
        frame = [tile["x"] * scale, tile["y"] * scale, tile["width"] * scale, tile["height"] * scale]
        tiles.append({"frame": frame, "shape": {"kind": "rect", "rect": frame}})
    return {"pixels": round(geometry["size"] * scale), "background": [0xAA, 0xAA, 0xAA, 255], "tiles": tiles,
            "corner_radius": 0}


def export(group):
    photos = [peer_pillow.open_for_tile(member["avatar"], max(round(t["frame"][2]), round(t["frame"][3])))
              for member, t in zip(group["members"][:9], LAYOUT["tiles"])]
    name = re.sub(r"[^A-Za-z0-9._-]", "_", group["id"])
    peer_pillow.compose(LAYOUT, photos).save(os.path.join(OUTDIR, name + ".png"))


def initialise(layout, outdir):
    global LAYOUT, OUTDIR
    LAYOUT, OUTDIR = layout, outdir


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("fixture")
    parser.add_argument("outdir")
    parser.add_argument("--layout-json", required=True)
    parser.add_argument("--scale", type=int, default=3)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    with open(args.fixture, encoding="utf-8") as handle:
        groups = json.load(handle)["groups"]
    os.makedirs(args.outdir, exist_ok=True)
    layout = layout_in_pixels(args.layout_json, args.scale, 9)
    if args.processes == 1:
        initialise(layout, args.outdir)
        for group in groups:
            export(group)
    else:
        with multiprocessing.Pool(args.processes, initialise, (layout, args.outdir)) as pool:
            pool.map(export, groups, chunksize=4)


if __name__ == "__main__":
    main()
