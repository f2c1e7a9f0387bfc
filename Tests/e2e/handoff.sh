#!/usr/bin/env bash
# End to end, the spec hand-off: `export --spec` writes NAME.spec.json beside the images (one group, --all, a
# JSON Lines batch, --json listing each spec), every spec checked against `chat-tui layout --json` for the same
# group and parameters (frames in pt, and in px at each scale), its photos against the files, its command
# re-run to the same bytes; refused where images are refused; and the app's E and e writing the spec too.
set -euo pipefail
source "$(dirname "$0")/support/tmux-session.sh" handoff
python3 -c "import PIL" 2>/dev/null || pip install -q pillow
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/config
mkdir -p "$HOME"
fixture=$root/sample-data/groups.json
key() { tmx send-keys -t "$session" "$@"; }

# check_spec SPEC [SCALES]: the spec's tiles are layout --json's for its parameters and member count, its pixel
# frames the points times each scale, its images beside it with the sizes it names, its photos' hashes those of
# the files, their spelling as the fixture writes it (resolved against the fixture's folder, the source); SCALES
# (e.g. 1,2) is what it must list.
check_spec() { python3 - "$bin" "$1" "${2:-}" <<'PY'
import hashlib, json, os, shlex, subprocess, sys
from PIL import Image
binary, path, scales = sys.argv[1], sys.argv[2], sys.argv[3]
spec = json.load(open(path))
words = shlex.split(spec["command"])
fixture = words[words.index("--fixtures") + 1] if "--fixtures" in words else None
args = []
for name, value in spec["parameters"].items():
    if value is None or value is False:
        continue
    args += ["--" + name] if value is True else ["--" + name, str(value)]
layout = json.loads(subprocess.run(
    [binary, "layout", "--json", "--count", str(spec["memberCount"])] + args,
    check=True, capture_output=True, text=True).stdout)
assert spec["layout"] == layout["layout"], (spec["layout"], layout["layout"])
assert spec["margin"] == layout["margin"], (spec["margin"], layout["margin"])
assert len(spec["tiles"]) == len(layout["tiles"]) == layout["count"], (len(spec["tiles"]), layout["count"])
if scales:
    assert spec["scales"] == [int(s) for s in scales.split(",")], spec["scales"]
close = lambda a, b: abs(a - b) < 1e-3
for tile, expected in zip(spec["tiles"], layout["tiles"]):
    frame = tile["frame"]
    if "cx" in expected:
        assert tile["circle"] == expected, (tile["circle"], expected)
        assert close(frame["x"] + frame["width"] / 2, expected["cx"]), (frame, expected)
        assert close(frame["width"], expected["diameter"]), (frame, expected)
    else:
        assert frame == expected, (frame, expected)
    assert [p["scale"] for p in tile["pixels"]] == spec["scales"]
    for pixels in tile["pixels"]:
        for k in ("x", "y", "width", "height"):
            assert close(pixels[k], frame[k] * pixels["scale"]), (k, pixels, frame)
    photo = tile["photo"]
    # The fixture's own spelling, which resolves against the fixture's folder to the source.
    written = photo["written"]
    if written is not None and "://" not in written and fixture is not None:
        assert not written.startswith(os.path.dirname(os.path.abspath(fixture))), photo
        resolved = os.path.join(os.path.dirname(os.path.abspath(fixture)), written)
        assert os.path.normpath(resolved) == os.path.normpath(photo["source"]), (photo, fixture)
    if photo["contentHash"] is not None:
        digest = "sha256:" + hashlib.sha256(open(photo["source"], "rb").read()).hexdigest()
        assert photo["contentHash"] == digest, (photo, digest)
    else:
        assert photo["placeholder"], photo
folder = os.path.dirname(path)
for image in spec["images"]:
    with Image.open(os.path.join(folder, image["file"])) as picture:
        assert picture.size == (image["width"], image["height"]), (image, picture.size)
assert spec["tool"].startswith("chat-tui "), spec["tool"]
assert spec["command"].startswith("chat-tui export ") and spec["command"].endswith(" --spec"), spec["command"]
print(spec["command"])
PY
}

# ---- One group at two scales, with --json: the spec is listed, and it matches layout --json.
mkdir -p "$tmp/one"
"$bin" export --fixtures "$fixture" --group ride --output "$tmp/one/ride.png" --scale 1,2 --margin 5 --spec --json \
  --no-cache >"$tmp/json" 2>"$tmp/err" || { cat "$tmp/err"; fail "export --spec failed"; }
python3 -c "
import json, sys; d = json.load(open('$tmp/json'))
assert d['spec']['path'] == '$tmp/one/ride.spec.json' and d['spec']['status'] == 'written', d" \
  || fail "--json does not list the spec: $(cat "$tmp/json")"
command=$(check_spec "$tmp/one/ride.spec.json" 1,2) || fail "the spec of ride does not match layout --json"
[ "$(ls "$tmp/one")" = "$(printf 'ride.png\nride.spec.json\nride@2x.png')" ] || fail "files: $(ls "$tmp/one")"; ok
# Its command writes the same images and the same spec again.
cp "$tmp/one/ride.spec.json" "$tmp/spec.before"; cp "$tmp/one/ride@2x.png" "$tmp/png.before"
rm "$tmp/one"/*
(cd "$root" && eval "$bin ${command#chat-tui } --no-cache") 2>"$tmp/err" || { cat "$tmp/err"; fail "the spec's command failed"; }
cmp -s "$tmp/spec.before" "$tmp/one/ride.spec.json" || fail "the spec's command wrote another spec"
cmp -s "$tmp/png.before" "$tmp/one/ride@2x.png" || fail "the spec's command wrote other pixels"; ok

# ---- A circle layout, and a group with missing photos: placeholders say why.
"$bin" export --fixtures "$fixture" --group placeholders --output "$tmp/one/qq.png" --layout qq --spec --no-cache \
  2>"$tmp/err" || { cat "$tmp/err"; fail "export --layout qq --spec failed"; }
check_spec "$tmp/one/qq.spec.json" >/dev/null || fail "the qq spec does not match layout --json"
python3 -c "
import json; d = json.load(open('$tmp/one/qq.spec.json'))
assert any(t['photo']['placeholder'] for t in d['tiles']), d['tiles']" || fail "no placeholder reason in the spec"; ok

# ---- --all: one spec per group beside its image, listed by --json; each matches layout --json.
"$bin" export --fixtures "$fixture" --all --output-dir "$tmp/all" --size 64 --spec --json --no-cache \
  >"$tmp/json" 2>"$tmp/err" || { cat "$tmp/err"; fail "export --all --spec failed"; }
total=$(python3 -c "import json; print(len(json.load(open('$fixture'))['groups']))")
[ "$(ls "$tmp/all" | grep -c '\.spec\.json$')" -eq "$total" ] || fail "--all wrote $(ls "$tmp/all" | grep -c '\.spec\.json$') specs of $total"
python3 -c "
import json; d = json.load(open('$tmp/json'))
assert len(d['specs']) == $total and all(s['path'].endswith('.spec.json') for s in d['specs']), d" \
  || fail "--all --json does not list every spec"
for spec in "$tmp"/all/*.spec.json; do check_spec "$spec" >/dev/null || fail "$(basename "$spec") does not match layout --json"; done; ok

# ---- A JSON Lines batch.
python3 - "$fixture" "$tmp/groups.jsonl" <<'PY'
import json, os, sys
source, target = sys.argv[1], sys.argv[2]
base = os.path.dirname(source)
with open(target, "w") as out:
    for group in json.load(open(source))["groups"][:6]:
        for holder in [group] + group["members"]:
            if holder.get("avatar") and not holder["avatar"].startswith(("/", "http")):
                holder["avatar"] = os.path.join(base, holder["avatar"])
        out.write(json.dumps(group) + "\n")
PY
"$bin" export --fixtures "$tmp/groups.jsonl" --all --output-dir "$tmp/stream" --scale 1,3 --spec --no-cache 2>"$tmp/err" \
  || { cat "$tmp/err"; fail "export --all --spec of a .jsonl failed"; }
[ "$(ls "$tmp/stream" | grep -c '\.spec\.json$')" -eq 6 ] || fail "the .jsonl batch wrote $(ls "$tmp/stream")"
for spec in "$tmp"/stream/*.spec.json; do check_spec "$spec" 1,3 >/dev/null || fail "$(basename "$spec") (jsonl)"; done; ok

# ---- Refused like images: standard output, a new name in /dev, a device; nothing written.
set +e
"$bin" export --fixtures "$fixture" --group ride --output - --spec --no-cache >/dev/null 2>"$tmp/err"; status=$?
set -e
[ $status -eq 2 ] && grep -q -- "--spec writes a file beside the image" "$tmp/err" || fail "--output - --spec: exit $status"; ok
name=chat-tui-handoff-$$
set +e; "$bin" export --fixtures "$fixture" --group ride --output "/dev/$name.png" --spec --no-cache 2>"$tmp/err"; status=$?; set -e
[ -e "/dev/$name.png" ] && rm -f "/dev/$name.png" "/dev/$name.spec.json"
[ $status -eq 1 ] && grep -q "/dev/$name.spec.json: /dev holds devices" "$tmp/err" || { cat "$tmp/err"; fail "a spec in /dev: exit $status"; }; ok
ln -s /dev/null "$tmp/one/null.spec.json"
set +e; "$bin" export --fixtures "$fixture" --group ride --output "$tmp/one/null.png" --spec --no-cache 2>"$tmp/err"; status=$?; set -e
[ $status -eq 1 ] && [ ! -e "$tmp/one/null.png" ] && [ -L "$tmp/one/null.spec.json" ] || { cat "$tmp/err"; fail "a spec onto /dev/null: exit $status"; }; ok

# ---- The app: E lists the spec among the names it writes and writes it; e too.
tmx -f /dev/null new-session -d -s "$session" -x 200 -y 60 \
  "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_STATE_HOME=$XDG_STATE_HOME $bin --fixtures $fixture --export-dir $tmp/app --no-cache; echo \$? > $tmp/status; sleep 30"
wait_for "Cat Lovers" 60 || fail "the app did not start"
key / ; tmx send-keys -t "$session" -l "ride"; key Enter
key ']' ']'
wait_for "margin 9 ·" 10 || fail "] ] did not step the margin to 9 pt"
mkdir -p "$tmp/app"
key E C-u; tmx send-keys -t "$session" -l "$tmp/app/typed.png"
wait_for "→ $tmp/app/typed.png, $tmp/app/typed.spec.json" 5 || fail "the E prompt does not name the spec"
key Enter
i=0; until [ -s "$tmp/app/typed.spec.json" ]; do i=$((i+1)); [ $i -gt 300 ] && fail "E wrote no spec: $(ls "$tmp/app")"; sleep 0.1; done
wait_for "Exported to $tmp/app/typed.png, typed.spec.json" 10 || fail "the status does not name the spec"
check_spec "$tmp/app/typed.spec.json" 1 >/dev/null || fail "the app's spec does not match layout --json"
python3 -c "
import json; d = json.load(open('$tmp/app/typed.spec.json'))
assert d['group']['id'] == 'ride' and d['parameters']['margin'] == 9, d['parameters']" || fail "the app's spec: wrong group or margin"; ok
key x
wait_for "Export at @1x @2x @3x" 5 || fail "x did not choose @1x @2x @3x"
key e
i=0; until [ -s "$tmp/app/ride.spec.json" ] && [ -s "$tmp/app/ride@3x.png" ]; do
  i=$((i+1)); [ $i -gt 300 ] && fail "e wrote no spec: $(ls "$tmp/app")"; sleep 0.1; done
sleep 0.3
check_spec "$tmp/app/ride.spec.json" 1,2,3 >/dev/null || fail "e's spec does not match layout --json"; ok
key q y
i=0; until [ -s "$tmp/status" ]; do i=$((i+1)); [ $i -gt 100 ] && fail "q did not exit"; sleep 0.1; done
echo "$checks passed, 0 failed"
