#!/usr/bin/env python3
"""The image-to-cells benchmark done with chafa, on the `cells-source.png` that `chat-tui-bench --inputs DIR`
wrote: `chafa --symbols vhalf --size COLSxROWS -f symbols --colors full|256`, timed over many images per
process so that start-up is spread out. Reports per image:

- `with_io_per_second`: the whole job (load and decode the PNG, map to cells, write the ANSI text);
- `per_second`: that minus a 2x1-cell run of the same files, leaving the image-to-text work that grows with
  the grid (what `chat-tui-bench` reports as `*_with_text_per_second`).

Also scores chafa's and our ANSI output with ansi_quality.py (mean CIEDE2000, PSNR) when it is given.

Usage: peer_chafa.py INPUTS_DIR --json-out FILE [--sizes 40x20,120x60] [--runs N] [--images N]
                     [--quality-tool PATH/ansi_quality.py]
"""

import json
import os
import statistics
import subprocess
import sys
import time

import benchlib

MODES = {"truecolor": "full", "256": "256"}


def chafa_command(size, colors, files):
    return ["chafa", "--symbols", "vhalf", "--size", size, "-f", "symbols", "--colors", colors] + files


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
    result = subprocess.run([sys.executable, tool, ansi_path, source, "--cells", size, "--json"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        print("ansi_quality failed on %s: %s" % (ansi_path, result.stderr.strip()), file=sys.stderr)
        return None
    return json.loads(result.stdout)


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
            whole = seconds(chafa_command(size, colors, files), args.runs) / args.images
            base = seconds(chafa_command("2x1", colors, files), args.runs) / args.images
            entry[mode] = {"with_io_per_second": 1 / whole, "per_second": 1 / max(whole - base, 1e-9)}
            output = os.path.join(args.inputs, "chafa-%s-%s.ans" % (size, mode))
            with open(output, "wb") as handle:
                subprocess.run(chafa_command(size, colors, [source]), stdout=handle, check=True)
            entry[mode]["quality"] = quality(args.quality_tool, output, source, size)
            ours = os.path.join(args.inputs, "ours-%s-%s.ans" % (size, mode))
            entry[mode]["ours_quality"] = quality(args.quality_tool, ours, source, size) if os.path.exists(ours) else None
        figures.append(entry)
    with open(args.json_out, "w", encoding="utf-8") as handle:
        json.dump({"cells": figures}, handle, indent=2, sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main()
