#!/usr/bin/env bash
# Runs every test: the Swift unit and integration suites (also under AddressSanitizer and ThreadSanitizer),
# then the end-to-end scripts in Tests/e2e (including a short fuzzing pass).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check-layers.sh
swift build --build-tests --explicit-target-dependency-import-check error
swift test --skip-build
status=0
for sanitizer in address thread; do
  echo "== scripts/test-sanitized.sh $sanitizer"
  scripts/test-sanitized.sh "$sanitizer" >".build/test-$sanitizer.log" 2>&1 \
    || { tail -80 ".build/test-$sanitizer.log"; echo "FAILED: scripts/test-sanitized.sh $sanitizer"; status=1; }
  grep -E "Test run with" ".build/test-$sanitizer.log" || true
done
for script in Tests/e2e/*.sh; do
  [ -e "$script" ] || continue
  echo "== $script"
  bash "$script" || { echo "FAILED: $script"; status=1; }
done
exit $status
