#!/usr/bin/env python3
"""Generates sample-data/groups.json and sample-data/avatars/* for chat-tui.

Every avatar is drawn here (no third-party photos): a synthetic head-and-shoulders portrait on a gradient or
patterned background, so composites look like real group avatars. The data deliberately covers the edge
cases the app must handle: every member count 0..12, CJK/emoji/very long text, PNG and JPEG of many sizes and
aspect ratios, greyscale, transparency, a palette PNG, an EXIF-rotated JPEG, a missing file, corrupt files,
members shared across groups, a group with its own avatar and ids that are not filename-safe.

Deterministic: fixed seeds and no timestamps, so two runs give byte-identical output (for one Pillow build).
Usage: python3 scripts/generate-sample-data.py   (needs Pillow: pip install pillow)
"""

import colorsys
import datetime
import json
import os
import random
import shutil

from PIL import Image, ImageDraw

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sample-data")
AVATARS = os.path.join(ROOT, "avatars")
SUPERSAMPLE = 2  # draw at twice the size and downscale: anti-aliased edges without extra dependencies

SKIN_TONES = [(255, 224, 196), (241, 194, 160), (224, 172, 135), (198, 134, 96), (141, 85, 56), (94, 58, 40)]
HAIR_COLOURS = [(30, 24, 20), (70, 45, 30), (120, 80, 40), (200, 160, 90), (160, 60, 30), (210, 210, 215),
                (60, 60, 70), (120, 40, 160)]


def hsv(hue, saturation, value):
    r, g, b = colorsys.hsv_to_rgb(hue % 1.0, saturation, value)
    return (round(r * 255), round(g * 255), round(b * 255))


def gradient(size, top, bottom, diagonal):
    """A two-colour gradient, vertical or diagonal."""
    width, height = size
    mask = Image.linear_gradient("L")
    if diagonal:
        mask = mask.rotate(45, resample=Image.BICUBIC, expand=True)
        inset = mask.width // 4
        mask = mask.crop((inset, inset, mask.width - inset, mask.height - inset))
    mask = mask.resize(size, Image.BILINEAR)
    return Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), mask)


def draw_pattern(image, rng, colour):
    """Stripes, dots or checks over the background, faint enough to stay a background."""
    width, height = image.size
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    kind = rng.choice(["stripes", "dots", "checks", "plain", "rings"])
    tint = colour + (56,)
    step = max(8, width // rng.randint(6, 12))
    if kind == "stripes":
        for offset in range(-height, width + height, step * 2):
            draw.polygon([(offset, 0), (offset + step, 0), (offset + step - height, height), (offset - height, height)], fill=tint)
    elif kind == "dots":
        for y in range(step // 2, height, step):
            for x in range(step // 2 if (y // step) % 2 == 0 else step, width, step):
                radius = step // 5
                draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=tint)
    elif kind == "checks":
        for y in range(0, height, step):
            for x in range(0, width, step):
                if (x // step + y // step) % 2 == 0:
                    draw.rectangle((x, y, x + step - 1, y + step - 1), fill=tint)
    elif kind == "rings":
        centre_x, centre_y = rng.uniform(0, width), rng.uniform(0, height * 0.4)
        for radius in range(step, 2 * max(width, height), step * 2):
            draw.ellipse((centre_x - radius, centre_y - radius, centre_x + radius, centre_y + radius), outline=tint,
                         width=max(2, step // 3))
    image.alpha_composite(overlay)


def portrait(size, seed, transparent=False):
    """A synthetic head-and-shoulders portrait of `size` (width, height), reproducible from `seed`."""
    rng = random.Random(seed)
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    hue = rng.random()
    top = hsv(hue, rng.uniform(0.35, 0.8), rng.uniform(0.75, 1.0))
    bottom = hsv(hue + rng.uniform(0.08, 0.3), rng.uniform(0.4, 0.9), rng.uniform(0.35, 0.7))
    if transparent:
        image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    else:
        image = gradient((width, height), top, bottom, rng.random() < 0.5).convert("RGBA")
        draw_pattern(image, rng, hsv(hue + 0.5, 0.3, 1.0))
    draw = ImageDraw.Draw(image)

    # Geometry in units of the shorter side, centred horizontally: landscape images get a centred figure.
    unit = min(width, height)
    centre_x = width / 2 + rng.uniform(-0.05, 0.05) * unit
    head_w, head_h = unit * rng.uniform(0.30, 0.36), unit * rng.uniform(0.38, 0.44)
    head_y = height * 0.40 if height > width else height / 2 - unit * 0.08
    skin = rng.choice(SKIN_TONES)
    hair = rng.choice(HAIR_COLOURS)
    shirt = hsv(rng.random(), rng.uniform(0.4, 0.9), rng.uniform(0.4, 0.95))

    # Shoulders: a wide ellipse rising from the bottom edge, with a collar.
    shoulder_top = head_y + head_h * 0.62
    draw.ellipse((centre_x - unit * 0.48, shoulder_top, centre_x + unit * 0.48, shoulder_top + unit * 0.75), fill=shirt)
    collar = hsv(rng.random(), 0.15, 0.95)
    draw.polygon([(centre_x - unit * 0.09, shoulder_top + unit * 0.02), (centre_x + unit * 0.09, shoulder_top + unit * 0.02),
                  (centre_x, shoulder_top + unit * 0.14)], fill=collar)
    # Neck, then hair behind the head, then the face oval.
    draw.rectangle((centre_x - head_w * 0.2, head_y, centre_x + head_w * 0.2, shoulder_top + unit * 0.05), fill=skin)
    hair_style = rng.choice(["short", "long", "bun", "bald"])
    if hair_style == "long":
        draw.rounded_rectangle((centre_x - head_w * 0.62, head_y - head_h * 0.58, centre_x + head_w * 0.62,
                                head_y + head_h * 0.75), radius=head_w * 0.5, fill=hair)
    elif hair_style == "bun":
        draw.ellipse((centre_x - head_w * 0.25, head_y - head_h * 0.85, centre_x + head_w * 0.25, head_y - head_h * 0.4), fill=hair)
    draw.ellipse((centre_x - head_w / 2, head_y - head_h / 2, centre_x + head_w / 2, head_y + head_h / 2), fill=skin)
    if hair_style != "bald":
        draw.chord((centre_x - head_w * 0.54, head_y - head_h * 0.58, centre_x + head_w * 0.54, head_y + head_h * 0.2),
                   start=180, end=360, fill=hair)
    # Face: eyes, brows, nose shadow and a mouth.
    eye_y = head_y + head_h * 0.02
    eye_dx = head_w * 0.2
    eye_r = head_w * 0.055
    for side in (-1, 1):
        ex = centre_x + side * eye_dx
        draw.ellipse((ex - eye_r * 1.6, eye_y - eye_r, ex + eye_r * 1.6, eye_y + eye_r), fill=(250, 250, 250))
        draw.ellipse((ex - eye_r * 0.8, eye_y - eye_r * 0.8, ex + eye_r * 0.8, eye_y + eye_r * 0.8), fill=(40, 30, 30))
        draw.line((ex - eye_r * 1.8, eye_y - eye_r * 2.4, ex + eye_r * 1.8, eye_y - eye_r * 2.6 + side * eye_r * 0.3),
                  fill=hair, width=max(2, round(eye_r * 0.7)))
    shade = tuple(max(0, c - 35) for c in skin)
    draw.line((centre_x, eye_y + eye_r, centre_x - eye_r * 0.6, head_y + head_h * 0.2), fill=shade, width=max(2, round(eye_r * 0.5)))
    mouth_w = head_w * rng.uniform(0.18, 0.28)
    mouth_y = head_y + head_h * 0.28
    draw.arc((centre_x - mouth_w, mouth_y - head_h * 0.08, centre_x + mouth_w, mouth_y + head_h * 0.06),
             start=20, end=160, fill=(150, 50, 60), width=max(2, round(eye_r * 0.8)))
    if rng.random() < 0.25:  # glasses
        for side in (-1, 1):
            ex = centre_x + side * eye_dx
            draw.ellipse((ex - eye_r * 2.6, eye_y - eye_r * 2.2, ex + eye_r * 2.6, eye_y + eye_r * 2.2),
                         outline=(30, 30, 30), width=max(2, round(eye_r * 0.5)))

    if transparent:
        # Cut the figure to a soft disc with a translucent ring, so the alpha channel matters at the edges.
        mask = Image.new("L", (width, height), 0)
        mask_draw = ImageDraw.Draw(mask)
        mask_draw.ellipse((width * 0.04, height * 0.04, width * 0.96, height * 0.96), fill=255)
        ring = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        ImageDraw.Draw(ring).ellipse((0, 0, width - 1, height - 1), fill=top + (110,))
        ring.alpha_composite(Image.composite(image, Image.new("RGBA", (width, height), (0, 0, 0, 0)), mask))
        image = ring
    return image.resize(size, Image.LANCZOS)


def group_logo(size, seed):
    """A group's own avatar: an emblem (a book on a rounded tile), clearly not a member composite."""
    rng = random.Random(seed)
    side = size * SUPERSAMPLE
    image = gradient((side, side), hsv(0.08, 0.7, 1.0), hsv(0.98, 0.8, 0.75), True)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((side * 0.18, side * 0.24, side * 0.82, side * 0.76), radius=side * 0.05, fill=(250, 245, 235))
    draw.line((side * 0.5, side * 0.24, side * 0.5, side * 0.76), fill=(120, 70, 40), width=side // 40)
    for row in range(5):
        y = side * (0.33 + row * 0.08)
        for left, right in ((0.24, 0.45), (0.55, 0.76)):
            draw.line((side * left, y, side * (right - rng.uniform(0, 0.06)), y), fill=(150, 150, 160), width=side // 80)
    return image.resize((size, size), Image.LANCZOS)


# Member pool: (id, name, file name or None, format, (width, height), variant).
# Variants: "rgb", "grey", "alpha" (PNG with transparency), "palette", "exif6", "missing", "truncated", "text".
MEMBERS = [
    ("u01", "Alice", "alice.jpg", "JPEG", (256, 256), "rgb"),
    ("u02", "李雷", "li-lei.png", "PNG", (200, 200), "rgb"),
    ("u03", "韩梅梅", "han-meimei.jpg", "JPEG", (480, 640), "rgb"),
    ("u04", "Bob", "bob.png", "PNG", (64, 64), "rgb"),
    ("u05", "田中 太郎", "tanaka.jpg", "JPEG", (1024, 1024), "rgb"),
    ("u06", "Zoë Müller", "zoe.jpg", "JPEG", (640, 360), "rgb"),
    ("u07", "🐱 Kitty", "kitty.png", "PNG", (300, 300), "alpha"),
    ("u08", "王小明", "wang-xiaoming.jpg", "JPEG", (320, 320), "grey"),
    ("u09", "Charlie O'Brien", "charlie.png", "PNG", (150, 200), "grey"),
    ("u10", "김민준", "kim-minjun.jpg", "JPEG", (300, 400), "exif6"),
    ("u11", "Дмитрий", "dmitry.png", "PNG", (96, 96), "palette"),
    ("u12", "Ghost (missing photo)", "ghost.jpg", "JPEG", (0, 0), "missing"),
    ("u13", "Broken JPEG", "truncated.jpg", "JPEG", (300, 300), "truncated"),
    ("u14", "Not A Picture", "not-an-image.png", "PNG", (0, 0), "text"),
    ("u15", "陈静", "chen-jing.jpg", "JPEG", (180, 240), "rgb"),
    ("u16", "Fatima Zahra", "fatima.jpg", "JPEG", (1024, 576), "rgb"),
    ("u17", "Lars", "lars.png", "PNG", (512, 512), "rgb"),
    ("u18", "Priya 🌸", "priya.jpg", "JPEG", (360, 480), "rgb"),
    ("u19", "赵敏", "zhao-min.jpg", "JPEG", (128, 128), "rgb"),
    ("u20", "Mateo", "mateo.png", "PNG", (240, 135), "rgb"),
    ("u21", "佐藤 花子", "sato-hanako.jpg", "JPEG", (300, 400), "grey"),
    ("u22", "Олена", "olena.jpg", "JPEG", (220, 220), "rgb"),
    ("u23", "Sam", "sam.png", "PNG", (80, 80), "rgb"),
    ("u24", "刘洋", "liu-yang.jpg", "JPEG", (640, 640), "rgb"),
    ("u25", "Noah 🚀", "noah.jpg", "JPEG", (192, 108), "rgb"),
    ("u26", "Amélie Dubois-Fontaine de la Rochefoucauld-Montmorency-Laval", "amelie.jpg", "JPEG", (256, 256), "rgb"),
    ("u27", "周杰", "zhou-jie.png", "PNG", (160, 160), "rgb"),
    ("u28", "Grace", "grace.jpg", "JPEG", (768, 1024), "rgb"),
    ("u29", "孙悟空🐒齐天大圣美猴王水帘洞洞主花果山总管斗战胜佛", "sun-wukong.jpg", "JPEG", (200, 200), "rgb"),
    ("u30", "Yusuf", None, None, None, "none"),
    ("u31", "小红", None, None, None, "none"),
    ("u32", "Ivy", "ivy.jpg", "JPEG", (100, 100), "rgb"),
    ("u33", "黄磊", "huang-lei.jpg", "JPEG", (288, 384), "rgb"),
    ("u34", "Olivia", "olivia.png", "PNG", (128, 96), "rgb"),
    ("u35", "吴彤", "wu-tong.jpg", "JPEG", (210, 210), "rgb"),
    ("u36", "Ethan", "ethan.jpg", "JPEG", (240, 320), "rgb"),
    # One member photo in each further input format (the "formats" group).
    ("u37", "Wen", "wen.webp", "WEBP", (160, 160), "rgb"),
    ("u38", "Gus", "gus.gif", "GIF", (128, 128), "palette"),
    ("u39", "Hana", "hana.heic", "HEIF", (192, 192), "rgb"),
    ("u40", "Ava", "ava.avif", "AVIF", (192, 192), "rgb"),
    ("u41", "Tom", "tom.tiff", "TIFF", (128, 128), "rgb"),
    ("u42", "Bea", "bea.bmp", "BMP", (96, 96), "rgb"),
]


def write_avatar(member, seed):
    _, _, file_name, image_format, size, variant = member
    if file_name is None or variant == "missing":
        return
    path = os.path.join(AVATARS, file_name)
    if variant == "text":
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("This is a text file with a .png name: decoders must reject it gracefully.\n")
        return
    image = portrait(size, seed, transparent=(variant == "alpha"))
    if variant == "alpha":
        image.save(path, "PNG", optimize=True)
        return
    image = image.convert("RGB")
    if variant == "grey":
        image = image.convert("L")
    elif variant == "palette":
        image = image.quantize(colors=48, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    if variant == "exif6":
        # Orientation 6 = "rotate 90° clockwise to display": store the upright picture turned 90° counter-clockwise.
        stored = image.transpose(Image.Transpose.ROTATE_90)
        exif = Image.Exif()
        exif[0x0112] = 6
        stored.save(path, "JPEG", quality=85, exif=exif.tobytes())
        return
    if image_format == "HEIF":
        import pillow_heif  # pip install pillow-heif: only this one photo needs it
        pillow_heif.from_pillow(image).save(path, quality=85)
        return
    if image_format in ("WEBP", "GIF", "AVIF", "TIFF", "BMP"):
        image.save(path, image_format, **({"quality": 85} if image_format in ("WEBP", "AVIF") else {}))
        return
    if image_format == "JPEG":
        image.save(path, "JPEG", quality=85)
        if variant == "truncated":
            with open(path, "rb") as handle:
                data = handle.read()
            with open(path, "wb") as handle:
                handle.write(data[: len(data) * 2 // 5])
    else:
        image.save(path, "PNG", optimize=True)


def member_entry(member):
    member_id, name, file_name, _, _, variant = member
    entry = {"id": member_id, "name": name}
    if file_name is not None:
        entry["avatar"] = "avatars/" + file_name
    return entry


# (id, name, member count, lastMessage, unread, muted, explicit member ids first)
GROUPS = [
    ("ride", "周末骑行群", 5, "8点见，老地方集合 🚴", 3, False, ["u02", "u01", "u03"]),
    ("family", "相亲相爱一家人 ❤️", 9, "[图片]", 12, False, ["u08", "u15", "u19"]),
    ("team/design", "Design Team", 7, "Figma link updated — please review before standup", 0, False, ["u01", "u17", "u06"]),
    ("ops:oncall", "Ops On-Call 🔥", 4, "PagerDuty: disk usage 91% on db-03", 1, True, ["u04", "u23"]),
    ("empty", "Nobody here yet", 0, "", 0, False, []),
    ("solo", "Just me 🙋", 1, "Note to self: buy milk", 0, False, ["u10"]),
    ("pair", "Alice & Bob", 2, "ok 👌", 0, False, ["u01", "u04"]),
    ("trio", "三人行", 3, "必有我师焉", 2, False, ["u02", "u19", "u27"]),
    ("edge-cases", "Avatar edge cases", 5, "EXIF, alpha, truncated, text-as-png, missing", 0, False,
     ["u10", "u07", "u13", "u14", "u12"]),
    ("greyscale", "Black & White Photo Club", 6, "Tri-X or HP5?", 0, False, ["u08", "u09", "u21"]),
    ("book-club", "读书会 📚", 8, "下周读《三体》第二部", 5, False, ["u15", "u24"]),
    ("long-cn", "这是一个名字非常非常长的群聊名称用来测试截断效果：周末一起去郊外骑行然后吃火锅的朋友们 🚴‍♀️🍲", 11,
     "今天的火锅真的太好吃了，下次我们再去那家店吧！顺便说一下，周六早上八点在地铁站集合，别迟到哦～记得带水和头盔 🚴‍♂️💦", 27, False,
     ["u29", "u02"]),
    ("long-en", "The Extraordinarily Long-Named Committee for the Coordination of Weekend Activities, Snacks and Carpools", 12,
     "Reminder: the carpool sign-up sheet closes tonight at midnight, and anyone who has not yet confirmed their seat "
     "will be assigned to the minivan with the broken air conditioning. You have been warned. 🚐🥵", 143, False,
     ["u26", "u16"]),
    ("crowd", "Big Crowd", 12, "Who's bringing the cake? 🎂", 999, True, []),
    ("placeholders", "No photos at all", 3, "placeholders only", 0, False, ["u30", "u31", "u12"]),
    ("landscape", "Wide & Tall", 4, "16:9 and 3:4 photos", 0, False, ["u06", "u16", "u03", "u28"]),
    ("sizes", "All sizes 64 → 1024", 9, "size test", 0, False, ["u04", "u23", "u32", "u19", "u02", "u01", "u17", "u24", "u05"]),
    ("work", "产品研发部", 10, "[文件] Q4 roadmap.pdf", 8, True, ["u24", "u35"]),
    ("gaming", "🎮 Friday Night Raid", 6, "GG wp", 0, False, ["u25", "u20"]),
    ("neighbours", "邻居们 🏠", 7, "谁家的快递放错门口了？", 1, False, []),
    ("japan", "東京旅行 ✈️", 4, "新幹線のチケット取りました", 0, False, ["u05", "u21"]),
    ("korea", "서울 친구들", 3, "ㅋㅋㅋㅋ 진짜?", 4, False, ["u10"]),
    ("ru", "Дача 🌻", 5, "Кто привезёт шашлык?", 0, True, ["u11", "u22"]),
    ("emoji-only", "🍕🍺🎉", 2, "🍕🍕🍕", 0, False, []),
    ("flags", "🇨🇳🇯🇵🇰🇷🇺🇸 International", 8, "👨‍👩‍👧‍👦 family emoji and 🏳️‍🌈 flags", 0, False, []),
    ("combining", "Café Ñoño — Zalgo ẗ̈ë̈s̈ẗ̈", 3, "é vs é (composed vs decomposed)", 0, False, []),
    ("alumni", "清华大学2010级校友会", 12, "校庆见！", 56, True, []),
    ("parents", "三年二班家长群", 11, "请各位家长明天带孩子准时到校", 3, False, []),
    ("climbing", "Bouldering Crew 🧗", 6, "V5 project finally sent!", 0, False, []),
    ("dinner", "今晚吃什么", 4, "火锅还是烤肉？", 9, False, []),
    ("music", "Band Practice 🎸", 5, "Moved to Thursday", 0, False, []),
    ("quiet", "Archived (muted)", 10, "", 0, True, []),
    ("shared", "Same faces everywhere", 9, "shared avatars across groups", 0, False, ["u01", "u02", "u03", "u04", "u05"]),
    ("kittens", "🐱 Cat Lovers", 2, "look at this one", 0, False, ["u07", "u11"]),
    ("formats", "Every photo format", 6, "WebP, GIF, HEIC, AVIF, TIFF, BMP", 0, False,
     ["u37", "u38", "u39", "u40", "u41", "u42"]),
]


def main():
    if os.path.isdir(AVATARS):
        shutil.rmtree(AVATARS)
    os.makedirs(AVATARS)

    members_by_id = {member[0]: member for member in MEMBERS}
    for index, member in enumerate(MEMBERS):
        write_avatar(member, seed=1000 + index)
    group_logo(256, seed=7).save(os.path.join(AVATARS, "group-book-club.png"), "PNG", optimize=True)

    rng = random.Random(20261128)
    # Members drawn at random exclude the deliberately broken ones, which appear only where listed.
    ordinary = [member[0] for member in MEMBERS
                if member[5] not in ("missing", "truncated", "text") and member[3] in ("JPEG", "PNG", None)]
    now = datetime.datetime(2026, 11, 28, 21, 30, tzinfo=datetime.timezone.utc)
    groups = []
    for index, (group_id, name, count, last_message, unread, muted, explicit) in enumerate(GROUPS):
        chosen = list(explicit)
        pool = [member_id for member_id in ordinary if member_id not in chosen]
        chosen += rng.sample(pool, count - len(chosen))
        members = [member_entry(members_by_id[member_id]) for member_id in chosen]
        if group_id == "trio":
            del members[1]["id"]  # one member without an id: the name stands in
        updated = now - datetime.timedelta(minutes=rng.randint(0, 60 * 24 * 10), seconds=rng.randint(0, 59))
        group = {"id": group_id, "name": name}
        if last_message:
            group["lastMessage"] = last_message
        if group_id == "quiet":
            group["updatedAt"] = None
        elif index % 5 == 1:  # a few with a UTC offset and fractional seconds, as real exports have
            local = updated.astimezone(datetime.timezone(datetime.timedelta(hours=8)))
            group["updatedAt"] = local.strftime("%Y-%m-%dT%H:%M:%S") + ".%03d+08:00" % rng.randint(0, 999)
        else:
            group["updatedAt"] = updated.strftime("%Y-%m-%dT%H:%M:%SZ")
        group["unread"] = unread
        group["muted"] = muted
        group["avatar"] = "avatars/group-book-club.png" if group_id == "book-club" else None
        group["members"] = members
        groups.append((updated, group))

    # A chat list shows the most recent conversation first; the one without a date goes last.
    groups.sort(key=lambda item: (item[1]["updatedAt"] is None, -item[0].timestamp()))
    document = {"groups": [group for _, group in groups]}
    with open(os.path.join(ROOT, "groups.json"), "w", encoding="utf-8", newline="\n") as handle:
        handle.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    main()
