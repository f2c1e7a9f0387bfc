#!/usr/bin/env bash
# End to end: a new package that depends on this one by path, the way a library client starts, builds
# `import GroupIcon` code without Foundation and runs it: a photo read from a String path
# (PhotoContent(readingFile:)), a composite written with Composite.write(to:format:), and a canvas over the limit
# refused at once with CompositionError. The package is named by its folder: a checkout in a folder called
# chat-tui is `.package(path: "../chat-tui")` with `package: "chat-tui"`; any other folder name needs
# `.package(name: "chat-tui", path: ...)`, as Examples/Package.swift writes. It compiles the library again in the
# client's own .build (about two minutes on two cores).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
checks=0; ok() { checks=$((checks+1)); }

# The checkout as a folder called chat-tui, whatever this one is called.
ln -s "$repo" "$tmp/chat-tui"
mkdir -p "$tmp/client/Sources/Client"
cat >"$tmp/client/Package.swift" <<'EOF'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "client",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../chat-tui")],
    targets: [.executableTarget(name: "Client", dependencies: [.product(name: "GroupIcon", package: "chat-tui")])],
    swiftLanguageModes: [.v6]
)
EOF
cat >"$tmp/client/Sources/Client/main.swift" <<'EOF'
// Client PHOTO OUTPUT: a WeChat avatar from a photo read into memory, the same file by path and a placeholder.
import GroupIcon

let arguments = CommandLine.arguments
let pipeline = AvatarPipeline(dependencies: .live)
let photo = try PhotoContent(readingFile: arguments[1])
let members = [
    MemberSource(id: "u1", name: "Alice", photo: photo),
    MemberSource(id: "u2", name: "Bob", imagePath: arguments[1]),
    MemberSource(id: "u3", name: "陈静", imagePath: nil),
]
let response = try await pipeline.composite(
    members: members, parameters: CompositionParameters(layout: .wechat, size: 100, scale: 2))
try response.composite.write(to: arguments[2], format: .png)
print("wrote \(response.composite.image.width)x\(response.composite.image.height)")
do {
    _ = try await pipeline.composite(members: members, parameters: CompositionParameters(size: 5000, scale: 4))
    print("not refused")
} catch CompositionError.limitBroken(.outOfRange(let parameter, let value, _)) {
    print("refused \(parameter) \(Int(value))")
} catch {
    print("refused otherwise: \(error)")
}
EOF
grep -q Foundation "$tmp/client/Sources/Client/main.swift" && fail "the client imports Foundation"
ok

# `.package(name:path:)` names the package whatever the folder: resolving is enough to show it.
mkdir -p "$tmp/named/Sources/Named"
sed -e 's|.package(path: "../chat-tui")|.package(name: "chat-tui", path: "'"$repo"'")|' -e 's/Client/Named/g' \
  "$tmp/client/Package.swift" >"$tmp/named/Package.swift"
echo 'import GroupIcon' >"$tmp/named/Sources/Named/main.swift"
swift package --package-path "$tmp/named" describe >"$tmp/named.log" 2>&1 || { cat "$tmp/named.log"; fail "name: path:"; }
ok

started=$(date +%s)
swift build --package-path "$tmp/client" >"$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log"; fail "the client does not build"; }
echo "library-client: built in $(( $(date +%s) - started )) s"
ok
"$tmp/client/.build/debug/Client" sample-data/avatars/alice.jpg "$tmp/out.png" >"$tmp/run.out" 2>&1 \
  || { cat "$tmp/run.out"; fail "the client failed"; }
[ "$(cat "$tmp/run.out")" = "$(printf 'wrote 200x200\nrefused size 5000')" ] || { cat "$tmp/run.out"; fail "output"; }
ok
# The file is a 200 x 200 PNG (its IHDR), and nothing else was left in the folder.
python3 - "$tmp/out.png" <<'PY' || fail "not a 200x200 PNG"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (200, 200)
PY
ok
[ "$(ls -A "$tmp" | tr '\n' ' ')" = "build.log chat-tui client named named.log out.png run.out " ] \
  || fail "left in the folder: $(ls -A "$tmp")"
ok
echo "library-client: $checks checks passed"
