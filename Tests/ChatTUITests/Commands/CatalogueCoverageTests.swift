import ArgumentParsing
import Foundation
import Testing

@testable import ChatTUI

/// Issue 37: the completions and the man page lacked `cache stats|clear`, `-V`, `help completions` and
/// `show FILE`, and offered no values after `avatar --color-space`. Each is made from the catalogue, and this
/// walks the catalogue: every command, operand word, option and enumerated value is in every script and in the
/// man page.
@Suite struct CatalogueCoverageTests {
    private let tool = CommandLineTool.chatTUI

    /// Every word a user may type, with where it comes from (for the failure message).
    private var words: [(word: String, source: String)] {
        var words: [(String, String)] = []
        for entry in tool.catalogue {
            let place = entry.name.isEmpty ? "chat-tui" : "chat-tui \(entry.name)"
            if !entry.name.isEmpty { words.append((entry.name, "command")) }
            if case .words(let operands) = entry.operands { words += operands.map { ($0, place) } }
            for spec in entry.specs {
                words.append((spec.name, place))
                if let short = spec.short { words.append(("-\(short)", place)) }
                words += spec.choices.map { ($0, "\(place) \(spec.name)") }
            }
        }
        return words
    }

    @Test func everyScriptAndTheManPageCoverTheWholeCatalogue() throws {
        let names = tool.catalogue.map(\.name)
        for expected in ["", "export", "avatar", "show", "layout", "cache", "help", "completions"] {
            #expect(names.contains(expected), "the catalogue lacks \(expected)")
        }
        let cache = try #require(tool.catalogue.first { $0.name == "cache" })
        #expect(cache.operands == .words(["stats", "clear"]))
        #expect(tool.catalogue.first { $0.name == "show" }?.operands == .file)
        let colorSpace = tool.catalogue.first { $0.name == "avatar" }?.specs.first { $0.name == "--color-space" }
        #expect(colorSpace?.choices == ["srgb", "display-p3"])
        for shell in CompletionShell.allCases {
            let script = tool.completionScript(for: shell)
            // fish names long options without their dashes (`-l output`) and short ones as `-s o`.
            func mentions(_ word: String) -> Bool {
                guard shell == .fish, word.hasPrefix("-") else { return script.contains(word) }
                return word.hasPrefix("--")
                    ? script.contains("-l \(word.dropFirst(2)) ") || script.contains("-l \(word.dropFirst(2))\n")
                    : script.contains("-s \(word.dropFirst()) ")
            }
            for (word, source) in words {
                #expect(mentions(word), "\(shell) completion lacks \(word) (\(source))")
            }
        }
        let page = tool.manPage()
        for (word, source) in words {
            #expect(page.contains(CommandLineTool.roff(word)), "the man page lacks \(word) (\(source))")
        }
        for section in [".SH ENVIRONMENT", ".SH EXAMPLES", ".SH EXIT STATUS"] {
            #expect(page.contains("\n\(section)\n"), "the man page has no \(section)")
        }
    }

    /// Each file a shell completes is one candidate, however it is named: `a b.png` is not split in two and
    /// `*` is not expanded (issue 39).
    @Test func bashReadsFileCandidatesOneALine() {
        let script = tool.completionScript(for: .bash)
        #expect(script.contains("mapfile -t COMPREPLY < <(compgen \"$@\" -- \"$cur\")"))
        #expect(!script.contains("COMPREPLY=($("))
        #expect(script.contains("compopt -o filenames 2>/dev/null; __chat_tui_reply -f"))
    }

    /// `docs/CLI.md` holds the table of which command takes which option, as the catalogue makes it; run
    /// with `UPDATE_CLI_DOC=1` to write it there after changing an option.
    @Test func theOptionTableInTheDocsIsTheCatalogues() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("docs/CLI.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let begin = "<!-- option table: generated from the catalogue -->\n"
        let end = "<!-- end of option table -->"
        let start = try #require(text.range(of: begin), "docs/CLI.md has no option table")
        let finish = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let table = tool.optionTable()
        if ProcessInfo.processInfo.environment["UPDATE_CLI_DOC"] == "1" {
            let updated = text.replacingCharacters(in: start.upperBound..<finish.lowerBound, with: table)
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(text[start.upperBound..<finish.lowerBound]) == table,
            "docs/CLI.md's option table is stale: run UPDATE_CLI_DOC=1 swift test --filter CatalogueCoverageTests")
    }
}
