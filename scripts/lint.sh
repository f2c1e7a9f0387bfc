#!/usr/bin/env bash
# Lints the Swift sources (the package's and the fuzz package's) with the toolchain's swift-format against
# .swift-format (4-space indentation, lines of at most 120 columns); --strict turns every finding into a failure.
# `swift format format -i --parallel --recursive` on the same paths fixes most findings by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Package.swift fuzz/Package.swift fuzz/Sources)
[ -d Examples ] && paths+=(Examples)
if ! swift format lint --strict --parallel --recursive "${paths[@]}"; then
  echo "lint: swift format found the problems above; 'swift format format -i --recursive ${paths[*]}' fixes most"
  exit 1
fi
echo "lint: ok (swift format lint --strict: ${paths[*]})"
