// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "chat-tui",
    products: [
        .library(name: "GroupIcon", targets: ["GroupIcon"]),
        .library(name: "Fixtures", targets: ["Fixtures"]),
        .executable(name: "chat-tui", targets: ["ChatTUI"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG"),
        .systemLibrary(name: "CSixel", path: "Sources/CSixel"),
        .target(name: "GroupIcon", dependencies: ["CPNG", "CTurboJPEG"]),
        .target(name: "Fixtures", dependencies: ["GroupIcon"]),
        .executableTarget(name: "ChatTUI", dependencies: ["GroupIcon", "Fixtures", "CNcurses", "CSixel"]),
        .testTarget(name: "GroupIconTests", dependencies: ["GroupIcon"], resources: [.copy("Resources")]),
        .testTarget(name: "FixturesTests", dependencies: ["Fixtures"], resources: [.copy("Resources")]),
        .testTarget(name: "ChatTUITests", dependencies: ["ChatTUI", "GroupIcon", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
