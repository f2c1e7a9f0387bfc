#!/usr/bin/env python3
"""The composition benchmark done the way a Python developer would with Pillow, on the inputs that
`chat-tui-bench --inputs DIR` wrote: per tile a centre crop resized with LANCZOS (reducing_gap=2, as our
resampler), an anti-aliased mask drawn with ImageDraw at 4x and reduced, `alpha_composite` onto the
background, then the canvas's rounded clip. With decode: `Image.open` + `draft` (JPEG DCT scaling to the
tile's size, like our decoder's minimumSide) inside the timed work; and that decoding alone, for the WeChat
tiles. PNG encoding: `Image.save` with its defaults of the composite chat-tui encodes (png-source.png).
bench/compare.sh also runs it with pillow-simd's interpreter (bench/.venv-simd); the report names the Pillow
version that ran (pillow-simd's carry a `.postN` suffix).

Usage: peer_pillow.py INPUTS_DIR --json-out FILE [--runs N]
"""

import io
import os
import sys

import PIL
from PIL import Image, ImageChops, ImageDraw

import benchlib

SUPERSAMPLING = 4


def draw_shape(shape, origin, size):
    """An 'L' mask of `shape` (pixels, canvas coordinates) over the box at `origin` of `size`."""
    s = SUPERSAMPLING
    ox, oy = origin
    mask = Image.new("L", (size[0] * s, size[1] * s), 0)
    draw = ImageDraw.Draw(mask)

    def box(x, y, w, h):
        return [(x - ox) * s, (y - oy) * s, (x + w - ox) * s - 1, (y + h - oy) * s - 1]

    kind = shape["kind"]
    if kind == "rect":
        draw.rectangle(box(*shape["rect"]), fill=255)
    elif kind == "rounded_rect":
        draw.rounded_rectangle(box(*shape["rect"]), radius=shape["radius"] * s, fill=255)
    elif kind in ("circle", "notched_circle"):
        r = shape["r"]
        draw.ellipse(box(shape["cx"] - r, shape["cy"] - r, 2 * r, 2 * r), fill=255)
        for cx, cy, cut in shape.get("cuts", []):
            draw.ellipse(box(cx - cut, cy - cut, 2 * cut, 2 * cut), fill=0)
    elif kind == "intersection":
        first = draw_shape(shape["a"], origin, size)
        second = draw_shape(shape["b"], origin, size)
        return ImageChops.darker(first, second)
    else:
        sys.exit("unknown shape kind %r" % kind)
    return mask.reduce(s)


def compose(layout, photos):
    """The composite of `photos` (RGB images, one per tile) as an RGBA image."""
    side = layout["pixels"]
    canvas = Image.new("RGBA", (side, side), tuple(layout["background"]))
    for tile, photo in zip(layout["tiles"], photos):
        x0, y0, width, height = benchlib.pixel_box(tile["frame"])
        frame = tile["frame"]
        crop = benchlib.centre_crop(photo.width, photo.height, frame[2] / frame[3])
        piece = photo.resize((width, height), Image.LANCZOS, box=crop, reducing_gap=2.0).convert("RGBA")
        piece.putalpha(draw_shape(tile["shape"], (x0, y0), (width, height)))
        canvas.alpha_composite(piece, (x0, y0))
    clip = draw_shape({"kind": "rounded_rect", "rect": [0, 0, side, side], "radius": layout["corner_radius"]},
                      (0, 0), (side, side))
    canvas.putalpha(ImageChops.multiply(canvas.getchannel("A"), clip))
    return canvas


def open_for_tile(path, minimum_side):
    image = Image.open(path)
    image.draft("RGB", (minimum_side, minimum_side))
    return image.convert("RGB")


def main():
    args = benchlib.peer_argument_parser().parse_args()
    geometry = benchlib.load_geometry(args.inputs)
    decoded = [Image.open(path).convert("RGB") for path in geometry["sources"]]
    figures = []
    for layout in geometry["layouts"]:
        count = layout["members"]
        photos = decoded[:count]
        paths = geometry["sources"][:count]
        without = benchlib.seconds_per_call(lambda: compose(layout, photos), runs=args.runs)
        with_decode = benchlib.seconds_per_call(
            lambda: compose(layout, [open_for_tile(p, t["minimum_side"]) for p, t in zip(paths, layout["tiles"])]),
            runs=args.runs)
        figures.append({"layout": layout["layout"], "composites_per_second": 1 / without,
                        "composites_per_second_with_decode": 1 / with_decode})
        if layout["layout"] == "wechat":
            decode = benchlib.seconds_per_call(
                lambda: [open_for_tile(p, t["minimum_side"]) for p, t in zip(paths, layout["tiles"])], runs=args.runs)
            compose(layout, photos).save("%s/pillow-%s.png" % (args.inputs, layout["layout"]))
    # PNG encoding of exactly the pixels chat-tui encodes, with Pillow's defaults.
    source = Image.open(os.path.join(args.inputs, "png-source.png"))
    source.load()
    encoded = io.BytesIO()
    source.save(encoded, "PNG")
    encode = benchlib.seconds_per_call(lambda: source.save(io.BytesIO(), "PNG"), runs=args.runs)
    benchlib.write_json(args.json_out, {"pillow_version": PIL.__version__, "composition": figures,
                                        "png_encode": {"milliseconds": encode * 1000, "bytes": encoded.tell()},
                                        "jpeg_decode": {"sets_per_second": 1 / decode}})


if __name__ == "__main__":
    main()
