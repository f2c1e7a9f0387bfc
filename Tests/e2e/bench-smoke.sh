#!/usr/bin/env bash
# End to end: `chat-tui-bench --tiny` (the debug build scripts/test.sh already made) runs every section once and
# prints a JSON report with every figure bench/compare.sh reads.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=.build/debug/chat-tui-bench
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
check() { if "$@"; then passed=$((passed+1)); else echo "FAIL: $*"; failed=$((failed+1)); fi; }

if ! "$bin" --tiny --json-out "$tmp/report.json" >"$tmp/out" 2>"$tmp/err"; then
  cat "$tmp/err"; echo "FAIL: chat-tui-bench --tiny exited non-zero"; echo "$passed passed, 1 failed"; exit 1
fi
passed=$((passed+1))
check cmp -s "$tmp/out" "$tmp/report.json"
.build/debug/chat-tui layout --list | cut -f1 > "$tmp/layouts"
check python3 - "$tmp/report.json" "$tmp/layouts" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["tiny"] is True
assert {"big_fixture", "composition", "jpeg_decode", "png_encode", "cells", "frame", "response"} <= report.keys(), report.keys()
# Every registered layout is measured, in registry order.
assert [c["layout"] for c in report["composition"]] == open(sys.argv[2]).read().split(), report["composition"]
for c in report["composition"]:
    assert c["composites_per_second"] > 0 and c["composites_per_second_with_decode"] > 0, c
assert report["jpeg_decode"]["files"] > 0 and report["jpeg_decode"]["sets_per_second"] > 0, report["jpeg_decode"]
# Every input format decoded to the corpus's 96 px portrait; the export with and without a profile measured.
decode = report["decode"]
assert [f["format"] for f in decode["formats"]] == ["png", "jpeg", "webp", "gif", "tiff", "bmp", "heic", "avif"], decode
assert all(f["side"] == 96 and f["milliseconds"] > 0 for f in decode["formats"]), decode
assert decode["managed_export_milliseconds"] > 0 and decode["unmanaged_export_milliseconds"] > 0, decode
for c in report["cells"]:
    for key in ("truecolor", "palette256"):
        for suffix in ("_per_second", "_with_text_per_second", "_with_io_per_second"):
            assert c[key + suffix] > 0, (key + suffix, c)
frame = report["frame"]
assert frame["frame_milliseconds"] > 0 and frame["selected_composite_milliseconds"] > 0 and frame["painted_cells"] > 0
fixture = report["big_fixture"]
assert fixture["groups"] > 0 and fixture["first_frame_milliseconds"] > 0 and fixture["composites_made"] > 0
assert fixture["peak_resident_megabytes"] > 0
assert report["png_encode"]["bytes"] > 0
levels = report["png_encode"]["levels"]
assert [level["compression"] for level in levels] == ["fast", "default", "small"], levels
assert all(level["bytes"] > 0 and level["milliseconds"] > 0 for level in levels), levels
response = report["response"]
assert response["members"] == 9 and response["samples"] > 0, response
assert 0 < response["preview_p50_milliseconds"] <= response["list_p95_milliseconds"], response
# Real pixels: kitty then sixel, each key's picture sent and its bytes counted.
pictures = report["picture_response"]
assert [p["graphics_protocol"] for p in pictures] == ["kitty", "sixel"], pictures
for p in pictures:
    assert p["samples"] == response["samples"] and 0 < p["picture_p50_milliseconds"] <= p["picture_p95_milliseconds"], p
    assert 0 < p["picture_cpu_milliseconds_p50"] <= p["picture_cpu_milliseconds_p95"], p
    assert 0 < p["thumbnails_p50_milliseconds"] <= p["thumbnails_p95_milliseconds"], p
    assert p["bytes_per_key"] > p["preview_bytes_per_key"] > 1000, p
# Scrolling the list page by page in pictures: new pages send their thumbnails; kitty places the ones it holds
# again on the way back, sending no pixels, while sixel sends them again.
scroll = report["scroll"]
assert [s["graphics_protocol"] for s in scroll] == ["kitty", "sixel"], scroll
for s in scroll:
    assert s["pages_down"] > 0 and s["pages_back"] > 0 and s["rows_per_page"] > 0, s
    assert s["cpu_per_page_p50_milliseconds"] > 0 and s["bytes_per_page"] > 1000, s
    # The whole page: the loop's share and every new avatar's off-loop work, so never less than the loop's.
    assert s["cpu_per_page_p50_milliseconds"] < s["whole_cpu_per_page_p50_milliseconds"], s
    assert s["whole_cpu_per_page_p50_milliseconds"] <= s["whole_cpu_per_page_p95_milliseconds"], s
kitty, sixel = scroll
assert kitty["pictures_sent_per_page"] == kitty["rows_per_page"], kitty
assert kitty["back_pictures_sent"] == 0 and kitty["back_pictures_placed"] == kitty["pages_back"] * kitty["rows_per_page"], kitty
assert kitty["back_bytes_per_page"] < 2000, kitty
# Sixel sends each row's new avatar into exactly the cells of the one that left: no row is repainted, so the
# preview beside them is not sent again.
assert sixel["pictures_sent_per_page"] == sixel["rows_per_page"], sixel
assert sixel["back_pictures_sent"] == sixel["pages_back"] * sixel["rows_per_page"], sixel
# The preview's composition for bench/scaling.py: a rate, CPU per composite and the bands it was cut into (one
# for the tiny 64 px composite, under two bands' pixels).
scaling = report["scaling"]
assert scaling["composites_per_second"] > 0 and scaling["cpu_milliseconds_per_composite"] > 0, scaling
assert scaling["runs"] == 1, scaling
PY
check bash -c "'$bin' --tiny --only frog >/dev/null 2>&1; [ \$? -eq 2 ]"
# The batch benchmark (whole processes beside Pillow, peak memory) at toy sizes: it runs and judges every target.
python3 -c "import numpy, PIL" 2>/dev/null || pip install -q numpy pillow
check python3 bench/batch.py --bin .build/debug/chat-tui --rounds 1 --quick --json-out "$tmp/batch.json" >"$tmp/batch.out" 2>&1
check python3 - "$tmp/batch.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
names = [t["target"] for t in report["targets"]]
assert len(names) == 9 and any("72 spellings" in n for n in names) and any("JSON Lines" in n for n in names), names
assert all(m["peak_rss_mib"] > 0 for m in report["memory"].values()), report["memory"]
PY
# One core against two (bench/scaling.py) at toy sizes, where there are two cores to pin to.
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  check python3 bench/scaling.py --bin .build/debug/chat-tui --bench-bin "$bin" --rounds 1 --groups 2 --quick \
    --json-out "$tmp/scaling.json" >"$tmp/scaling.out" 2>&1
  check python3 - "$tmp/scaling.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert [t["target"].split(":")[0] for t in report["targets"]] == ["preview", "batch"], report["targets"]
assert all(row["one_core"] > 0 and row["two_cores"] > 0 and row["cores_obtained"] > 0 for row in report["rows"])
# The batch's fixed cost, a one-group export, is measured and given as a reason.
assert report["medians"]["batch one group ms"] > 0, report["medians"]
assert "one-group export takes" in report["targets"][1]["detail"], report["targets"]
PY
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
