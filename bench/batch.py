#!/usr/bin/env python3
"""Batch export end to end (issue 15), whole processes side by side in alternating rounds:

- 120 nine-member WeChat groups at 132 pt @3x from distinct 512 px JPEG portraits (1080 photos, so neither side
  gains from decoding a shared photo once), uncached: `chat-tui export --all --jobs 1` against one Pillow
  process, and `--jobs N` against a Pillow multiprocessing pool of N (N = cores); wall time and total bytes;
- the same with a pool of 15 photos shared by the 120 groups (ours decodes each once; the Pillow script, as
  written naively, decodes every tile);
- peak RSS of one 8000x8000 PNG referenced 72 times under different path spellings (8 groups of 9), with
  `--jobs 8` and with the default jobs;
- peak RSS of a JSON Lines export of 10 000 and of 100 000 groups (flat memory: within 10 %).

Usage: batch.py --bin .build/release/chat-tui --rounds 3 --json-out FILE [--quick]
"""

import argparse
import datetime
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy
from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))


def portrait(index, side=512):
    """A synthetic portrait: a two-colour gradient background, a head and shoulders, mild grain."""
    rng = numpy.random.default_rng(index)
    top, bottom = rng.integers(40, 220, 3), rng.integers(40, 220, 3)
    ramp = numpy.linspace(0, 1, side)[:, None, None]
    pixels = (top * (1 - ramp) + bottom * ramp).repeat(side, axis=1)
    pixels += rng.normal(0, 6, pixels.shape)
    image = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8), "RGB")
    draw = ImageDraw.Draw(image)
    skin = tuple(int(v) for v in rng.integers(90, 235, 3))
    shirt = tuple(int(v) for v in rng.integers(20, 200, 3))
    draw.ellipse([side * 0.15, side * 0.7, side * 0.85, side * 1.3], fill=shirt)
    draw.ellipse([side * 0.32, side * 0.2, side * 0.68, side * 0.62], fill=skin)
    return image


def write_fixture(path, groups):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"groups": groups}, handle)


def groups_of(photos, count=120, members=9):
    return [{"id": "group-%03d" % g, "name": "Group %d" % g,
             "members": [{"id": "m%d" % m, "name": "Member %d" % m, "avatar": photos[(g * members + m) % len(photos)]}
                         for m in range(members)]} for g in range(count)]


# Starts the command from a small, fresh process and writes its peak RSS (KiB) to the file named first. Linux keeps
# a process's peak RSS across fork and exec, so a command forked straight from this script (which holds the big
# test images) would report this script's size instead of its own.
LAUNCHER = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run(command, **kwargs):
    """Runs `command`; returns (wall seconds, peak RSS in MiB) of that process alone."""
    with tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-c", LAUNCHER, report.name] + list(command),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
        stderr = process.stderr.read().decode(errors="replace")
        status = process.wait()
        seconds = time.perf_counter() - start
        process.stderr.close()
        if status != 0:
            sys.exit("%s failed:\n%s" % (" ".join(command), stderr[-2000:]))
        return seconds, int(report.read()) / 1024


def run_tree(command):
    """Wall seconds of `command` with every process it starts (a multiprocessing pool)."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(path, name)) for name in os.listdir(path))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json-out", required=True)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the smoke test")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    cores = os.cpu_count() or 1
    load_before = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="batch-bench-")
    try:
        photos_dir = os.path.join(work, "photos")
        os.makedirs(photos_dir)
        distinct_count = 18 if args.quick else 1080
        distinct = []
        for index in range(distinct_count):
            path = os.path.join(photos_dir, "p%04d.jpg" % index)
            portrait(index).save(path, quality=90)
            distinct.append(path)
        group_count = 2 if args.quick else 120
        write_fixture(os.path.join(work, "distinct.json"), groups_of(distinct, group_count))
        write_fixture(os.path.join(work, "shared.json"), groups_of(distinct[:15], group_count))
        layout_json = os.path.join(work, "layout.json")
        with open(layout_json, "w") as handle:
            subprocess.run([binary, "layout", "--layout", "wechat", "--count", "9", "--size", "132", "--json"],
                           check=True, stdout=handle)

        samples = {}

        def sample(name, value):
            samples.setdefault(name, []).append(value)

        for round_number in range(args.rounds):
            print("batch round %d of %d" % (round_number + 1, args.rounds), file=sys.stderr)
            for fixture in ("distinct", "shared"):
                source = os.path.join(work, fixture + ".json")
                for jobs in (1, cores):
                    ours_dir, pillow_dir = os.path.join(work, "ours"), os.path.join(work, "pillow")
                    for folder in (ours_dir, pillow_dir):
                        shutil.rmtree(folder, ignore_errors=True)
                    seconds, _ = run([binary, "export", "--fixtures", source, "--all", "--output-dir", ours_dir,
                                      "--scale", "3", "--jobs", str(jobs), "--no-cache"])
                    sample("%s jobs=%d ours seconds" % (fixture, jobs), seconds)
                    sample("%s ours bytes" % fixture, folder_bytes(ours_dir))
                    seconds = run_tree([sys.executable, os.path.join(HERE, "peer_pillow_batch.py"), source, pillow_dir,
                                        "--layout-json", layout_json, "--scale", "3", "--processes", str(jobs)])
                    sample("%s jobs=%d pillow seconds" % (fixture, jobs), seconds)
                    sample("%s pillow bytes" % fixture, folder_bytes(pillow_dir))

        # Memory: one huge photo under 72 spellings; JSON Lines at two sizes.
        side = 1000 if args.quick else 8000
        big_dir = os.path.join(work, "av")
        os.makedirs(big_dir)
        ramp = numpy.linspace(0, 255, side, dtype=numpy.float32)
        big = numpy.stack([ramp[None, :].repeat(side, 0), ramp[:, None].repeat(side, 1),
                           numpy.full((side, side), 128, numpy.float32)], axis=2).astype(numpy.uint8)
        Image.fromarray(big, "RGB").save(os.path.join(big_dir, "big.png"), compress_level=9)
        spellings = ["av/" + "./" * (k // 2) + ("/" if k % 2 else "") + "big.png" for k in range(72)]
        assert len(set(spellings)) == 72
        write_fixture(os.path.join(work, "spellings.json"),
                      [{"id": "s%d" % g, "name": "S", "members": [{"name": "m%d" % m, "avatar": spellings[g * 9 + m]}
                                                                for m in range(9)]} for g in range(8)])
        memory = {}
        for jobs in (8, None):
            out = os.path.join(work, "spellings-out")
            shutil.rmtree(out, ignore_errors=True)
            command = [binary, "export", "--fixtures", os.path.join(work, "spellings.json"), "--all",
                       "--output-dir", out, "--scale", "3", "--no-cache"] + (["--jobs", str(jobs)] if jobs else [])
            seconds, rss = run(command)
            memory["spellings jobs=%s" % (jobs or "default")] = {"peak_rss_mib": rss, "seconds": seconds}

        small = [os.path.join(photos_dir, "p%04d.jpg" % i) for i in range(15)]
        for count in ((300, 3000) if args.quick else (10000, 100000)):
            path = os.path.join(work, "groups-%d.jsonl" % count)
            with open(path, "w", encoding="utf-8") as handle:
                for group in groups_of(small, count):
                    handle.write(json.dumps(group) + "\n")
            out = os.path.join(work, "jsonl-out")
            shutil.rmtree(out, ignore_errors=True)
            seconds, rss = run([binary, "export", "--fixtures", path, "--all", "--output-dir", out, "--size", "32",
                                "--no-cache", "--sync", "none"])
            memory["jsonl %d groups" % count] = {"peak_rss_mib": rss, "seconds": seconds}
            shutil.rmtree(out, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    medians = {name: statistics.median(values) for name, values in samples.items()}
    figures = {"cores": cores, "groups": group_count, "medians": medians, "memory": memory,
               "date": datetime.date.today().isoformat(), "machine": "%d-core %s" % (cores, platform.machine()),
               "load_before": load_before,
               "load_after": subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()}
    targets = []
    for fixture in ("distinct", "shared"):
        for jobs in (1, cores):
            ours, pillow = medians["%s jobs=%d ours seconds" % (fixture, jobs)], medians["%s jobs=%d pillow seconds" % (fixture, jobs)]
            figures["%s jobs=%d ratio" % (fixture, jobs)] = pillow / ours
            targets.append(("%s photos, %s: ours %.2f s, Pillow %.2f s" % (
                fixture, "--jobs 1 vs one Pillow process" if jobs == 1 else "--jobs %d vs a Pillow pool of %d" % (jobs, jobs),
                ours, pillow), pillow / ours >= 3, "%.2fx (target >= 3x)" % (pillow / ours)))
        ours_bytes, pillow_bytes = medians["%s ours bytes" % fixture], medians["%s pillow bytes" % fixture]
        targets.append(("%s photos, total file size: ours %d, Pillow %d bytes" % (fixture, ours_bytes, pillow_bytes),
                        ours_bytes <= pillow_bytes, "%.3f of Pillow's (target <= 1)" % (ours_bytes / pillow_bytes)))
    for name, entry in memory.items():
        if name.startswith("spellings"):
            targets.append(("72 spellings of one %dx%d PNG, %s: peak RSS %.0f MiB" % (side, side, name.split()[1],
                            entry["peak_rss_mib"]), entry["peak_rss_mib"] <= 1024, "target <= 1024 MiB"))
    jsonl = [entry["peak_rss_mib"] for name, entry in memory.items() if name.startswith("jsonl")]
    growth = jsonl[1] / jsonl[0] - 1
    targets.append(("JSON Lines export peak RSS: %.0f MiB for %s, %.0f MiB for 10x the groups" % (
        jsonl[0], [n for n in memory if n.startswith("jsonl")][0].split()[1], jsonl[1]), growth <= 0.10,
        "%+.1f %% (target within 10 %%)" % (growth * 100)))
    figures["targets"] = [{"target": t, "met": met, "detail": d} for t, met, d in targets]
    with open(args.json_out, "w", encoding="utf-8") as handle:
        json.dump(figures, handle, indent=2, sort_keys=True)
        handle.write("\n")
    for target, met, detail in targets:
        print("%-6s %s: %s" % ("MET" if met else "MISSED", target, detail))


if __name__ == "__main__":
    main()
