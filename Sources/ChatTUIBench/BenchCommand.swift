import ArgumentParsing
import FileSystem
import Foundation
import GroupIcon
import TerminalUI

/// `chat-tui-bench`: the developer benchmark behind the README's performance figures (see `bench/compare.sh`,
/// which runs it beside Pillow, pyvips and chafa). Build in release mode for meaningful numbers.
struct BenchCommand: ToolCommand {
    static let name = ""
    static let summary = "measure composition, cell rendering and the interactive screen (prints JSON)"
    static let usage = [
        "swift run -c release chat-tui-bench [--tiny] [--runs N] [--only SECTIONS] [--inputs DIR] [--formats DIR] [--json-out FILE]"
    ]
    static let specs = [
        OptionSpec(name: "--tiny", valueName: nil, help: "run every section once on tiny inputs (a quick check)"),
        OptionSpec(name: "--runs", valueName: "N", help: "samples per figure, the median is reported (default 7)"),
        OptionSpec(
            name: "--only", valueName: "SECTIONS",
            help: "comma-separated subset of \(Section.allCases.map(\.rawValue).joined(separator: ","))"),
        OptionSpec(
            name: "--inputs", valueName: "DIR",
            help: "write the generated inputs here and keep them (default: a temporary folder)"),
        OptionSpec(
            name: "--formats", valueName: "DIR",
            help: "the format corpus the decode section reads (default Tests/ImagingTestSupport/Resources/formats)"),
        OptionSpec(name: "--json-out", valueName: "FILE", help: "also write the JSON report to FILE"),
    ]

    /// The parts of the report, in the order they run.
    enum Section: String, CaseIterable, Sendable {
        /// First, while the process is still small: its memory figures are the point.
        case fixture, composition, png, cells, frame, response, pictures, scroll, sheet, decode, scaling
    }

    var tiny: Bool
    var runs: Int
    var sections: Set<Section>
    var inputsDirectory: String?
    var formatsDirectory: String
    var jsonOutput: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        tiny = arguments.has("--tiny")
        runs = try arguments.integer("--runs", in: 1...1000) ?? 7
        sections = Set(Section.allCases)
        if let only = arguments.string("--only") {
            sections = []
            for name in only.split(separator: ",") {
                guard let section = Section(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    let names = Section.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(
                        message: "--only: expected sections among \(names), got '\(name)'", command: Self.name)
                }
                sections.insert(section)
            }
        }
        inputsDirectory = arguments.string("--inputs")
        formatsDirectory = arguments.string("--formats") ?? "Tests/ImagingTestSupport/Resources/formats"
        jsonOutput = arguments.string("--json-out")
    }

    func run(output: CommandOutput) async -> ExitStatus {
        let configuration = tiny ? BenchConfiguration.tiny : .full(runs: runs)
        let temporary = inputsDirectory == nil
        do {
            let directory = URL(
                fileURLWithPath: try inputsDirectory ?? FileIO.makeTemporaryDirectory(prefix: "chat-tui-bench"))
            defer { if temporary { FileIO.removeTree(directory.path) } }
            let inputs = try BenchInputs.write(to: directory, configuration: configuration)
            var report = BenchReport(tiny: tiny, runs: configuration.timing.runs, sourceSide: configuration.sourceSide)
            for section in Section.allCases where sections.contains(section) {
                output.standardError("bench: \(section.rawValue)…\n")
                switch section {
                case .fixture: report.bigFixture = try await ScreenBench.bigFixture(inputs, configuration)
                case .composition:
                    report.composition = try await CompositionBench.composition(inputs, configuration)
                    report.jpegDecode = try await CompositionBench.jpegDecode(inputs, configuration)
                case .png: report.pngEncode = try await CompositionBench.pngEncode(inputs, configuration)
                case .cells: report.cells = try await CellBench.cells(inputs, configuration)
                case .frame: report.frame = try await ScreenBench.frame(inputs, configuration)
                case .response: report.response = try ResponseBench.response(inputs, configuration)
                case .pictures:
                    report.pictureResponse = try [GraphicsProtocol.kitty, .sixel].map {
                        try ResponseBench.pictureResponse(inputs, configuration, graphicsProtocol: $0)
                    }
                case .scroll: report.scroll = try await ScrollBench.scroll(inputs, configuration)
                case .sheet: report.sheet = try await SheetBench.sheet(inputs, configuration)
                case .decode:
                    report.decode = try await DecodeBench.decode(inputs, configuration, corpus: formatsDirectory)
                case .scaling: report.scaling = try await ScalingBench.preview(inputs, configuration)
                }
            }
            let json = try report.jsonText()
            if let jsonOutput { try FileIO.writeAtomically(Array(json.utf8), to: jsonOutput) }
            output.standardOutput(json)
            return .success
        } catch {
            output.standardError("chat-tui-bench: \(error)\n")
            return .failure
        }
    }
}

/// A benchmark that cannot run; the message says why.
struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
