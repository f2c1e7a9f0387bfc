// swift-tools-version:6.0
import PackageDescription

// A client of the library as a separate package: it depends on chat-tui by path and uses only its products
// (GroupIcon, RemoteSources). Tests/e2e/examples.sh builds and runs it; the README and the DocC article show
// its main.swift.
let package = Package(
    name: "chat-tui-examples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "chat-tui", path: "..")],
    targets: [
        .executableTarget(
            name: "ComposeAvatars",
            dependencies: [
                .product(name: "GroupIcon", package: "chat-tui"),
                .product(name: "RemoteSources", package: "chat-tui"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
