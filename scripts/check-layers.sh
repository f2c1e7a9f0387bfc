#!/usr/bin/env bash
# Checks the rules of docs/ARCHITECTURE.md:
# - every dependency between the package's own targets in Package.swift points down the layer order that the
#   table in docs/ARCHITECTURE.md gives (a target may use only the targets listed before it); together with
#   scripts/test.sh's `--explicit-target-dependency-import-check error` (an import of an undeclared target fails
#   the build) this makes the documented order the one the code has;
# - ncurses is imported by the driver file only;
# - nothing outside Sources/FileSystem calls the file system directly;
# - the libraries ship no test doubles.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
fail() { echo "check-layers: $*"; status=1; }

mkdir -p .build
swift package dump-package >.build/package.json
python3 - .build/package.json docs/ARCHITECTURE.md <<'PY' || status=1
import json, re, sys
package = json.load(open(sys.argv[1]))
system = {t["name"] for t in package["targets"] if t["type"] == "system"}
# The layer order: the first column of the table under "# Architecture", system libraries left out.
order = []
for line in open(sys.argv[2]):
    match = re.match(r"\| `(\w+)` \|", line)
    if match and match.group(1) not in system:
        order.append(match.group(1))
    elif order and not line.startswith("|"):
        break
rank = {name: index for index, name in enumerate(order)}
own = {t["name"] for t in package["targets"] if t["type"] != "system"}
problems = []
for target in package["targets"]:
    name, kind = target["name"], target["type"]
    if kind == "system":
        continue
    if kind != "test" and name not in rank:
        problems.append(f"{name} is not in the table of docs/ARCHITECTURE.md")
        continue
    for dependency in target["dependencies"]:
        used = (dependency.get("byName") or dependency.get("target") or dependency.get("product") or [None])[0]
        if used not in own or kind == "test":
            continue
        if used not in rank:
            problems.append(f"{name} depends on {used}, which is not in the table of docs/ARCHITECTURE.md")
        elif rank[used] >= rank[name]:
            problems.append(f"{name} depends on {used}, which comes after it in docs/ARCHITECTURE.md's layer order")
for problem in problems:
    print("check-layers: " + problem)
sys.exit(1 if problems else 0)
PY

ncurses=$(grep -rl '^import CNcurses' Sources | sort)
[ "$ncurses" = "Sources/ChatTUI/Terminal/CursesDriver.swift" ] || fail "CNcurses imported outside CursesDriver.swift: $ncurses"

calls='FileManager|fopen\(|opendir\(|readdir\(|[^a-zA-Z_.]unlink\(|mkdir\(|[^a-zA-Z_.]rename\(|[^a-zA-Z_.]stat\(|fstat\(|utimensat|Data\(contentsOf|contentsOfFile|\.write\(to: *URL|mkdtemp|realpath\('
# Declarations that share a C call's name (a preset's `func rename(`, `case rename(`) are not calls.
if grep -rnE "$calls" Sources --include='*.swift' | grep -v '^Sources/FileSystem/' \
    | grep -vE '(func|case) (rename|unlink|stat)\('; then
  fail "direct file-system calls outside Sources/FileSystem (above); go through FileIO"
fi

if grep -rlE 'InMemoryTerminal|Fake[A-Z]' Sources --include='*.swift' | grep -vE '^Sources/(ChatTUITestSupport|ChatTUIBench)/'; then
  fail "test doubles in a product target (above)"
fi
[ $status -eq 0 ] && echo "check-layers: ok (target dependencies follow the documented layers, ncurses in one file, file system in FileSystem only, no test doubles in products)"
exit $status
