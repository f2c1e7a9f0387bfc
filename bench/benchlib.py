"""Shared helpers of the peer benchmarks: the inputs `chat-tui-bench --inputs DIR` wrote, and median timing
done the same way as the Swift side (warm-up calls, samples batched to a minimum length, median sample)."""

import argparse
import json
import math
import os
import statistics
import time


def peer_argument_parser(description=None):
    """The arguments every peer takes: the inputs folder, --json-out FILE and --runs N."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("inputs")
    parser.add_argument("--json-out", required=True)
    parser.add_argument("--runs", type=int, default=5)
    return parser


def load_geometry(inputs):
    """geometry.json: the measured composites' tiles and shapes in pixels, and the source paths."""
    with open(os.path.join(inputs, "geometry.json"), encoding="utf-8") as handle:
        return json.load(handle)


def seconds_per_call(work, runs=5, warmup=2, minimum_sample=0.02):
    """The median seconds one call of `work` takes."""
    batch = 1
    for call in range(warmup):
        start = time.perf_counter()
        work()
        if call == warmup - 1:
            batch = max(1, int(minimum_sample / max(time.perf_counter() - start, 1e-7)))
    samples = []
    for _ in range(max(1, runs)):
        start = time.perf_counter()
        for _ in range(batch):
            work()
        samples.append((time.perf_counter() - start) / batch)
    return statistics.median(samples)


def centre_crop(width, height, aspect):
    """The largest box (left, top, right, bottom) of aspect `aspect` centred in a width x height image."""
    if width / height > aspect:
        crop = height * aspect
        return ((width - crop) / 2, 0.0, (width + crop) / 2, float(height))
    crop = width / aspect
    return (0.0, (height - crop) / 2, float(width), (height + crop) / 2)


def pixel_box(frame):
    """The whole pixels (x, y, width, height) a fractional frame [x, y, w, h] touches."""
    x, y, w, h = frame
    x0, y0 = math.floor(x), math.floor(y)
    return x0, y0, math.ceil(x + w) - x0, math.ceil(y + h) - y0


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(value, handle, indent=2, sort_keys=True)
        handle.write("\n")
