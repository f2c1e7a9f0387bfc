#!/usr/bin/env bash
# Fails when the public API of the GroupIcon library (with Imaging, which it re-exports) differs from the record
# in api/GroupIcon.api.txt, so that every API change is a deliberate one: an API change updates the record in the
# same commit, with `scripts/check-api.sh --update`.
set -euo pipefail
cd "$(dirname "$0")/.."
record=api/GroupIcon.api.txt
scripts/symbol-graphs.sh
python3 scripts/public-api.py .build/symbol-graphs >.build/GroupIcon.api.txt
if [ "${1:-}" = "--update" ]; then
  mkdir -p api && cp .build/GroupIcon.api.txt "$record"
  echo "check-api: $record updated ($(wc -l <"$record") lines)"
  exit 0
fi
if ! diff -u "$record" .build/GroupIcon.api.txt; then
  echo "check-api: the public API of GroupIcon/Imaging differs from $record (diff above: - recorded, + built)."
  echo "check-api: if the change is meant, run scripts/check-api.sh --update and commit $record with it."
  exit 1
fi
echo "check-api: ok (the public API matches $record, $(wc -l <"$record") lines)"
