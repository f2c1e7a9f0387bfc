// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; a target may depend only on targets above it in this list, so the compiler rejects any
// import that points the other way (docs/ARCHITECTURE.md):
//   FileSystem            the only module that calls the file system
//   GroupIcon             geometry, layouts, parameters, raster, codecs, pipeline (the library product)
//   Fixtures              chat-list fixtures
//   TerminalUI            cells, colours, half blocks, escape sequences, text width, safe text: pure, no ncurses
//   GroupExport           chat groups -> composites -> files (shared by the app and `chat-tui export`)
//   ChatTUIApp            the interactive app: state, reducer, views, runtime; no ncurses
//   ArgumentParsing       command-line scanning and the command protocol
//   ChatTUI               the `chat-tui` executable: commands, the ncurses driver, signals
//   ChatTUITestSupport    test doubles (in-memory terminal); never part of a product
//   ChatTUIBench          the `chat-tui-bench` developer executable
let package = Package(
    name: "chat-tui",
    products: [
        .library(name: "GroupIcon", targets: ["GroupIcon"]),
        .library(name: "Fixtures", targets: ["Fixtures"]),
        .executable(name: "chat-tui", targets: ["ChatTUI"]),
        .executable(name: "chat-tui-bench", targets: ["ChatTUIBench"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG"),
        .target(name: "FileSystem"),
        .target(name: "GroupIcon", dependencies: ["FileSystem", "CPNG", "CTurboJPEG"]),
        .target(name: "Fixtures", dependencies: ["FileSystem"]),
        .target(name: "TerminalUI", dependencies: ["GroupIcon"]),
        .target(name: "GroupExport", dependencies: ["FileSystem", "GroupIcon", "Fixtures", "TerminalUI"]),
        .target(name: "ChatTUIApp", dependencies: ["FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI"]),
        .target(name: "ArgumentParsing"),
        .executableTarget(name: "ChatTUI", dependencies: [
            "FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI", "ChatTUIApp", "ArgumentParsing",
            "CNcurses",
        ]),
        .target(name: "ChatTUITestSupport", dependencies: ["TerminalUI", "ChatTUIApp"]),
        .executableTarget(name: "ChatTUIBench", dependencies: [
            "FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI", "ChatTUIApp", "ArgumentParsing",
            "ChatTUITestSupport", "CTurboJPEG",
        ]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "GroupIconTests", dependencies: ["GroupIcon", "FileSystem"], resources: [.copy("Resources")]),
        .testTarget(name: "FixturesTests", dependencies: ["Fixtures", "FileSystem"], resources: [.copy("Resources")]),
        .testTarget(name: "GroupExportTests", dependencies: ["GroupExport", "GroupIcon", "Fixtures", "FileSystem"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "GroupIcon"]),
        .testTarget(name: "ChatTUIAppTests", dependencies: [
            "ChatTUIApp", "ChatTUITestSupport", "TerminalUI", "GroupExport", "GroupIcon", "Fixtures", "FileSystem",
        ]),
        .testTarget(name: "ChatTUITests", dependencies: [
            "ChatTUI", "ArgumentParsing", "ChatTUIApp", "TerminalUI", "GroupExport", "GroupIcon", "Fixtures", "FileSystem",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
