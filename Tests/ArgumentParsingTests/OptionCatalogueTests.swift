import Testing

@testable import ArgumentParsing

/// A command with short options, for the scanner and for what is generated from its catalogue.
private struct CopyCommand: ToolCommand {
    static let name = "copy"
    static let summary = "copy a thing"
    static let usage = ["tool copy -o FILE [-q]"]
    static let specs = [
        OptionSpec(name: "--output", valueName: "FILE", help: "where [it goes]: 'here'", short: "o"),
        OptionSpec(name: "--quiet", valueName: nil, help: "say nothing", short: "q"),
        OptionSpec(name: "--jobs", valueName: "N", help: "at once"),
        OptionSpec(name: "--mode", valueName: "MODE", help: "how", choices: ["fast", "slow"]),
        OptionSpec(name: "--into", valueName: "DIR", help: "which folder"),
    ]
    static let notes = [".starts with a dot and has a \\backslash"]
    init(arguments: ParsedArguments) throws(UsageError) {}
    func run(output: CommandOutput) async -> ArgumentParsing.ExitStatus { .success }
}

private struct RootCommand: ToolCommand {
    static let name = ""
    static let summary = "the root"
    static let usage = ["tool [--fixtures PATH]"]
    static let specs = [OptionSpec(name: "--fixtures", valueName: "PATH", help: "the data")]
    init(arguments: ParsedArguments) throws(UsageError) {}
    func run(output: CommandOutput) async -> ArgumentParsing.ExitStatus { .success }
}

@Suite struct OptionCatalogueTests {
    private let tool = CommandLineTool(program: "tool", version: "1.2", commands: [RootCommand.self, CopyCommand.self])

    @Test func shortOptionsAreRecordedUnderTheirLongNames() throws {
        let parsed = try ParsedArguments(["-o", "a.png", "-q", "--jobs=2"], specs: CopyCommand.specs, command: "copy")
        #expect(parsed.string("--output") == "a.png")
        #expect(parsed.has("--quiet"))
        #expect(parsed.string("--jobs") == "2")
        let inline = try ParsedArguments(["-o=b.png"], specs: CopyCommand.specs, command: "copy")
        #expect(inline.string("--output") == "b.png")
        #expect(ParsedArguments.requestsHelp(["-o", "-h"], specs: CopyCommand.specs) == false)
        #expect(throws: UsageError(message: "-o needs a value (FILE)", command: "copy")) {
            try ParsedArguments(["-o"], specs: CopyCommand.specs, command: "copy")
        }
        #expect(throws: UsageError(message: "-q takes no value", command: "copy")) {
            try ParsedArguments(["-q=1"], specs: CopyCommand.specs, command: "copy")
        }
    }

    @Test func misspeltOptionsGetTheClosestOne() {
        #expect(throws: UsageError(message: "unknown option '--ouptut'; did you mean '--output'?", command: "copy")) {
            try ParsedArguments(["--ouptut", "x"], specs: CopyCommand.specs, command: "copy")
        }
        #expect(throws: UsageError(message: "unknown option '--quite'; did you mean '--quiet'?", command: "copy")) {
            try ParsedArguments(["--quite"], specs: CopyCommand.specs, command: "copy")
        }
        #expect(throws: UsageError(message: "unknown option '--zzzzzz'", command: "copy")) {
            try ParsedArguments(["--zzzzzz"], specs: CopyCommand.specs, command: "copy")
        }
        #expect(Suggestion.closest(to: "rdie", among: ["work", "ride", "solo"]) == "ride")
        #expect(Suggestion.closest(to: "nothing-like", among: ["work", "ride"]) == nil)
    }

    /// After an option with choices the shells offer its words, after `DIR` folders, after `FILE`/`PATH` files,
    /// and after a number nothing: not every value is a file name.
    @Test func completionsOfferWhatEachValueIs() {
        let bash = tool.completionScript(for: .bash)
        #expect(bash.contains("--mode) __tool_reply -W \"fast slow\"; return ;;"))
        #expect(bash.contains("--into) compopt -o filenames 2>/dev/null; __tool_reply -d; return ;;"))
        #expect(bash.contains("--fixtures|--output|-o) compopt -o filenames 2>/dev/null; __tool_reply -f; return ;;"))
        #expect(bash.contains("--jobs) COMPREPLY=(); return ;;"))
        let zsh = tool.completionScript(for: .zsh)
        #expect(zsh.contains("'--mode[how]:MODE:(fast slow)'"))
        #expect(zsh.contains("'--into[which folder]:DIR:_files -/'"))
        #expect(zsh.contains("'--jobs[at once]:N: '"))
        let fish = tool.completionScript(for: .fish)
        #expect(fish.contains("-l mode -x -a 'fast slow' -d 'how'"))
        #expect(fish.contains("-l into -x -a '(__fish_complete_directories)'"))
        #expect(fish.contains("-l jobs -x -d 'at once'"))
        #expect(fish.contains("-l output -s o -r -F"))
    }

    @Test func helpShowsShortForms() {
        let help = CopyCommand.helpText(program: "tool")
        #expect(help.contains("-o, --output FILE"))
        #expect(help.contains("-h, --help"))
    }

    /// Every option of every command, long and short, is in each completion script and in the man page.
    @Test(arguments: CompletionShell.allCases)
    func completionsListEveryOptionOfTheCatalogue(shell: CompletionShell) {
        let script = tool.completionScript(for: shell)
        for spec in CopyCommand.allSpecs + RootCommand.allSpecs {
            let long = shell == .fish ? "-l \(spec.name.dropFirst(2))" : spec.name
            #expect(script.contains(long), "\(shell) lacks \(spec.name)")
            if let short = spec.short {
                #expect(script.contains(shell == .fish ? "-s \(short)" : "-\(short)"), "\(shell) lacks -\(short)")
            }
        }
        #expect(script.contains("copy"))
    }

    @Test func zshSpecsEscapeBracketsAndQuotes() {
        let script = tool.completionScript(for: .zsh)
        #expect(script.contains(#"'(-o --output)'{-o,--output}'[where \[it goes\]\: '\''here'\'']:FILE:_files'"#))
    }

    @Test func theManPageIsMadeFromTheSameCatalogue() {
        let page = tool.manPage()
        #expect(page.hasPrefix(".TH TOOL 1 \"\" \"tool 1.2\""))
        #expect(page.contains(".SS \"tool copy\""))
        #expect(page.contains("\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR"))
        #expect(page.contains("\\fB\\-\\-fixtures\\fR \\fIPATH\\fR"))
        // A note starting with a dot would be a troff request: it is defused, and backslashes escaped.
        #expect(page.contains("\n\\&.starts with a dot and has a \\ebackslash\n"))
    }

    @Test func theToolAnswersCompletionsAndHelpMan() async {
        let recorder = Recorder()
        #expect(await tool.run(["completions", "bash"], output: recorder.output) == .success)
        #expect(recorder.out.contains("complete -F _tool tool"))
        let man = Recorder()
        #expect(await tool.run(["help", "--man"], output: man.output) == .success)
        #expect(man.out.hasPrefix(".TH TOOL 1"))
        let bad = Recorder()
        #expect(await tool.run(["completions", "tcsh"], output: bad.output) == .usage)
        #expect(bad.err.contains("expected 'completions bash'"))
        #expect(bad.err.contains("Try 'tool completions --help'."), "a pointer to the help that exists")
    }
}

/// What a run printed.
private final class Recorder: @unchecked Sendable {
    var out = "", err = ""
    var output: CommandOutput {
        CommandOutput(standardOutput: { self.out += $0 }, standardError: { self.err += $0 }, errorIsTerminal: false)
    }
}
