#!/usr/bin/env bash
# Builds chat-tui (release) and opens it on the bundled sample data. Extra arguments go to chat-tui and are
# read relative to the folder you ran this from (so `--fixtures my.json` and the `e` export land there).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
if [ ! -x "$root/.build/release/chat-tui" ]; then
  echo "run.sh: building chat-tui in release mode; the first build takes a few minutes (progress below)" >&2
fi
(cd "$root" && swift build -c release --product chat-tui >&2)
exec "$root/.build/release/chat-tui" --fixtures "$root/sample-data/groups.json" "$@"
