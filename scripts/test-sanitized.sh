#!/usr/bin/env bash
# Runs the Swift test suites under a sanitizer, in its own build folder so the normal debug build is left
# alone: `address` (AddressSanitizer with LeakSanitizer) or `thread` (ThreadSanitizer: data races).
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer=${1:?usage: scripts/test-sanitized.sh address|thread}
case "$sanitizer" in address|thread) ;; *) echo "unknown sanitizer '$sanitizer'" >&2; exit 2;; esac
scratch=".build-$sanitizer"
swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 | grep -v "Cannot export local symbol"
LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan-suppressions.txt:print_suppressions=0" \
  TSAN_OPTIONS="halt_on_error=1" \
  swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch"
