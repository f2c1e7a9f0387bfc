#!/usr/bin/env python3
"""Half-block drawings as pictures you can look at, with their faithfulness and grain.

For each group, colour mode, size and dither mode, runs `chat-tui show --group G --width W --color C --dither D
--graphics halfblock` (the real renderer), replays its cells into pixels (`cell_quality.replay`: each half block
is its two colours) and writes one enlarged PNG per group and size: a row per colour mode, the source
(area-averaged to the cells' pixels) first, then one drawing per dither mode, each pixel a `--scale` square.
Prints per drawing:

- `blur`: mean CIEDE2000 after the 3x3 blur of `cell_quality.py --blur` (how the eye mixes cells);
- `raw`: mean CIEDE2000 pixel by pixel;
- `grain`: the contrast the mapping adds between neighbours: over horizontally and vertically adjacent pixels,
  the mean of max(0, ΔE2000 of the two drawn colours - ΔE2000 of the two source colours). Alternating two
  far-apart palette entries in a smooth area (a maroon/olive checkerboard on skin) scores high; a flat area
  drawn flat scores 0.

The reference is `chat-tui export` of the same group (132 px, WeChat layout by default).
Usage: cell_render.py [--binary PATH] [--groups family,parents] [--widths 8,40] [--colors 256,16]
                      [--dithers none,diffusion,tempered] [--scale 8] [--out DIR] [--json]
Needs Pillow and numpy.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cell_quality import ciede2000, lab, reference, replay, score  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def grain(drawn, expected):
    """Mean contrast the drawing adds between adjacent pixels (see the module's doc)."""
    drawn_lab, expected_lab = lab(drawn), lab(expected)
    added = []
    for axis in (0, 1):
        count = drawn.shape[axis]
        first, second = (slice(1, count), slice(0, count - 1))
        index_a = (first, slice(None)) if axis == 0 else (slice(None), first)
        index_b = (second, slice(None)) if axis == 0 else (slice(None), second)
        made = ciede2000(drawn_lab[index_a], drawn_lab[index_b])
        there = ciede2000(expected_lab[index_a], expected_lab[index_b])
        added.append(np.maximum(made - there, 0).ravel())
    return float(np.concatenate(added).mean())


def draw(binary, group, width, color, dither):
    result = subprocess.run(
        [binary, "show", "--group", group, "--width", str(width), "--color", color, "--dither", dither,
         "--graphics", "halfblock", "--no-cache"], capture_output=True, text=True, check=True)
    return result.stdout


def enlarged(pixels, scale):
    return np.kron(np.clip(pixels, 0, 255).astype(np.uint8), np.ones((scale, scale, 1), np.uint8))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "chat-tui"))
    parser.add_argument("--groups", default="family,parents,crowd")
    parser.add_argument("--widths", default="8,40")
    parser.add_argument("--colors", default="256,16")
    parser.add_argument("--dithers", default="none,ordered,diffusion,tempered")
    parser.add_argument("--scale", type=int, default=8)
    parser.add_argument("--out", default="cell-renders")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for group in args.groups.split(","):
            source = os.path.join(scratch, group + ".png")
            subprocess.run([args.binary, "export", "--group", group, "--output", source, "--no-cache"],
                           capture_output=True, check=True)
            for width in (int(w) for w in args.widths.split(",")):
                rows_of_tiles = []
                for color in args.colors.split(","):
                    tiles = []
                    for dither in args.dithers.split(","):
                        text = draw(args.binary, group, width, color, dither)
                        rows = len(text.rstrip("\n").split("\n"))
                        expected = reference(source, width, rows)
                        drawn = replay(text, width, rows, (0, 0))
                        figures = score(drawn, expected, True)
                        entry = {"group": group, "cells": "%dx%d" % (width, rows), "color": color,
                                 "dither": dither, "blur": figures["de2000_blur"], "raw": figures["de2000"],
                                 "grain": grain(drawn, expected)}
                        results.append(entry)
                        if not args.json:
                            print("%-8s %-6s %-4s %-10s blur %5.2f  raw %5.2f  grain %5.2f" % (
                                group, entry["cells"], color, dither, entry["blur"], entry["raw"], entry["grain"]))
                        if not tiles:
                            tiles.append(enlarged(expected, args.scale))
                        tiles.append(enlarged(drawn, args.scale))
                    rows_of_tiles.append(np.concatenate(
                        [np.pad(t, ((2, 2), (2, 2), (0, 0)), constant_values=255) for t in tiles], 1))
                sheet = os.path.join(args.out, "%s-%d.png" % (group, width))
                Image.fromarray(np.concatenate(rows_of_tiles, 0)).save(sheet)
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
