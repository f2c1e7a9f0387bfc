#!/usr/bin/env bash
# Extracts the public symbol graph of every library product into .build/symbol-graphs/MODULE (for scripts/docs.sh
# and scripts/check-api.sh): GroupIcon with Imaging's symbols, which it re-exports, then RemoteSources and
# Fixtures. The symbols are read from the modules of an ordinary debug build with the toolchain's
# swift-symbolgraph-extract, so nothing is compiled again with other flags and no plugin package is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
# The library products; GroupIcon is built by RemoteSources, which depends on it.
modules=(GroupIcon RemoteSources Fixtures)
for target in RemoteSources Fixtures; do
  swift build --target "$target" 2>&1 | grep -E "error|warning: unre" || true
done
bin=$(swift build --show-bin-path)
[ -d "$bin/Modules" ] || { echo "symbol-graphs: no $bin/Modules: did swift build --target RemoteSources fail?"; exit 1; }
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
out=.build/symbol-graphs
rm -rf "$out" && mkdir -p "$out"
# The C modules' maps and the headers they include (the flags pkg-config gives SwiftPM for CFreeType); a C
# target of the package's own keeps its map beside its header, in include/.
includes=()
for map in Sources/C*/module.modulemap Sources/C*/include/module.modulemap; do includes+=(-I "$(dirname "$map")"); done
for flag in $(pkg-config --cflags-only-I harfbuzz); do includes+=(-Xcc "$flag"); done
for module in "${modules[@]}"; do
  mkdir -p "$out/$module"
  # Imaging's symbols are listed as GroupIcon's, the way a client of `import GroupIcon` sees them.
  reexported=()
  [ "$module" = GroupIcon ] && reexported=(-experimental-allowed-reexported-modules=Imaging)
  "$toolchain/swift-symbolgraph-extract" -module-name "$module" "${reexported[@]}" \
    -target "$(uname -m)-unknown-linux-gnu" -I "$bin/Modules" "${includes[@]}" -minimum-access-level public \
    -output-dir "$out/$module" || { echo "symbol-graphs: swift-symbolgraph-extract failed for $module"; exit 1; }
done
