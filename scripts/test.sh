#!/usr/bin/env bash
# Runs every test: the Swift unit and integration suites, then the end-to-end scripts in Tests/e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
status=0
for script in Tests/e2e/*.sh; do
  [ -e "$script" ] || continue
  echo "== $script"
  bash "$script" || { echo "FAILED: $script"; status=1; }
done
exit $status
