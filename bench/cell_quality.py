#!/usr/bin/env python3
"""How faithful is a half-block drawing? Scores ANSI text against the image it was drawn from.

The text (chat-tui's or chafa's output, or `tmux capture-pane -e -p`) is replayed into the pixels its cells
imply: one cell is one pixel wide and two tall, `▀` paints the top pixel in the foreground colour and the bottom
one in the background colour, `▄` the other way round, `█` both in the foreground, a space both in the
background. Colours may be 24-bit (`38;2;r;g;b`), 256-colour indices (xterm's palette) or the 16 ANSI colours
(xterm's defaults). The reference is the source image area-averaged to the same pixel grid (Pillow's BOX
filter) over black. Printed as JSON with `--json`:

- `de2000`, `de2000_p95`, `de2000_max`: CIEDE2000 (Sharma, Wu and Dalal 2005) per pixel;
- `de2000_blur`: the mean after a 3x3 binomial blur of both pictures in linear light, roughly how the eye mixes
  neighbouring cells from a normal viewing distance (what dithering is for);
- `psnr`: over sRGB values, in dB.

Usage: cell_quality.py ANSI_FILE SOURCE_IMAGE --cells COLSxROWS [--crop ROW,COL] [--blur] [--json]
Needs Pillow and numpy.
"""

import argparse
import json
import re
import sys

import numpy as np
from PIL import Image

ANSI16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
          (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
          (255, 0, 255), (0, 255, 255), (255, 255, 255)]


def palette256(index):
    if index < 16:
        return ANSI16[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[index // 36], steps[(index // 6) % 6], steps[index % 6]
    grey = 8 + 10 * (index - 232)
    return grey, grey, grey


def apply_sgr(parameters, state):
    """Updates state['fg'] / state['bg'] from one SGR parameter list."""
    values = [int(p) if p else 0 for p in parameters.split(";")] if parameters else [0]
    i = 0
    while i < len(values):
        v = values[i]
        if v == 0:
            state["fg"], state["bg"] = None, None
        elif v in (38, 48) and i + 1 < len(values):
            key = "fg" if v == 38 else "bg"
            if values[i + 1] == 2 and i + 4 < len(values):
                state[key] = tuple(values[i + 2:i + 5])
                i += 4
            elif values[i + 1] == 5 and i + 2 < len(values):
                state[key] = palette256(values[i + 2])
                i += 2
        elif 30 <= v <= 37:
            state["fg"] = ANSI16[v - 30]
        elif 90 <= v <= 97:
            state["fg"] = ANSI16[v - 90 + 8]
        elif 40 <= v <= 47:
            state["bg"] = ANSI16[v - 40]
        elif 100 <= v <= 107:
            state["bg"] = ANSI16[v - 100 + 8]
        elif v == 39:
            state["fg"] = None
        elif v == 49:
            state["bg"] = None
        i += 1


def replay(text, columns, rows, crop):
    """The pixels (rows*2 x columns, RGB) that the cells of `text` show, from cell (crop row, crop column)."""
    pixels = np.zeros((rows * 2, columns, 3), dtype=np.float64)
    state = {"fg": None, "bg": None}
    top, left = crop
    for line_number, line in enumerate(text.split("\n")):
        column = 0
        for token in re.finditer(r"\x1b\[([0-9;]*)([A-Za-z])|\x1b[^\[]|(.)", line):
            if token.group(2) == "m":
                apply_sgr(token.group(1), state)
                continue
            character = token.group(3)
            if character is None:
                continue
            row, col = line_number - top, column - left
            column += 1
            if not (0 <= row < rows and 0 <= col < columns):
                continue
            fg = state["fg"] or (229, 229, 229)
            bg = state["bg"] or (0, 0, 0)
            upper, lower = {"▀": (fg, bg), "▄": (bg, fg), "█": (fg, fg)}.get(character, (bg, bg))
            pixels[row * 2, col] = upper
            pixels[row * 2 + 1, col] = lower
    return pixels


def linear(srgb):
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def encoded(lin):
    lin = np.clip(lin, 0, 1)
    return 255.0 * np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)


def lab(srgb):
    lin = linear(srgb)
    matrix = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750],
                       [0.0193339, 0.1191920, 0.9503041]])
    xyz = lin @ matrix.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def ciede2000(lab1, lab2):
    l1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    l2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = h2p - h1p
    dh = np.where(c1p * c2p == 0, 0, np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh)))
    d_hue = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_sum = h1p + h2p
    h_mean = np.where(c1p * c2p == 0, h_sum,
                      np.where(np.abs(h1p - h2p) <= 180, h_sum / 2,
                               np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2)))
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (-2 * np.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25.0 ** 7))
          * np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))))
    return np.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (d_hue / sh) ** 2 + rt * (dc / sc) * (d_hue / sh))


def blurred(srgb):
    """3x3 binomial blur in linear light, edges repeated."""
    lin = np.pad(linear(srgb), ((1, 1), (1, 1), (0, 0)), mode="edge")
    kernel = [1, 2, 1]
    out = np.zeros_like(srgb, dtype=np.float64)
    height, width = srgb.shape[:2]
    for dy in range(3):
        for dx in range(3):
            out += kernel[dy] * kernel[dx] * lin[dy:dy + height, dx:dx + width]
    return encoded(out / 16)


def reference(path, columns, rows):
    image = Image.open(path).convert("RGBA")
    backdrop = Image.new("RGBA", image.size, (0, 0, 0, 255))
    flat = Image.alpha_composite(backdrop, image).convert("RGB")
    return np.asarray(flat.resize((columns, rows * 2), Image.BOX), dtype=np.float64)


def score(drawn, expected, blur):
    differences = ciede2000(lab(drawn), lab(expected))
    mse = np.mean((drawn - expected) ** 2)
    result = {
        "de2000": float(differences.mean()),
        "de2000_p95": float(np.percentile(differences, 95)),
        "de2000_max": float(differences.max()),
        "psnr": float("inf") if mse == 0 else float(10 * np.log10(255 ** 2 / mse)),
    }
    if blur:
        result["de2000_blur"] = float(ciede2000(lab(blurred(drawn)), lab(blurred(expected))).mean())
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ansi")
    parser.add_argument("source")
    parser.add_argument("--cells", required=True, help="COLSxROWS of the drawing")
    parser.add_argument("--crop", default="0,0", help="ROW,COL of the drawing's first cell in the text")
    parser.add_argument("--blur", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    columns, rows = (int(v) for v in args.cells.lower().split("x"))
    crop = tuple(int(v) for v in args.crop.split(","))
    with open(args.ansi, encoding="utf-8", errors="replace") as handle:
        drawn = replay(handle.read(), columns, rows, crop)
    result = score(drawn, reference(args.source, columns, rows), args.blur)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print("%-12s %.3f" % (key, value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
