// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; a target may depend only on targets above it in this list (docs/ARCHITECTURE.md).
// scripts/check-layers.sh checks every edge below against this order, and scripts/test.sh builds with
// `--explicit-target-dependency-import-check error`, so an import of a module a target does not declare fails.
//   Support               locks, a byte-bounded cache, hashing, byte coding, the checksummed cache-entry envelope,
//                         text-safety rules
//   FileSystem            the only module that calls the file system
//   CImagingKernels       the resampler's AVX2 loops in C, chosen at run time
//   Imaging               image types, pixel geometry, coverage, the resampler, every codec
//   GroupIcon             layouts, parameters, compositor, placeholders, text, pipeline (the library product;
//                         re-exports Imaging)
//   RemoteSources         member photos from http(s) URLs: libcurl fetcher, download cache with validators
//   Fixtures              chat-list fixtures
//   TerminalUI            cells, colours, half blocks, escape sequences, text width, safe text: pure, no ncurses
//   GroupExport           chat groups -> composites -> files (shared by the app and `chat-tui export`)
//   ChatTUIApp            the interactive app: state, reducer, views, runtime; no ncurses
//   ArgumentParsing       command-line scanning and the command protocol
//   RenderService         `chat-tui serve`: routes, signed URLs, ETags, metrics; libmicrohttpd underneath
//   ChatTUI               the `chat-tui` executable: commands, the ncurses driver, signals
//   ChatTUITestSupport    test doubles (in-memory terminal); never part of a product
//   ChatTUIBench          the `chat-tui-bench` developer executable
let package = Package(
    name: "chat-tui",
    // Linux is the platform built and tested; the line states the macOS floor the code needs (Synchronization).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GroupIcon", targets: ["GroupIcon"]),
        // Member photos from http(s) URLs for GroupIcon clients (`import RemoteSources`): libcurl and a
        // download cache that stays in memory unless given a folder.
        .library(name: "RemoteSources", targets: ["RemoteSources"]),
        .library(name: "Fixtures", targets: ["Fixtures"]),
        // For the fuzz targets in fuzz/ (prompts, output paths): the app's API is `package`, reached there with
        // `@testable import`; nothing public is promised.
        .library(name: "ChatTUIApp", targets: ["ChatTUIApp"]),
        // For the service's URL fuzz target (fuzz/Sources/FuzzServiceURLs), the same way: nothing public promised.
        .library(name: "RenderService", targets: ["RenderService"]),
        .executable(name: "chat-tui", targets: ["ChatTUI"]),
        .executable(name: "chat-tui-bench", targets: ["ChatTUIBench"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CFileSystem", path: "Sources/CFileSystem", providers: [.apt(["libc6-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSixel", path: "Sources/CSixel", providers: [.apt(["libsixel-dev"])]),
        // Member photo decoders and colour management (Imaging/Codecs).
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CTIFF", path: "Sources/CTIFF", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2", providers: [.apt(["liblcms2-dev"])]),
        // The render service (`chat-tui serve`): libmicrohttpd speaks HTTP, libcrypto signs its URLs.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "Support"),
        // The resampler's AVX2 and FMA inner loops, picked at run time (Imaging/Raster/Resampler.swift).
        .target(name: "CImagingKernels"),
        .target(name: "FileSystem", dependencies: ["CFileSystem"]),
        // FreeType, HarfBuzz and fontconfig for placeholder text. pkg-config supplies only -I flags here
        // (harfbuzz.pc pulls in freetype2's /usr/include/freetype2), which SwiftPM passes on intact.
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .target(
            name: "Imaging",
            dependencies: [
                "Support", "FileSystem", "CImagingKernels", "CPNG", "CTurboJPEG", "CDeflate", "CZlib", "CWebP", "CGIF",
                "CTIFF", "CHeif", "CLCMS2",
            ]),
        .target(name: "GroupIcon", dependencies: ["Support", "FileSystem", "CImagingKernels", "Imaging", "CFreeType"]),
        .target(name: "RemoteSources", dependencies: ["Support", "FileSystem", "GroupIcon", "CCurl"]),
        .target(name: "Fixtures", dependencies: ["Support", "FileSystem"]),
        .target(name: "TerminalUI", dependencies: ["Support", "Imaging", "CSixel"]),
        .target(name: "GroupExport", dependencies: ["Support", "FileSystem", "GroupIcon", "Fixtures", "CCrypto"]),
        .target(
            name: "RenderService",
            dependencies: [
                "Support", "FileSystem", "GroupIcon", "Fixtures", "GroupExport", "ArgumentParsing", "CMicroHTTPD",
                "CCrypto",
            ]),
        .target(
            name: "ChatTUIApp",
            dependencies: [
                "Support", "FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI",
            ]),
        .target(name: "ArgumentParsing"),
        .executableTarget(
            name: "ChatTUI",
            dependencies: [
                "Support", "FileSystem", "GroupIcon", "RemoteSources", "Fixtures", "GroupExport", "TerminalUI",
                "ChatTUIApp", "RenderService", "ArgumentParsing", "CNcurses",
            ]),
        .target(name: "ChatTUITestSupport", dependencies: ["TerminalUI"]),
        .executableTarget(
            name: "ChatTUIBench",
            dependencies: [
                "Support", "FileSystem", "GroupIcon", "Fixtures", "GroupExport", "TerminalUI", "ChatTUIApp",
                "ArgumentParsing", "ChatTUITestSupport",
            ]),
        // The resampler's reference images, shared by the imaging and the compositor tests.
        .target(
            name: "ImagingTestSupport", dependencies: ["Imaging"], path: "Tests/ImagingTestSupport",
            resources: [.copy("Resources")]),
        // Waiting out the file system's coarse clock, shared by the file-system and pipeline tests.
        .target(name: "FileSystemTestSupport", dependencies: ["FileSystem"], path: "Tests/FileSystemTestSupport"),
        .testTarget(name: "SupportTests", dependencies: ["Support"]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem", "FileSystemTestSupport"]),
        .testTarget(
            name: "ImagingTests", dependencies: ["Imaging", "ImagingTestSupport", "FileSystem"],
            resources: [.copy("Resources")]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(
            name: "GroupIconTests",
            dependencies: [
                "GroupIcon", "Imaging", "ImagingTestSupport", "Support", "FileSystem", "FileSystemTestSupport",
            ],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "RemoteSourcesTests", dependencies: ["RemoteSources", "GroupIcon", "Support", "FileSystem"],
            resources: [.copy("Resources")]),
        .testTarget(name: "FixturesTests", dependencies: ["Fixtures", "FileSystem"], resources: [.copy("Resources")]),
        .testTarget(
            name: "GroupExportTests",
            dependencies: [
                "GroupExport", "GroupIcon", "Fixtures", "Support", "FileSystem",
            ]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Imaging", "Support"]),
        .testTarget(
            name: "RenderServiceTests",
            dependencies: ["RenderService", "GroupExport", "GroupIcon", "Fixtures", "Support", "FileSystem"]),
        .testTarget(
            name: "ChatTUIAppTests",
            dependencies: [
                "ChatTUIApp", "ChatTUITestSupport", "TerminalUI", "GroupExport", "GroupIcon", "Fixtures", "Support",
                "FileSystem",
            ]),
        .testTarget(
            name: "ChatTUITests",
            dependencies: [
                "ChatTUI", "ArgumentParsing", "ChatTUIApp", "TerminalUI", "GroupExport", "GroupIcon", "Fixtures",
                "Support",
                "FileSystem",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
