/// What a command takes besides its options.
package enum Operands: Sendable, Equatable {
    case none
    /// One of these words (`cache stats|clear`, `completions bash|zsh|fish`).
    case words([String])
    /// A file (`show FILE`); `-` stands for standard input.
    case file
}

/// One entry of a tool's catalogue: a command, or a word the tool answers itself (`help`, `completions`), as
/// `--help`, the man page and the shell completions all describe it, so none of them can leave one out.
package struct CommandEntry: Sendable {
    /// The word that selects it ("" for the default command).
    package var name: String
    package var summary: String
    /// Usage lines shown at the top of its help.
    package var usage: [String]
    /// Every option it takes, `--help` included.
    package var specs: [OptionSpec]
    /// Paragraphs shown after the options.
    package var notes: [String]
    package var operands: Operands

    package init(
        name: String, summary: String, usage: [String], specs: [OptionSpec], notes: [String] = [],
        operands: Operands = .none
    ) {
        self.name = name; self.summary = summary; self.usage = usage; self.specs = specs; self.notes = notes
        self.operands = operands
    }

    /// The entry of `command`.
    package init(_ command: any ToolCommand.Type) {
        self.init(
            name: command.name, summary: command.summary, usage: command.usage, specs: command.allSpecs,
            notes: command.notes, operands: command.operands)
    }

    /// The complete `--help` text, the program called `program`.
    package func helpText(program: String) -> String {
        var lines = ["\(program) \(name.isEmpty ? "" : name + " ")- \(summary)", "", "Usage:"]
        lines += usage.map { "  \($0)" }
        lines += ["", "Options:"]
        let labels = specs.map(\.label)
        let width = min(28, labels.map(\.count).max() ?? 0)
        for (label, spec) in zip(labels, specs) {
            let padded = label.count < width ? label + String(repeating: " ", count: width - label.count) : label
            lines.append("  \(padded)  \(spec.help)")
        }
        for note in notes { lines += [""] + CommandEntry.wrap(note, width: 100) }
        return lines.joined(separator: "\n") + "\n"
    }

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

extension CommandLineTool {
    /// `--help`, on every command.
    static let helpSpec = OptionSpec(name: "--help", valueName: nil, help: "show this help", short: "h")
    /// `--version`, which the tool answers before any command.
    static let versionSpec = OptionSpec(
        name: "--version", valueName: nil, help: "print the version and those of the C libraries it runs with",
        short: "V")

    /// Every command and every word the tool answers itself, in the order help lists them: what `--help`, the
    /// man page and the completions are all made from. The default command's entry carries `--version`.
    package var catalogue: [CommandEntry] {
        let named = commands.map { $0.name }.filter { !$0.isEmpty }
        var entries = commands.map { command in CommandEntry(command) }
        if let index = entries.firstIndex(where: { $0.name.isEmpty }) {
            entries[index].specs.append(Self.versionSpec)
        }
        entries.append(
            CommandEntry(
                name: "help", summary: "show a command's help, or print the manual page",
                usage: ["\(program) help [COMMAND]", "\(program) help --man | man -l -"],
                specs: [
                    OptionSpec(
                        name: "--man", valueName: nil, help: "print the manual page (troff; read it with man -l -)")
                ],
                operands: .words(named + ["completions"])))
        entries.append(
            CommandEntry(
                name: "completions", summary: "print the bash, zsh or fish completion script",
                usage: [
                    "\(program) completions bash|zsh|fish",
                    "source <(\(program) completions bash)   (bash; zsh: save it as _\(program) on $fpath; fish: | source)",
                ],
                specs: [Self.helpSpec], operands: .words(CompletionShell.allCases.map(\.rawValue))))
        return entries
    }
}

extension CommandLineTool {
    /// A Markdown table of which command takes which option, made from the catalogue: one row per option (in
    /// the order the commands list them), one column per command. `docs/CLI.md` holds it, checked by a test.
    package func optionTable() -> String {
        let columns = catalogue.filter { entry in commands.contains { $0.name == entry.name } }
        var rows: [(label: String, name: String)] = []
        for spec in columns.flatMap(\.specs) where !rows.contains(where: { $0.name == spec.name }) {
            rows.append(((spec.short.map { "`-\($0)`, " } ?? "") + "`\(spec.name)`", spec.name))
        }
        let titles = columns.map { $0.name.isEmpty ? "(app)" : $0.name }
        var lines = [
            "| option | " + titles.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: columns.count),
        ]
        for row in rows {
            let marks = columns.map { entry in entry.specs.contains { $0.name == row.name } ? "✓" : "" }
            lines.append("| \(row.label) | " + marks.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
