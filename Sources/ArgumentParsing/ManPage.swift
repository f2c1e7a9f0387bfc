extension CommandLineTool {
    /// The manual page (troff `man` macros) for `help --man`, made from the same summaries, usage lines,
    /// `OptionSpec`s and notes as `--help`, so the two never drift. Read it with `man -l`.
    package func manPage() -> String {
        let summary = commands.first { $0.name.isEmpty }?.summary ?? program
        var lines = [
            ".TH \(Self.roff(program.uppercased())) 1 \"\" \"\(Self.roff(program)) \(Self.roff(version))\" \"User Commands\"",
            ".SH NAME", "\(Self.roff(program)) \\- \(Self.roff(summary))", ".SH SYNOPSIS", ".nf",
        ]
        lines += commands.flatMap { $0.usage }.map { Self.roff($0) }
        lines += [".fi", ".SH COMMANDS"]
        for command in commands {
            let title = command.name.isEmpty ? program : "\(program) \(command.name)"
            lines += [".SS \"\(Self.roff(title))\"", Self.roff(command.summary)]
            for spec in command.allSpecs {
                let short = spec.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
                let value = spec.valueName.map { " \\fI\(Self.roff($0))\\fR" } ?? ""
                lines += [".TP", "\(short)\\fB\(Self.roff(spec.name))\\fR\(value)", Self.roff(spec.help)]
            }
            for note in command.notes { lines += [".PP", Self.roff(note)] }
        }
        lines += [
            ".SS \"\(Self.roff(program)) completions bash|zsh|fish\"",
            "Prints a completion script: \\fBsource <(\(Self.roff(program)) completions bash)\\fR.",
            ".SH EXIT STATUS", "0 success, 1 the work failed, 2 the command line was wrong.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` safe in a troff line: backslashes and dashes escaped, and a leading `.` or `'` (a request)
    /// defused.
    static func roff(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
