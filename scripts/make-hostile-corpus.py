#!/usr/bin/env python3
"""Generates the hostile image corpus in Tests/GroupIconTests/Resources/hostile/.

Every file is what a messenger may really receive as an avatar: cut-off downloads, damaged bytes, empty files,
files with the wrong extension, decompression bombs, degenerate sizes, animated PNGs, CMYK JPEGs and 16-bit PNGs.
`manifest.json` says what the avatar pipeline must make of each one, derived here from how the file was built
(never from chat-tui's decoders):
  {"file": NAME, "decodes": {"width": W, "height": H, "tolerance": T, "pixels": [[x, y, r, g, b, a], ...]}}
  {"file": NAME, "fails": TEXT}   -- a placeholder plus a warning naming the file and containing TEXT.
PNGs are written by hand (zlib + struct); JPEGs with Pillow, then patched. Re-run after changing this script:
    pip install pillow pillow-heif && python3 scripts/make-hostile-corpus.py

It also writes the seed corpora of the per-decoder fuzz targets (fuzz/corpus/FuzzDecode<FORMAT>/): a small
healthy file of the format and hostile ones (cut short, giant declared dimensions, a damaged ICC profile, a
10 000-frame GIF, a HEIC declaring a 65535 px grid). `--fuzz-seeds` writes only those.
"""
import io
import json
import os
import hashlib
import struct
import sys
import zlib

from PIL import Image

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "GroupIconTests", "Resources", "hostile")
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rows, color_type=6, depth=8, extra=b""):
    """A PNG whose raw scanlines (without filter bytes) are `rows`; `extra` chunks go before IDAT."""
    data = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b"")


def solid_png(width, height, rgba):
    return png(width, height, [bytes(rgba) * width] * height)


def jpeg(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", **options)
    return buffer.getvalue()


def segment_offset(data, marker):
    """The offset of the first `FF marker` segment in a JPEG header."""
    index = 2
    while index + 4 <= len(data):
        assert data[index] == 0xFF, "not at a marker"
        kind = data[index + 1]
        if kind == marker:
            return index
        index += 2 + struct.unpack(">H", data[index + 2:index + 4])[0]
    raise ValueError("marker %02X not found" % marker)


def main():
    os.makedirs(OUT, exist_ok=True)
    files, manifest = {}, []

    def decodes(name, data, width, height, pixels, tolerance=0):
        files[name] = data
        manifest.append({"file": name, "decodes": {"width": width, "height": height, "tolerance": tolerance,
                                                   "pixels": [list(p) for p in pixels]}})

    def fails(name, data, text):
        files[name] = data
        manifest.append({"file": name, "fails": text})

    # A 16x16 PNG in four quadrant colours and a JPEG of the same, the healthy originals of the damaged files.
    quadrant_colours = [(230, 40, 40, 255), (40, 200, 60, 255), (50, 70, 220, 255), (250, 250, 250, 255)]

    def quadrant_rows(side):
        half = side // 2
        return [b"".join(bytes(quadrant_colours[(y >= half) * 2 + (x >= half)]) for x in range(side))
                for y in range(side)]
    healthy_png = png(16, 16, quadrant_rows(16))
    quadrant_image = Image.new("RGB", (16, 16))
    for index, colour in enumerate(quadrant_colours):
        x0, y0 = (index % 2) * 8, (index // 2) * 8
        quadrant_image.paste(colour[:3], (x0, y0, x0 + 8, y0 + 8))
    healthy_jpeg = jpeg(quadrant_image, quality=95)
    quadrant_probes = [(2, 2) + quadrant_colours[0], (13, 2) + quadrant_colours[1],
                       (2, 13) + quadrant_colours[2], (13, 13) + quadrant_colours[3]]

    # Cut-off downloads. A PNG that ends inside IDAT, a JPEG that ends inside its entropy-coded data.
    fails("truncated.png", healthy_png[:len(healthy_png) * 2 // 3], "truncated or corrupt")
    fails("truncated.jpg", healthy_jpeg[:len(healthy_jpeg) * 2 // 3], "truncated or corrupt")
    fails("signature-only.png", SIGNATURE, "truncated or corrupt")
    # Damaged bytes. IDAT payload flipped without fixing its CRC; the JPEG's Huffman tables zeroed.
    idat = healthy_png.index(b"IDAT") + 4
    fails("corrupted.png", healthy_png[:idat + 4] + bytes(b ^ 0x5A for b in healthy_png[idat + 4:idat + 12])
          + healthy_png[idat + 12:], "truncated or corrupt")
    dht = segment_offset(healthy_jpeg, 0xC4)
    dht_length = struct.unpack(">H", healthy_jpeg[dht + 2:dht + 4])[0]
    fails("corrupted.jpg", healthy_jpeg[:dht + 4] + bytes(dht_length - 2) + healthy_jpeg[dht + 2 + dht_length:],
          "truncated or corrupt")
    fails("zero-bytes.png", b"", "file is empty")
    fails("html-named.jpg", b"<html><body>404 Not Found</body></html>\n", "not a supported image format")
    fails("gif-named.png", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "GIF is truncated or corrupt: the file holds no image")

    # Wrong extensions: the content decides.
    decodes("png-named.jpg", healthy_png, 16, 16, quadrant_probes)
    decodes("jpeg-named.png", healthy_jpeg, 16, 16, quadrant_probes, tolerance=12)

    # Decompression bombs: headers claiming 100000x100000 and 65000x65000 pixels, a few bytes of data each.
    fails("bomb-100000.png", SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
          + chunk(b"IDAT", zlib.compress(b"\0" * 256)) + chunk(b"IEND", b""), "image is 100000x100000 px")
    tiny_jpeg = jpeg(Image.new("RGB", (8, 8), (128, 128, 128)), quality=50)
    sof = segment_offset(tiny_jpeg, 0xC0)
    # SOF0 payload: precision (1 byte), height (2), width (2), ...
    bomb_jpeg = tiny_jpeg[:sof + 5] + struct.pack(">HH", 65000, 65000) + tiny_jpeg[sof + 9:]
    fails("bomb-65000.jpg", bomb_jpeg, "image is 65000x65000 px")

    # Degenerate sizes: one pixel, and a 16384x1 strip (the longest side the limits allow).
    decodes("pixel-1x1.png", solid_png(1, 1, (12, 34, 56, 255)), 1, 1, [(0, 0, 12, 34, 56, 255)])

    def strip_pixel(x):
        return (x % 256, x // 256, 7, 255)
    strip = png(16384, 1, [b"".join(bytes(strip_pixel(x)) for x in range(16384))])
    decodes("strip-16384x1.png", strip, 16384, 1, [(x, 0) + strip_pixel(x) for x in (0, 1, 255, 256, 8191, 16383)])

    # Animated PNG: the default image (IDAT) is red, the second frame (fdAT) blue; decoders show the default.
    red, blue = (255, 0, 0, 255), (0, 0, 255, 255)
    frame_control = struct.pack(">IIIIIHHBB", 0, 4, 4, 0, 0, 1, 10, 0, 0)
    second_control = struct.pack(">IIIIIHHBB", 1, 4, 4, 0, 0, 1, 10, 0, 0)
    blue_data = zlib.compress(b"".join(b"\0" + bytes(blue) * 4 for _ in range(4)))
    animated = (SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0))
                + chunk(b"acTL", struct.pack(">II", 2, 0)) + chunk(b"fcTL", frame_control)
                + chunk(b"IDAT", zlib.compress(b"".join(b"\0" + bytes(red) * 4 for _ in range(4))))
                + chunk(b"fcTL", second_control) + chunk(b"fdAT", struct.pack(">I", 2) + blue_data)
                + chunk(b"IEND", b""))
    decodes("animated.png", animated, 4, 4, [(0, 0) + red, (3, 3) + red])

    # CMYK JPEG (Pillow writes Adobe-marked, inverted inks): pure cyan ink and pure magenta-plus-yellow (red).
    cmyk = Image.new("CMYK", (16, 8), (255, 0, 0, 0))
    cmyk.paste((0, 255, 255, 0), (8, 0, 16, 8))
    decodes("cmyk.jpg", jpeg(cmyk, quality=95), 16, 8, [(2, 4, 0, 255, 255, 255), (13, 4, 255, 0, 0, 255)],
            tolerance=12)

    # 16-bit RGB: samples of the form 0xXYXY are exactly 0xXY in 8 bits.
    def wide_row(colours):
        return b"".join(struct.pack(">HHH", *(v * 257 for v in colour)) for colour in colours)
    sixteen = png(3, 2, [wide_row([(255, 0, 128), (0, 255, 64), (10, 20, 30)])] * 2, color_type=2, depth=16)
    decodes("rgb-16bit.png", sixteen, 3, 2, [(0, 0, 255, 0, 128, 255), (1, 1, 0, 255, 64, 255),
                                             (2, 0, 10, 20, 30, 255)], tolerance=1)

    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    for name, data in files.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    cross_check()


def cross_check():
    """Pillow must agree with every "decodes" entry (animated.png: its first frame is the default image)."""
    with open(os.path.join(OUT, "manifest.json")) as f:
        manifest = json.load(f)
    for entry in manifest:
        expected = entry.get("decodes")
        if not expected:
            continue
        image = Image.open(os.path.join(OUT, entry["file"]))
        if image.mode == "I;16" or image.mode.startswith("RGB;16") or image.mode == "I":
            continue  # Pillow reads 16-bit RGB as 8-bit RGB already; anything else is not worth guessing
        image = image.convert("RGBA")
        assert image.size == (expected["width"], expected["height"]), entry["file"]
        for x, y, *want in expected["pixels"]:
            have = image.getpixel((x, y))
            assert max(abs(a - b) for a, b in zip(want, have)) <= max(expected["tolerance"], 1), \
                (entry["file"], x, y, want, have)


FUZZ = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz", "corpus")


def giant_tiff(tiff):
    """`tiff` (little-endian, as Pillow writes it) with ImageWidth and ImageLength set to 2^30 as LONGs."""
    ifd = struct.unpack_from("<I", tiff, 4)[0]
    data = bytearray(tiff)
    for index in range(struct.unpack_from("<H", tiff, ifd)[0]):
        entry = ifd + 2 + 12 * index
        if struct.unpack_from("<H", tiff, entry)[0] in (256, 257):
            struct.pack_into("<HII", data, entry + 2, 4, 1, 1 << 30)
    return bytes(data)


def sample_layout_tiffs():
    """4x4 TIFFs of the layouts read sample by sample: 12-bit RGB, 4-bit RGB, float RGB, 16-bit CMYK."""
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("format_corpus", os.path.join(here, "make-format-corpus.py"))
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    rows = [[(x * 37 + y * 11 + c * 5) % 16 for x in range(4) for c in range(3)] for y in range(4)]
    return [
        corpus.tiff_bytes(4, 4, 3, 12, 2, corpus.packed_rows([[v * 273 for v in row] for row in rows], 12)),
        corpus.tiff_bytes(4, 4, 3, 4, 2, corpus.packed_rows(rows, 4)),
        corpus.tiff_bytes(4, 4, 3, 32, 2, struct.pack(">48f", *[v / 15 for row in rows for v in row]), sample_format=3),
        corpus.tiff_bytes(4, 4, 4, 16, 5, struct.pack(">64H", *[(v * 4369) for v in range(16) for _ in range(4)])),
    ]


def fuzz_seeds():
    """Seeds of FuzzDecode<FORMAT>, each named by its SHA-1 as libFuzzer names corpus files."""
    import pillow_heif
    small = Image.new("RGB", (16, 16), (200, 40, 90))
    for x in range(8):
        for y in range(16):
            small.putpixel((x, y), (20, 180 - y * 8, 60))
    with_alpha = small.convert("RGBA")
    with_alpha.putalpha(Image.linear_gradient("L").resize((16, 16)))
    garbage_icc = bytes(range(7, 250)) * 2

    def encoded(image, fmt, **options):
        buffer = io.BytesIO()
        image.save(buffer, format=fmt, **options)
        return buffer.getvalue()

    def patched(data, offset, packed):
        return data[:offset] + packed + data[offset + len(packed):]

    seeds = {}
    png_file = encoded(small, "PNG")
    seeds["PNG"] = [
        png_file, encoded(with_alpha, "PNG"), encoded(small.convert("P"), "PNG"),
        png(2, 2, [b"\0\1\0\2\0\3" * 2] * 2, color_type=2, depth=16),
        # Interlaced (Adam7), grey with alpha.
        png(3, 3, [b"\x80\xff" * 3] * 3, color_type=4)[:-12] + chunk(b"IEND", b""),
        png_file[: len(png_file) // 2],
        patched(png_file, 16, struct.pack(">II", 1 << 30, 1 << 30)),
        png(4, 4, [b"\x10\x20\x30\xff" * 4] * 4, extra=chunk(b"iCCP", b"bad\0\0" + zlib.compress(garbage_icc))),
        png(4, 4, [b"\x10\x20\x30\xff" * 4] * 4, extra=chunk(b"iCCP", b"bad\0\0not zlib at all")),
        png(4, 4, [b"\x10\x20\x30\xff" * 4] * 4,
            extra=chunk(b"cHRM", struct.pack(">8I", 31270, 0, 64000, 33000, 21000, 71000, 15000, 6000))),
    ]
    jpeg_file = encoded(small, "JPEG", quality=90)
    sof = jpeg_file.index(b"\xff\xc0")
    seeds["JPEG"] = [
        jpeg_file, encoded(small.convert("L"), "JPEG"), encoded(small.convert("CMYK"), "JPEG"),
        encoded(small, "JPEG", progressive=True), jpeg_file[: len(jpeg_file) // 2],
        patched(jpeg_file, sof + 5, struct.pack(">HH", 65500, 65500)),
        encoded(small, "JPEG", icc_profile=garbage_icc),
        encoded(small, "JPEG", exif=b"Exif\0\0MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0"),
    ]
    webp_file = encoded(small, "WEBP", lossless=True)
    seeds["WebP"] = [
        webp_file, encoded(small, "WEBP", quality=50), encoded(with_alpha, "WEBP", lossless=True),
        encoded(small, "WEBP", save_all=True, append_images=[small.rotate(90)] * 3, duration=50),
        webp_file[: len(webp_file) // 2], encoded(small, "WEBP", lossless=True, icc_profile=garbage_icc),
    ]
    extended = seeds["WebP"][-1]
    vp8x = extended.index(b"VP8X")
    # VP8X canvas width and height minus one, 24 bits each: 16 777 216 px a side.
    seeds["WebP"].append(patched(extended, vp8x + 12, b"\xff\xff\xff\xff\xff\xff"))
    gif_file = encoded(small.convert("P"), "GIF")
    frame = b"\x21\xf9\x04\x00\x01\x00\x00\x00" + b"\x2c\0\0\0\0\x01\0\x01\0\0\x02\x02\x44\x01\0"
    many_frames = b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff" + frame * 10_000 + b"\x3b"
    seeds["GIF"] = [
        gif_file, encoded(small.convert("P"), "GIF", interlace=True),
        encoded(small.convert("P"), "GIF", transparency=0),
        encoded(small.convert("P"), "GIF", save_all=True, append_images=[small.rotate(90).convert("P")] * 2),
        gif_file[: len(gif_file) // 2], patched(gif_file, 6, struct.pack("<HH", 65535, 65535)), many_frames,
    ]
    heif = io.BytesIO()
    pillow_heif.from_pillow(small).save(heif, quality=50)
    heic = heif.getvalue()
    ispe = heic.index(b"ispe")
    seeds["HEIF"] = [
        heic, heic[: len(heic) // 2],
        # The image's spatial extent (version and flags, then width and height): 65535 x 65535.
        patched(heic, ispe + 8, struct.pack(">II", 65535, 65535)),
    ]
    tiff_file = encoded(small, "TIFF")
    seeds["TIFF"] = [
        tiff_file, encoded(with_alpha, "TIFF", compression="tiff_adobe_deflate"), encoded(small.convert("CMYK"), "TIFF"),
        encoded(small, "TIFF", compression="tiff_lzw"), tiff_file[: len(tiff_file) // 2],
        encoded(small, "TIFF", icc_profile=garbage_icc), giant_tiff(tiff_file),
    ] + sample_layout_tiffs()
    bmp_file = encoded(small, "BMP")
    seeds["BMP"] = [
        bmp_file, encoded(small.convert("P"), "BMP"), encoded(with_alpha, "BMP"), bmp_file[: len(bmp_file) // 2],
        patched(bmp_file, 18, struct.pack("<ii", 1 << 30, -(1 << 30))),
        patched(bmp_file, 18, struct.pack("<ii", 0, 0)),
    ]
    for fmt, files in seeds.items():
        folder = os.path.join(FUZZ, "FuzzDecode" + fmt)
        os.makedirs(folder, exist_ok=True)
        for data in files:
            with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    if sys.argv[1:] != ["--fuzz-seeds"]:
        main()
    fuzz_seeds()
