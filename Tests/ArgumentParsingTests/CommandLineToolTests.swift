import Testing

@testable import ArgumentParsing

/// A command that records that it ran and writes one line.
private struct EchoCommand: ToolCommand {
    static let name = "echo"
    static let summary = "print a line"
    static let usage = ["tool echo [--output FILE] [--allow DIR]..."]
    static let specs = [
        OptionSpec(name: "--output", valueName: "FILE", help: "where"),
        OptionSpec(name: "--allow", valueName: "DIR", help: "repeatable"),
        OptionSpec(name: "--margin", valueName: "PT", help: "a number"),
    ]
    var arguments: ParsedArguments
    init(arguments: ParsedArguments) throws(UsageError) { self.arguments = arguments }
    func run(output: CommandOutput) async -> ArgumentParsing.ExitStatus {
        output.standardOutput("ran \(arguments.string("--output") ?? "-") \(arguments.strings("--allow"))\n")
        return .success
    }
}

private struct DefaultCommand: ToolCommand {
    static let name = ""
    static let summary = "the default"
    static let usage = ["tool"]
    static let specs: [OptionSpec] = []
    init(arguments: ParsedArguments) throws(UsageError) { try arguments.requireNoPositionals() }
    func run(output: CommandOutput) async -> ArgumentParsing.ExitStatus { .success }
}

/// What a run printed and returned.
private final class Recorder: @unchecked Sendable {
    var out = "", err = ""
    var failures: [String] = []
    var output: CommandOutput {
        CommandOutput(
            standardOutput: { self.out += $0 }, standardError: { self.err += $0 }, errorIsTerminal: false,
            failures: { self.failures })
    }
}

@Suite struct CommandLineToolTests {
    private let tool = CommandLineTool(
        program: "tool", version: "1", commands: [DefaultCommand.self, EchoCommand.self])

    private func run(_ arguments: [String], failures: [String] = []) async -> (ArgumentParsing.ExitStatus, Recorder) {
        let recorder = Recorder()
        recorder.failures = failures
        return (await tool.run(arguments, output: recorder.output), recorder)
    }

    @Test func versionPrintsItsDetailsAndTakesNoArguments() async {
        let tool = CommandLineTool(
            program: "tool", version: "1.2.0", commands: [DefaultCommand.self, EchoCommand.self],
            versionDetails: { ["libx 3.4", "liby 5.6 (built against)"] })
        for flag in ["--version", "-V"] {
            let recorder = Recorder()
            #expect(await tool.run([flag], output: recorder.output) == .success)
            #expect(recorder.out == "tool 1.2.0\nlibx 3.4\nliby 5.6 (built against)\n")
            let usage = Recorder()
            #expect(await tool.run([flag, "echo"], output: usage.output) == .usage)
            #expect(usage.out.isEmpty)
            #expect(usage.err == "tool: \(flag) takes no arguments, got 'echo'\nTry 'tool --help'.\n")
        }
        let help = Recorder()
        #expect(await tool.run(["--help"], output: help.output) == .success)
        #expect(help.out.contains(/\n  -V, --version +print the version/))
    }

    @Test func aFailedStreamTurnsSuccessIntoFailureAndIsNamed() async {
        let (status, recorder) = await run(["--help"], failures: ["standard output: No space left on device"])
        #expect(status == .failure)
        #expect(recorder.err == "tool: could not write to standard output: No space left on device\n")
        let (usage, _) = await run(["--bogus"], failures: ["standard error: Bad file descriptor"])
        #expect(usage == .usage, "a usage error stays one")
    }

    @Test func unknownCommandsAreNamedWithASuggestion() async {
        let cases: [([String], String)] = [
            (["exprot"], "unknown command 'exprot'"),
            (["help", "nosuch"], "unknown command 'nosuch'"),
            (["ehco", "--output", "x"], "unknown command 'ehco'; did you mean 'echo'?"),
        ]
        for (arguments, message) in cases {
            let (status, recorder) = await run(arguments)
            #expect(status == .usage)
            #expect(recorder.err.hasPrefix("tool: \(message)\n"), "\(recorder.err)")
            #expect(recorder.out.isEmpty)
        }
        #expect(Suggestion.editDistance("exprot", "export") == 1)
        #expect(Suggestion.editDistance("cahce", "cache") == 1)
        #expect(Suggestion.editDistance("layuot", "layout") == 1)
        #expect(Suggestion.editDistance("xyz", "export") > 2)
    }

    @Test func helpIsAskedForOnlyWhereAnOptionMayStand() async {
        let (status, recorder) = await run(["echo", "--output", "-h"])
        #expect(status == .usage)
        #expect(
            recorder.err.hasPrefix(
                "tool: --output needs a value (FILE), got the option '-h' (write --output=-h if that is the value)"))
        #expect(recorder.out.isEmpty)
        let (inline, inlineRecorder) = await run(["echo", "--output=-h"])
        #expect(inline == .success && inlineRecorder.out == "ran -h []\n")
        let (help, helpRecorder) = await run(["echo", "--margin", "-1", "-h"])
        #expect(help == .success && helpRecorder.out.hasPrefix("tool echo - print a line"))
        #expect(!ParsedArguments.requestsHelp(["--", "--help"], specs: EchoCommand.specs))
        #expect(ParsedArguments.requestsHelp(["--help"], specs: []))
    }

    @Test func negativeNumbersStayValues() throws {
        let parsed = try ParsedArguments(
            ["--margin", "-1", "--output", "-.5"], specs: EchoCommand.specs, command: "echo")
        #expect(parsed.string("--margin") == "-1")
        #expect(parsed.string("--output") == "-.5")
        #expect(ParsedArguments.looksLikeOption("--help") && ParsedArguments.looksLikeOption("-h"))
        #expect(!ParsedArguments.looksLikeOption("-") && !ParsedArguments.looksLikeOption("-3"))
    }

    @Test func repeatableOptionsKeepEveryValue() async {
        let (status, recorder) = await run(["echo", "--allow", "a", "--allow=b", "--output", "x"])
        #expect(status == .success)
        #expect(recorder.out == "ran x [\"a\", \"b\"]\n")
    }
}

@Suite struct CommandLineEdgeTests {
    private let tool = CommandLineTool(
        program: "tool", version: "1", commands: [DefaultCommand.self, EchoCommand.self])

    private func run(_ arguments: [String]) async -> (ArgumentParsing.ExitStatus, Recorder) {
        let recorder = Recorder()
        return (await tool.run(arguments, output: recorder.output), recorder)
    }

    @Test func anEmptyPathIsAUsageErrorWhateverTheSpelling() async {
        for arguments in [["echo", "--output", ""], ["echo", "--output="], ["echo", "--allow", "a", "--allow", ""]] {
            let (status, recorder) = await run(arguments)
            #expect(status == .usage, "\(arguments)")
            #expect(
                recorder.err.hasPrefix("tool: --\(arguments[1] == "--allow" ? "allow" : "output"): the path is empty"),
                "\(recorder.err)")
            #expect(recorder.out.isEmpty, "the command did not run")
        }
        let parsed = try? ParsedArguments(["--margin="], specs: EchoCommand.specs, command: "echo")
        #expect(parsed?.string("--margin") == "", "a value that is no path may be empty (its own check judges it)")
    }

    /// Issue 39 and 37: `-` was a file name for every command but `export`. Now an option that takes a stream
    /// says which one `-` is, and one that takes none refuses `-` instead of making a file called `-`.
    @Test func aDashIsAStreamWhereTheOptionTakesOneAndRefusedElsewhere() throws {
        let specs = [
            OptionSpec(name: "--in", valueName: "PATH", help: "read", dash: .standardInput),
            OptionSpec(name: "--out", valueName: "FILE", help: "write", short: "o", dash: .standardOutput),
            OptionSpec(name: "--dir", valueName: "DIR", help: "a folder"),
            OptionSpec(name: "--name", valueName: "ID", help: "free text"),
        ]
        let parsed = try ParsedArguments(["--in", "-", "-o", "-", "--name", "-"], specs: specs, command: "x")
        #expect(parsed.path("--in") == .standardInput)
        #expect(parsed.path("--out") == .standardOutput)
        #expect(parsed.path("--out")?.name == "standard output" && parsed.path("--out")?.path == nil)
        #expect(parsed.string("--name") == "-", "free text is not a path")
        #expect(try ParsedArguments(["-o", "./-"], specs: specs, command: "x").path("--out") == .path("./-"))
        #expect(specs[0].help == "read; - for standard input" && specs[1].help == "write; - for standard output")
        #expect(
            throws: UsageError(
                message:
                    "--dir: - means standard input or output, which --dir does not take here (write ./- for a folder named -)",
                command: "x")
        ) { try ParsedArguments(["--dir", "-"], specs: specs, command: "x") }
    }

    /// Issue 39/37: `help completions` printed the general help and `completions --help` exited 2.
    @Test func completionsHaveTheirOwnHelp() async {
        for arguments in [["help", "completions"], ["completions", "--help"], ["completions", "-h"]] {
            let (status, recorder) = await run(arguments)
            #expect(status == .success, "\(arguments)")
            #expect(recorder.out.hasPrefix("tool completions - print the bash, zsh or fish completion script\n"))
            #expect(recorder.out.contains("tool completions bash|zsh|fish"))
        }
    }

    @Test func helpHelpShowsTheTopLevelHelp() async {
        let (status, recorder) = await run(["help", "help"])
        #expect(status == .success)
        #expect(recorder.out.contains(/\n  help +show a command's help, or print the manual page\n/), "\(recorder.out)")
        #expect(recorder.err.isEmpty)
    }
}
