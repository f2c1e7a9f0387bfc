#!/usr/bin/env bash
# Extracts the public symbol graph of the GroupIcon library, with Imaging's symbols which it re-exports, into
# .build/symbol-graphs (for scripts/docs.sh and scripts/check-api.sh). The symbols are read from the modules of
# an ordinary debug build with the toolchain's swift-symbolgraph-extract, so nothing is compiled again with other
# flags and no plugin package is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target GroupIcon 2>&1 | grep -E "error|warning: unre" || true
bin=$(swift build --show-bin-path)
[ -d "$bin/Modules" ] || { echo "symbol-graphs: no $bin/Modules: did swift build --target GroupIcon fail?"; exit 1; }
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
out=.build/symbol-graphs
rm -rf "$out" && mkdir -p "$out"
# The C modules' maps and the headers they include (the flags pkg-config gives SwiftPM for CFreeType).
includes=()
for map in Sources/C*/module.modulemap; do includes+=(-I "$(dirname "$map")"); done
for flag in $(pkg-config --cflags-only-I harfbuzz); do includes+=(-Xcc "$flag"); done
# Imaging's symbols are listed as GroupIcon's, the way a client of `import GroupIcon` sees them.
"$toolchain/swift-symbolgraph-extract" -module-name GroupIcon -experimental-allowed-reexported-modules=Imaging \
  -target "$(uname -m)-unknown-linux-gnu" -I "$bin/Modules" "${includes[@]}" -minimum-access-level public \
  -output-dir "$out" || { echo "symbol-graphs: swift-symbolgraph-extract failed"; exit 1; }
