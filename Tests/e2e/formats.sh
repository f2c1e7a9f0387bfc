#!/usr/bin/env bash
# End to end: member photos in every input format, composed by `chat-tui export`, against a colour-managed
# reference made independently: each file decoded by Pillow (pillow-heif for HEIC) and converted from its
# embedded profile to sRGB by Little CMS through Pillow's ImageCms (perceptual intent, as chat-tui), saved as a
# plain sRGB PNG, and composed by chat-tui in the same group shape. The difference is the decode and colour
# management alone; it is measured as the mean CIEDE2000 over the tiles' pixels (opaque in both on a
# transparent background) and printed per file. Bounds: 1.0 per file (ΔE2000 1 is about the smallest
# difference seen side by side; the decoders' own rounding and chroma upsampling differ between libheif/dav1d
# versions and IDCTs), 0.5 for the mean over every file and for the group with a member in each format. The 10-
# and 12-bit HEICs, which chat-tui keeps at 16 bits, are compared with pillow-heif's 8-bit reading of them.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=.build/debug/chat-tui
corpus=Tests/ImagingTestSupport/Resources/formats
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 -c "import PIL, pillow_heif, numpy" 2>/dev/null || pip install -q pillow pillow-heif numpy >/dev/null 2>&1 \
  || fail "cannot install Pillow, pillow-heif and numpy"

files=(lossless.webp lossy.webp animated.webp still.gif interlaced.gif photo.heic photo.avif rgb.tiff
       orientation-6.tiff cmyk.tiff rgb24.bmp palette8.bmp adobe-rgb.jpg adobe-rgb.png adobe-rgb.tiff prophoto.jpg
       prophoto.png cmyk-profiled.jpg display-p3.heic display-p3.png display-p3.webp cmyk-profiled.tiff
       gray-profiled.png gray-profiled.jpg gray-profiled.tiff lut-profile-16.png
       ramp-10bit.heic ramp-12bit.heic)
every=(lossless.webp still.gif photo.heic photo.avif rgb.tiff rgb24.bmp adobe-rgb.jpg prophoto.png display-p3.heic)

# The fixture: per file a group of four copies and its reference group; the group with a member in each
# format and its reference. The references are written by Pillow beside the fixture.
python3 - "$corpus" "$tmp" "${#files[@]}" "${files[@]}" "${every[@]}" <<'PY' || fail "making the fixture and references"
import io, json, os, sys
from PIL import Image, ImageCms, ImageOps
import pillow_heif

pillow_heif.register_heif_opener()
corpus, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
files, every = sys.argv[4:4 + count], sys.argv[4 + count:]
srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
os.makedirs(os.path.join(out, "references"))
for name in files:
    image = ImageOps.exif_transpose(Image.open(os.path.join(corpus, name)))
    profile = image.info.get("icc_profile")
    if profile:
        mode = "RGBA" if image.mode in ("RGBA", "LA") else "RGB"
        image = ImageCms.profileToProfile(image, ImageCms.ImageCmsProfile(io.BytesIO(profile)), srgb,
                                          renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode=mode)
    image = image.convert("RGBA")
    image.info.pop("icc_profile", None)
    image.save(os.path.join(out, "references", name + ".png"))

def group(identifier, paths):
    members = [{"id": "%s-%d" % (identifier, i), "name": "M%d" % i, "avatar": path} for i, path in enumerate(paths)]
    return {"id": identifier, "name": identifier, "members": members}

groups = []
for name in files:
    groups.append(group(name, [os.path.abspath(os.path.join(corpus, name))] * 4))
    groups.append(group(name + ".reference", [os.path.join("references", name + ".png")] * 4))
groups.append(group("every-format", [os.path.abspath(os.path.join(corpus, name)) for name in every]))
groups.append(group("every-format.reference", [os.path.join("references", name + ".png") for name in every]))
with open(os.path.join(out, "groups.json"), "w") as f:
    json.dump({"groups": groups}, f)
PY

$bin export --fixtures "$tmp/groups.json" --all --jobs 2 --output-dir "$tmp/out" --size 120 --scale 2 --background transparent \
  --no-cache 2>"$tmp/err" || { cat "$tmp/err"; fail "export --all"; }
grep -q ", 0 warnings" "$tmp/err" || { cat "$tmp/err"; fail "the export warned"; }

python3 - "$tmp/out" "${files[@]}" <<'PY' || fail "the composites differ from the colour-managed reference"
import os, sys
import numpy as np
from PIL import Image

folder, files = sys.argv[1], sys.argv[2:]

def lab(rgb):
    v = rgb / 255.0
    linear = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = linear @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)

def ciede2000(lab1, lab2):
    """Sharma, Wu and Dalal's formulation (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1.T
    l2, a2, b2 = lab2.T
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1, c2 = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1 = np.degrees(np.arctan2(b1, a1p)) % 360
    h2 = np.degrees(np.arctan2(b2, a2p)) % 360
    both = c1 * c2 != 0
    dh = np.where(h2 - h1 > 180, h2 - h1 - 360, np.where(h2 - h1 < -180, h2 - h1 + 360, h2 - h1))
    dh = np.where(both, dh, 0)
    d_hue = 2 * np.sqrt(c1 * c2) * np.sin(np.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1 + c2) / 2
    h_mean = np.where(np.abs(h1 - h2) <= 180, (h1 + h2) / 2,
                      np.where(h1 + h2 < 360, (h1 + h2 + 360) / 2, (h1 + h2 - 360) / 2))
    h_mean = np.where(both, h_mean, h1 + h2)
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    rotation = 30 * np.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * np.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25.0 ** 7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = -np.sin(np.radians(2 * rotation)) * rc
    tl, tc, th = (l2 - l1) / sl, (c2 - c1) / sc, d_hue / sh
    return np.sqrt(tl ** 2 + tc ** 2 + th ** 2 + rt * tc * th)

# Sharma's first pair: a wrong formula would make every figure below meaningless.
check = ciede2000(np.array([[50, 2.6772, -79.7751]]), np.array([[50, 0, -82.7485]]))[0]
assert abs(check - 2.0425) < 1e-4, check

def mean_difference(name):
    ours = np.asarray(Image.open(os.path.join(folder, name + ".png")).convert("RGBA"), dtype=np.float64)
    reference = np.asarray(Image.open(os.path.join(folder, name + ".reference.png")).convert("RGBA"),
                           dtype=np.float64)
    assert ours.shape == reference.shape, (name, ours.shape, reference.shape)
    tiles = (ours[..., 3] == 255) & (reference[..., 3] == 255)
    assert tiles.sum() > 0.5 * tiles.size, "%s: only %d opaque pixels" % (name, tiles.sum())
    return float(ciede2000(lab(ours[tiles][:, :3]), lab(reference[tiles][:, :3])).mean())

failures = []
figures = {}
for name in files:
    figures[name] = mean_difference(name)
    print("  %-20s mean ΔE2000 %.3f" % (name, figures[name]))
    if figures[name] > 1.0:
        failures.append("%s: %.3f > 1.0" % (name, figures[name]))
overall = sum(figures.values()) / len(figures)
group = mean_difference("every-format")
print("  %-20s mean ΔE2000 %.3f (a member in each format)" % ("every-format", group))
print("  mean over %d files: %.3f (bound 0.5)" % (len(files), overall))
if overall > 0.5:
    failures.append("mean over the files %.3f > 0.5" % overall)
if group > 0.5:
    failures.append("every-format: %.3f > 0.5" % group)
if failures:
    print("\n".join(failures))
    sys.exit(1)
PY

# --color-space display-p3: the same group written in Display P3 with its profile; Little CMS (through Pillow's
# ImageCms) converts it back to the sRGB export within a mean of one 8-bit level (quantisation in P3).
$bin export --fixtures "$tmp/groups.json" --group every-format --output "$tmp/p3.png" --size 120 --scale 2 \
  --background transparent --color-space display-p3 --no-cache 2>"$tmp/err" || { cat "$tmp/err"; fail "export P3"; }
python3 - "$tmp/p3.png" "$tmp/out/every-format.png" <<'PY' || fail "the Display P3 export"
import io, sys
import numpy as np
from PIL import Image, ImageCms

p3, srgb_file = Image.open(sys.argv[1]), Image.open(sys.argv[2])
profile = p3.info.get("icc_profile")
assert profile, "no ICC profile in the Display P3 export"
embedded = ImageCms.ImageCmsProfile(io.BytesIO(profile))
assert "Display P3" in ImageCms.getProfileDescription(embedded), ImageCms.getProfileDescription(embedded)
assert "icc_profile" not in srgb_file.info, "the sRGB export carries a profile instead of its sRGB chunk"
alpha = np.asarray(p3.convert("RGBA"))[..., 3]
back = ImageCms.profileToProfile(p3.convert("RGB"), embedded, ImageCms.createProfile("sRGB"), outputMode="RGB")
ours = np.asarray(back, dtype=np.float64)
reference = np.asarray(srgb_file.convert("RGB"), dtype=np.float64)
tiles = alpha == 255
difference = np.abs(ours[tiles] - reference[tiles]).mean()
print("  display-p3 export: mean |ΔRGB| %.3f back in sRGB" % difference)
assert difference < 1.0, difference
PY
echo "formats: every format composes within the bounds of the colour-managed reference; the P3 export reads back"
