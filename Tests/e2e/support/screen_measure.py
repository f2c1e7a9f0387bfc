"""Measures a screenshot of chat-tui in a real terminal (the end-to-end scripts under Xvfb).

usage: screen_measure.py WHAT SHOT REFERENCE CELL_W CELL_H COLUMNS ROWS OFFSET [LEFT TOP]

The app's screen is COLUMNS x ROWS cells of CELL_W x CELL_H pixels, starting OFFSET rows down (tmux's status line)
and LEFT, TOP pixels into the screenshot (a terminal's inner border). WHAT:
- `preview`: the picture in the preview pane (everything not black below the two title rows and above the status
  line, right of the list), compared with REFERENCE scaled to its size; prints "PSNR WIDTHxHEIGHT".
- `thumb`: the second list entry's avatar (the second run of lit rows at the list's left edge), the same way.
- `picture`: the lit part of the whole screen (`chat-tui show`'s picture), compared the same way.
- `colour`: the number of pixels that are neither black nor grey text (a picture left behind); REFERENCE unused.
- `same`: REFERENCE is another screenshot; the PSNR of the app's screen above the status line in the two (the
  status line's messages come and go by time); prints "PSNR".
- `overlay`: REFERENCE is a screenshot of the same screen without the overlay now open; the overlay's box is the
  rectangle of cells around the largest group of changed cells that touch (above the status line). Prints "PSNR
  COLOURED COLUMNSxROWS": the PSNR of the rest of the screen in the two (a picture turned into half blocks beside
  the box lowers it), the pixels inside the box's border that are neither black nor grey text (a picture under
  the box), and the box's size in cells ("0 0 0x0" when nothing changed).
PSNR 0 means there is no picture.
"""
import sys

import numpy as np
from PIL import Image

what, shot, reference = sys.argv[1:4]
cell_w, cell_h, columns, rows, offset = map(int, sys.argv[4:9])
left, top = (int(sys.argv[9]), int(sys.argv[10])) if len(sys.argv) > 10 else (0, 0)


def app_screen(path):
    pixels = np.asarray(Image.open(path).convert("RGB")).astype(np.int32)
    y = top + offset * cell_h
    return pixels[y:y + rows * cell_h, left:left + columns * cell_w]


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def compare(region):
    lit = np.argwhere(region.sum(axis=2) > 30)
    if len(lit) == 0:
        return "0 0x0"
    (y0, x0), (y1, x1) = lit.min(axis=0), lit.max(axis=0) + 1
    crop = region[y0:y1, x0:x1]
    ref = np.asarray(Image.open(reference).convert("RGB").resize((x1 - x0, y1 - y0), Image.LANCZOS))
    return "%.2f %dx%d" % (psnr(crop, ref), x1 - x0, y1 - y0)


screen = app_screen(shot)
# ScreenLayout: the list is min(max(columns*2/5, 28), 60, columns-12) wide, then a separator column.
list_columns = min(max(columns * 2 // 5, 28), 60, columns - 12)
if what == "preview":
    print(compare(screen[2 * cell_h:(rows - 1) * cell_h, (list_columns + 1) * cell_w:]))
elif what == "thumb":
    # Column 0 holds the selection marker; the avatars start at column 1. The first run of lit rows at the left
    # edge is the first entry's avatar (the selected one), the next run the second entry's.
    strip = screen[2 * cell_h:(rows - 1) * cell_h, cell_w:list_columns * cell_w]
    lit = (strip[:, :cell_w * 2].sum(axis=2) > 30).any(axis=1)
    runs, start = [], None
    for y in range(strip.shape[0]):
        on = bool(lit[y])
        if on and start is None:
            start = y
        if not on and start is not None:
            runs.append((start, y))
            start = None
    if len(runs) < 2:
        print("0 0x0")
        sys.exit()
    y0, y1 = runs[1]
    band = strip[y0:y1]
    # The avatar: the lit columns from the left edge up to the first all-dark column.
    lit_columns = (band.sum(axis=2) > 30).any(axis=0)
    x1 = next((x for x in range(int(np.argmax(lit_columns)), band.shape[1]) if not lit_columns[x]), band.shape[1])
    print(compare(band[:, :x1]))
elif what == "picture":
    print(compare(screen))
elif what == "colour":
    spread = screen.max(axis=2) - screen.min(axis=2)
    print(int((spread > 40).sum()))
elif what == "same":
    above_status = (rows - 1) * cell_h
    print("%.2f" % psnr(screen[:above_status], app_screen(reference)[:above_status]))
elif what == "overlay":
    above_status = (rows - 1) * cell_h
    now, before = screen[:above_status], app_screen(reference)[:above_status]
    # Each cell's mean change. The box's corners (a vertical stroke) and its title change a cell by 25 or more;
    # a picture scaled by the terminal may end a pixel row earlier when cut, some 9 in a cell, which is no box.
    change = np.abs(now - before).mean(axis=2).reshape(rows - 1, cell_h, columns, cell_w).mean(axis=(1, 3))
    strong = change > 12
    # The box: the largest group of changed cells that touch (its border joins them); a stray cell elsewhere (an
    # emoji drawn a little differently) is no part of it.
    seen, best = np.zeros(strong.shape, dtype=bool), []
    for start in map(tuple, np.argwhere(strong)):
        if seen[start]:
            continue
        seen[start], group, stack = True, [], [start]
        while stack:
            r, c = stack.pop()
            group.append((r, c))
            for nr in range(max(0, r - 1), min(strong.shape[0], r + 2)):
                for nc in range(max(0, c - 1), min(strong.shape[1], c + 2)):
                    if strong[nr, nc] and not seen[nr, nc]:
                        seen[nr, nc] = True
                        stack.append((nr, nc))
        best = max(best, group, key=len)
    if not best:
        print("0 0 0x0")
        sys.exit()
    changed = np.array(best)
    (r0, c0), (r1, c1) = changed.min(axis=0), changed.max(axis=0) + 1
    outside = np.ones(now.shape[:2], dtype=bool)
    outside[r0 * cell_h:r1 * cell_h, c0 * cell_w:c1 * cell_w] = False
    # Inside its border: a wide character cut at the box's edge may widen the changed cells by one beside it.
    box = now[(r0 + 1) * cell_h:(r1 - 1) * cell_h, (c0 + 1) * cell_w:(c1 - 1) * cell_w]
    coloured = int(((box.max(axis=2) - box.min(axis=2)) > 40).sum())
    rest = psnr(now[outside], before[outside]) if outside.any() else 99.0
    print("%.2f %d %dx%d" % (rest, coloured, c1 - c0, r1 - r0))
else:
    sys.exit("screen_measure.py: unknown measure " + what)
