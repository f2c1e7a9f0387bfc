#!/usr/bin/env bash
# End to end: every command line of README.md and docs/*.md in a ```sh run block is run against the sample data
# with the debug binary, and its exit status and given output checked (scripts/doc-test.sh; its markers are
# `sh run`, `sh interactive`, `sh network` and `sh not-run`, and a ```sh block without one fails).
set -euo pipefail
exec bash "$(dirname "$0")/../../scripts/doc-test.sh"
