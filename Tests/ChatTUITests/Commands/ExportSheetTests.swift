import ArgumentParsing
import Foundation
import Testing

@testable import ChatTUI

/// `export --sheet`: what it refuses before drawing anything.
@Suite struct ExportSheetTests {
    private static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-data/groups.json").path

    private func run(_ arguments: [String]) async -> (ArgumentParsing.ExitStatus, err: String) {
        let err = LockedText()
        let output = CommandOutput(standardOutput: { _ in }, standardError: { err.append($0) }, errorIsTerminal: false)
        return (await CommandLineTool.chatTUI.run(["export"] + arguments, output: output), err.text)
    }

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("export-sheet-\(UUID().uuidString)-\(name)").path
    }

    @Test func aSheetAboveTheMemoryLimitIsRefusedNamingTheLimitAndWhatFits() async {
        // At --size 1024 --scale 4 a sheet holds about 2.4 GB: refused before anything is composed.
        let path = temporaryPath("sheet.png")
        let (status, err) = await run([
            "--fixtures", Self.samples, "--group", "ride", "--sheet", path, "--size", "1024", "--scale", "4",
            "--memory-limit", "256M", "--no-cache",
        ])
        #expect(status == .failure)
        #expect(err.contains("the variants sheet at --size 1024 --scale 4 takes about "), "\(err)")
        #expect(err.contains("more than the 192 MB of work memory allowed (three quarters of --memory-limit 256 MB)"))
        #expect(err.contains("it fits at --scale 1, or give a larger --memory-limit"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aSpecIsNotWrittenForASheetSoItIsRefused() async {
        let path = temporaryPath("sheet.png")
        let (status, err) = await run(["--fixtures", Self.samples, "--sheet", path, "--spec"])
        #expect(status == .usage)
        #expect(err.contains("--sheet FILE writes no spec"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
