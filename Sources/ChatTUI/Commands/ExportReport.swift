import ArgumentParsing
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// The options of `export` about what it tells: `--json`, `--quiet`, `--strict`.
struct ReportOptions: OptionGroup {
    static let jsonSpec = OptionSpec(
        name: "--json", valueName: nil,
        help:
            "print a JSON result on standard output: each file written (path, bytes, inputs hash) and the warnings; with --all a summary"
    )
    static let quietSpec = OptionSpec(
        name: "--quiet", valueName: nil, help: "print no warnings, progress or summary (errors still)", short: "q")
    static let strictSpec = OptionSpec(
        name: "--strict", valueName: nil, help: "exit 1 when there was any warning (after writing every file)")
    static let options = [jsonSpec, quietSpec, strictSpec]

    var json: Bool
    var quiet: Bool
    var strict: Bool

    init(parsing arguments: ParsedArguments) {
        json = arguments.has(Self.jsonSpec)
        quiet = arguments.has(Self.quietSpec)
        strict = arguments.has(Self.strictSpec)
    }
}

/// The warnings of a batch, one per problem: one broken photo shared by 700 groups is one warning with a
/// count. A warning about a photo file is the same problem whoever's photo it is; one without a file (a group
/// photo given no path, say) is its group's own.
struct WarningTally {
    struct Entry {
        /// The warning as first met, with its group (`group "g1": member ...`).
        var first: String
        /// The problem without the group: `avatars/x.jpg: not a JPEG; using a placeholder`.
        var problem: String
        var groups: Int
    }

    private(set) var entries: [Entry] = []
    private var indexByProblem: [String: Int] = [:]
    /// Warnings counted, repeats included.
    private(set) var total = 0

    /// Counts `outcome`'s warnings; returns those met for the first time, to print now.
    mutating func add(_ outcome: GroupExporter.Outcome) -> [String] {
        var fresh: [String] = []
        for (text, warning) in zip(outcome.warnings, outcome.avatarWarnings) {
            total += 1
            let problem = warning.path.map { "\($0): \(warning.message)" } ?? text
            if let index = indexByProblem[problem] {
                entries[index].groups += 1
            } else {
                indexByProblem[problem] = entries.count
                entries.append(Entry(first: text, problem: problem, groups: 1))
                fresh.append(text)
            }
        }
        return fresh
    }

    /// One line for each problem met in more than one group, printed after the batch.
    var repeatLines: [String] {
        entries.filter { $0.groups > 1 }.map { entry in
            let file = entry.problem.split(separator: ":", maxSplits: 1).first.map(String.init) ?? entry.problem
            return "warning: the same problem in \(entry.groups - 1) more group\(entry.groups == 2 ? "" : "s"): \(file)"
        }
    }
}

/// The JSON `export --json` prints.
enum ExportJSON {
    static func file(_ file: ExportedFile) -> String {
        "{\"path\":\(JSONString.literal(file.path)),\"bytes\":\(file.bytes),\"inputs\":\(JSONString.literal(file.inputs)),"
            + "\"status\":\"\(file.upToDate ? "up-to-date" : "written")\"}"
    }

    static func strings(_ texts: [String]) -> String {
        "[" + texts.map { JSONString.literal($0) }.joined(separator: ",") + "]"
    }

    /// A spec hand-off written or left up to date.
    static func spec(_ file: ExportedFile) -> String {
        "{\"path\":\(JSONString.literal(file.path)),\"bytes\":\(file.bytes),"
            + "\"status\":\"\(file.upToDate ? "up-to-date" : "written")\"}"
    }

    /// One group's result: its files, its spec (with `--spec`), its warnings and, when it failed, why.
    static func group(_ id: String, _ outcome: GroupExporter.Outcome) -> String {
        "{\"group\":\(JSONString.literal(id)),\"files\":[\(outcome.files.map(file).joined(separator: ","))],"
            + (outcome.spec.map { "\"spec\":\(spec($0))," } ?? "")
            + "\"warnings\":\(strings(outcome.warnings)),\"failure\":\(outcome.failure.map { JSONString.literal($0) } ?? "null")}"
    }

    /// The summary of `export --all`, with each distinct warning once and the number of groups it met; with
    /// `--spec`, every spec hand-off written or up to date (`specs`, in the order the groups finished).
    static func summary(
        _ summary: BatchExport.Summary, directory: String, seconds: Double,
        warnings: WarningTally, failures: [String], specs: [ExportedFile]? = nil
    ) -> String {
        let distinct = warnings.entries.map { entry in
            "{\"warning\":\(JSONString.literal(entry.first)),\"problem\":\(JSONString.literal(entry.problem)),\"groups\":\(entry.groups)}"
        }
        return "{\"directory\":\(JSONString.literal(directory)),\"groups\":\(summary.groups),"
            + "\"succeeded\":\(summary.succeeded),\"upToDate\":\(summary.upToDate),\"failed\":\(summary.failed),"
            + "\"filesWritten\":\(summary.filesWritten),\"seconds\":\((seconds * 1000).rounded() / 1000),"
            + "\"warnings\":[\(distinct.joined(separator: ","))],\"failures\":\(strings(failures))"
            + (specs.map { ",\"specs\":[" + $0.map(spec).joined(separator: ",") + "]" } ?? "") + "}"
    }
}
