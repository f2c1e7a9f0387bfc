// swift-tools-version:6.0
import PackageDescription

// A client of the library as a separate package: it depends on chat-tui by path and uses only its products
// (GroupIcon, RemoteSources). Tests/e2e/examples.sh builds and runs it; the README shows QuickStart's main.swift,
// docs/LIBRARY.md and the DocC article ComposeAvatars'. `name:` gives the package the name the products are
// asked of, whatever the clone's folder is called (SwiftPM names a package found by path after its folder).
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
            ]),
        .executableTarget(name: "QuickStart", dependencies: [.product(name: "GroupIcon", package: "chat-tui")]),
    ],
    swiftLanguageModes: [.v6]
)
