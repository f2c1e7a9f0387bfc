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
    init(arguments: ParsedArguments) throws(UsageError)
    func run(output: CommandOutput) async -> ExitStatus
}

extension ToolCommand {
    package static var notes: [String] { [] }

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
        for note in notes { lines += [""] + Self.wrap(note, width: 100) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ToolCommand {
    /// `text` broken at spaces into lines of at most `width` characters (longer words stand alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }
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

    package init(program: String, version: String, commands: [any ToolCommand.Type],
                 versionDetails: @escaping @Sendable () -> [String] = { [] }) {
        self.program = program; self.version = version; self.commands = commands
        self.versionDetails = versionDetails
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
                    throw UsageError(message: "\(first) takes no arguments, got '\(Self.display(rest[1]))'",
                                     command: "")
                }
                output.standardOutput(([program + " " + version] + versionDetails()).map { $0 + "\n" }.joined())
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
        let names = commands.map { $0.name }.filter { !$0.isEmpty }
        guard !names.contains(name) else { return }
        let close = names.map { ($0, Self.editDistance(name, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
        throw UsageError(message: "unknown command '\(Self.display(name))'"
                         + (close.map { "; did you mean '\($0.0)'?" } ?? ""), command: "")
    }

    /// A word of the command line fit to quote in a message: at most 40 characters, control characters as `?`.
    private static func display(_ word: String) -> String {
        String(word.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }

    /// The number of single-character insertions, deletions, substitutions and swaps of neighbours that turn
    /// `a` into `b` (optimal string alignment distance); words over 64 characters count as far from all.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard a.count <= 64, b.count <= 64 else { return .max }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }

    private func helpText(for command: any ToolCommand.Type) -> String {
        var text = command.helpText(program: program)
        let others = commands.filter { !$0.name.isEmpty }
        if command.name.isEmpty && !others.isEmpty {
            text += "\nCommands:\n" + others
                .map { "  \($0.name.padding(toLength: 8, withPad: " ", startingAt: 0))  \($0.summary)" }
                .joined(separator: "\n") + "\n  help CMD  show a command's help\n"
                + "  -V, --version  print the version and those of the C libraries it runs with\n"
        }
        return text
    }
}
