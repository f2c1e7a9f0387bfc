#!/usr/bin/env python3
"""Writes a large chat-list fixture for performance tests: N groups reusing the sample-data avatars.

Usage: python3 scripts/generate-big-fixture.py N OUT.json
Avatar paths are written relative to OUT.json's folder, so the file loads from wherever it is written.
Deterministic (fixed seed): the same N and output folder give the same bytes. Not meant to be committed.
"""

import datetime
import json
import os
import random
import sys

SAMPLE_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sample-data")

FIRST_NAMES = ["Alice", "Bob", "李雷", "韩梅梅", "田中", "Zoë", "김민준", "Дмитрий", "Priya", "Mateo", "陈静", "Grace 🌸"]
GROUP_WORDS = ["骑行", "Design", "家人", "On-call", "读书会", "Raid", "旅行", "Band", "校友", "Dinner", "🍕", "Crew"]


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: generate-big-fixture.py N OUT.json")
    count = int(sys.argv[1])
    output = os.path.abspath(sys.argv[2])
    with open(os.path.join(SAMPLE_DATA, "groups.json"), encoding="utf-8") as handle:
        sample = json.load(handle)

    # Reuse the sample members (and so their avatars, broken ones included) with paths relative to OUT.
    members = {}
    for group in sample["groups"]:
        for member in group["members"]:
            entry = {"id": member.get("id", member["name"]), "name": member["name"]}
            if "avatar" in member:
                absolute = os.path.normpath(os.path.join(SAMPLE_DATA, member["avatar"]))
                entry["avatar"] = os.path.relpath(absolute, os.path.dirname(output))
            members[entry["id"]] = entry
    pool = [members[key] for key in sorted(members)]

    rng = random.Random(10_000)
    start = datetime.datetime(2026, 11, 28, 21, 30, tzinfo=datetime.timezone.utc)
    groups = []
    for index in range(count):
        size = index % 13 if index % 4 == 0 else rng.randint(2, 9)
        updated = start - datetime.timedelta(seconds=index * 97 + rng.randint(0, 96))
        groups.append({
            "id": "big-%06d" % index,
            "name": "%s %s #%d" % (rng.choice(GROUP_WORDS), rng.choice(FIRST_NAMES), index),
            "lastMessage": "消息 %d: %s" % (rng.randint(1, 10_000), rng.choice(["ok 👌", "收到", "See you at 8", "[图片]"])),
            "updatedAt": updated.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "unread": rng.choice([0, 0, 0, 1, 2, 5, 12, 99, 150]),
            "muted": rng.random() < 0.15,
            "avatar": None,
            "members": rng.sample(pool, min(size, len(pool))),
        })
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(json.dumps({"groups": groups}, ensure_ascii=False, indent=1) + "\n")
    print("wrote %d groups to %s (%.1f MB)" % (count, output, os.path.getsize(output) / 1e6), file=sys.stderr)


if __name__ == "__main__":
    main()
