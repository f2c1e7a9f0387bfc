#!/usr/bin/env bash
# End to end: the real chat-tui binary's headless commands, exit codes and outputs.
set -euo pipefail
source "$(dirname "$0")/support/cli-checks.sh"

expect_status 0 $bin --version; grep -q '^chat-tui ' "$tmp/out" || fail "--version"; ok
expect_status 0 $bin -V; grep -qE '^libpng [0-9]+\.[0-9]+' "$tmp/out" && grep -qE '^ncurses [0-9]' "$tmp/out" || fail "-V lists the C libraries"; ok
expect_status 2 $bin --version --bogus; grep -q -- "--version takes no arguments, got '--bogus'" "$tmp/err" || fail "--version --bogus"; ok
expect_status 0 $bin --help; grep -q 'export' "$tmp/out" || fail "--help lists commands"; ok
for c in export layout cache; do expect_status 0 $bin $c --help; grep -q "Usage:" "$tmp/out" || fail "$c --help"; ok; done
expect_status 2 $bin export --bogus; grep -q "unknown option '--bogus'" "$tmp/err" || fail "unknown flag message"; ok
expect_status 2 $bin layout --count 3 --size zero; grep -q -- "--size: expected" "$tmp/err" || fail "bad value message"; ok

expect_status 0 $bin layout --layout wechat --count 5 --size 132 --json
python3 -c "import json,sys; d=json.load(open('$tmp/out')); assert d['layout']=='wechat' and d['count']==5 and len(d['tiles'])==5, d" || fail "layout json"; ok
expect_status 0 $bin layout --layout qq --count 3 --size 140 --json
python3 -c "import json; d=json.load(open('$tmp/out')); t=d['tiles']; assert len(t)==3 and all('notch' in x and 'cx' in x for x in t), d" || fail "qq json"; ok

expect_status 0 $bin export --fixtures sample-data/groups.json --group ride --output "$tmp/ride.png" --scale 2 --no-cache
[ "$(png_size "$tmp/ride.png")" = "264x264" ] || fail "export size"; ok
ls "$tmp" | grep -q '\.tmp' && fail "temporary file left behind"; ok

expect_status 0 $bin export --fixtures sample-data/groups.json --all --output-dir "$tmp/all" --size 64 --no-cache
n=$(ls "$tmp/all" | grep -c '\.png$'); total=$(python3 -c "import json; print(len(json.load(open('sample-data/groups.json'))['groups']))")
[ "$n" -eq "$total" ] || fail "export --all wrote $n of $total"; ok
grep -qi "warning" "$tmp/err" || fail "missing/corrupt avatars should warn"; ok

expect_status 1 $bin export --fixtures "$tmp/nope.json" --group x --output "$tmp/x.png"
grep -q "nope.json" "$tmp/err" || fail "missing fixture names the file"; ok
expect_status 1 $bin export --fixtures sample-data/groups.json --group no-such-group --output "$tmp/x.png" --no-cache
grep -q "no-such-group" "$tmp/err" || fail "unknown group named"; ok
expect_status 1 $bin export --fixtures sample-data/groups.json --group ride --output /proc/nope/x.png --no-cache; ok
# Disk cache: an export fills it, stats counts it, a second export is served from it, clear empties it.
cache="$tmp/cache"
expect_status 0 $bin export --fixtures sample-data/groups.json --group ride --output "$tmp/c1.png" --cache-dir "$cache"
expect_status 0 $bin cache stats --cache-dir "$cache"; grep -q "1 composite," "$tmp/out" || { cat "$tmp/out"; fail "cache stats after one export"; }; ok
expect_status 0 $bin export --fixtures sample-data/groups.json --group ride --output "$tmp/c2.png" --cache-dir "$cache"
cmp -s "$tmp/c1.png" "$tmp/c2.png" || fail "cached export differs from the first"; ok
expect_status 0 $bin cache clear --cache-dir "$cache"; grep -q "removed 1 cached composite" "$tmp/out" || fail "cache clear"; ok
expect_status 0 $bin cache stats --cache-dir "$cache"; grep -q "0 composites" "$tmp/out" || fail "cache empty after clear"; ok
expect_status 2 $bin cache frobnicate; ok
# Unix conventions (issue 26): `-` for stdout and stdin, --json, --quiet, --strict, short options, suggestions.
$bin export --fixtures sample-data/groups.json --group ride -o - --no-cache > "$tmp/stdout.png" 2>"$tmp/err" || fail "--output -"
[ "$(png_size "$tmp/stdout.png")" = "132x132" ] || fail "--output - wrote no 132x132 PNG"; ok
expect_status 0 $bin export --fixtures sample-data/groups.json --group ride -o "$tmp/file.png" --no-cache
cmp -s "$tmp/stdout.png" "$tmp/file.png" || fail "--output - differs from the file export"; ok
expect_status 2 $bin export --fixtures sample-data/groups.json --group ride -o - --scale 1,2 --no-cache; ok
if command -v script >/dev/null; then
  script -qec "$bin export --fixtures sample-data/groups.json --group ride -o - --no-cache" /dev/null > "$tmp/tty" || true
  grep -q "standard output is a terminal" "$tmp/tty" || { cat "$tmp/tty"; fail "--output - to a terminal not refused"; }; ok
fi
(cd sample-data && ../$bin export --fixtures - --group ride -o "$tmp/stdin.png" --no-cache < groups.json) 2>"$tmp/err" \
  || { cat "$tmp/err"; fail "--fixtures -"; }
[ "$(png_size "$tmp/stdin.png")" = "132x132" ] || fail "--fixtures -"; ok
expect_status 0 $bin export --fixtures - --base-dir sample-data --group ride -o "$tmp/base.png" --no-cache < sample-data/groups.json
cmp -s "$tmp/base.png" "$tmp/stdin.png" || fail "--base-dir resolves photos like the current folder does"; ok
expect_status 2 $bin export --base-dir sample-data --group ride -o "$tmp/x.png"; ok
# `-` is a standard stream for every command, never a file named `-` (issues 37 and 39).
$bin avatar --fixtures sample-data/groups.json --member u01 -o - --no-cache > "$tmp/avatar-out.png" 2>"$tmp/err" \
  || { cat "$tmp/err"; fail "avatar -o -"; }
[ "$(png_size "$tmp/avatar-out.png")" = "132x132" ] && [ ! -e ./- ] || fail "avatar -o - wrote no PNG to standard output"; ok
(cd sample-data && ../$bin avatar --fixtures - --member u01 -o "$tmp/avatar-in.png" --no-cache < groups.json) 2>"$tmp/err" \
  || { cat "$tmp/err"; fail "avatar --fixtures -"; }
cmp -s "$tmp/avatar-in.png" "$tmp/avatar-out.png" || fail "avatar --fixtures - differs from the file"; ok
(cd sample-data && ../$bin show --fixtures - --group ride --width 6 --no-cache < groups.json) > "$tmp/show-in.txt" 2>"$tmp/err" \
  || { cat "$tmp/err"; fail "show --fixtures -"; }
[ "$(wc -l < "$tmp/show-in.txt")" -ge 3 ] || fail "show --fixtures - drew nothing"; ok
expect_status 0 $bin show - --width 6 < "$tmp/avatar-out.png"; [ "$(wc -l < "$tmp/out")" -ge 3 ] || fail "show - drew nothing"; ok
expect_status 2 $bin export --fixtures sample-data/groups.json --all --output-dir - --no-cache
grep -q -- "--output-dir: - means standard input or output" "$tmp/err" || fail "--output-dir - not refused"; ok
expect_status 2 $bin --fixtures - < /dev/null; grep -q -- "--fixtures: - means" "$tmp/err" || fail "the app took --fixtures -"; ok
# Fixtures on standard input (issue 39): an endless stream is refused at the limit as it arrives (not after
# buffering twice the limit), naming standard input; a stream of whitespace is not "empty".
/usr/bin/time -f %M -o "$tmp/rss" $bin export --fixtures - --group ride -o "$tmp/z.png" --no-cache < /dev/zero \
  >"$tmp/out" 2>"$tmp/err" && fail "--fixtures - < /dev/zero succeeded"
grep -q "standard input is over the 256 MiB limit" "$tmp/err" || { cat "$tmp/err"; fail "/dev/zero message"; }; ok
[ "$(tail -1 "$tmp/rss")" -lt 400000 ] || fail "--fixtures - < /dev/zero peaked at $(tail -1 "$tmp/rss") KiB"; ok
python3 -c "import sys; sys.stdout.write(' ' * (3 << 20))" > "$tmp/blank.json"
expect_status 1 $bin export --fixtures - --group ride -o "$tmp/z.png" --no-cache < "$tmp/blank.json"
grep -q "standard input:.*no JSON value (the input is 3 MiB of whitespace)" "$tmp/err" || { cat "$tmp/err"; fail "whitespace"; }; ok
# Export folders (issue 39): a link planted in the folder never sends a file out of it; it is refused, named
# with where it leads, and what it leads to is untouched.
mkdir -p "$tmp/links/out"; echo precious > "$tmp/links/precious.txt"
ln -s ../precious.txt "$tmp/links/out/ride.png"; ln -s "$tmp/links/gone/kittens.png" "$tmp/links/out/kittens.png"
expect_status 1 $bin export --fixtures sample-data/groups.json --all --output-dir "$tmp/links/out" --size 32 --no-cache
grep -q "out/ride.png: is a symbolic link to .*/precious.txt, outside the export folder" "$tmp/err" \
  && grep -q "out/kittens.png: is a symbolic link to $tmp/links/gone/kittens.png, outside" "$tmp/err" \
  || { cat "$tmp/err"; fail "links out of --output-dir"; }
[ "$(cat "$tmp/links/precious.txt")" = precious ] && [ ! -e "$tmp/links/gone" ] || fail "an export left its folder"; ok
[ "$(png_size "$tmp/links/out/work.png")" = "32x32" ] || fail "the other groups were not exported"; ok
expect_status 0 $bin export --fixtures sample-data/groups.json --group ride -o "$tmp/j.png" --json --no-cache
python3 -c "import json; d=json.load(open('$tmp/out')); f=d['files'][0]; assert f['path'].endswith('j.png') and f['bytes']>0 and f['inputs'].startswith('sha256:') and d['failure'] is None, d" \
  || fail "export --json"; ok
expect_status 0 $bin export --fixtures sample-data/groups.json --all --output-dir "$tmp/q" -j 2 --size 32 --no-cache --quiet --json
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "--quiet printed"; }
python3 -c "
import json; d=json.load(open('$tmp/out')); assert d['failed']==0 and d['groups']==d['succeeded']>0, d
assert d['warnings'] and all(w['groups']>=1 for w in d['warnings']), d
probs=[w['problem'] for w in d['warnings']]; assert len(probs)==len(set(probs)), probs" || fail "export --all --json"; ok
expect_status 1 $bin export --fixtures sample-data/groups.json --all --output-dir "$tmp/s" --size 32 --no-cache --strict; ok
# Warnings are deduplicated: one broken photo shared by several groups is one warning and a count.
python3 - "$tmp" <<'PY'
import json, sys
groups = [{"id": f"g{i}", "name": f"G{i}", "members": [{"id": "m", "name": "M", "avatar": "broken.jpg"}]} for i in range(20)]
open(f"{sys.argv[1]}/shared.json", "w").write(json.dumps({"groups": groups}))
open(f"{sys.argv[1]}/broken.jpg", "wb").write(b"not a jpeg at all")
PY
expect_status 0 $bin export --fixtures "$tmp/shared.json" --all --output-dir "$tmp/shared" --size 32 --no-cache
[ "$(grep -c '^warning: ' "$tmp/err")" -eq 2 ] || { cat "$tmp/err"; fail "20 copies of one warning not folded"; }
grep -q "the same problem in 19 more groups" "$tmp/err" || { cat "$tmp/err"; fail "no count"; }
grep -q ", 1 warning (20 in all groups)" "$tmp/err" || { cat "$tmp/err"; fail "summary count"; }; ok
expect_status 1 $bin export --fixtures sample-data/groups.json --group rdie -o "$tmp/x.png" --no-cache
grep -q 'did you mean "ride"' "$tmp/err" || { cat "$tmp/err"; fail "group id suggestion"; }; ok
expect_status 2 $bin export --fixtures sample-data/groups.json --group ride --ouptut "$tmp/x.png"
grep -q "did you mean '--output'" "$tmp/err" || fail "option suggestion"; ok
expect_status 0 $bin layout -l qq --count 3 --json; python3 -c "import json; assert json.load(open('$tmp/out'))['layout']=='qq'"; ok
expect_status 0 $bin layout --list --json
python3 -c "
import json; rows=[json.loads(l) for l in open('$tmp/out')]; assert rows and all({'layout','name','maximumMembers','summary'}<=r.keys() for r in rows)" \
  || fail "layout --list --json"; ok
expect_status 0 $bin cache stats --cache-dir "$cache" --json
python3 -c "import json; d=json.load(open('$tmp/out')); assert d['entries']==0 and d['location'].endswith('cache'), d" || fail "cache stats --json"; ok
expect_status 0 $bin avatar --fixtures sample-data/groups.json --member u01 -o "$tmp/a.png" --no-cache; ok
# Completions and the man page come from the option catalogue; the shells load them.
expect_status 0 $bin completions bash; grep -q -- "--skip-existing" "$tmp/out" || fail "bash completion lacks an option"; ok
bash -c "source <($bin completions bash); complete -p chat-tui" | grep -q "_chat_tui chat-tui" || fail "bash does not load the completion"; ok
bash -c "source <($bin completions bash); COMP_WORDS=(chat-tui export --ski); COMP_CWORD=2; _chat_tui; echo \"\${COMPREPLY[*]}\"" \
  | grep -q -- "--skip-existing" || fail "bash completion does not complete --ski"; ok
# After an option its values: the layouts after --layout, nothing after a number (not the files of the folder).
bash -c "source <($bin completions bash); COMP_WORDS=(chat-tui export --layout w); COMP_CWORD=3; _chat_tui; echo \"\${COMPREPLY[*]}\"" \
  | grep -qx "wechat wechat-compact" || fail "bash completion does not offer the layouts after --layout"; ok
[ -z "$(bash -c "source <($bin completions bash); COMP_WORDS=(chat-tui export --size ''); COMP_CWORD=3; _chat_tui; echo \"\${COMPREPLY[*]}\"")" ] \
  || fail "bash completion offers files after --size"; ok
# File names are one candidate each, however they are spelt (issue 39): no split at spaces, no `*` expanded.
mkdir -p "$tmp/names"; touch "$tmp/names/a b.png" "$tmp/names/*" "$tmp/names/other.png"
(cd "$tmp/names" && bash -c "source <($OLDPWD/$bin completions bash); COMP_WORDS=(chat-tui export --output a); COMP_CWORD=3; _chat_tui; printf '%s|' \"\${COMPREPLY[@]}\"") \
  | grep -qx "a b.png|" || fail "bash splits a file name with a space"; ok
(cd "$tmp/names" && bash -c "source <($OLDPWD/$bin completions bash); COMP_WORDS=(chat-tui export --output '*'); COMP_CWORD=3; _chat_tui; printf '%s|' \"\${COMPREPLY[@]}\"") \
  | grep -qx '\*|' || fail "bash expands * in a file completion"; ok
# Every command's words: cache stats|clear, help completions, show FILE, values after avatar --color-space.
bash -c "source <($bin completions bash); COMP_WORDS=(chat-tui cache ''); COMP_CWORD=2; _chat_tui; echo \"\${COMPREPLY[*]}\"" \
  | grep -q "stats clear" || fail "bash does not offer cache stats|clear"; ok
bash -c "source <($bin completions bash); COMP_WORDS=(chat-tui avatar --color-space ''); COMP_CWORD=3; _chat_tui; echo \"\${COMPREPLY[*]}\"" \
  | grep -qx "srgb display-p3" || fail "bash offers no colour spaces"; ok
expect_status 0 $bin help completions; grep -q "^chat-tui completions - print" "$tmp/out" || fail "help completions"; ok
expect_status 0 $bin completions --help; grep -q "completions bash|zsh|fish" "$tmp/out" || fail "completions --help"; ok
if command -v zsh >/dev/null; then
  mkdir -p "$tmp/zsh/bin"; $bin completions zsh > "$tmp/zsh/_chat-tui"; ln -sf "$(cd "$(dirname "$bin")" && pwd)/chat-tui" "$tmp/zsh/bin/"
  zsh -fc "autoload -Uz compinit; compinit -u -D; source $tmp/zsh/_chat-tui; print \$_comps[chat-tui]" | grep -q _chat_tui \
    || fail "zsh does not load the completion"; ok
  # A real interactive zsh (under zpty) loaded through fpath and compinit, as a user installs it: Tab completes.
  zsh_script=$PWD/Tests/e2e/support/zsh-complete.zsh
  zsh_complete() { (cd "$tmp" && timeout 30 zsh -f "$zsh_script" "$tmp/zsh" "$tmp/zsh/bin" "$1"); }
  zsh_complete "chat-tui export --ski" | grep -q -- "--skip-existing\|p-existing" || fail "zsh does not complete --ski"; ok
  zsh_complete "chat-tui export --layout " | grep -q "wechat-compact" || fail "zsh does not offer the layouts"; ok
  zsh_complete "chat-tui " | grep -q "completions" || fail "zsh does not offer the commands"; ok
  zsh_complete "chat-tui avatar --color-space " | grep -q "display-p3" || fail "zsh offers no colour spaces"; ok
  zsh_complete "chat-tui cache " | grep -q "clear" || fail "zsh does not offer cache clear"; ok
fi
if command -v fish >/dev/null; then
  fish -c "$bin completions fish | source; complete -C 'chat-tui export --ski'" | grep -q skip-existing || fail "fish"; ok
  fish -c "$bin completions fish | source; complete -C 'chat-tui export --layout '" | cut -f1 | grep -qx "wechat-compact" \
    || fail "fish does not offer the layouts"; ok
  [ -z "$(fish -c "$bin completions fish | source; complete -C 'chat-tui export --size '")" ] || fail "fish offers files after --size"; ok
  fish -c "$bin completions fish | source; complete -C 'chat-tui avatar --color-space '" | cut -f1 | grep -qx "display-p3" \
    || fail "fish offers no colour spaces"; ok
  fish -c "$bin completions fish | source; complete -C 'chat-tui cache '" | cut -f1 | grep -qx "stats" || fail "fish cache"; ok
fi
expect_status 0 $bin help --man; cp "$tmp/out" "$tmp/chat-tui.1"
MANWIDTH=100 man -l "$tmp/chat-tui.1" 2>"$tmp/man-err" > "$tmp/man.txt" || { cat "$tmp/man-err"; fail "man -l"; }
grep -q -- "--skip-existing" "$tmp/man.txt" && grep -q "chat-tui export" "$tmp/man.txt" || fail "man page text"
grep -q "^ENVIRONMENT" "$tmp/man.txt" && grep -q "^EXAMPLES" "$tmp/man.txt" && grep -q "XDG_CACHE_HOME" "$tmp/man.txt" \
  || fail "the man page lacks ENVIRONMENT or EXAMPLES"
! grep -qi "warning" "$tmp/man-err" || { cat "$tmp/man-err"; fail "troff warnings"; }; ok
# No font at all (an empty fontconfig configuration): placeholders fall back to the silhouette, and the run says
# so once, naming the fontconfig query, however many placeholders and groups there are.
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' > "$tmp/no-fonts.conf"
python3 -c "import json; print(json.dumps({'groups': [{'id': 'g%d' % g, 'name': 'G', 'members': [
    {'id': 'm%d' % m, 'name': 'Member %d' % m} for m in range(4)]} for g in range(3)]}))" > "$tmp/nophotos.json"
FONTCONFIG_FILE="$tmp/no-fonts.conf" expect_status 0 $bin export --fixtures "$tmp/nophotos.json" --all \
  --output-dir "$tmp/nofonts" --size 32 --no-cache
[ "$(grep -c 'fontconfig found no font for "sans-serif:lang=zh-cn:weight=bold"' "$tmp/err")" = 1 ] \
  || { cat "$tmp/err"; fail "the missing font is reported once"; }; ok
echo "$checks passed, 0 failed"
