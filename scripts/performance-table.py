#!/usr/bin/env python3
"""Prints docs/PERFORMANCE.md's table from the benchmark results: one row per figure, with the command that
measured it, the peer, the ratio, the machine and the date.

It reads what bench/compare.sh writes: bench/results.json, bench/results-composition.json (whose rows replace
results.json's) and bench/results-decode.json (bench/summarise.py's
`rows`: figure, unit, ours, peers with value and ratio) and bench/batch-results.json (bench/batch.py's medians,
ratios and memory); bench/service-results.json (bench/service.sh: `chat-tui serve` beside the Pillow service,
and memory over distinct requests); bench/scaling-results.json (bench/scaling.py: one core against two); and
bench/interactive-figures.json, which holds the interactive figures
(`chat-tui-bench --only pictures,scroll,sheet`) that compare.sh does not summarise, each row with its own
command, machine and date. A results file's date and machine are those it records (bench/summarise.py,
bench/batch.py and bench/service.sh write them); for older files, its last commit's date (git), else its
modification time, and --machine.

Usage: scripts/performance-table.py [--machine TEXT]   (prints Markdown; paste it into docs/PERFORMANCE.md)
"""

import argparse
import datetime
import json
import os
import subprocess

# The rows of bench/results*.json the table shows, in order, and how each is named there. Ratios above 1 mean
# chat-tui is faster or smaller (bench/summarise.py's rule).
SUMMARY_ROWS = [
    ("compose wechat", "WeChat nine-grid, 9 members, decoded photos"),
    ("compose qq", "QQ five-circle, 5 members, decoded photos"),
    ("compose grid", "grid, 9 members, decoded photos"),
    ("compose dingtalk", "DingTalk, 4 members, decoded photos"),
    ("compose wechat-compact", "WeChat compact, 9 members, decoded photos"),
    ("compose wechat +decode", "WeChat, 9 members, JPEG read and decode included"),
] + [
    # Per core: chat-tui and every peer pinned to core 0 (taskset), the figures issue 38's goals are judged on.
    ("compose %s%s, 1 core" % (layout, decode), "%s, one core each%s" % (name, ", decode included" if decode else ""))
    for decode in ("", " +decode")
    for layout, name in (("wechat", "WeChat nine-grid"), ("qq", "QQ five-circle"), ("grid", "grid"),
                         ("dingtalk", "DingTalk"), ("wechat-compact", "WeChat compact"))
] + [
    ("decode wechat's 9 JPEGs at tile size", "decoding alone: WeChat's 9 JPEGs at tile size"),
    ("PNG encode 396 px, fast", "PNG encode, 396 px composite, `--png-compression fast`"),
    ("PNG encode 396 px, default", "PNG encode, 396 px composite, `default`"),
    ("PNG size 396 px, default", "PNG size, 396 px composite, `default`"),
    ("PNG encode 396 px, small", "PNG encode, 396 px composite, `small`"),
    ("PNG size 396 px, small", "PNG size, 396 px composite, `small`"),
    ("cells 40x20 truecolor image->ANSI text", "half blocks 40×20, 24-bit, image → ANSI text"),
    ("cells 40x20 256 image->ANSI text", "half blocks 40×20, 256 colours, image → ANSI text"),
    ("cells 120x60 truecolor image->ANSI text", "half blocks 120×60, 24-bit, image → ANSI text"),
    ("cells 120x60 256 image->ANSI text", "half blocks 120×60, 256 colours, image → ANSI text"),
    ("cells 40x20 truecolor mean dE2000", "half blocks 40×20, 24-bit, mean ΔE2000 (lower is better)"),
    ("frame 200x60 after a parameter change", "app frame 200×60 after a parameter key"),
    ("10k groups: first frame", "app opening 10 000 groups: first frame"),
    ("10k groups: VmHWM", "app opening 10 000 groups: peak memory"),
]
PEER_NAMES = {"pillow": "Pillow", "pillow-simd": "pillow-simd"}
DECODE_FORMATS = ["png", "jpeg", "webp", "gif", "tiff", "bmp", "heic", "avif"]
UNITS = {"composites/s": "/s", "sets/s": " sets/s", "images/s": "/s", "ms": " ms", "bytes": " B", "MB": " MB",
         "dE (lower is better)": ""}


def file_date(path):
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%cs", "--", path], capture_output=True, text=True,
                             check=True).stdout.strip()
        if out:
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()


def number(value):
    if value is None:
        return "–"
    if abs(value) >= 1000:
        return "{:,.0f}".format(value).replace(",", " ")
    if abs(value) >= 100:
        return "%.0f" % value
    return "%.3g" % value


def load(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def summary_rows(results, path, wanted, machine):
    by_figure = {row["figure"]: row for row in results["rows"]}
    date = results.get("date") or file_date(path)
    machine = results.get("machine") or machine
    if results.get("load_before") or results.get("load_after"):
        machine = "%s, shared: load %s" % (machine, service_load(results))
    command = "`%s`" % results.get("command", "bench/compare.sh")
    for key, label in wanted:
        row = by_figure.get(key)
        if not row:
            continue
        unit = UNITS.get(row["unit"], " " + row["unit"])
        peers = [(name, peer) for name, peer in row["peers"].items() if peer.get("value") is not None]
        peer_text = ", ".join("%s %s%s" % (PEER_NAMES.get(name, name), number(peer["value"]), unit)
                              for name, peer in peers) or "–"
        ratio = ", ".join("%s×" % number(peer["ratio"]) for _, peer in peers if peer.get("ratio")) or "–"
        yield label, number(row["ours"]) + unit, command, peer_text, ratio, machine, date


def batch_rows(batch, path, machine):
    date = batch.get("date") or file_date(path)
    machine = batch.get("machine") or machine
    if batch.get("load_before"):
        machine = "%s, shared: load %s" % (machine, service_load(batch))
    medians = batch["medians"]
    command = "`bench/batch.py` (in `bench/compare.sh`)"
    groups = batch.get("groups", 120)
    for kind, photos in (("distinct", "%d distinct photos" % (groups * 9)), ("shared", "15 shared photos")):
        for jobs, peer in (("1", "one Pillow process"), ("2", "a Pillow pool of 2")):
            ours = medians["%s jobs=%s ours seconds" % (kind, jobs)]
            theirs = medians["%s jobs=%s pillow seconds" % (kind, jobs)]
            yield ("batch export, %d groups, %s, `--jobs %s`" % (groups, photos, jobs), "%.2f s" % ours, command,
                   "%s %.2f s" % (peer, theirs), "%s×" % number(theirs / ours), machine, date)
    ours, theirs = medians["distinct ours bytes"], medians["distinct pillow bytes"]
    yield ("batch export, bytes written", "%.1f MB" % (ours / 1e6), command, "Pillow %.1f MB" % (theirs / 1e6),
           "%s×" % number(theirs / ours), machine, date)
    memory = batch.get("memory", {})
    small, large = memory.get("jsonl 10000 groups"), memory.get("jsonl 100000 groups")
    if small and large:
        yield ("peak memory, JSON Lines export of 10 000 / 100 000 groups",
               "%.0f / %.0f MiB" % (small["peak_rss_mib"], large["peak_rss_mib"]), command, "–", "–", machine, date)
    spellings = memory.get("spellings jobs=8")
    if spellings:
        yield ("peak memory, one 8000×8000 PNG under 72 path spellings, `--jobs 8`",
               "%.0f MiB" % spellings["peak_rss_mib"], command, "–", "–", machine, date)


def decode_rows(decode, path, machine):
    wanted = [("decode %s 96 px" % fmt, "decoding a 96 px %s member photo" % fmt.upper()) for fmt in DECODE_FORMATS]
    yield from summary_rows(decode, path, wanted, machine)


def service_rows(service, path, machine):
    """bench/service.sh's scenarios: requests per second and latency of `chat-tui serve` beside the Pillow
    service, and the memory over distinct requests; the machine's load during the run goes with the machine."""
    date = service.get("date") or file_date(path)
    machine = "%s, shared: load %s" % (service.get("machine") or machine, service_load(service))
    command = "`%s`" % service.get("command", "bench/service.sh")
    cores = service.get("server_cores", 1)
    where = "%d core%s" % (cores, "" if cores == 1 else "s")
    labels = {"cold": "service, cold composite (`--no-cache`), 132 pt @3x PNG, 9 JPEG members, %s" % where,
              "warm": "service, warm (kept answer), same URL, %s" % where,
              "nginx": "service, cache hit through nginx, %s" % where}
    for row in service["scenarios"]:
        ours, peer = row["ours"], row.get("pillow")
        value = "%s/s, p50 %s / p99 %s ms" % tuple(number(ours[key]) for key in ("requests_per_second", "p50_ms", "p99_ms"))
        peer_text = ("Pillow + gunicorn %s/s, p50 %s / p99 %s ms" % tuple(
            number(peer[key]) for key in ("requests_per_second", "p50_ms", "p99_ms")) if peer else "–")
        ratio = "%s×" % number(row["ratio"]) if row.get("ratio") else "–"
        yield labels[row["scenario"]], value, command, peer_text, ratio, machine, date
    memory = service.get("memory")
    if memory:
        samples = memory["samples"]
        half = min((s for s in samples if s["requests"] >= memory["requests"] // 2), key=lambda s: s["requests"])
        yield ("service, RSS after %s / %s distinct requests (64 pt, caches on)" % (
                   number(half["requests"]), number(samples[-1]["requests"])),
               "%.0f / %.0f MiB" % (half["rss_kib"] / 1024, samples[-1]["rss_kib"] / 1024), command, "–", "–",
               machine, date)


def scaling_rows(scaling, path, machine):
    """bench/scaling.py: composites per second on two cores against one, in the app's preview and in batches;
    the cores the 2-core run got and the CPU per composite (why a figure is below linear) in the peer column."""
    date = scaling.get("date") or file_date(path)
    machine = "%s, shared: load %s" % (scaling.get("machine") or machine, service_load(scaling))
    command = "`bench/scaling.py` (in `bench/compare.sh`)"
    for row in scaling["rows"]:
        yield ("scaling with cores: %s, 1 → 2 cores" % row["figure"],
               "%s → %s/s" % (number(row["one_core"]), number(row["two_cores"])), command,
               "linear ×2; the runs got %.2f / %.2f cores, CPU per composite %s → %s ms" % (
                   row.get("cores_obtained_one_core", 0), row["cores_obtained"], number(row["cpu_ms_one_core"]),
                   number(row["cpu_ms_two_cores"])),
               "%s× (target ≥ 1.8×)" % number(row["speed_up"]), machine, date)


def service_load(service):
    """The 1-minute load averages before and after the run, from its `uptime` lines (bench/service.sh's and
    bench/compare.sh's results record them): other work on the machine."""
    def one_minute(line):
        return line.rsplit("load average:", 1)[-1].split(",")[0].strip() if "load average:" in line else "?"
    return "%s → %s" % (one_minute(service.get("load_before", "")), one_minute(service.get("load_after", "")))


def interactive_rows(figures):
    for row in figures["rows"]:
        yield (row["figure"], row["value"], "`%s`" % row["command"], row.get("peer", "–"), row.get("ratio", "–"),
               row["machine"], row["date"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--machine", default="shared 2-core x86-64 VM",
                        help="the machine, for results that do not record it")
    parser.add_argument("--bench", default="bench", help="the folder holding the results")
    args = parser.parse_args()
    rows = []
    results_path = os.path.join(args.bench, "results.json")
    decode_path = os.path.join(args.bench, "results-decode.json")
    batch_path = os.path.join(args.bench, "batch-results.json")
    interactive_path = os.path.join(args.bench, "interactive-figures.json")
    # A composition-only run (`ONLY=composition bench/compare.sh`) is newer than the whole run's figures it
    # measured again: its rows replace those.
    composition_path = os.path.join(args.bench, "results-composition.json")
    composition = load(composition_path)
    remeasured = set()
    if composition:
        remeasured = {row["figure"] for row in composition["rows"]}
        rows += summary_rows(composition, composition_path, SUMMARY_ROWS, args.machine)
    results = load(results_path)
    if results:
        rows += summary_rows(results, results_path, [w for w in SUMMARY_ROWS if w[0] not in remeasured], args.machine)
    decode = load(decode_path)
    if decode:
        rows += decode_rows(decode, decode_path, args.machine)
    batch = load(batch_path)
    if batch:
        rows += batch_rows(batch, batch_path, args.machine)
    scaling_path = os.path.join(args.bench, "scaling-results.json")
    scaling = load(scaling_path)
    if scaling:
        rows += scaling_rows(scaling, scaling_path, args.machine)
    service_path = os.path.join(args.bench, "service-results.json")
    service = load(service_path)
    if service:
        rows += service_rows(service, service_path, args.machine)
    interactive = load(interactive_path)
    if interactive:
        rows += interactive_rows(interactive)
    print("| figure | chat-tui | command | peer | ratio | machine | date |")
    print("|---|---:|---|---|---:|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
