#!/usr/bin/env python3
"""Combines the rounds of bench/compare.sh: the median of every figure over the rounds, ours beside each
peer's with the ratio (ours / peer for rates, peer / ours for times and sizes: above 1 means ours is better), the targets
of issues 5, 25 and 38 judged, a table printed and everything written as JSON. Sections a run did not measure
(`ONLY=... bench/compare.sh`) have no rows and no targets. Composition has a second set of rows ("..., 1 core") from
the rounds with every side pinned to one core (files pinned-ours-N.json, pinned-pillow-N.json, ...); pillow-simd's
rounds are simd-N.json.

Usage: summarise.py ROUNDS_DIR --json-out bench/results.json --command "..."
"""

import argparse
import datetime
import glob
import json
import os
import platform
import statistics


def load_rounds(directory, prefix):
    rounds = []
    for path in sorted(glob.glob(os.path.join(directory, prefix + "-*.json"))):
        with open(path, encoding="utf-8") as handle:
            rounds.append(json.load(handle))
    return rounds


def median(rounds, *path):
    values = []
    for value in rounds:
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
            if value is None:
                break
        if isinstance(value, (int, float)):
            values.append(value)
    return statistics.median(values) if values else None


def by_key(entries, key, wanted):
    return next((entry for entry in entries if entry.get(key) == wanted), {})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rounds")
    parser.add_argument("--json-out", required=True)
    parser.add_argument("--command", default="bench/compare.sh")
    parser.add_argument("--load-before", default="", help="`uptime` before the run: other work on the machine")
    parser.add_argument("--load-after", default="", help="`uptime` after the run")
    args = parser.parse_args()
    ours, pillow = load_rounds(args.rounds, "ours"), load_rounds(args.rounds, "pillow")
    vips, chafa = load_rounds(args.rounds, "vips"), load_rounds(args.rounds, "chafa")
    decode_peers = load_rounds(args.rounds, "decode")
    simd = load_rounds(args.rounds, "simd")
    pinned_ours, pinned_pillow = load_rounds(args.rounds, "pinned-ours"), load_rounds(args.rounds, "pinned-pillow")
    pinned_simd, pinned_vips = load_rounds(args.rounds, "pinned-simd"), load_rounds(args.rounds, "pinned-vips")
    rows, targets = [], []

    def row(figure, unit, value, peers, higher_is_better=True):
        entry = {"figure": figure, "unit": unit, "ours": value, "peers": {}}
        for name, peer in peers.items():
            ratio = None
            if value and peer:
                ratio = value / peer if higher_is_better else peer / value
            entry["peers"][name] = {"value": peer, "ratio": ratio}
        rows.append(entry)
        return entry

    def target(name, met, detail):
        targets.append({"target": name, "met": bool(met), "detail": detail})

    def composition(suffix, mine_rounds, peer_rounds, decode_ours):
        """Rows "compose LAYOUT[ +decode]SUFFIX" beside every peer that ran, and the targets judged on them."""
        layouts = [entry["layout"] for entry in (mine_rounds[0].get("composition") or [])] if mine_rounds else []
        if not layouts:
            return
        for decode in (False, True):
            key = "composites_per_second_with_decode" if decode else "composites_per_second"
            ratios = {name: [] for name, rounds in peer_rounds.items() if rounds}
            for layout in layouts:
                mine = statistics.median(by_key(r["composition"], "layout", layout)[key] for r in mine_rounds)
                peers = {name: statistics.median(by_key(r["composition"], "layout", layout)[key] for r in rounds)
                         if rounds else None for name, rounds in peer_rounds.items()}
                entry = row("compose %s%s%s" % (layout, " +decode" if decode else "", suffix), "composites/s", mine,
                            peers)
                for name in ratios:
                    ratios[name].append(entry["peers"][name]["ratio"] or 0)
            label = ("with decode" if decode else "decoded sources") + suffix
            lowest = {name: min(values, default=0) for name, values in ratios.items()}
            if "pillow" in lowest:
                detail = "lowest ratio %.2f" % lowest["pillow"]
                if decode and decode_ours and not suffix:
                    # Pillow's whole WeChat job against our decoding alone: the ratio a composition taking no
                    # time at all would reach.
                    pillow_wechat = statistics.median(
                        by_key(r["composition"], "layout", "wechat")[key] for r in peer_rounds["pillow"])
                    detail += "; decoding alone allows at most %.2f for WeChat" % (decode_ours / pillow_wechat)
                target("composition >= 2x Pillow (%s)" % label, lowest["pillow"] >= 2, detail)
            if "pyvips" in lowest:
                target("composition >= pyvips (%s)" % label, lowest["pyvips"] >= 1,
                       "lowest ratio %.2f" % lowest["pyvips"])
            if "pillow-simd" in lowest and suffix:
                # Issue 38: per core, 2x pillow-simd from decoded sources and 1.5x with decode.
                goal = 1.5 if decode else 2
                target("composition >= %gx pillow-simd (%s)" % (goal, label), lowest["pillow-simd"] >= goal,
                       "lowest ratio %.2f" % lowest["pillow-simd"])

    # Decoding alone: the same libjpeg-turbo work on both sides, which bounds the "with decode" ratios.
    decode_ours = median(ours, "jpeg_decode", "sets_per_second")
    decode_pillow = median(pillow, "jpeg_decode", "sets_per_second")
    if decode_ours is not None:
        row("decode wechat's 9 JPEGs at tile size", "sets/s", decode_ours,
            {"pillow": decode_pillow, "pillow-simd": median(simd, "jpeg_decode", "sets_per_second")})

    # Composition, as the machine lets each side run and with every side pinned to one core ("1 core").
    for suffix, mine_rounds, peer_rounds in (
            ("", ours, {"pillow": pillow, "pillow-simd": simd, "pyvips": vips}),
            (", 1 core", pinned_ours, {"pillow": pinned_pillow, "pillow-simd": pinned_simd, "pyvips": pinned_vips})):
        composition(suffix, mine_rounds, peer_rounds, decode_ours)

    # PNG encoding of the same composite: time and size per compression level, beside the peers' defaults.
    png_peers_ms = {"pillow": median(pillow, "png_encode", "milliseconds"),
                    "pyvips": median(vips, "png_encode", "milliseconds")}
    png_peers_bytes = {"pillow": median(pillow, "png_encode", "bytes"), "pyvips": median(vips, "png_encode", "bytes")}
    png_levels = [entry["compression"] for entry in (ours[0].get("png_encode") or {}).get("levels", [])] if ours else []
    png = {}
    for level in png_levels:
        ms = statistics.median(by_key(r["png_encode"]["levels"], "compression", level)["milliseconds"] for r in ours)
        size = statistics.median(by_key(r["png_encode"]["levels"], "compression", level)["bytes"] for r in ours)
        png[level] = (row("PNG encode 396 px, %s" % level, "ms", ms, png_peers_ms, higher_is_better=False),
                      row("PNG size 396 px, %s" % level, "bytes", size, png_peers_bytes, higher_is_better=False))
    if "default" in png:
        timing, size = png["default"]
        vips_time, vips_size = timing["peers"]["pyvips"]["ratio"] or 0, size["peers"]["pyvips"]["ratio"] or 0
        target("PNG default: faster than pyvips at <= its size", vips_time > 1 and vips_size >= 1,
               "%.2fx its speed, %.3fx its size" % (vips_time, 1 / vips_size if vips_size else 0))
        pillow_size = size["peers"]["pillow"]["ratio"] or 0
        target("PNG default: <= Pillow's size", pillow_size >= 1,
               "%.3fx its size" % (1 / pillow_size if pillow_size else 0))

    # Cells.
    cell_ratios, quality_ok, unmeasured = [], True, []
    for index, cells in enumerate((ours[0].get("cells") or []) if ours else []):
        size = "%dx%d" % (cells["columns"], cells["rows"])
        peer = [by_key(r["cells"], "size", size) for r in chafa]
        for mode, field in (("truecolor", "truecolor"), ("256", "palette256")):
            mine = [r["cells"][index] for r in ours]
            measured = [p[mode]["per_second"] for p in peer if p[mode]["per_second"] is not None]
            chafa_text = statistics.median(measured) if measured else None
            chafa_io = statistics.median(p[mode]["with_io_per_second"] for p in peer) if peer else None
            row("cells %s %s render only" % (size, mode), "images/s",
                statistics.median(m[field + "_per_second"] for m in mine), {"chafa": chafa_text})
            entry = row("cells %s %s image->ANSI text" % (size, mode), "images/s",
                        statistics.median(m[field + "_with_text_per_second"] for m in mine), {"chafa": chafa_text})
            if entry["peers"]["chafa"]["ratio"] is not None:
                cell_ratios.append(entry["peers"]["chafa"]["ratio"])
            else:
                unmeasured.append("%s %s" % (size, mode))
            row("cells %s %s file->ANSI text" % (size, mode), "images/s",
                statistics.median(m[field + "_with_io_per_second"] for m in mine), {"chafa": chafa_io})
            scores = [p[mode] for p in peer[:1]]
            if scores and scores[0].get("quality") and scores[0].get("ours_quality"):
                theirs, mine_q = scores[0]["quality"], scores[0]["ours_quality"]
                row("cells %s %s mean dE2000" % (size, mode), "dE (lower is better)", mine_q["de2000"],
                    {"chafa": theirs["de2000"]}, higher_is_better=False)
                row("cells %s %s PSNR" % (size, mode), "dB", mine_q["psnr"], {"chafa": theirs["psnr"]})
                quality_ok = quality_ok and mine_q["de2000"] <= theirs["de2000"]
    if ours and ours[0].get("cells"):
        target("cells >= 5x chafa (image->ANSI text)", min(cell_ratios, default=0) >= 5,
               "lowest ratio %.2f" % min(cell_ratios, default=0)
               + ("; chafa's grid work not separable from its start-up at %s" % ", ".join(unmeasured)
                  if unmeasured else ""))
        target("cell quality at least chafa's (mean dE2000)", quality_ok, "every size and colour mode")

    # 256 colours seen from a distance (cell_quality.py --blur): every dither mode of ours against chafa's best
    # setting, which is also timed.
    blur_ok, blur_details, best_ratios = True, [], []
    for index, cells in enumerate((ours[0].get("cells") or []) if ours else []):
        size = "%dx%d" % (cells["columns"], cells["rows"])
        peer = [by_key(r["cells"], "size", size).get("256", {}) for r in chafa]
        best = peer[0].get("best") if peer else None
        if not best:
            continue
        theirs = best["quality"]["de2000_blur"]
        label = " ".join(best["arguments"])
        for dither, scored in sorted((peer[0].get("ours_dither_quality") or {}).items()):
            if scored:
                row("cells %s 256 %s blurred dE2000" % (size, dither), "dE (lower is better)", scored["de2000_blur"],
                    {"chafa best (%s)" % label: theirs}, higher_is_better=False)
                row("cells %s 256 %s mean dE2000" % (size, dither), "dE (lower is better)", scored["de2000"],
                    {"chafa best (%s)" % label: best["quality"]["de2000"]}, higher_is_better=False)
        standard = [r["cells"][index] for r in ours]
        mine = statistics.median(m["palette256_with_text_per_second"] for m in standard)
        speeds = [p["best"]["per_second"] for p in peer if p.get("best") and p["best"]["per_second"] is not None]
        theirs_speed = statistics.median(speeds) if speeds else None
        entry = row("cells %s 256 image->ANSI text vs chafa best" % size, "images/s", mine,
                    {"chafa best (%s)" % label: theirs_speed})
        if entry["peers"]["chafa best (%s)" % label]["ratio"] is not None:
            best_ratios.append(entry["peers"]["chafa best (%s)" % label]["ratio"])
        ours_blur = (peer[0].get("ours_quality") or {}).get("de2000_blur")
        met = ours_blur is not None and ours_blur <= 0.75 * theirs
        blur_ok = blur_ok and met
        blur_details.append("%s: %.3g vs %.3g" % (size, ours_blur or 0, theirs))
    if blur_details:
        target("256 colours: blurred mean dE2000 >= 25% below chafa's best", blur_ok, "; ".join(blur_details))
        target("256 colours: image->ANSI >= 5x chafa's best setting", min(best_ratios, default=0) >= 5,
               "lowest ratio %.2f" % min(best_ratios, default=0))

    # Interactive screen.
    frame = median(ours, "frame", "frame_milliseconds")
    if frame is not None:
        row("frame 200x60 after a parameter change", "ms", frame, {})
        row("frame 200x60, cells cached", "ms", median(ours, "frame", "cached_cells_frame_milliseconds"), {})
        row("new selected composite 132 pt", "ms", median(ours, "frame", "selected_composite_milliseconds"), {})
        target("full frame < 16 ms", frame < 16, "%.2f ms" % frame)
    first = median(ours, "big_fixture", "first_frame_milliseconds")
    peak = median(ours, "big_fixture", "peak_resident_megabytes")
    if first is not None:
        row("10k groups: first frame", "ms", first, {})
        row("10k groups: visible composites drawn", "ms",
            median(ours, "big_fixture", "visible_composites_milliseconds"), {})
        row("10k groups: VmRSS", "MB", median(ours, "big_fixture", "resident_megabytes"), {})
        row("10k groups: VmHWM", "MB", peak, {})
        target("10k groups: first frame < 300 ms", first < 300, "%.1f ms" % first)
        target("10k groups: < 150 MB resident", peak is not None and peak < 150, "peak %.1f MB" % (peak or 0))

    # Member-photo decoding per format (the format corpus's 96 px portrait), beside bench/peer_decode.py.
    formats = [entry["format"] for entry in ((ours[0].get("decode") or {}).get("formats") or [])] if ours else []
    slower = []
    for fmt in formats:
        mine = statistics.median(by_key(r["decode"]["formats"], "format", fmt)["milliseconds"] for r in ours)
        peers = {}
        for peer, label in (("pillow", "pillow"), ("vips", "pyvips")):
            values = [by_key(r["formats"], "format", fmt).get(peer + "_milliseconds") for r in decode_peers]
            values = [value for value in values if value is not None]
            peers[label] = statistics.median(values) if values else None
        entry = row("decode %s 96 px" % fmt, "ms", mine, peers, higher_is_better=False)
        slower += ["%s vs %s %.2fx" % (fmt, name, peer["ratio"]) for name, peer in entry["peers"].items()
                   if peer["ratio"] is not None and peer["ratio"] < 1]
    if formats and decode_peers:
        target("decode: every format at least as fast as Pillow and pyvips", not slower,
               "; ".join(slower) if slower else "every format")
    managed = median(ours, "decode", "managed_export_milliseconds")
    unmanaged = median(ours, "decode", "unmanaged_export_milliseconds")
    if managed and unmanaged:
        row("export 9 Adobe RGB photos (colour-managed)", "ms", managed, {"same pixels untagged": unmanaged},
            higher_is_better=False)
        target("colour transform adds <= 10% to a batch export", managed <= 1.1 * unmanaged,
               "+%.1f%%" % (100 * (managed / unmanaged - 1)))

    # When and where, for docs/PERFORMANCE.md's table (scripts/performance-table.py).
    results = {"command": args.command, "rounds": len(ours), "rows": rows, "targets": targets,
               "date": datetime.date.today().isoformat(),
               "machine": "%d-core %s" % (os.cpu_count() or 0, platform.machine())}
    if args.load_before or args.load_after:
        results["load_before"], results["load_after"] = args.load_before, args.load_after
    versions = {name: rounds[0].get("pillow_version") for name, rounds in (("pillow", pillow), ("pillow-simd", simd))
                if rounds and rounds[0].get("pillow_version")}
    if versions:
        results["pillow_versions"] = versions
    if decode_peers:
        results["decode_peer_versions"] = decode_peers[0].get("versions")
    with open(args.json_out, "w", encoding="utf-8") as handle:
        json.dump(results, handle, indent=2, sort_keys=True)
        handle.write("\n")

    def number(value):
        if value is None:
            return "-"
        return "%.3g" % value if abs(value) < 100 else "%.0f" % value

    print("%-46s %-12s %10s   %s" % ("figure", "unit", "ours", "peer: value (ratio, >1 = ours better)"))
    for entry in rows:
        peers = "   ".join("%s %s (%sx)" % (name, number(peer["value"]), number(peer["ratio"]))
                           for name, peer in entry["peers"].items())
        print("%-46s %-12s %10s   %s" % (entry["figure"], entry["unit"][:12], number(entry["ours"]), peers))
    print()
    for entry in targets:
        print("%-6s %s (%s)" % ("MET" if entry["met"] else "MISSED", entry["target"], entry["detail"]))


if __name__ == "__main__":
    main()
