/// A term and what it means, for the man page's ENVIRONMENT (a variable) and EXAMPLES (a command) sections.
package struct ManPageItem: Sendable, Equatable {
    package var term: String
    package var text: String

    package init(_ term: String, _ text: String) {
        self.term = term; self.text = text
    }
}

extension CommandLineTool {
    /// The manual page (troff `man` macros) for `help --man`, made from the catalogue (`catalogue`) like
    /// `--help`, so the two never drift: every command and the words the tool answers itself, their options,
    /// operands and notes, then the environment variables and examples the tool was given. Read it with
    /// `man -l`.
    package func manPage() -> String {
        let summary = catalogue.first { $0.name.isEmpty }?.summary ?? program
        var lines = [
            ".TH \(Self.roff(program.uppercased())) 1 \"\" \"\(Self.roff(program)) \(Self.roff(version))\" \"User Commands\"",
            ".SH NAME", "\(Self.roff(program)) \\- \(Self.roff(summary))", ".SH SYNOPSIS", ".nf",
        ]
        lines += catalogue.flatMap(\.usage).map { Self.roff($0) }
        lines += [".fi", ".SH COMMANDS"]
        for entry in catalogue {
            let title = entry.name.isEmpty ? program : "\(program) \(entry.name)"
            lines += [".SS \"\(Self.roff(title))\"", Self.roff(entry.summary)]
            switch entry.operands {
            case .none: break
            case .words(let words):
                lines += [
                    ".PP", "Takes one of: " + words.map { "\\fB\(Self.roff($0))\\fR" }.joined(separator: ", ") + ".",
                ]
            case .file: lines += [".PP", "Takes a \\fIFILE\\fR; \\fB\\-\\fR reads standard input."]
            }
            for spec in entry.specs {
                let short = spec.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
                let value = spec.valueName.map { " \\fI\(Self.roff($0))\\fR" } ?? ""
                var help = Self.roff(spec.help)
                if !spec.choices.isEmpty {
                    help += " Values: " + spec.choices.map { "\\fB\(Self.roff($0))\\fR" }.joined(separator: ", ") + "."
                }
                lines += [".TP", "\(short)\\fB\(Self.roff(spec.name))\\fR\(value)", help]
            }
            for note in entry.notes { lines += [".PP", Self.roff(note)] }
        }
        if !environment.isEmpty {
            lines.append(".SH ENVIRONMENT")
            for item in environment { lines += [".TP", "\\fB\(Self.roff(item.term))\\fR", Self.roff(item.text)] }
        }
        lines += [".SH EXIT STATUS", "0 success, 1 the work failed, 2 the command line was wrong."]
        if !examples.isEmpty {
            lines.append(".SH EXAMPLES")
            for item in examples {
                lines += [".PP", Self.roff(item.text), ".PP", ".RS", "\\fB\(Self.roff(item.term))\\fR", ".RE"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` safe in a troff line: backslashes and dashes escaped, and a leading `.` or `'` (a request)
    /// defused.
    package static func roff(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
