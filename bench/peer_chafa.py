#!/usr/bin/env python3
"""The image-to-cells benchmark done with chafa, on the `cells-source.png` that `chat-tui-bench --inputs DIR`
wrote: `chafa --symbols vhalf --size COLSxROWS -f symbols --colors full|256`, timed over many images per
process so that start-up is spread out. Reports per image:

- `with_io_per_second`: the whole job (load and decode the PNG, map to cells, write the ANSI text);
- `per_second`: that minus a 2x1-cell run of the same files, leaving the image-to-text work that grows with
  the grid (what `chat-tui-bench` reports as `*_with_text_per_second`).

Also scores chafa's and our ANSI output with cell_quality.py (mean CIEDE2000 plain and after its 3x3 blur,
PSNR) when it is given. In 256 colours chafa is given its best: every setting in BEST_256_CANDIDATES is scored
and the one with the lowest blurred mean CIEDE2000 at each size is also timed (`best`); our output is scored
for every dither mode (`ours-SIZE-256-MODE.ans`).

Usage: peer_chafa.py INPUTS_DIR --json-out FILE [--sizes 40x20,120x60] [--runs N] [--images N]
                     [--quality-tool bench/cell_quality.py]
"""

import json
import os
import statistics
import subprocess
import sys
import time

import benchlib

MODES = {"truecolor": "full", "256": "256"}
DITHERS = ["none", "ordered", "diffusion"]
# chafa's dithering and colour-space choices for 256 colours (work and preprocessing settings scored the same).
BEST_256_CANDIDATES = [
    ["--dither", dither, "--color-space", space] + grain
    for dither in ("none", "ordered", "diffusion")
    for space in ("rgb", "din99d")
    for grain in ([[]] if dither == "none" else [[], ["--dither-grain", "8x8"]])
]


def chafa_command(size, colors, files, extra=()):
    return ["chafa", "--symbols", "vhalf", "--size", size, "-f", "symbols", "--colors", colors] + list(extra) + files


def seconds(command, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def quality(tool, ansi_path, source, size):
    if not tool:
        return None
    result = subprocess.run([sys.executable, tool, ansi_path, source, "--cells", size, "--blur", "--json"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        print("cell_quality failed on %s: %s" % (ansi_path, result.stderr.strip()), file=sys.stderr)
        return None
    return json.loads(result.stdout)


def rates(size, colors, files, runs, extra=()):
    """Per image: the whole job, and the same minus a 2x1-cell run (the work that grows with the grid). When
    that difference is under a tenth of the whole, it is within the noise of start-up and decoding: no rate is
    given then (None) rather than an absurd one."""
    whole = seconds(chafa_command(size, colors, files, extra), runs) / len(files)
    base = seconds(chafa_command("2x1", colors, files, extra), runs) / len(files)
    grid_work = whole - base
    return {"with_io_per_second": 1 / whole, "per_second": 1 / grid_work if grid_work > whole / 10 else None}


def best_256(args, source, size, files):
    """chafa's 256-colour setting with the lowest blurred mean CIEDE2000, timed and scored."""
    scored = []
    for extra in BEST_256_CANDIDATES:
        output = os.path.join(args.inputs, "chafa-%s-256-candidate.ans" % size)
        with open(output, "wb") as handle:
            subprocess.run(chafa_command(size, "256", [source], extra), stdout=handle, check=True)
        result = quality(args.quality_tool, output, source, size)
        if result:
            scored.append((result["de2000_blur"], extra, result))
    if not scored:
        return None
    _, extra, result = min(scored, key=lambda entry: entry[0])
    best = rates(size, "256", files, args.runs, extra)
    best.update({"arguments": extra, "quality": result})
    return best


def main():
    parser = benchlib.peer_argument_parser()
    parser.add_argument("--sizes", default="40x20,120x60")
    parser.add_argument("--images", type=int, default=60, help="images per chafa process")
    parser.add_argument("--quality-tool")
    args = parser.parse_args()
    source = os.path.join(args.inputs, "cells-source.png")
    files = [source] * args.images
    figures = []
    for size in args.sizes.split(","):
        entry = {"size": size}
        for mode, colors in MODES.items():
            entry[mode] = rates(size, colors, files, args.runs)
            output = os.path.join(args.inputs, "chafa-%s-%s.ans" % (size, mode))
            with open(output, "wb") as handle:
                subprocess.run(chafa_command(size, colors, [source]), stdout=handle, check=True)
            entry[mode]["quality"] = quality(args.quality_tool, output, source, size)
            ours = os.path.join(args.inputs, "ours-%s-%s.ans" % (size, mode))
            entry[mode]["ours_quality"] = quality(args.quality_tool, ours, source, size) if os.path.exists(ours) else None
            if mode == "256" and args.quality_tool:
                entry[mode]["best"] = best_256(args, source, size, files)
                entry[mode]["ours_dither_quality"] = {}
                for dither in DITHERS:
                    path = os.path.join(args.inputs, "ours-%s-256-%s.ans" % (size, dither))
                    if os.path.exists(path):
                        entry[mode]["ours_dither_quality"][dither] = quality(args.quality_tool, path, source, size)
        figures.append(entry)
    with open(args.json_out, "w", encoding="utf-8") as handle:
        json.dump({"cells": figures}, handle, indent=2, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
