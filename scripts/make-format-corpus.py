#!/usr/bin/env python3
"""Writes the member-photo format corpus of Tests/ImagingTestSupport/Resources/formats from one bundled sample
portrait: the sRGB original as PNG, the same picture in every input format chat-tui reads, colour-profiled
versions (Adobe RGB and ProPhoto JPEG/PNG, a CMYK JPEG, a Display P3 HEIC, an Adobe RGB PNG tagged by its
cHRM and gAMA chunks alone) and, for each profiled file, the
colour-managed sRGB rendering Little CMS makes of it through Pillow's ImageCms (`<name>.reference.png`), the
reference the decoder tests compare against.

Needs Pillow (with WebP and AVIF) and pillow-heif (installed with pip when missing), and the ICC profiles
Ghostscript ships in Debian's libgs-common (Adobe RGB 1998 as a98.icc, ROMM/ProPhoto as rommrgb.icc, the
default CMYK profile); Display P3 is built here from its primaries. Also 10- and 12-bit HEICs of a smooth
ramp (`deep_heifs`: lossless, 4:4:4, RGB coded), for the 16-bit decoding tests, and a 10-bit AVIF of it
written by libavif's avifenc (Debian's libavif-bin; pillow-heif's wheel has no AV1 encoder, Pillow writes 8-bit
AVIF only, and Debian 12's heif-enc with aom aborts on 10 bits).
Run from the repository root:
    python3 scripts/make-format-corpus.py
or, to write only the deep HEICs:
    python3 scripts/make-format-corpus.py deep
or only the TIFF variants and grey- and CMYK-profiled files (`variants`):
    python3 scripts/make-format-corpus.py variants
"""
import io
import os
import struct
import sys
import zlib

try:
    import numpy as np
    from PIL import Image, ImageCms
    import pillow_heif
except ImportError:
    import subprocess
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "numpy", "pillow", "pillow-heif"])
    import numpy as np
    from PIL import Image, ImageCms
    import pillow_heif

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "sample-data", "avatars", "alice.jpg")
OUT = os.path.join(ROOT, "Tests", "ImagingTestSupport", "Resources", "formats")
GHOSTSCRIPT_ICC = "/usr/share/color/icc/ghostscript"
SIDE = 96
INTENT = ImageCms.Intent.PERCEPTUAL


def s15f16(value):
    return struct.pack(">i", int(round(value * 65536)))


def display_p3_profile():
    """An ICC v2 matrix/TRC profile: Display P3 primaries, D65 white adapted to the D50 PCS (Bradford), and
    the sRGB tone curve sampled at 1024 points."""
    primaries = np.array([[0.680, 0.320], [0.265, 0.690], [0.150, 0.060]])
    white = np.array([0.3127, 0.3290])

    def xyz(xy):
        return np.array([xy[0] / xy[1], 1.0, (1 - xy[0] - xy[1]) / xy[1]])

    columns = np.stack([xyz(p) for p in primaries], axis=1)
    scale = np.linalg.solve(columns, xyz(white))
    to_xyz = columns * scale
    bradford = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    d50 = np.array([0.9642, 1.0, 0.8249])
    adapt = np.linalg.inv(bradford) @ np.diag((bradford @ d50) / (bradford @ xyz(white))) @ bradford
    colorants = adapt @ to_xyz

    def xyz_tag(values):
        return b"XYZ " + b"\0" * 4 + b"".join(s15f16(v) for v in values)

    def curve_tag():
        samples = []
        for i in range(1024):
            v = i / 1023
            linear = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
            samples.append(int(round(linear * 65535)))
        return b"curv" + b"\0" * 4 + struct.pack(">I", 1024) + struct.pack(">1024H", *samples)

    def text_tag(text):
        data = text.encode("ascii") + b"\0"
        return b"desc" + b"\0" * 4 + struct.pack(">I", len(data)) + data + b"\0" * (4 + 4 + 2 + 1 + 67)

    tags = [(b"desc", text_tag("Display P3 (chat-tui test corpus)")),
            (b"cprt", b"text" + b"\0" * 4 + b"Public domain\0"),
            (b"wtpt", xyz_tag(d50)),
            (b"rXYZ", xyz_tag(colorants[:, 0])), (b"gXYZ", xyz_tag(colorants[:, 1])), (b"bXYZ", xyz_tag(colorants[:, 2])),
            (b"rTRC", curve_tag()), (b"gTRC", None), (b"bTRC", None)]
    table, body = b"", b""
    offset = 128 + 4 + 12 * len(tags)
    curve_offset = None
    for signature, data in tags:
        if data is None:
            table += signature + struct.pack(">II", curve_offset, len(tags[6][1]))
            continue
        while (offset + len(body)) % 4:
            body += b"\0"
        if signature == b"rTRC":
            curve_offset = offset + len(body)
        table += signature + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = struct.pack(">I", size) + b"lcms" + bytes([2, 0x40, 0, 0]) + b"mntrRGB XYZ " + b"\0" * 12 + b"acsp" \
        + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + b"\0" * 8 + b"\0" * 4 + s15f16(0.9642) + s15f16(1.0) + s15f16(0.8249) \
        + b"\0" * 4 + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128, len(header)
    return header + struct.pack(">I", len(tags)) + table + body


def save(image, name, **options):
    path = os.path.join(OUT, name)
    image.save(path, **options)
    return path


def profiled(original, profile_bytes, name, fmt, mode="RGB", convert_with=None, **options):
    """Converts the sRGB original into the profile's space (through `convert_with` when the profile converts
    only towards sRGB), saves it with the profile embedded, and writes ImageCms's colour-managed sRGB rendering
    of the saved file beside it."""
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    target = ImageCms.ImageCmsProfile(io.BytesIO(convert_with or profile_bytes))
    converted = ImageCms.profileToProfile(original, srgb, target, renderingIntent=INTENT, outputMode=mode)
    if fmt == "HEIF":
        heif = pillow_heif.from_pillow(converted)
        heif.info["icc_profile"] = profile_bytes
        heif.save(os.path.join(OUT, name), quality=-1)
    else:
        save(converted, name, format=fmt, icc_profile=profile_bytes, **options)
    saved = Image.open(os.path.join(OUT, name))
    saved.load()
    embedded = ImageCms.ImageCmsProfile(io.BytesIO(saved.info["icc_profile"]))
    reference = ImageCms.profileToProfile(saved, embedded, srgb, renderingIntent=INTENT, outputMode="RGB")
    reference.save(os.path.join(OUT, name + ".reference.png"))
    if fmt == "PNG":
        # The same pixels read as if they were sRGB (the profile ignored): what a decoder without colour
        # management shows, for the tests that prove their bounds catch it.
        unmanaged = saved.convert("RGB")
        unmanaged.info.pop("icc_profile", None)  # Pillow's PNG writer would copy it from the image's info
        unmanaged.save(os.path.join(OUT, name + ".unmanaged.png"))


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def chromaticities_png(original, adobe_profile, name):
    """The sRGB original converted to Adobe RGB (1998) and tagged only by `cHRM` (its primaries and D65 white)
    and `gAMA` (its gamma, 563/256), without an iCCP profile, with ImageCms's rendering of it as the reference."""
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    target = ImageCms.ImageCmsProfile(io.BytesIO(adobe_profile))
    converted = ImageCms.profileToProfile(original, srgb, target, renderingIntent=INTENT, outputMode="RGB")
    converted.info.pop("icc_profile", None)
    buffer = io.BytesIO()
    converted.save(buffer, format="PNG")
    data = buffer.getvalue()
    gama = png_chunk(b"gAMA", struct.pack(">I", round(100000 * 256 / 563)))
    xy = (0.3127, 0.3290, 0.64, 0.33, 0.21, 0.71, 0.15, 0.06)
    chrm = png_chunk(b"cHRM", struct.pack(">8I", *(round(v * 100000) for v in xy)))
    # After IHDR (8 bytes of signature, 25 of IHDR), before the image data, as the specification asks.
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data[:33] + gama + chrm + data[33:])
    reference = ImageCms.profileToProfile(converted, target, srgb, renderingIntent=INTENT, outputMode="RGB")
    reference.save(os.path.join(OUT, name + ".reference.png"))


DEEP_WIDTH, DEEP_HEIGHT = 256, 8


def deep_ramp(alpha=False):
    """16-bit samples of a horizontal ramp from 20000 to 30000 (about 39 levels of 8-bit grey, every column a
    12-bit level of its own) with a little colour, and an alpha ramp from opaque to half when `alpha`."""
    x = np.arange(DEEP_WIDTH, dtype=np.float64)
    grey = 20000 + x * 10000 / (DEEP_WIDTH - 1)
    channels = [grey, grey * 0.9, grey * 1.1]
    if alpha:
        channels.append(65535 - x * 32767 / (DEEP_WIDTH - 1))
    row = np.stack(channels, axis=-1).round().astype(np.uint16)
    return np.ascontiguousarray(np.broadcast_to(row, (DEEP_HEIGHT, DEEP_WIDTH, len(channels))))


def deep_heifs():
    """Lossless 10- and 12-bit HEICs of `deep_ramp` (4:4:4 and RGB-coded, so that the stored samples are the
    ramp's, shifted to the bit depth), one with alpha, one tagged by nclx as Display P3 and one stored sideways
    with an `irot` (pillow-heif writes an EXIF orientation as the HEIF transformation)."""
    def write(name, samples, bits, orientation=None, **options):
        pillow_heif.options.SAVE_HDR_TO_12_BIT = bits == 12
        mode = "RGBA;16" if samples.shape[-1] == 4 else "RGB;16"
        heif = pillow_heif.from_bytes(mode=mode, size=(DEEP_WIDTH, DEEP_HEIGHT), data=samples.tobytes())
        if orientation:
            exif = Image.Exif()
            exif[0x0112] = orientation
            heif.info["exif"] = exif.tobytes()
        heif.save(os.path.join(OUT, name), quality=-1, chroma=444, matrix_coefficients=0, **options)
    write("ramp-10bit.heic", deep_ramp(), 10)
    write("ramp-12bit.heic", deep_ramp(), 12)
    write("ramp-10bit-alpha.heic", deep_ramp(alpha=True), 10)
    write("display-p3-10bit.heic", deep_ramp(), 10, color_primaries=12, transfer_characteristics=13)
    write("ramp-10bit-irot.heic", deep_ramp(), 10, orientation=6)
    pillow_heif.options.SAVE_HDR_TO_12_BIT = False
    deep_avif()


def deep_avif():
    """A lossless 10-bit AVIF of `deep_ramp` by avifenc (from a 16-bit PNG of it), when avifenc is installed."""
    import shutil
    import subprocess
    import tempfile
    if shutil.which("avifenc") is None:
        print("make-format-corpus: avifenc (Debian's libavif-bin) not found; ramp-10bit.avif not written")
        return
    samples = deep_ramp()
    rows = b"".join(b"\0" + samples[y].astype(">u2").tobytes() for y in range(DEEP_HEIGHT))
    header = struct.pack(">IIBBBBB", DEEP_WIDTH, DEEP_HEIGHT, 16, 2, 0, 0, 0)
    png = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(rows))
           + png_chunk(b"IEND", b""))
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "ramp16.png")
        with open(source, "wb") as file:
            file.write(png)
        subprocess.check_call(["avifenc", "-d", "10", "-l", source, os.path.join(OUT, "ramp-10bit.avif")],
                              stdout=subprocess.DEVNULL)


def tiff(name, *layout, **options):
    """Writes `tiff_bytes(*layout, **options)` to the corpus as `name`."""
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(tiff_bytes(*layout, **options))


def tiff_bytes(width, height, samples_per_pixel, bits, photometric, data, sample_format=1, icc=None,
               extra_samples=None, tile=None, planar=False):
    """A big-endian, uncompressed TIFF made byte by byte (Pillow writes none of 12-bit, 4-bit RGB, float RGB or
    16-bit CMYK): `data` is one strip, packed as the TIFF specification says (rows padded to a byte, samples of
    16 bits and more big-endian); with `planar`, a list of one strip per sample; with `tile` (its side), a list
    of tiles, left to right, top to bottom."""
    chunks = data if (planar or tile) else [data]

    def build(offsets):
        entries = [(256, 4, [width]), (257, 4, [height]), (258, 3, [bits] * samples_per_pixel), (259, 3, [1]),
                   (262, 3, [photometric]), (277, 3, [samples_per_pixel]), (284, 3, [2 if planar else 1]),
                   (339, 3, [sample_format] * samples_per_pixel)]
        if tile:
            entries += [(322, 4, [tile]), (323, 4, [tile]), (324, 4, offsets), (325, 4, [len(c) for c in chunks])]
        else:
            entries += [(273, 4, offsets), (278, 4, [height]), (279, 4, [len(c) for c in chunks])]
        if extra_samples is not None:
            entries.append((338, 3, [extra_samples]))
        if icc is not None:
            entries.append((34675, 7, icc))
        entries.sort()
        ifd_offset = 8
        blob_offset = ifd_offset + 2 + 12 * len(entries) + 4
        table, blobs = struct.pack(">H", len(entries)), b""
        for tag, kind, values in entries:
            packed = bytes(values) if kind == 7 else b"".join(struct.pack(">H" if kind == 3 else ">I", v) for v in values)
            if len(packed) <= 4:
                table += struct.pack(">HHI", tag, kind, len(values)) + packed.ljust(4, b"\0")
            else:
                table += struct.pack(">HHII", tag, kind, len(values), blob_offset + len(blobs))
                blobs += packed + b"\0" * (len(packed) % 2)
        return b"MM\0*" + struct.pack(">I", ifd_offset) + table + struct.pack(">I", 0) + blobs

    start = len(build([0] * len(chunks)))
    offsets = [start + sum(len(c) for c in chunks[:i]) for i in range(len(chunks))]
    return build(offsets) + b"".join(chunks)


def packed_rows(rows, bits):
    """Rows of integer samples packed most significant bit first, each row padded to a whole byte."""
    out = bytearray()
    for row in rows:
        value, count = 0, 0
        for sample in row:
            value = value << bits | sample
            count += bits
        pad = (8 - count % 8) % 8
        out += (value << pad).to_bytes((count + pad) // 8, "big")
    return bytes(out)


def lut_profile(adobe):
    """An RGB input profile whose only conversion is a lookup table (AToB0, 17 points a side): Adobe RGB
    sampled by Little CMS into a device link, which is then marked as an input profile. No RGB profile in
    libgs-common is of this kind, and photos from scanners and printers carry them."""
    import ctypes
    lcms = ctypes.CDLL("liblcms2.so.2")
    lcms.cmsOpenProfileFromMem.restype = ctypes.c_void_p
    lcms.cmsCreateLab4Profile.restype = ctypes.c_void_p
    lcms.cmsCreateTransform.restype = ctypes.c_void_p
    lcms.cmsTransform2DeviceLink.restype = ctypes.c_void_p
    source = lcms.cmsOpenProfileFromMem(adobe, len(adobe))
    lab = lcms.cmsCreateLab4Profile(None)
    rgb_16 = 4 << 16 | 3 << 3 | 2  # TYPE_RGB_16
    lab_16 = 10 << 16 | 3 << 3 | 2  # TYPE_Lab_16
    transform = lcms.cmsCreateTransform(ctypes.c_void_p(source), rgb_16, ctypes.c_void_p(lab), lab_16, 0,
                                        (17 & 0xFF) << 16 | 0x0100)  # cmsFLAGS_GRIDPOINTS(17) | NOWHITEONWHITEFIXUP
    link = lcms.cmsTransform2DeviceLink(ctypes.c_void_p(transform), ctypes.c_double(4.3), 17 << 16)
    lcms.cmsSetDeviceClass(ctypes.c_void_p(link), int.from_bytes(b"scnr", "big"))
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(link), None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(link), buffer, ctypes.byref(size))
    return buffer.raw[:size.value]


def png16(name, rgb, icc):
    """A 16-bit RGB PNG of `rgb` (height x width x 3 samples, 0...65535) with `icc` in its iCCP chunk."""
    height, width, _ = rgb.shape
    rows = b"".join(b"\0" + rgb[y].astype(">u2").tobytes() for y in range(height))
    data = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
    data += png_chunk(b"iCCP", b"lut\0\0" + zlib.compress(icc)) + png_chunk(b"IDAT", zlib.compress(rows))
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data + png_chunk(b"IEND", b""))


def variants(original):
    """TIFF layouts libtiff's RGBA reader refuses (12-bit and 4-bit RGB, 32-bit float RGB, 16-bit CMYK with a
    profile), and grey- and CMYK-profiled files with Little CMS's sRGB rendering of each as its reference."""
    with open(os.path.join(GHOSTSCRIPT_ICC, "default_cmyk.icc"), "rb") as f:
        cmyk = f.read()
    with open(os.path.join(GHOSTSCRIPT_ICC, "ps_gray.icc"), "rb") as f:
        gray = f.read()
    profiled(original, cmyk, "cmyk-profiled.tiff", "TIFF", mode="CMYK")
    profiled(original, gray, "gray-profiled.png", "PNG", mode="L")
    profiled(original, gray, "gray-profiled.jpg", "JPEG", mode="L", quality=95)
    profiled(original, gray, "gray-profiled.tiff", "TIFF", mode="L")
    # The grey PNG's own samples at 16 bits (times 257): its 8-bit reference is the reference of these too.
    grey = np.asarray(Image.open(os.path.join(OUT, "gray-profiled.png")), dtype=np.uint16) * 257
    Image.frombytes("I;16", (SIDE, SIDE), grey.astype("<u2").tobytes()).save(
        os.path.join(OUT, "gray16-profiled.png"), icc_profile=gray)
    ink = np.asarray(Image.open(os.path.join(OUT, "cmyk-profiled.tiff")), dtype=np.uint32) * 257
    tiff("cmyk16-profiled.tiff", SIDE, SIDE, 4, 16, 5, ink.astype(">u2").tobytes(), icc=cmyk)
    with open(os.path.join(GHOSTSCRIPT_ICC, "a98.icc"), "rb") as f:
        adobe = f.read()
    lut = lut_profile(adobe)
    # The 8-bit file gives the reference; the 16-bit one holds the same samples times 257.
    profiled(original, lut, "lut-profile.png", "PNG", convert_with=adobe)
    png16("lut-profile-16.png", np.asarray(Image.open(os.path.join(OUT, "lut-profile.png")), dtype=np.uint32) * 257,
          lut)
    rgb = np.asarray(original, dtype=np.uint32)
    twelve = (rgb * 4095 + 127) // 255
    tiff("rgb12.tiff", SIDE, SIDE, 3, 12, 2, packed_rows(twelve.reshape(SIDE, SIDE * 3).tolist(), 12))
    tiles = [packed_rows(twelve[top:top + 32, left:left + 32].reshape(32, 32 * 3).tolist(), 12)
             for top in range(0, SIDE, 32) for left in range(0, SIDE, 32)]
    tiff("rgb12-tiled.tiff", SIDE, SIDE, 3, 12, 2, tiles, tile=32)
    planes = [packed_rows(twelve[:, :, channel].tolist(), 12) for channel in range(3)]
    tiff("rgb12-planar.tiff", SIDE, SIDE, 3, 12, 2, planes, planar=True)
    four = (rgb * 15 + 127) // 255
    tiff("rgb4.tiff", SIDE, SIDE, 3, 4, 2, packed_rows(four.reshape(SIDE, SIDE * 3).tolist(), 4))
    Image.fromarray((four * 17).astype(np.uint8)).save(os.path.join(OUT, "rgb4.tiff.reference.png"))
    floats = (rgb / 255.0).astype(">f4")
    tiff("rgb-float.tiff", SIDE, SIDE, 3, 32, 2, floats.tobytes(), sample_format=3)


def main():
    pillow_heif.register_heif_opener()
    if sys.argv[1:] == ["deep"]:
        return deep_heifs()
    os.makedirs(OUT, exist_ok=True)
    portrait = Image.open(SOURCE).convert("RGB")
    original = portrait.resize((SIDE, SIDE), Image.Resampling.LANCZOS)
    if sys.argv[1:] == ["variants"]:
        return variants(original)
    save(original, "original.png")
    # A soft alpha ramp from the left edge, for the formats with transparency.
    alpha = Image.linear_gradient("L").rotate(90).resize((SIDE, SIDE))
    with_alpha = original.copy()
    with_alpha.putalpha(alpha)
    save(with_alpha, "original-alpha.png")

    save(original, "lossless.webp", format="WEBP", lossless=True)
    save(with_alpha, "alpha.webp", format="WEBP", lossless=True, exact=True)
    second = original.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    save(original, "animated.webp", format="WEBP", lossless=True, save_all=True, append_images=[second], duration=100)
    save(original, "lossy.webp", format="WEBP", quality=95)

    palette = original.quantize(colors=256, dither=Image.Dither.NONE)
    save(palette, "still.gif", interlace=False)
    save(palette, "interlaced.gif", interlace=True)
    transparent = palette.copy()
    pixels = transparent.load()
    for y in range(SIDE):
        for x in range(SIDE // 4):
            pixels[x, y] = 255
    save(transparent, "transparent.gif", transparency=255)
    save(palette, "animated.gif", save_all=True, append_images=[second.quantize(colors=256)], duration=100)
    for name in ["still.gif", "interlaced.gif", "transparent.gif", "animated.gif"]:
        Image.open(os.path.join(OUT, name)).convert("RGBA").save(os.path.join(OUT, name + ".reference.png"))

    save(original, "rgb.tiff", compression="tiff_lzw")
    save(with_alpha, "alpha.tiff", compression="tiff_adobe_deflate")
    save(original.convert("CMYK"), "cmyk.tiff")
    rotated = original.transpose(Image.Transpose.ROTATE_90)
    save(rotated, "orientation-6.tiff", tiffinfo={274: 6})

    save(original, "rgb24.bmp")
    save(palette, "palette8.bmp")
    save(with_alpha, "rgba32.bmp")

    heif = pillow_heif.from_pillow(original)
    heif.save(os.path.join(OUT, "photo.heic"), quality=95)
    pillow_heif.from_pillow(with_alpha).save(os.path.join(OUT, "alpha.heic"), quality=95)
    save(original, "photo.avif", format="AVIF", quality=95)
    for name in ["photo.heic", "alpha.heic", "photo.avif"]:
        Image.open(os.path.join(OUT, name)).convert("RGBA").save(os.path.join(OUT, name + ".reference.png"))

    with open(os.path.join(GHOSTSCRIPT_ICC, "a98.icc"), "rb") as f:
        adobe = f.read()
    with open(os.path.join(GHOSTSCRIPT_ICC, "rommrgb.icc"), "rb") as f:
        prophoto = f.read()
    with open(os.path.join(GHOSTSCRIPT_ICC, "default_cmyk.icc"), "rb") as f:
        cmyk = f.read()
    p3 = display_p3_profile()
    profiled(original, adobe, "adobe-rgb.jpg", "JPEG", quality=95)
    profiled(original, adobe, "adobe-rgb.png", "PNG")
    profiled(original, prophoto, "prophoto.jpg", "JPEG", quality=95)
    profiled(original, prophoto, "prophoto.png", "PNG")
    profiled(original, cmyk, "cmyk-profiled.jpg", "JPEG", mode="CMYK", quality=95)
    profiled(original, p3, "display-p3.heic", "HEIF")
    profiled(original, p3, "display-p3.png", "PNG")
    profiled(original, adobe, "adobe-rgb.tiff", "TIFF")
    profiled(original, p3, "display-p3.webp", "WEBP", lossless=True)
    chromaticities_png(original, adobe, "adobe-rgb-chrm.png")
    variants(original)
    deep_heifs()


if __name__ == "__main__":
    sys.exit(main())
