"""Writes a chat-list fixture whose names hold every kind of grapheme terminals disagree on the width of: flags,
a muted-bell emoji, a ZWJ family, a toned thumb, a heart made an emoji by U+FE0F, CJK, and a long name.
Usage: widths_fixture.py OUT.json"""
import json
import sys

NAMES = [
    "\U0001F1E8\U0001F1F3 China Team",
    "\U0001F1EF\U0001F1F5\U0001F1F0\U0001F1F7\U0001F1FA\U0001F1F8 Flags",
    "\U0001F515 Muted Crew",
    "\U0001F468\u200d\U0001F469\u200d\U0001F467 Family Chat",
    "\u7fa4\u804a \u4e2d\u6587\u540d\u5b57 \u5f88\u957f\u7684\u7fa4\u540d\u79f0",
    "\u2764\ufe0f Love Club",
    "\U0001F44D\U0001F3FD Thumbs",
    "Black & White Photographers Society of the Greater Area",
]
groups = [{"id": "g%d" % i, "name": name, "lastMessage": "msg " + name, "updatedAt": "2026-11-%02dT10:00:00Z" % (i + 10),
           "unread": i, "muted": i == 2, "members": [{"id": "m%d" % i, "name": name}]} for i, name in enumerate(NAMES)]
json.dump({"groups": groups}, open(sys.argv[1], "w"))
