#!/usr/bin/env bash
# Runs every test: the Swift unit and integration suites (also under AddressSanitizer), then the end-to-end
# scripts in Tests/e2e (including a short fuzzing pass).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
status=0
echo "== AddressSanitizer: scripts/test-asan.sh"
scripts/test-asan.sh >.build/test-asan.log 2>&1 || { tail -80 .build/test-asan.log; echo "FAILED: scripts/test-asan.sh"; status=1; }
for script in Tests/e2e/*.sh; do
  [ -e "$script" ] || continue
  echo "== $script"
  bash "$script" || { echo "FAILED: $script"; status=1; }
done
exit $status
