#!/usr/bin/env python3
"""Writes the resampling test resources of Tests/ImagingTests/Raster/ResamplerTests.swift (shared through Tests/ImagingTestSupport).

Deterministic synthetic sources (gradients, hard edges, a checkerboard, noise and, in the RGBA ones,
varying alpha) and Pillow's LANCZOS resampling of their centre crops as references. A tile frame may sit at
fractional pixel coordinates: its destination pixel grid is expressed as Pillow's `box` argument, so every
destination pixel centre maps to the same source coordinate as in the Swift resampler. Pillow only accepts
boxes inside the source, so the fractional frames are fractional along the cropped axis.

File format (.raw): little-endian UInt32 width, height, channels (3 = RGB, 4 = RGBA), then the pixel bytes,
rows top to bottom. `cases.json` lists every case.

Usage: pip install pillow numpy && python3 scripts/make-raster-references.py
"""
import json
import math
import struct
from pathlib import Path

import numpy as np
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "Tests" / "ImagingTestSupport" / "Resources" / "raster"


def synthetic(width, height, seed, with_alpha):
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    r = 255 * x / (width - 1)
    g = 255 * y / (height - 1)
    b = 127.5 + 127.5 * np.sin(x / 9.0) * np.cos(y / 13.0)
    rgb = np.stack([r, g, b], axis=-1)
    # A hard-edged disc, a diagonal band and a fine checkerboard: edges a stretched or shifted resampling
    # would smear or misplace.
    disc = (x - width * 0.62) ** 2 + (y - height * 0.4) ** 2 < (min(width, height) * 0.18) ** 2
    rgb[disc] = [250, 40, 30]
    band = np.abs((x - y) - width * 0.1) < 6
    rgb[band] = [20, 30, 200]
    checker = (x < width * 0.3) & (y > height * 0.6) & (((x // 3) + (y // 3)) % 2 == 0)
    rgb[checker] = [255, 255, 255]
    rgb += rng.normal(0, 12, rgb.shape)
    channels = [np.clip(rgb, 0, 255)]
    if with_alpha:
        alpha = 255 * (0.25 + 0.75 * x / (width - 1))
        alpha[(x - width * 0.3) ** 2 + (y - height * 0.7) ** 2 < (min(width, height) * 0.12) ** 2] = 0
        alpha[: height // 10, :] = 255
        channels.append(alpha[..., None])
    return np.concatenate(channels, axis=-1).round().astype(np.uint8)


def write_raw(path, array):
    height, width, channels = array.shape
    path.write_bytes(struct.pack("<III", width, height, channels) + array.tobytes())


def centre_crop(width, height, aspect):
    """The same crop as Resampler.centreCrop: the largest centred rectangle with `aspect`."""
    if width / height > aspect:
        crop_width = height * aspect
        return (width - crop_width) / 2, 0.0, crop_width, float(height)
    crop_height = width / aspect
    return 0.0, (height - crop_height) / 2, float(width), crop_height


def reference(source, frame):
    fx, fy, fw, fh = frame
    height, width = source.shape[:2]
    cx, cy, cw, ch = centre_crop(width, height, fw / fh)
    sx, sy = cw / fw, ch / fh
    rx, ry = math.floor(fx), math.floor(fy)
    rw, rh = math.ceil(fx + fw) - rx, math.ceil(fy + fh) - ry
    box = (cx + (rx - fx) * sx, cy + (ry - fy) * sy, cx + (rx + rw - fx) * sx, cy + (ry + rh - fy) * sy)
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height, box
    mode = "RGBA" if source.shape[2] == 4 else "RGB"
    image = Image.fromarray(source, mode).convert("RGBA")
    result = image.resize((rw, rh), Image.Resampling.LANCZOS, box=box)
    return (rx, ry, rw, rh), np.asarray(result)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    sources = {
        "landscape": synthetic(512, 384, 1, with_alpha=False),
        "portrait": synthetic(300, 500, 2, with_alpha=True),
        "tiny": synthetic(40, 30, 3, with_alpha=True),
    }
    for name, array in sources.items():
        write_raw(OUT / f"source-{name}.raw", array)
    cases = [
        ("landscape-square", "landscape", (0, 0, 100, 100)),
        ("portrait-tall", "portrait", (0, 0, 77, 120)),
        ("landscape-fractional", "landscape", (21.99, 7, 102.67, 95)),
        ("portrait-fractional", "portrait", (3, 10.41, 80, 100.3)),
        ("tiny-upscale", "tiny", (0, 0, 97, 97)),
        ("tiny-upscale-fractional", "tiny", (0, 2.37, 60, 40.1)),
        # Large ratios (9.6 and 9.7 source pixels per output pixel), where the resampler averages blocks first.
        ("landscape-small", "landscape", (0, 0, 40, 40)),
        ("portrait-small-fractional", "portrait", (0, 1.37, 30, 40.3)),
    ]
    manifest = []
    for name, source, frame in cases:
        region, result = reference(sources[source], frame)
        write_raw(OUT / f"reference-{name}.raw", result)
        manifest.append({"name": name, "source": f"source-{source}.raw", "reference": f"reference-{name}.raw",
                         "frame": list(frame), "region": list(region)})
    (OUT / "cases.json").write_text(json.dumps({"cases": manifest}, indent=2) + "\n")
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"wrote {len(manifest)} cases to {OUT} ({total} bytes)")


if __name__ == "__main__":
    main()
