import ArgumentParsing
import FileSystem
import GroupExport
import GroupIcon
import Testing

@testable import ChatTUI

@Suite struct PresetOptionTests {
    /// A configuration folder holding `presets`, removed by `done`.
    private func configuration(_ presets: [(String, CompositionParameters)]) throws -> (
        environment: [String: String], done: () -> Void
    ) {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "chat-tui-config")
        var file = PresetFile(path: folder + "/chat-tui/presets.json")
        for (name, parameters) in presets { file.save(parameters, as: name) }
        try file.write()
        return (["XDG_CONFIG_HOME": folder], { FileIO.removeTree(folder) })
    }

    private func parameters(_ arguments: [String], _ environment: [String: String]) throws(UsageError)
        -> CompositionParameters
    {
        let parsed = try ParsedArguments(arguments, specs: CompositionOptions.specs, command: "export")
        return try CompositionOptions.parameters(from: parsed, environment: environment)
    }

    @Test func aPresetIsTheStartAndOptionsAfterItOverrideIt() throws {
        let (environment, done) = try configuration([
            ("ring", CompositionParameters(layout: .qq, margin: 4, background: .white))
        ])
        defer { done() }
        #expect(
            try parameters(["--preset", "ring"], environment)
                == CompositionParameters(layout: .qq, margin: 4, background: .white))
        #expect(try parameters(["--preset", "ring", "--margin", "6"], environment).margin == 6)
        // An option before the preset is overridden by it; one the preset does not set stays.
        #expect(try parameters(["--margin", "6", "--preset", "ring"], environment).margin == 4)
        #expect(try parameters(["--size", "100", "--preset", "ring"], environment).size == 100)
    }

    @Test func aMissingOrBrokenPresetNamesTheFile() throws {
        let (environment, done) = try configuration([("ring", CompositionParameters(layout: .qq))])
        defer { done() }
        let file = (environment["XDG_CONFIG_HOME"] ?? "") + "/chat-tui/presets.json"
        #expect(
            throws: UsageError(
                message: "--preset nope: \(file): no preset named \"nope\" (it has ring)", command: "export")
        ) {
            _ = try parameters(["--preset", "nope"], environment)
        }
        #expect(
            throws: UsageError(
                message: "--preset x: no folder for presets: set XDG_CONFIG_HOME or HOME", command: "export")
        ) {
            _ = try parameters(["--preset", "x"], [:])
        }
        // A preset value that does not fit the options after it says it came from the preset.
        let (small, doneSmall) = try configuration([("wide", CompositionParameters(margin: 30))])
        defer { doneSmall() }
        #expect(
            throws: UsageError(
                message: "--preset wide: margin: expected a length in points from 0 to 25, got '30'",
                command: "export")
        ) {
            _ = try parameters(["--size", "100", "--preset", "wide"], small)
        }
    }

    @Test func degenerateAvatarsAreRefusedNamingTheLimit() throws {
        // The issue's `export --margin 33`: nine tiles of 0 pt.
        let margin33 = CompositionParameters(margin: 33)
        #expect(
            throws: UsageError(
                message:
                    "these parameters would draw degenerate avatars: wechat tiles of 9-member groups would be 0 pt, less than the 11 pt minimum (a twelfth of the size): use --margin at most 24.75",
                command: "export")
        ) {
            try CompositionOptions.checkLimits(margin33, memberCounts: [1, 9], command: "export")
        }
        try CompositionOptions.checkLimits(margin33, memberCounts: [1, 2], command: "export")
        // Grid, nine members: (132 - 2*33 - 2*20) / 3 = 8.7 pt.
        let padded = CompositionParameters(layout: .grid, margin: 20, padding: 33)
        #expect(throws: UsageError.self) {
            try CompositionOptions.checkLimits(padded, memberCounts: [9], command: "export")
        }
        // The layout command checks the count it is given.
        #expect(throws: UsageError.self) {
            _ = try LayoutCommand(
                arguments: ParsedArguments(
                    ["--count", "9", "--margin", "33"], specs: LayoutCommand.specs,
                    command: "layout"))
        }
        _ = try LayoutCommand(
            arguments: ParsedArguments(
                ["--count", "1", "--margin", "33"], specs: LayoutCommand.specs,
                command: "layout"))
    }
}
