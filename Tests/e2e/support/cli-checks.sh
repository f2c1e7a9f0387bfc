# Shared helpers of the end-to-end scripts that run chat-tui's headless commands; `source` it.
# Provides: bin (the debug chat-tui), tmp (removed on exit), fail, expect_status STATUS COMMAND... (stdout in
# $tmp/out, stderr in $tmp/err), png_size FILE (WxH), and ok/checks.
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
bin=.build/debug/chat-tui
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expect_status() { local want=$1; shift; set +e; "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?; set -e
  [ "$got" -eq "$want" ] || { cat "$tmp/out" "$tmp/err"; fail "'$*' exited $got, expected $want"; }; }
png_size() { python3 - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
w, h = struct.unpack('>II', data[16:24]); print(f"{w}x{h}")
PY
}
checks=0; ok() { checks=$((checks+1)); }
