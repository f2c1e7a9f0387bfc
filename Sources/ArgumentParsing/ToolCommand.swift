import Foundation

/// A subcommand of a command-line tool: a value parsed from its arguments, then run.
package protocol ToolCommand: Sendable {
    /// The word after the program name that selects the command ("" for the default command).
    static var name: String { get }
    static var summary: String { get }
    /// Usage lines shown at the top of `--help`.
    static var usage: [String] { get }
    static var specs: [OptionSpec] { get }
    /// Paragraphs shown after the options: rules worth knowing before running the command (what an output
    /// path may name, say). Each is one line of text; `helpText` wraps them.
    static var notes: [String] { get }
    /// What it takes besides options, for help and completions (none unless said).
    static var operands: Operands { get }
    init(arguments: ParsedArguments) throws(UsageError)
    func run(output: CommandOutput) async -> ExitStatus
}

extension ToolCommand {
    package static var notes: [String] { [] }
    package static var operands: Operands { .none }

    /// The complete `--help` text, the command called as `program name`.
    package static func helpText(program: String) -> String {
        CommandEntry(Self.self).helpText(program: program)
    }

    /// The command's options and `--help`: what help, the man page and the completions list.
    package static var allSpecs: [OptionSpec] { specs + [CommandLineTool.helpSpec] }
}

/// A command-line tool's entry: picks the command, handles `--help`/`--version`, maps failures to exit
/// statuses.
package struct CommandLineTool: Sendable {
    /// The program's name in messages and help (`chat-tui`).
    package var program: String
    /// The program's version, printed after its name by `--version`.
    package var version: String
    /// The commands; the one named "" runs when no command word is given.
    package var commands: [any ToolCommand.Type]
    /// The lines `--version` prints after the program's version (the C libraries it runs with); asked for only
    /// then, since finding them out starts those libraries.
    package var versionDetails: @Sendable () -> [String]
    /// The environment variables the tool reads, for the man page's ENVIRONMENT section.
    package var environment: [ManPageItem]
    /// Command lines worth copying, each with what it does, for the man page's EXAMPLES section.
    package var examples: [ManPageItem]

    package init(
        program: String, version: String, commands: [any ToolCommand.Type],
        versionDetails: @escaping @Sendable () -> [String] = { [] }, environment: [ManPageItem] = [],
        examples: [ManPageItem] = []
    ) {
        self.program = program; self.version = version; self.commands = commands
        self.versionDetails = versionDetails; self.environment = environment; self.examples = examples
    }

    /// Runs the command line; when a write to standard output or error failed on the way, says which stream
    /// (on standard error, if that still works) and turns success into failure: output that did not arrive is
    /// no success.
    package func run(_ arguments: [String], output: CommandOutput) async -> ExitStatus {
        let status = await dispatch(arguments, output: output)
        let failures = output.failures()
        guard !failures.isEmpty else { return status }
        output.standardError(failures.map { "\(program): could not write to \($0)\n" }.joined())
        return status == .success ? .failure : status
    }

    private func dispatch(_ arguments: [String], output: CommandOutput) async -> ExitStatus {
        var rest = arguments
        do throws(UsageError) {
            if let first = rest.first, first == "--version" || first == "-V" {
                guard rest.count == 1 else {
                    throw UsageError(
                        message: "\(first) takes no arguments, got '\(ParsedArguments.displayed(rest[1]))'",
                        command: "")
                }
                output.standardOutput(([program + " " + version] + versionDetails()).map { $0 + "\n" }.joined())
                return .success
            }
            if rest == ["help", "--man"] {
                output.standardOutput(manPage())
                return .success
            }
            // `help completions` and `completions --help` show the completions entry's help.
            if rest == ["help", "completions"]
                || rest.first == "completions"
                    && rest.dropFirst().contains(where: {
                        $0 == "--help" || $0 == "-h"
                    })
            {
                output.standardOutput(catalogue.first { $0.name == "completions" }?.helpText(program: program) ?? "")
                return .success
            }
            if rest.first == "completions" {
                guard rest.count == 2, let shell = CompletionShell(rawValue: rest[1]) else {
                    throw UsageError(
                        message: "expected 'completions bash', 'completions zsh' or 'completions fish'",
                        command: "completions")
                }
                output.standardOutput(completionScript(for: shell))
                return .success
            }
            if rest.first == "help" {
                rest.removeFirst()
                // `help help` explains the help command, which the top-level help lists.
                if rest.first == "help" { rest = [] }
                if let name = rest.first { try checkCommandName(name) }
                rest = (rest.isEmpty ? [] : [rest[0]]) + ["--help"]
            }
            let named = commands.first { !$0.name.isEmpty && $0.name == rest.first }
            if named != nil {
                rest.removeFirst()
            } else if let word = rest.first, !word.hasPrefix("-") {
                // The default command takes no words, so a first word is a command name, perhaps misspelt.
                try checkCommandName(word)
            }
            guard let command = named ?? commands.first(where: { $0.name.isEmpty }) else { return .failure }
            if ParsedArguments.requestsHelp(rest, specs: command.specs) {
                output.standardOutput(helpText(for: command))
                return .success
            }
            let parsed = try ParsedArguments(rest, specs: command.specs, command: command.name)
            return try await command.init(arguments: parsed).run(output: output)
        } catch {
            let helpCommand = error.command.isEmpty ? "\(program) --help" : "\(program) \(error.command) --help"
            output.standardError("\(program): \(error.message)\nTry '\(helpCommand)'.\n")
            return .usage
        }
    }

    /// Throws unless `name` is one of the commands, suggesting the closest one.
    private func checkCommandName(_ name: String) throws(UsageError) {
        let names = commands.map { $0.name }.filter { !$0.isEmpty } + ["completions"]
        guard !names.contains(name) else { return }
        let close = Suggestion.closest(to: name, among: names)
        throw UsageError(
            message: "unknown command '\(ParsedArguments.displayed(name))'"
                + (close.map { "; did you mean '\($0)'?" } ?? ""),
            command: "")
    }

    /// The help of `command` from its catalogue entry; the default command's also lists the other entries.
    private func helpText(for command: any ToolCommand.Type) -> String {
        var text = (catalogue.first { $0.name == command.name } ?? CommandEntry(command)).helpText(program: program)
        let others = catalogue.filter { !$0.name.isEmpty }
        if command.name.isEmpty && !others.isEmpty {
            let rows = others.map { ($0.name, $0.summary) }
            let width = rows.map(\.0.count).max() ?? 0
            text +=
                "\nCommands:\n"
                + rows
                .map { "  \($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1)" }
                .joined(separator: "\n") + "\n"
        }
        return text
    }
}
