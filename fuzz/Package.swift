// swift-tools-version:6.0
import PackageDescription

/// libFuzzer entry points for chat-tui's parsers of untrusted bytes. A package of its own because each target
/// has no `main` (libFuzzer supplies it), so they link only with `--sanitize=fuzzer`; the main package's plain
/// `swift build` never sees them. Build and run them with scripts/fuzz.sh, which compiles with -enable-testing:
/// the path, prompt, terminal-reply, terminal-input and presets targets reach the app's `package` API through `@testable import`
/// of the `ChatTUIApp` product, and the FuzzDecode* targets (one per image decoder, each called directly) reach
/// the codecs' entry points the same way.
let decoderTargets = ["PNG", "JPEG", "WebP", "GIF", "HEIF", "TIFF", "BMP"].map { format in
    Target.executableTarget(
        name: "FuzzDecode" + format,
        dependencies: ["DecoderFuzzing", .product(name: "GroupIcon", package: "chat-tui")])
}

let package = Package(
    name: "chat-tui-fuzz",
    dependencies: [.package(name: "chat-tui", path: "..")],
    targets: [
        .executableTarget(name: "FuzzFixtureDecoder", dependencies: [.product(name: "Fixtures", package: "chat-tui")]),
        .executableTarget(name: "FuzzImageHeaders", dependencies: [.product(name: "GroupIcon", package: "chat-tui")]),
        // The check the image-decoding targets share (a library: it has no libFuzzer entry point).
        .target(name: "DecoderFuzzing", dependencies: [.product(name: "GroupIcon", package: "chat-tui")]),
        .executableTarget(
            name: "FuzzImageDecoder",
            dependencies: ["DecoderFuzzing", .product(name: "GroupIcon", package: "chat-tui")]),
        .executableTarget(name: "FuzzResampler", dependencies: [.product(name: "GroupIcon", package: "chat-tui")]),
        .executableTarget(name: "FuzzSheetText", dependencies: [.product(name: "GroupIcon", package: "chat-tui")]),
        .executableTarget(name: "FuzzPaths", dependencies: [.product(name: "ChatTUIApp", package: "chat-tui")]),
        .executableTarget(
            name: "FuzzPrompt",
            dependencies: [
                .product(name: "ChatTUIApp", package: "chat-tui"), .product(name: "GroupIcon", package: "chat-tui"),
                .product(name: "Fixtures", package: "chat-tui"),
            ]),
        .executableTarget(
            name: "FuzzTerminalReplies", dependencies: [.product(name: "ChatTUIApp", package: "chat-tui")]),
        .executableTarget(
            name: "FuzzTerminalInput", dependencies: [.product(name: "ChatTUIApp", package: "chat-tui")]),
        .executableTarget(
            name: "FuzzPresets",
            dependencies: [
                .product(name: "ChatTUIApp", package: "chat-tui"), .product(name: "GroupIcon", package: "chat-tui"),
            ]),
        .executableTarget(
            name: "FuzzServiceURLs",
            dependencies: [
                .product(name: "RenderService", package: "chat-tui"), .product(name: "GroupIcon", package: "chat-tui"),
            ]),
    ] + decoderTargets,
    swiftLanguageModes: [.v6]
)
