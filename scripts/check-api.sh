#!/usr/bin/env bash
# Fails when the public API of a library product differs from its record in api/ (api/GroupIcon.api.txt, with
# the Imaging symbols GroupIcon re-exports; api/RemoteSources.api.txt; api/Fixtures.api.txt), so that every API
# change is a deliberate one: an API change updates the records in the same commit, with
# `scripts/check-api.sh --update`. It also fails when a public symbol has no doc comment, listing them.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(GroupIcon RemoteSources Fixtures)
scripts/symbol-graphs.sh
status=0
for module in "${modules[@]}"; do
  record=api/$module.api.txt
  python3 scripts/public-api.py .build/symbol-graphs/"$module" "$module" >.build/"$module".api.txt
  if [ "${1:-}" = "--update" ]; then
    mkdir -p api && cp .build/"$module".api.txt "$record"
    echo "check-api: $record updated ($(wc -l <"$record") lines)"
  elif ! diff -u "$record" .build/"$module".api.txt; then
    echo "check-api: the public API of $module differs from $record (diff above: - recorded, + built)."
    echo "check-api: if the change is meant, run scripts/check-api.sh --update and commit $record with it."
    status=1
  else
    echo "check-api: ok (the public API of $module matches $record, $(wc -l <"$record") lines)"
  fi
done
undocumented=0
for module in "${modules[@]}"; do
  if ! python3 scripts/public-api.py --undocumented .build/symbol-graphs/"$module" "$module"; then undocumented=1; fi
done
if [ "$undocumented" = 1 ]; then
  echo "check-api: the public symbols above have no doc comment: say what each is for, then run this again."
  status=1
else
  echo "check-api: ok (every public symbol of ${modules[*]} has a doc comment)"
fi
exit $status
