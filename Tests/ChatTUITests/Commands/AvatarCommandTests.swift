import ArgumentParsing
import Foundation
import GroupExport
import GroupIcon
import Testing

@testable import ChatTUI

@Suite struct AvatarCommandTests {
    private func command(_ arguments: [String]) throws(UsageError) -> AvatarCommand {
        try AvatarCommand(
            arguments: try ParsedArguments(
                ["--member", "m1"] + arguments, specs: AvatarCommand.specs,
                command: AvatarCommand.name))
    }

    @Test func theOutputsExtensionPicksTheFormatAsForExport() throws {
        #expect(try command(["--output", "a.png"]).encoding.format == .png)
        #expect(try command(["--output", "a.JPG"]).encoding.format == .jpeg)
        #expect(
            try command(["--output", "a.webp", "--quality", "80"]).encoding
                == OutputEncoding(format: .webp, quality: 80))
        #expect(try command(["--output", "a"]).encoding.format == .png)
        #expect(
            throws: UsageError(
                message: "a.gif: .gif is not an output format: name the file .png, .jpg/.jpeg or .webp",
                command: "avatar")
        ) { try command(["--output", "a.gif"]) }
        #expect(throws: UsageError(message: "a.jpg: the .jpg extension contradicts --format png", command: "avatar")) {
            try command(["--output", "a.jpg", "--format", "png"])
        }
    }

    /// Issue 39: `avatar -o -` wrote a file named `-` and `--fixtures -` read one. `-` is standard output for
    /// `--output` and standard input for `--fixtures`, as for `export`; `./-` is a file.
    @Test func aDashIsAStandardStream() async throws {
        let parsed = try command(["-o", "-", "--fixtures", "-", "--format", "webp"])
        #expect(parsed.destination == .standardOutput)
        #expect(parsed.fixture.argument == .standardInput && parsed.fixture.name == "standard input")
        #expect(parsed.encoding.format == .webp)
        #expect(try command(["-o", "./-"]).destination == .path("./-"))
        let bytes = LockedText(), err = LockedText()
        let output = CommandOutput(
            standardOutput: { bytes.append($0) }, standardError: { err.append($0) }, errorIsTerminal: false)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let status = await CommandLineTool.chatTUI.run(
            [
                "avatar", "--fixtures", root.appendingPathComponent("sample-data/groups.json").path, "--member",
                "u01", "-o", "-", "--no-cache",
            ], output: output)
        #expect(status == .success, "\(err.text)")
        #expect(
            bytes.text.unicodeScalars.prefix(4).map(\.value) == [0x89, 0x50, 0x4E, 0x47], "no PNG on standard output")
        // On a terminal the image is refused, as for export.
        let terminal = CommandOutput(
            standardOutput: { bytes.append($0) }, standardError: { err.append($0) }, errorIsTerminal: false,
            outputIsTerminal: true)
        #expect(
            await CommandLineTool.chatTUI.run(["avatar", "--member", "u01", "-o", "-"], output: terminal) == .failure)
        #expect(err.text.contains("chat-tui: --output -: standard output is a terminal"))
    }

    @Test func theColorSpaceIsReadByTheCatalogueField() throws {
        #expect(try command(["--output", "a.png"]).colorSpace == .srgb)
        #expect(try command(["--output", "a.webp", "--color-space", "display-p3"]).colorSpace == .displayP3)
        #expect(
            throws: UsageError(message: "--color-space: expected srgb or display-p3, got 'p3'", command: "avatar")
        ) { try command(["--output", "a.png", "--color-space", "p3"]) }
    }

    @Test func aBorderThatLeavesNoPhotoIsRefused() throws {
        #expect(
            throws: UsageError(
                message:
                    "--style: a member-style border of 66 pt leaves too little of the photo in a 132 pt tile: at most 33 pt (a quarter of its side)",
                command: "avatar")
        ) { try command(["--output", "a.png", "--style", "rounded:6:66"]) }
        #expect(
            try command(["--output", "a.png", "--style", "rounded:6:33"]).style
                == .rounded(radius: 6, border: 33, borderColor: .transparent))
    }

    @Test func theOriginalStyleIgnoresTheSizeItDoesNotUse() throws {
        #expect(
            try command(["--output", "a.png", "--style", "original", "--size", "2048", "--scale", "4"]).style
                == .original)
        #expect(throws: UsageError.self) {
            try command(["--output", "a.png", "--style", "circle", "--size", "2048", "--scale", "4"])
        }
    }

    @Test func anEmptyCacheFolderIsAUsageErrorForEveryCommand() {
        let cases: [(any ToolCommand.Type, [String])] = [
            (AvatarCommand.self, ["--member", "m1", "--output", "a.png", "--cache-dir", ""]),
            (ExportCommand.self, ["--group", "g", "--output", "a.png", "--cache-dir", ""]),
            (CacheCommand.self, ["stats", "--cache-dir="]),
        ]
        for (type, arguments) in cases {
            #expect(
                throws: UsageError(
                    message: "--cache-dir: the path is empty (name a folder, or leave the option out)",
                    command: type.name)
            ) {
                _ = try ParsedArguments(arguments, specs: type.specs, command: type.name)
            }
        }
    }
}
