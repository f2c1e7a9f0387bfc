import Foundation

/// Where a command writes: injectable so commands are tested without touching the real streams.
struct CommandOutput: Sendable {
    var standardOutput: @Sendable (String) -> Void
    var standardError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress bars are drawn only then).
    var errorIsTerminal: Bool

    static let process = CommandOutput(
        standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
}

/// A subcommand of `chat-tui`: a value parsed from its arguments, then run.
protocol ToolCommand: Sendable {
    /// The word after `chat-tui` that selects the command ("" for the interactive app).
    static var name: String { get }
    static var summary: String { get }
    /// Usage lines shown at the top of `--help`.
    static var usage: [String] { get }
    static var specs: [OptionSpec] { get }
    init(arguments: ParsedArguments) throws(UsageError)
    func run(output: CommandOutput) async -> ExitStatus
}

extension ToolCommand {
    /// The complete `--help` text.
    static var helpText: String {
        var lines = ["chat-tui \(name.isEmpty ? "" : name + " ")- \(summary)", "", "Usage:"]
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

/// `chat-tui`'s entry: picks the command, handles `--help`/`--version`, maps failures to exit statuses.
enum CommandLineTool {
    static let version = "0.1.0"

    static func run(_ arguments: [String], commands: [any ToolCommand.Type], output: CommandOutput) async -> ExitStatus {
        var rest = arguments
        if rest.first == "--version" {
            output.standardOutput("chat-tui \(version)\n")
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
            var text = command.helpText
            if command.name.isEmpty {
                text += "\nCommands:\n" + commands.filter { !$0.name.isEmpty }
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
            let helpCommand = error.command.isEmpty ? "chat-tui --help" : "chat-tui \(error.command) --help"
            output.standardError("chat-tui: \(error.message)\nTry '\(helpCommand)'.\n")
            return .usage
        }
    }
}
