// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; a target may depend only on targets above it in this list, so the compiler rejects any
// import that points the other way (docs/ARCHITECTURE.md):
//   FileSystem            the only module that calls the file system
//   GroupIcon             geometry, layouts, parameters, raster, codecs, pipeline (the library product)
//   RemoteSources         member photos from http(s) URLs: libcurl fetcher, download cache with validators
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
        // For the fuzz targets in fuzz/ (prompts, output paths): the app's API is `package`, reached there with
        // `@testable import`; nothing public is promised.
        .library(name: "ChatTUIApp", targets: ["ChatTUIApp"]),
        .executable(name: "chat-tui", targets: ["ChatTUI"]),
        .executable(name: "chat-tui-bench", targets: ["ChatTUIBench"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG"),
        .systemLibrary(name: "CFileSystem", path: "Sources/CFileSystem"),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP"),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CSixel", path: "Sources/CSixel"),
        .target(name: "FileSystem", dependencies: ["CFileSystem"]),
        // FreeType, HarfBuzz and fontconfig for placeholder text. pkg-config supplies only -I flags here
        // (harfbuzz.pc pulls in freetype2's /usr/include/freetype2), which SwiftPM passes on intact.
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "harfbuzz",
                       providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .target(name: "GroupIcon", dependencies: ["FileSystem", "CPNG", "CTurboJPEG", "CDeflate", "CZlib", "CWebP", "CFreeType"]),
        .target(name: "RemoteSources", dependencies: ["FileSystem", "GroupIcon", "CCurl"]),
        .target(name: "Fixtures", dependencies: ["FileSystem"]),
        .target(name: "TerminalUI", dependencies: ["GroupIcon", "CSixel"]),
        .target(name: "GroupExport", dependencies: ["FileSystem", "GroupIcon", "Fixtures", "TerminalUI"]),
        .target(name: "ChatTUIApp", dependencies: ["FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI"]),
        .target(name: "ArgumentParsing"),
        .executableTarget(name: "ChatTUI", dependencies: [
            "FileSystem", "GroupIcon", "RemoteSources", "Fixtures", "GroupExport", "TerminalUI", "ChatTUIApp",
            "ArgumentParsing", "CNcurses",
        ]),
        .target(name: "ChatTUITestSupport", dependencies: ["TerminalUI", "ChatTUIApp"]),
        .executableTarget(name: "ChatTUIBench", dependencies: [
            "FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI", "ChatTUIApp", "ArgumentParsing",
            "ChatTUITestSupport",
        ]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "GroupIconTests", dependencies: ["GroupIcon", "FileSystem"], resources: [.copy("Resources")]),
        .testTarget(name: "RemoteSourcesTests", dependencies: ["RemoteSources", "GroupIcon", "FileSystem"],
                    resources: [.copy("Resources")]),
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
