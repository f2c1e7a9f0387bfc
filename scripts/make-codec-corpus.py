#!/usr/bin/env python3
"""Generates the codec test corpus in Tests/ImagingTests/Resources/codecs/.

PNGs are written by hand (zlib + struct) so every colour type, bit depth, palette, tRNS and Adam7 interlacing
is exactly what the test names say; next to each, `<name>.rgba` holds the expected 8-bit RGBA pixels computed
here from the same definition (not by any decoder). Pillow cross-checks both.

JPEGs are written with Pillow (baseline, progressive, greyscale, CMYK, EXIF orientations 1..8); their expected
colours are the solid quadrant colours listed in the Swift tests. Re-run after changing this script:
    pip install pillow && python3 scripts/make-codec-corpus.py
"""
import io
import os
import struct
import zlib

from PIL import Image, ImageOps

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ImagingTests", "Resources", "codecs")

# ---------------------------------------------------------------- PNG by hand

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Samples of one row -> bytes, with filter type 0 in front."""
    if depth == 16:
        return b"\0" + b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return b"\0" + bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return b"\0" + bytes(out)


def write_png(name, width, height, color_type, depth, pixel, expected, palette=None, trns=None, interlace=False):
    """pixel(x, y) -> tuple of samples; expected(x, y) -> (r, g, b, a) in 8 bits."""
    def raw(xs, ys):
        return b"".join(pack_row([s for x in xs for s in pixel(x, y)], depth) for y in ys)

    if interlace:
        data = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):  # empty passes have no bytes at all, not even filter bytes
                data += raw(xs, ys)
    else:
        data = raw(range(width), range(height))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0,
                                                            1 if interlace else 0))
    if palette is not None:
        png += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        png += chunk(b"tRNS", trns)
    png += chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b"")
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(png)
    reference = bytes(c for y in range(height) for x in range(width) for c in expected(x, y))
    with open(os.path.join(OUT, name + ".rgba"), "wb") as f:
        f.write(reference)
    cross_check_png(name, width, height, reference)


def cross_check_png(name, width, height, reference):
    """Pillow must read the file as the reference says (colours of fully transparent pixels aside)."""
    image = Image.open(os.path.join(OUT, name)).convert("RGBA")
    assert image.size == (width, height), name
    got = image.tobytes()
    for i in range(0, len(reference), 4):
        want, have = reference[i:i + 4], got[i:i + 4]
        if want[3] == 0:
            assert have[3] == 0, (name, i)
        else:
            assert max(abs(a - b) for a, b in zip(want, have)) <= 1, (name, i // 4, want, have)


def make_pngs():
    palette = [(255, 0, 0), (0, 200, 0), (0, 0, 255), (250, 250, 20), (30, 30, 30)]
    write_png("palette-4bit.png", 7, 5, 3, 4, lambda x, y: ((x + 2 * y) % 5,),
              lambda x, y: palette[(x + 2 * y) % 5] + (255,), palette=palette)

    alphas = [0, 128, 255]  # entries past the tRNS list are opaque
    write_png("palette-trns.png", 6, 4, 3, 8, lambda x, y: ((x + y) % 5,),
              lambda x, y: palette[(x + y) % 5] + (alphas[(x + y) % 5] if (x + y) % 5 < 3 else 255,),
              palette=palette, trns=bytes(alphas))

    write_png("grey-8bit.png", 5, 3, 0, 8, lambda x, y: ((x * 50 + y * 20) % 256,),
              lambda x, y: ((x * 50 + y * 20) % 256,) * 3 + (255,))

    write_png("grey-2bit.png", 5, 3, 0, 2, lambda x, y: ((x + y) % 4,),
              lambda x, y: ((x + y) % 4 * 85,) * 3 + (255,))

    write_png("grey-alpha.png", 4, 4, 4, 8, lambda x, y: (x * 60, 255 - y * 60),
              lambda x, y: (x * 60,) * 3 + (255 - y * 60,))

    # 16-bit samples of the form 0xXYXY are exactly 0xXY in 8 bits, whatever rounding a decoder uses.
    def wide(v):
        return v * 257

    def rgb16(x, y):
        return ((x * 60) % 256, (y * 80) % 256, ((x + y) * 40) % 256)

    write_png("rgb-16bit.png", 4, 3, 2, 16, lambda x, y: tuple(wide(v) for v in rgb16(x, y)),
              lambda x, y: rgb16(x, y) + (255,))
    def alpha16(x, y):
        return (255, 128, 64, 255)[x]

    write_png("rgba-16bit.png", 4, 3, 6, 16, lambda x, y: tuple(wide(v) for v in rgb16(x, y) + (alpha16(x, y),)),
              lambda x, y: rgb16(x, y) + (alpha16(x, y),))

    def rgba8(x, y):
        return ((x * 23) % 256, (y * 27) % 256, ((x + y) * 11) % 256, 255 - x * 5)

    write_png("interlaced.png", 11, 9, 6, 8, rgba8, rgba8, interlace=True)

    # RGB with a tRNS colour key: exactly the key colour becomes transparent.
    key = (10, 20, 30)
    def keyed(x, y):
        return key if (x + y) % 3 == 0 else (x * 40, y * 40, 200)
    write_png("rgb-trns.png", 5, 4, 2, 8, keyed, lambda x, y: keyed(x, y) + (0 if keyed(x, y) == key else 255,),
              trns=struct.pack(">HHH", *key))

    # Animated PNG: decoders without APNG support show the default image, here the first frame (red).
    red = Image.new("RGBA", (6, 4), (255, 0, 0, 255))
    blue = Image.new("RGBA", (6, 4), (0, 0, 255, 255))
    red.save(os.path.join(OUT, "animated.png"), save_all=True, append_images=[blue], duration=100, loop=0)

    # Decompression bomb: the header claims 20000x20000 RGBA, the data is a few bytes.
    bomb = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 20000, 20000, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
    with open(os.path.join(OUT, "bomb-20000.png"), "wb") as f:
        f.write(bomb)


# ---------------------------------------------------------------- JPEG with Pillow

QUADRANT_COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]  # TL, TR, BL, BR


def quadrants(mode, size, colours):
    width, height = size
    image = Image.new(mode, size)
    for index, colour in enumerate(colours):
        x0, y0 = (index % 2) * width // 2, (index // 2) * height // 2
        image.paste(colour, (x0, y0, x0 + width // 2, y0 + height // 2))
    return image


def save(image, name, **options):
    image.save(os.path.join(OUT, name), **options)


# The transform that stores an upright image so that EXIF orientation N displays it upright again
# (the inverse of what ImageOps.exif_transpose applies for N).
STORE_FOR_ORIENTATION = {
    1: None,
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}


def big_endian_exif(orientation):
    """An APP1 Exif segment in Motorola byte order with a single IFD0 entry."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) \
        + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def make_jpegs():
    upright = quadrants("RGB", (32, 32), QUADRANT_COLOURS)
    save(upright, "baseline.jpg", quality=92)
    save(upright, "progressive.jpg", quality=92, progressive=True)
    save(quadrants("L", (32, 32), [0, 85, 170, 255]), "grey.jpg", quality=92)
    # Cyan, magenta, yellow, 50% black in ink values; Pillow writes Adobe (inverted) CMYK.
    save(quadrants("CMYK", (32, 32), [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 128)]),
         "cmyk.jpg", quality=92)
    save(quadrants("RGB", (256, 192), QUADRANT_COLOURS), "large-256x192.jpg", quality=85)

    displayed = quadrants("RGB", (64, 32), QUADRANT_COLOURS)
    for orientation, transform in STORE_FOR_ORIENTATION.items():
        stored = displayed if transform is None else displayed.transpose(transform)
        exif = Image.Exif()
        exif[0x0112] = orientation
        name = f"exif-orientation-{orientation}.jpg"
        save(stored, name, quality=92, exif=exif.tobytes())
        check = ImageOps.exif_transpose(Image.open(os.path.join(OUT, name)))
        assert check.size == (64, 32), name
        for (x, y), colour in zip([(16, 8), (48, 8), (16, 24), (48, 24)], QUADRANT_COLOURS):
            assert max(abs(a - b) for a, b in zip(check.getpixel((x, y)), colour)) < 16, (name, x, y)

    # Orientation 6 in Motorola byte order: the same pixels, the EXIF segment written by hand after SOI.
    buffer = io.BytesIO()
    displayed.transpose(STORE_FOR_ORIENTATION[6]).save(buffer, "JPEG", quality=92)
    plain = buffer.getvalue()
    with open(os.path.join(OUT, "exif-orientation-6-motorola.jpg"), "wb") as f:
        f.write(plain[:2] + big_endian_exif(6) + plain[2:])

    # Decompression bomb: baseline.jpg with its SOF0 size patched to 20000x20000.
    data = bytearray(open(os.path.join(OUT, "baseline.jpg"), "rb").read())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", 20000, 20000)
    with open(os.path.join(OUT, "bomb-20000.jpg"), "wb") as f:
        f.write(bytes(data))


# ---------------------------------------------------------------- progressive JPEG with hundreds of scans by hand

def make_scan_bomb(side=256, scans=200):
    """A valid greyscale progressive JPEG whose every scan is one EOB run over the whole image: tiny per scan,
    yet each costs a pass over every block. At 7936 px, 499 such scans (181 KB) burned 9 s of CPU before
    TurboJPEG's 500-scan limit; this small one lets the tests check the scan count is refused up front."""
    blocks = (side // 8) ** 2

    def segment(marker, payload):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload

    class Bits:
        def __init__(self):
            self.out, self.acc, self.count = bytearray(), 0, 0

        def put(self, value, count):
            for shift in range(count - 1, -1, -1):
                self.acc = (self.acc << 1) | ((value >> shift) & 1)
                self.count += 1
                if self.count == 8:
                    self.out += bytes([self.acc]) + (b"\0" if self.acc == 0xFF else b"")
                    self.acc, self.count = 0, 0

        def finish(self):
            while self.count:
                self.put(1, 1)
            return bytes(self.out)

    def start_of_scan(first, last, high, low):
        return segment(0xDA, bytes([1, 1, 0x00, first, last, (high << 4) | low]))

    data = b"\xff\xd8" + segment(0xDB, b"\x00" + b"\x01" * 64)
    data += segment(0xC2, struct.pack(">BHHB", 8, side, side, 1) + b"\x01\x11\x00")
    data += segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")          # DC: category 0, one bit
    data += segment(0xC4, b"\x10" + bytes([0, 0, 0, 15] + [0] * 12) + bytes(r << 4 for r in range(15)))  # EOB0..14
    bits = Bits()
    for _ in range(blocks):
        bits.put(0, 1)
    data += start_of_scan(0, 0, 0, 0) + bits.finish()
    written = 1
    # Successive approximation of each AC coefficient alone, from bit 13 down to 0: a valid progression.
    for low in range(13, -1, -1):
        for coefficient in range(1, 64):
            if written == scans:
                break
            bits, left = Bits(), blocks
            while left:
                run = min(left, 32767)
                size = run.bit_length() - 1
                bits.put(size, 4)
                bits.put(run - (1 << size), size)
                left -= run
            data += start_of_scan(coefficient, coefficient, 0 if low == 13 else low + 1, low) + bits.finish()
            written += 1
    data += b"\xff\xd9"
    name = f"scans-{scans}.jpg"
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    assert Image.open(os.path.join(OUT, name)).convert("L").getpixel((0, 0)) == 128, name


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    make_pngs()
    make_jpegs()
    make_scan_bomb()
    print("wrote", len(os.listdir(OUT)), "files to", os.path.normpath(OUT))
