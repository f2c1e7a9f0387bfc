/// A subcommand of a command-line tool: a value parsed from its arguments, then run.
package protocol ToolCommand: Sendable {
    /// The word after the program name that selects the command ("" for the default command).
    static var name: String { get }
    static var summary: String { get }
    /// Usage lines shown at the top of `--help`.
    static var usage: [String] { get }
    static var specs: [OptionSpec] { get }
    init(arguments: ParsedArguments) throws(UsageError)
    func run(output: CommandOutput) async -> ExitStatus
}

extension ToolCommand {
    /// The complete `--help` text, the command called as `program name`.
    package static func helpText(program: String) -> String {
        var lines = ["\(program) \(name.isEmpty ? "" : name + " ")- \(summary)", "", "Usage:"]
        lines += usage.map { "  \($0)" }
        lines += ["", "Options:"]
        let all = specs + [OptionSpec(name: "--help", valueName: nil, help: "show this help")]
        let labels = all.map { spec in spec.name + (spec.valueName.map { " " + $0 } ?? "") }
        let width = min(28, labels.map(\.count).max() ?? 0)
        for (label, spec) in zip(labels, all) {
            let padded = label.count < width ? label + String(repeating: " ", count: width - label.count) : label
            lines.append("  \(padded)  \(spec.help)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A command-line tool's entry: picks the command, handles `--help`/`--version`, maps failures to exit
/// statuses.
package struct CommandLineTool: Sendable {
    /// The program's name in messages and help (`chat-tui`).
    package var program: String
    package var version: String
    /// The commands; the one named "" runs when no command word is given.
    package var commands: [any ToolCommand.Type]

    package init(program: String, version: String, commands: [any ToolCommand.Type]) {
        self.program = program; self.version = version; self.commands = commands
    }

    package func run(_ arguments: [String], output: CommandOutput) async -> ExitStatus {
        var rest = arguments
        if rest.first == "--version" {
            output.standardOutput("\(program) \(version)\n")
            return .success
        }
        if rest.first == "help" {
            rest.removeFirst()
            rest = (rest.isEmpty ? [] : [rest[0]]) + ["--help"]
        }
        let named = commands.first { !$0.name.isEmpty && $0.name == rest.first }
        if named != nil { rest.removeFirst() }
        guard let command = named ?? commands.first(where: { $0.name.isEmpty }) else { return .failure }
        if rest.contains("--help") || rest.contains("-h") {
            var text = command.helpText(program: program)
            let others = commands.filter { !$0.name.isEmpty }
            if command.name.isEmpty && !others.isEmpty {
                text += "\nCommands:\n" + others
                    .map { "  \($0.name.padding(toLength: 8, withPad: " ", startingAt: 0))  \($0.summary)" }
                    .joined(separator: "\n") + "\n  help CMD  show a command's help\n  --version print the version\n"
            }
            output.standardOutput(text)
            return .success
        }
        do throws(UsageError) {
            let parsed = try ParsedArguments(rest, specs: command.specs, command: command.name)
            return try await command.init(arguments: parsed).run(output: output)
        } catch {
            let helpCommand = error.command.isEmpty ? "\(program) --help" : "\(program) \(error.command) --help"
            output.standardError("\(program): \(error.message)\nTry '\(helpCommand)'.\n")
            return .usage
        }
    }
}
