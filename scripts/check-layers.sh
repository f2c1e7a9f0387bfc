#!/usr/bin/env bash
# Checks the rules of docs/ARCHITECTURE.md that the module graph alone does not enforce:
# - ncurses is imported by the driver file only;
# - nothing outside Sources/FileSystem calls the file system directly;
# - the libraries ship no test doubles.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
fail() { echo "check-layers: $*"; status=1; }

ncurses=$(grep -rl '^import CNcurses' Sources | sort)
[ "$ncurses" = "Sources/ChatTUI/Terminal/CursesDriver.swift" ] || fail "CNcurses imported outside CursesDriver.swift: $ncurses"

calls='FileManager|fopen\(|opendir\(|readdir\(|[^a-zA-Z_.]unlink\(|mkdir\(|[^a-zA-Z_.]rename\(|[^a-zA-Z_.]stat\(|fstat\(|utimensat|Data\(contentsOf|contentsOfFile|\.write\(to: *URL|mkdtemp|realpath\('
if grep -rnE "$calls" Sources --include='*.swift' | grep -v '^Sources/FileSystem/'; then
  fail "direct file-system calls outside Sources/FileSystem (above); go through FileIO"
fi

if grep -rlE 'InMemoryTerminal|Fake[A-Z]' Sources --include='*.swift' | grep -vE '^Sources/(ChatTUITestSupport|ChatTUIBench)/'; then
  fail "test doubles in a product target (above)"
fi
[ $status -eq 0 ] && echo "check-layers: ok (ncurses in one file, file system in FileSystem only, no test doubles in products)"
exit $status
