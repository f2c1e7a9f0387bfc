import Fixtures
import Foundation
import GroupIcon

/// `chat-tui export`: writes one group's composite, or every group's, to PNG files.
struct ExportCommand: ToolCommand {
    static let name = "export"
    static let summary = "write group avatars to PNG files"
    static let usage = [
        "chat-tui export [--fixtures PATH] --group ID --output FILE.png [options]",
        "chat-tui export [--fixtures PATH] --all --output-dir DIR [--jobs N] [options]",
    ]
    static let specs = [
        SessionOptions.fixtureSpec,
        OptionSpec(name: "--group", valueName: "ID", help: "the group to export"),
        OptionSpec(name: "--output", valueName: "FILE", help: "PNG file to write (replaced atomically)"),
        OptionSpec(name: "--all", valueName: nil, help: "export every group to DIR/<group-id>.png"),
        OptionSpec(name: "--output-dir", valueName: "DIR", help: "folder for --all (created if missing)"),
        OptionSpec(name: "--jobs", valueName: "N", help: "groups exported at once with --all (default: cores)"),
    ] + SessionOptions.cacheSpecs + CompositionOptions.specs

    enum Target: Sendable, Equatable {
        case one(groupID: String, output: String)
        case all(directory: String)
    }

    var fixturePath: String
    var target: Target
    var jobs: Int
    var cache: DiskCacheLocation
    var parameters: CompositionParameters

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        fixturePath = SessionOptions.fixturePath(from: arguments)
        switch (arguments.has("--all"), arguments.string("--group"), arguments.string("--output"),
                arguments.string("--output-dir")) {
        case (false, let group?, let output?, nil):
            target = .one(groupID: group, output: output)
        case (true, nil, nil, let directory?):
            target = .all(directory: directory)
        case (true, _, _, _):
            throw UsageError(message: "--all needs --output-dir DIR and takes neither --group nor --output", command: Self.name)
        default:
            throw UsageError(message: "give either --group ID --output FILE.png, or --all --output-dir DIR", command: Self.name)
        }
        jobs = try arguments.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        cache = try SessionOptions.cacheLocation(from: arguments)
        parameters = try CompositionOptions.parameters(from: arguments)
        try parameters.checkPixelSize(command: Self.name)
    }

    func run(output: CommandOutput) async -> ExitStatus {
        let fixture: Fixture
        do { fixture = try FixtureLoader.load(path: fixturePath) } catch {
            output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
        let renderer = GroupRenderer(pipeline: SessionOptions.makePipeline(cache: cache))
        switch target {
        case .one(let groupID, let path):
            guard let group = fixture.groups.first(where: { $0.id == groupID }) else {
                output.standardError("chat-tui: \(fixturePath): no group with id \"\(Sanitizer.clean(groupID))\"\n")
                return .failure
            }
            let folder = (path as NSString).deletingLastPathComponent
            FileIO.removeStaleTemporaryFiles(in: folder.isEmpty ? "." : folder)
            let outcome = await Self.export(group, to: path, renderer: renderer, parameters: parameters)
            outcome.warnings.forEach { output.standardError("warning: \(Sanitizer.clean($0))\n") }
            if let failure = outcome.failure {
                output.standardError("chat-tui: \(Sanitizer.clean(failure))\n")
                return .failure
            }
            return .success
        case .all(let directory):
            return await exportAll(fixture.groups, to: directory, renderer: renderer, output: output)
        }
    }

    /// What exporting one group came to.
    struct Outcome: Sendable {
        var warnings: [String] = []
        /// Why no file was written, naming the file.
        var failure: String?
    }

    /// Renders `group` and writes it to `path` atomically, with the parameters in the PNG's text chunks.
    static func export(_ group: ChatGroup, to path: String, renderer: GroupRenderer,
                       parameters: CompositionParameters) async -> Outcome {
        guard let (image, warnings) = try? await renderer.render(group, parameters: parameters) else {
            return Outcome(failure: "\(path): export cancelled")
        }
        do {
            let png = try PNGCodec.encode(image, text: pngText(group: group, parameters: parameters))
            try FileIO.writeAtomically(png, to: path)
            return Outcome(warnings: warnings)
        } catch {
            return Outcome(warnings: warnings, failure: "\(error)")
        }
    }

    static func pngText(group: ChatGroup, parameters: CompositionParameters) -> [PNGCodec.TextEntry] {
        [("Software", "chat-tui \(CommandLineTool.version)"), ("Title", Sanitizer.clean(group.name)), ("Comment", parameters.identifier)]
    }

    private func exportAll(_ groups: [ChatGroup], to directory: String, renderer: GroupRenderer,
                           output: CommandOutput) async -> ExitStatus {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            output.standardError("chat-tui: \(directory): cannot create the output folder (\(error.localizedDescription))\n")
            return .failure
        }
        // Temporary files of an earlier export killed mid-write (kill -9) would otherwise pile up.
        FileIO.removeStaleTemporaryFiles(in: directory)
        let paths = Self.outputPaths(for: groups, in: directory)
        let start = Date()
        var progress = ProgressBar(total: groups.count, output: output)
        var warningCount = 0
        var failures = 0
        let parameters = self.parameters
        await withTaskGroup(of: Outcome.self) { tasks in
            var next = 0
            func startNext() {
                guard next < groups.count else { return }
                let (group, path) = (groups[next], paths[next])
                next += 1
                tasks.addTask { await Self.export(group, to: path, renderer: renderer, parameters: parameters) }
            }
            for _ in 0..<min(jobs, groups.count) { startNext() }
            for await outcome in tasks {
                for warning in outcome.warnings { progress.print("warning: \(warning)") }
                if let failure = outcome.failure { progress.print("chat-tui: \(failure)") }
                warningCount += outcome.warnings.count
                failures += outcome.failure == nil ? 0 : 1
                progress.advance()
                startNext()
            }
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(start)
        output.standardError("exported \(groups.count - failures) of \(groups.count) groups to \(directory) in \(String(format: "%.2f", seconds)) s"
                             + ", \(warningCount) warning\(warningCount == 1 ? "" : "s")"
                             + (failures > 0 ? ", \(failures) failed" : "") + "\n")
        return failures == 0 ? .success : .failure
    }

    /// `DIR/<group-id>.png` for every group, ids made filename-safe; ids that collide once made safe (for
    /// example `a/b` and `a_b`) get `-2`, `-3`, ... so no export overwrites another.
    static func outputPaths(for groups: [ChatGroup], in directory: String) -> [String] {
        var used = Set<String>()
        return groups.map { group in
            let base = AppState.filenameSafe(group.id)
            var name = base
            var suffix = 2
            while !used.insert(name.lowercased()).inserted {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            return (directory as NSString).appendingPathComponent(name + ".png")
        }
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
struct ProgressBar {
    let total: Int
    let output: CommandOutput
    private(set) var done = 0

    init(total: Int, output: CommandOutput) { self.total = total; self.output = output }

    mutating func advance() {
        done += 1
        draw()
    }

    /// Prints a message line (sanitised: it may quote fixture text) without tearing the bar.
    func print(_ line: String) {
        output.standardError((output.errorIsTerminal ? "\r\u{1B}[2K" : "") + Sanitizer.clean(line) + "\n")
        draw()
    }

    func finish() {
        if output.errorIsTerminal { output.standardError("\r\u{1B}[2K") }
    }

    private func draw() {
        guard output.errorIsTerminal, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        output.standardError("\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)")
    }
}
