#!/usr/bin/env bash
# Runs the Swift test suites under AddressSanitizer (and LeakSanitizer), in their own build folder so the
# normal debug build is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --sanitize=address --scratch-path .build-asan 2>&1 | grep -v "Cannot export local symbol"
LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan-suppressions.txt:print_suppressions=0" \
  swift test --skip-build --sanitize=address --scratch-path .build-asan
