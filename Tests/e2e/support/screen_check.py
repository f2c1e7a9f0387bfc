"""Compares a screenshot of chat-tui in a real terminal with the app's own model of its screen, cell for cell.

usage: screen_check.py SHOT DUMP --cell W H [--offset ROWS] [--left PX] [--top PX] [--after DUMP2]
                       [--psnr DB] [--annotate OUT.png] [--report N]

DUMP is the JSON the app writes after each frame when CHAT_TUI_SCREEN_DUMP names a file (docs/DEVELOPMENT.md):
every cell as the driver sent it (text in its width-safe form, width as laid out, colours, style) and the pictures
on screen with their pixels (PNG files beside the dump). The app's screen starts OFFSET cell rows down (tmux's
status line) and LEFT, TOP pixels into the screenshot. The terminal's default colours are white on black (the
e2e scripts start every terminal so).

Each cell outside a picture is checked against what the dump says it holds:
- a blank cell shows only its background colour (a stray `│`, a glyph shifted into it by a grapheme drawn wider
  than the app laid it out, a block of another colour left behind by an overlay all fail);
- a cell with a grapheme shows ink (pixels far from its background), over both columns for a wide one;
- the background is the one the dump names (the most common colour of the cell, within a tolerance for
  anti-aliasing), with reverse video applied; palette entries 0-15 follow the terminal's theme, so there only the
  checks above apply;
- half and full blocks (`▀ ▄ █ ▌ ▐`, the half-block pictures and the selection marker) show their foreground and
  background in the right halves;
- box-drawing separators are lines where the dump puts them: `│` a column of ink through the whole cell, `─` a
  row across it; an ASCII letter or digit has no such column (a stray `│` drawn over it).
Each picture's shown pixels are compared with the PNG of the picture the dump names (PSNR >= --psnr, 30 dB: a
sixel picture has 256 colours).

Exit status 0 when everything matches; 1 with the first mismatches (row, column, expected, seen) on stdout; 2
when the dump changed while the screenshot was taken (--after names a second read of it: take another shot).
"""
import argparse
import json
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

DEFAULT_FG = (255, 255, 255)
DEFAULT_BG = (0, 0, 0)
# Pixels this far (largest channel difference) from a colour still count as that colour: anti-aliasing, and
# terminals that round 24-bit colours.
CLOSE = 40
# Pixels at least this far from the background are ink.
INK = 64


def xterm_palette():
    base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255)]
    levels = [0, 95, 135, 175, 215, 255]
    cube = [(levels[i // 36], levels[i // 6 % 6], levels[i % 6]) for i in range(216)]
    greys = [(8 + 10 * i,) * 3 for i in range(24)]
    return base + cube + greys


PALETTE = xterm_palette()


def colour(value, default):
    """(rgb, exact): the colour the dump names; exact is False for the theme's palette entries 0-15."""
    if value is None:
        return default, True
    if isinstance(value, int):
        return PALETTE[value], value >= 16
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)), True


def hexed(rgb):
    return "#%02x%02x%02x" % tuple(int(c) for c in rgb)


def distance(pixels, rgb):
    return np.abs(pixels - np.array(rgb, dtype=np.int32)).max(axis=-1)


def dominant(pixels):
    packed = (pixels[..., 0] << 16 | pixels[..., 1] << 8 | pixels[..., 2]).ravel()
    values, counts = np.unique(packed, return_counts=True)
    value = int(values[counts.argmax()])
    return value >> 16, value >> 8 & 0xFF, value & 0xFF


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


BOX_VERTICAL = "│┃║"
BOX_HORIZONTAL = "─━═"
HALVES = {"▀": "top", "▄": "bottom", "█": "full", "▌": "left", "▐": "right"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shot")
    parser.add_argument("dump")
    parser.add_argument("--cell", nargs=2, type=int, required=True)
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--left", type=int, default=0)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--after")
    parser.add_argument("--psnr", type=float, default=30.0)
    parser.add_argument("--annotate")
    parser.add_argument("--report", type=int, default=8)
    args = parser.parse_args()
    cw, ch = args.cell

    text = open(args.dump, encoding="utf-8").read()
    dump = json.loads(text)
    if args.after:
        later = json.loads(open(args.after, encoding="utf-8").read())
        later["frame"] = dump["frame"]
        if later != dump:
            print("unsettled: the app drew another frame while the screenshot was taken")
            sys.exit(2)
    columns, rows = dump["columns"], dump["rows"]
    shot = np.asarray(Image.open(args.shot).convert("RGB")).astype(np.int32)
    y0, x0 = args.top + args.offset * ch, args.left
    screen = shot[y0:y0 + rows * ch, x0:x0 + columns * cw]
    if screen.shape[0] < rows * ch or screen.shape[1] < columns * cw:
        print("the screenshot (%dx%d px) is smaller than the app's %dx%d cells of %dx%d px" % (
            shot.shape[1], shot.shape[0], columns, rows, cw, ch))
        sys.exit(1)

    problems = []  # (row, column, expected, seen)
    covered = np.zeros((rows, columns), dtype=bool)
    folder = os.path.dirname(os.path.abspath(args.dump))
    for picture in dump["pictures"]:
        c, r, w, h = picture["column"], picture["row"], picture["columns"], picture["rows"]
        covered[max(r, 0):r + h, max(c, 0):c + w] = True
        px, py = c * cw, r * ch
        sw, sh = min(picture["width"], (columns - c) * cw), min(picture["height"], (rows - r) * ch)
        seen = screen[py:py + sh, px:px + sw]
        expected_what = "picture %d, %dx%d px" % (picture["id"], picture["width"], picture["height"])
        if picture["image"] is None:
            if (distance(seen, DEFAULT_BG) <= CLOSE).mean() > 0.9:
                problems.append((r, c, expected_what, "no picture: background only"))
            continue
        reference = Image.open(os.path.join(folder, picture["image"])).convert("RGB")
        if reference.size != (picture["width"], picture["height"]):
            reference = reference.resize((picture["width"], picture["height"]), Image.LANCZOS)
        reference = np.asarray(reference).astype(np.int32)[:sh, :sw]
        value = psnr(seen, reference)
        if value < args.psnr:
            # Where it differs most: the first cell row whose pixels are furthest from the picture's.
            worst = np.abs(seen - reference).max(axis=2)
            wy, wx = np.unravel_index(worst.argmax(), worst.shape)
            problems.append((r + wy // ch, c + wx // cw, expected_what,
                             "PSNR %.2f dB < %.0f dB against its pixels" % (value, args.psnr)))

    cells = dump["cells"]
    for row in range(rows):
        x = 0
        while x < columns:
            grapheme, width, fg, bg, style = cells[row][x]
            span = 2 if width == 2 and x + 1 < columns else 1
            if covered[row, x:x + span].any():
                x += span
                continue
            pixels = screen[row * ch:(row + 1) * ch, x * cw:(x + span) * cw]
            problem = check_cell(grapheme, fg, bg, style, pixels, cw, ch)
            if problem:
                problems.append((row, x) + problem)
            x += span

    if not problems:
        print("ok: %dx%d cells and %d pictures as the app's frame %d says" % (
            columns, rows, len(dump["pictures"]), dump["frame"]))
        return
    problems.sort()
    print("%d mismatching cells against the app's frame %d (row, column from 0):" % (len(problems), dump["frame"]))
    for row, column, expected, seen in problems[:args.report]:
        print("  row %d column %d: expected %s; seen %s" % (row, column, expected, seen))
    if args.annotate:
        image = Image.open(args.shot).convert("RGB")
        draw = ImageDraw.Draw(image)
        for row, column, _, _ in problems:
            left, top = x0 + column * cw, y0 + row * ch
            draw.rectangle([left, top, left + cw - 1, top + ch - 1], outline=(255, 0, 0))
        image.save(args.annotate)
    sys.exit(1)


def check_cell(grapheme, fg, bg, style, pixels, cw, ch):
    """(expected, seen) when the cell's pixels do not show what the dump says, else None."""
    fg_rgb, fg_exact = colour(fg, DEFAULT_FG)
    bg_rgb, bg_exact = colour(bg, DEFAULT_BG)
    if "r" in style:
        fg_rgb, bg_rgb, fg_exact, bg_exact = bg_rgb, fg_rgb, bg_exact, fg_exact
    expected = "%r (fg %s, bg %s%s)" % (grapheme, hexed(fg_rgb), hexed(bg_rgb), ", " + style if style else "")
    if grapheme in HALVES:
        h2, w2 = ch // 2, cw // 2
        parts = {"top": (pixels[1:max(2, h2 - 1)], pixels[h2 + 1:ch - 1]),
                 "bottom": (pixels[h2 + 1:ch - 1], pixels[1:max(2, h2 - 1)]),
                 "left": (pixels[:, :max(1, w2 - 1)], pixels[:, w2 + 1:]),
                 "right": (pixels[:, w2 + 1:], pixels[:, :max(1, w2 - 1)]),
                 "full": (pixels[1:ch - 1], None)}[HALVES[grapheme]]
        for part, want, exact, what in ((parts[0], fg_rgb, fg_exact, "foreground"),
                                         (parts[1], bg_rgb, bg_exact, "background")):
            if part is None or part.size == 0 or not exact:
                continue
            got = np.median(part.reshape(-1, 3), axis=0)
            if np.abs(got - np.array(want)).max() > CLOSE:
                return expected, "its %s part %s instead of %s" % (what, hexed(got), hexed(want))
        return None

    seen_bg = dominant(pixels)
    if not bg_exact:
        # A theme colour: the cell's own most common colour stands for it.
        bg_rgb = seen_bg
    near_bg = distance(pixels, bg_rgb) <= CLOSE
    ink = distance(pixels, bg_rgb) >= INK

    def seen(extra=""):
        return "background %s, %d%% of pixels at the background, %d ink pixels%s" % (
            hexed(seen_bg), round(100 * near_bg.mean()), int(ink.sum()), extra)

    if grapheme.strip() == "" and "u" not in style:
        if near_bg.mean() < 0.97:
            return expected, seen(" (a blank cell)")
        return None

    if bg_exact and near_bg.mean() < (0.25 if len(grapheme.encode()) > 1 else 0.45):
        return expected, seen(" (not its background)")
    if np.abs(np.array(fg_rgb) - np.array(bg_rgb)).max() >= INK and ink.sum() < 2:
        return expected, seen(" (no ink)")
    column_ink = ink.mean(axis=0)
    row_ink = ink.mean(axis=1)
    if grapheme in BOX_VERTICAL and column_ink.max() < 0.9:
        return expected, seen(" (no vertical line through the cell)")
    if grapheme in BOX_HORIZONTAL and row_ink.max() < 0.9:
        return expected, seen(" (no horizontal line across the cell)")
    if grapheme.isascii() and grapheme.isalnum() and column_ink.max() >= 0.97:
        return expected, seen(" (a vertical line through the cell)")
    return None


if __name__ == "__main__":
    main()
