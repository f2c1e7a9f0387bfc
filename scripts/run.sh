#!/usr/bin/env bash
# Builds chat-tui and opens it on the bundled sample data (extra arguments are passed through).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product chat-tui >&2
exec .build/release/chat-tui --fixtures sample-data/groups.json "$@"
