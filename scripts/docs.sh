#!/usr/bin/env bash
# Builds the DocC documentation of the GroupIcon library into .build/docs: the catalogue in
# Sources/GroupIcon/GroupIcon.docc with the public symbol graphs of GroupIcon and Imaging (scripts/symbol-graphs.sh),
# through the toolchain's docc (no plugin package). Any warning, such as a link to a symbol that does not exist,
# fails the build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/symbol-graphs.sh
docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
"$docc" convert Sources/GroupIcon/GroupIcon.docc --additional-symbol-graph-dir .build/symbol-graphs/GroupIcon \
  --fallback-display-name GroupIcon --fallback-bundle-identifier chat-tui.GroupIcon \
  --output-path .build/docs --warnings-as-errors
echo "docs: ok (.build/docs, a static site for any web server)"
