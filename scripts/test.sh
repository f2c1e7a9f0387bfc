#!/usr/bin/env bash
# Runs every test: the layer rules, swift-format's lint, the Swift unit and integration suites (also under
# AddressSanitizer and ThreadSanitizer), the library's documentation and API record, then the end-to-end scripts
# in Tests/e2e (including a short fuzzing pass).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check-layers.sh
swift build --build-tests --explicit-target-dependency-import-check error
status=0
# The lint, the API record and the documentation: a failure is reported (the log's end) and the tests still run.
for check in lint check-api docs; do
  echo "== scripts/$check.sh"
  scripts/$check.sh >".build/$check.log" 2>&1 || { tail -40 ".build/$check.log"; echo "FAILED: scripts/$check.sh"; status=1; }
  tail -1 ".build/$check.log"
done
swift test --skip-build
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
