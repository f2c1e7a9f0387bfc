#!/usr/bin/env python3
"""The composition benchmark done with pyvips (libvips), on the inputs that `chat-tui-bench --inputs DIR`
wrote: per tile a centre crop resized with lanczos3, an anti-aliased mask rendered from SVG (librsvg), all tiles
placed by one `composite` call, then the canvas's rounded clip; the result is materialised with
`write_to_memory`. With decode: `thumbnail` (shrink-on-load to the tile's size, centre crop) inside the timed
work. libvips's operation cache is off, so repeated calls really recompute; it uses its default thread pool.
PNG encoding: `pngsave_buffer` with its defaults of the composite chat-tui encodes (png-source.png).

Usage: peer_vips.py INPUTS_DIR --json-out FILE [--runs N]
"""

import os
import sys

import pyvips

import benchlib


def svg_alpha(body, origin, size):
    """The alpha band of an SVG fragment drawn in white over the box at `origin` of `size`."""
    ox, oy = origin
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">'
           '<g transform="translate(%r %r)" fill="#fff">%s</g></svg>') % (size[0], size[1], -ox, -oy, body)
    return pyvips.Image.svgload_buffer(svg.encode())[3]


def mask(shape, origin, size):
    kind = shape["kind"]
    if kind == "rect":
        x, y, w, h = shape["rect"]
        return svg_alpha('<rect x="%r" y="%r" width="%r" height="%r"/>' % (x, y, w, h), origin, size)
    if kind == "rounded_rect":
        x, y, w, h = shape["rect"]
        r = shape["radius"]
        return svg_alpha('<rect x="%r" y="%r" width="%r" height="%r" rx="%r"/>' % (x, y, w, h, r), origin, size)
    if kind in ("circle", "notched_circle"):
        disc = svg_alpha('<circle cx="%r" cy="%r" r="%r"/>' % (shape["cx"], shape["cy"], shape["r"]), origin, size)
        for cx, cy, r in shape.get("cuts", []):
            cut = svg_alpha('<circle cx="%r" cy="%r" r="%r"/>' % (cx, cy, r), origin, size)
            disc = (disc * (255 - cut) / 255).cast("uchar")
        return disc
    if kind == "intersection":
        first, second = mask(shape["a"], origin, size), mask(shape["b"], origin, size)
        return (first < second).ifthenelse(first, second)
    sys.exit("unknown shape kind %r" % kind)


def tile_piece(photo, frame, width, height):
    left, top, right, bottom = benchlib.centre_crop(photo.width, photo.height, frame[2] / frame[3])
    cropped = photo.crop(int(left), int(top), max(1, int(right - left)), max(1, int(bottom - top)))
    return cropped.resize(width / cropped.width, vscale=height / cropped.height, kernel="lanczos3")


def compose(layout, pieces):
    """`pieces(tile, width, height)` gives each tile's RGB photo at its pixel size."""
    side = layout["pixels"]
    background = (pyvips.Image.black(side, side, bands=4) + layout["background"]).cast("uchar").copy(interpretation="srgb")
    layers, xs, ys = [], [], []
    for tile in layout["tiles"]:
        x0, y0, width, height = benchlib.pixel_box(tile["frame"])
        photo = pieces(tile, width, height)
        layers.append(photo.bandjoin(mask(tile["shape"], (x0, y0), (width, height))).copy(interpretation="srgb"))
        xs.append(x0)
        ys.append(y0)
    canvas = background.composite(layers, "over", x=xs, y=ys).cast("uchar")
    clip = mask({"kind": "rounded_rect", "rect": [0, 0, side, side], "radius": layout["corner_radius"]},
                (0, 0), (side, side))
    canvas = canvas[0:3].bandjoin((canvas[3] * clip / 255).cast("uchar"))
    return canvas.write_to_memory()


def main():
    args = benchlib.peer_argument_parser().parse_args()
    pyvips.cache_set_max(0)
    geometry = benchlib.load_geometry(args.inputs)
    decoded = [pyvips.Image.new_from_file(path).copy_memory() for path in geometry["sources"]]
    figures = []
    for layout in geometry["layouts"]:
        count = layout["members"]
        photos = dict(zip((id(t) for t in layout["tiles"]), decoded[:count]))
        paths = dict(zip((id(t) for t in layout["tiles"]), geometry["sources"][:count]))

        def from_memory(tile, width, height):
            return tile_piece(photos[id(tile)], tile["frame"], width, height)

        def from_file(tile, width, height):
            return pyvips.Image.thumbnail(paths[id(tile)], width, height=height, crop="centre")

        without = benchlib.seconds_per_call(lambda: compose(layout, from_memory), runs=args.runs)
        with_decode = benchlib.seconds_per_call(lambda: compose(layout, from_file), runs=args.runs)
        figures.append({"layout": layout["layout"], "composites_per_second": 1 / without,
                        "composites_per_second_with_decode": 1 / with_decode})
        if layout["layout"] == "wechat":
            side = layout["pixels"]
            image = pyvips.Image.new_from_memory(compose(layout, from_memory), side, side, 4, "uchar")
            image.write_to_file("%s/vips-%s.png" % (args.inputs, layout["layout"]))
    # PNG encoding of exactly the pixels chat-tui encodes, with pngsave's defaults.
    source = pyvips.Image.new_from_file(os.path.join(args.inputs, "png-source.png")).copy_memory()
    encoded = source.pngsave_buffer()
    encode = benchlib.seconds_per_call(lambda: source.pngsave_buffer(), runs=args.runs)
    benchlib.write_json(args.json_out, {"composition": figures,
                                        "png_encode": {"milliseconds": encode * 1000, "bytes": len(encoded)}})


if __name__ == "__main__":
    main()
