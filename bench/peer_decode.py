#!/usr/bin/env python3
"""Member-photo decoding per format with Pillow (pillow-heif for HEIC and AVIF) and pyvips, on the files
`chat-tui-bench --only decode --inputs DIR` copied into DIR/decode/ (the format corpus's 96 px portrait in
every format). Each file is read beforehand and decoded from memory to 8-bit RGBA pixels, as ours: Pillow
`Image.open` + `draft` (JPEG DCT scaling, as our minimumSide) + `convert("RGBA")`, with no colour management
(an embedded profile is read, not applied); pyvips `new_from_buffer` + `write_to_memory` with libvips's operation
cache off. Pillow reads HEIC through pillow-heif and AVIF through its own AVIF plugin (libavif, bundled in its
wheel); the versions are written beside the figures. `bench/compare.sh` runs this in its rounds.

Usage: peer_decode.py INPUTS_DIR --json-out FILE [--runs N]
"""

import io
import os

from PIL import Image, features
import pillow_heif
import pyvips

import benchlib

FILES = [("png", "photo.png"), ("jpeg", "photo.jpg"), ("webp", "photo.webp"), ("gif", "photo.gif"),
         ("tiff", "photo.tiff"), ("bmp", "photo.bmp"), ("heic", "photo.heic"), ("avif", "photo.avif")]


def pillow_decode(data):
    image = Image.open(io.BytesIO(data))
    image.draft("RGB", (96, 96))
    return image.convert("RGBA").tobytes()


def vips_decode(data):
    image = pyvips.Image.new_from_buffer(data, "")
    if not image.hasalpha():
        image = image.bandjoin(255)
    return image.cast("uchar").write_to_memory()


def main():
    arguments = benchlib.peer_argument_parser(__doc__).parse_args()
    pillow_heif.register_heif_opener()
    pyvips.cache_set_max(0)
    figures = []
    for fmt, name in FILES:
        with open(os.path.join(arguments.inputs, "decode", name), "rb") as handle:
            data = handle.read()
        row = {"format": fmt, "file": "decode/" + name, "bytes": len(data)}
        for peer, decode in (("pillow", pillow_decode), ("vips", vips_decode)):
            try:
                row[peer + "_milliseconds"] = benchlib.seconds_per_call(
                    lambda: decode(data), runs=arguments.runs) * 1000
            except Exception as error:  # a peer without this format says so instead of a figure
                row[peer + "_error"] = str(error).splitlines()[0]
        figures.append(row)
    versions = {"pillow": Image.__version__, "pillow_heif": pillow_heif.__version__,
                "pillow_heif_libheif": pillow_heif.libheif_version(),
                "pillow_libjpeg_turbo": features.version("libjpeg_turbo"), "pillow_libavif": features.version("avif"),
                "vips": "%d.%d" % (pyvips.version(0), pyvips.version(1))}
    benchlib.write_json(arguments.json_out, {"versions": versions, "formats": figures})


if __name__ == "__main__":
    main()
