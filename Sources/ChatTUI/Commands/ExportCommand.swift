import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI

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
        let composer = SessionOptions.makeComposer(cache: cache)
        switch target {
        case .one(let groupID, let path):
            guard let group = fixture.groups.first(where: { $0.id == groupID }) else {
                output.standardError("chat-tui: \(fixturePath): no group with id \"\(Sanitizer.clean(groupID))\"\n")
                return .failure
            }
            if let refusal = limitRefusal([group], output: output) { return refusal }
            FileIO.removeStaleTemporaryFiles(in: FileIO.parentDirectory(of: path))
            let outcome = await GroupExporter.export(group, to: path, composer: composer, parameters: parameters)
            outcome.warnings.forEach { output.standardError("warning: \(Sanitizer.clean($0))\n") }
            if let failure = outcome.failure {
                output.standardError("chat-tui: \(Sanitizer.clean(failure))\n")
                return .failure
            }
            return .success
        case .all(let directory):
            if let refusal = limitRefusal(fixture.groups, output: output) { return refusal }
            return await exportAll(fixture.groups, to: directory, composer: composer, output: output)
        }
    }

    /// Exit 2 with the limit named when the parameters would draw a degenerate avatar for one of `groups`.
    private func limitRefusal(_ groups: [ChatGroup], output: CommandOutput) -> ExitStatus? {
        do throws(UsageError) {
            try CompositionOptions.checkLimits(parameters, memberCounts: groups.map(\.members.count), command: Self.name)
            return nil
        } catch {
            output.standardError("chat-tui: \(error.message)\nTry 'chat-tui export --help'.\n")
            return .usage
        }
    }

    private func exportAll(_ groups: [ChatGroup], to directory: String, composer: GroupComposer,
                           output: CommandOutput) async -> ExitStatus {
        do {
            try FileIO.createDirectory(directory)
        } catch {
            output.standardError("chat-tui: \(directory): cannot create the output folder (\(error))\n")
            return .failure
        }
        // Temporary files of an earlier export killed mid-write (kill -9) would otherwise pile up.
        FileIO.removeStaleTemporaryFiles(in: directory)
        let paths = OutputNaming.outputPaths(for: groups, in: directory)
        let start = Date()
        var progress = ProgressBar(total: groups.count, output: output)
        var warningCount = 0
        var failures = 0
        let parameters = self.parameters
        await withTaskGroup(of: GroupExporter.Outcome.self) { tasks in
            var next = 0
            func startNext() {
                guard next < groups.count else { return }
                let (group, path) = (groups[next], paths[next])
                next += 1
                tasks.addTask { await GroupExporter.export(group, to: path, composer: composer, parameters: parameters) }
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
}
