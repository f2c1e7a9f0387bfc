#!/usr/bin/env bash
# Runs the shell examples of README.md and docs/*.md marked runnable (```sh run) against the sample data with
# the debug binary, checking each one's exit status and, where the block gives it, its output. The markers and
# the rules are in scripts/doc-test.py. Usage: scripts/doc-test.sh [--list] [FILE...]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/debug/chat-tui ] || swift build --product chat-tui >&2
exec python3 scripts/doc-test.py "$@"
