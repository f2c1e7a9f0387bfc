import ArgumentParsing
import Foundation
import GroupExport
import TerminalUI
import Testing

@testable import ChatTUI

/// Each option is declared once, in the group or command that reads it: no command looks an option up by a
/// name spelt anywhere else.
@Suite struct OptionGroupTests {
    private static let commandsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ChatTUI/Commands")

    /// Every string literal that is exactly an option name (`"--group"`) in `Sources/ChatTUI/Commands` is the
    /// name of a spec being declared (`name: "--group"`); a lookup such as `arguments.string("--group")` fails.
    @Test func optionNamesAreSpeltOnlyWhereTheyAreDeclared() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.commandsFolder.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        let literal = try Regex(#""--[a-z0-9][a-z0-9-]*""#)
        var declarations = 0
        for file in files {
            let text = try String(contentsOf: Self.commandsFolder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: literal) {
                    let isDeclaration = line[..<match.range.lowerBound].hasSuffix("name: ")
                    #expect(
                        isDeclaration,
                        "\(file):\(number + 1): \(line[match.range]) is spelt outside its declaration; read it through its OptionSpec"
                    )
                    if isDeclaration { declarations += 1 }
                }
            }
        }
        #expect(declarations > 40)
    }

    /// A command lists each option once, whichever groups it composes.
    @Test func commandsListEachOptionOnce() {
        for command in CommandLineTool.chatTUI.commands {
            let names = command.allSpecs.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name): \(names)")
        }
    }

    /// Each command lists every option of the groups its `init` composes: an option left out would never be
    /// given, and its group would read it as absent without a word.
    @Test func commandsListTheOptionsOfTheirGroups() {
        let groups: [(any ToolCommand.Type, [any OptionGroup.Type])] = [
            (
                ExportCommand.self,
                [
                    FixtureSource.self, ReportOptions.self, SheetOptions.self, OutputOptions.self,
                    SessionOptions.PipelineOptions.self,
                ]
            ),
            (AvatarCommand.self, [FixtureSource.self, EncodingOptions.self, SessionOptions.PipelineOptions.self]),
            (ShowCommand.self, [FixtureSource.self, TerminalOptions.self, SessionOptions.PipelineOptions.self]),
            (InteractiveCommand.self, [TerminalOptions.self, SheetOptions.self, SessionOptions.PipelineOptions.self]),
            (ServeCommand.self, [SessionOptions.PipelineOptions.self]),
        ]
        for (command, composed) in groups {
            let names = Set(command.specs.map(\.name))
            for group in composed {
                let missing = group.options.map(\.name).filter { !names.contains($0) }
                #expect(missing.isEmpty, "\(command) composes \(group) but does not list \(missing)")
            }
        }
    }

    /// The groups read what their options say, and report a bad value under the command that was run.
    @Test func groupsReadTheirOptions() throws {
        let specs = TerminalOptions.options + SheetOptions.options + ReportOptions.options
        let parsed = try ParsedArguments(
            ["--dither", "ordered", "--list-avatar-size", "64", "--theme", "dark", "-q"], specs: specs, command: "show")
        let terminal = try TerminalOptions(parsing: parsed)
        #expect(terminal.dither == .ordered && terminal.graphics == GraphicsOption(argument: "auto"))
        let sheet = try SheetOptions(parsing: parsed)
        #expect(sheet.listAvatarPoints == 64 && sheet.selectedTheme == .dark && sheet.isGiven)
        let report = ReportOptions(parsing: parsed)
        #expect(report.quiet && !report.json && !report.strict)
        #expect(try !SheetOptions(parsing: ParsedArguments([], specs: specs, command: "show")).isGiven)
        let bad = try ParsedArguments(["--color", "many"], specs: specs, command: "show")
        #expect(
            throws: UsageError(
                message: "--color: expected auto, truecolor, 256, 16 or none, got 'many'", command: "show")
        ) {
            try TerminalOptions(parsing: bad)
        }
    }
}
