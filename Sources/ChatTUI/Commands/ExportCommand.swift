import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// `chat-tui export`: writes one group's composite, or every group's, to PNG, JPEG or WebP files.
struct ExportCommand: ToolCommand {
    static let name = "export"
    static let summary = "write group avatars to PNG, JPEG or WebP files"
    static let usage = [
        "chat-tui export [--fixtures PATH] --group ID --output FILE.png|.jpg|.webp [options]",
        "chat-tui export [--fixtures PATH] --all --output-dir DIR [--jobs N] [--shard K/N] [options]",
        "chat-tui export --fixtures - --group ID --output - [--format FMT] > FILE   (fixture on stdin, image on stdout)",
        "chat-tui export [--fixtures PATH] [--group ID] --sheet FILE.png [--theme light|dark] [options]",
        "--scale 1,2,3 writes FILE.png, FILE@2x.png and FILE@3x.png; a .jsonl fixture is read as a stream",
        "--spec also writes FILE.spec.json (each group's DIR/<group-id>.spec.json with --all), the hand-off engineers build from",
    ]
    static let groupSpec = OptionSpec(name: "--group", valueName: "ID", help: "the group to export")
    static let outputSpec = OptionSpec(
        name: "--output", valueName: "FILE",
        help: "file to write (replaced atomically); its extension picks the format",
        short: "o", dash: .standardOutput)
    static let allSpec = OptionSpec(name: "--all", valueName: nil, help: "export every group to DIR/<group-id>.<ext>")
    static let outputDirSpec = OptionSpec(
        name: "--output-dir", valueName: "DIR", help: "folder for --all (created if missing)")
    static let jobsSpec = OptionSpec(
        name: "--jobs", valueName: "N", help: "groups exported at once with --all (default: cores)", short: "j")
    static let shardSpec = OptionSpec(
        name: "--shard", valueName: "K/N",
        help: "with --all, only shard K of N (stable hash of the group id), e.g. for GNU parallel")
    static let sheetSpec = OptionSpec(
        name: "--sheet", valueName: "FILE",
        help:
            "write a variants sheet instead: the parameters on 1-9 and 12 members and on --group, labelled, with the group in light and dark chat-list rows",
        dash: .standardOutput)

    static let specs =
        [FixtureSource.fixturesSpec, groupSpec, outputSpec, allSpec, outputDirSpec, jobsSpec, shardSpec, sheetSpec]
        + SheetOptions.options + ReportOptions.options + OutputOptions.options + [FixtureSource.baseDirSpec]
        + SessionOptions.PipelineOptions.options + CompositionOptions.specs

    static let notes = [
        "Output files: each file is written in full to a temporary file and then linked or renamed into place, so a reader sees the old file or the new one, never a mix. A new file is created; a regular file is replaced, keeping its permission bits (never setuid or setgid); a symbolic link is followed and the file it leads to is written, the link stays; in --output-dir only when that file lies inside the folder (a link leading out of it is refused, naming where it leads).",
        "Refused with exit 1 and nothing written: a path ending in /, . or .., a folder, a device, FIFO or socket (also behind a link: /dev/null is never replaced), a file-descriptor path such as /dev/stdout or /dev/fd/1 (write to a file instead), and the fixture or any photo it names. Group ids longer than 200 bytes are shortened for --all: their start, a dash and 16 hex digits of their SHA-256.",
    ]

    enum Target: Sendable, Equatable {
        case one(groupID: String, output: PathArgument)
        case all(directory: String)
        /// A variants sheet (`--sheet`), of the group when one is given.
        case sheet(groupID: String?, output: PathArgument)
    }

    var fixture: FixtureSource
    var target: Target
    var jobs: Int
    var shard: Shard?
    var pipeline: SessionOptions.PipelineOptions
    var parameters: CompositionParameters
    var settings: ExportSettings
    var sync: OutputOptions.SyncMode
    var json: Bool
    var quiet: Bool
    var strict: Bool
    /// `--list-avatar-size` and the chat-list themes, light then dark: the sheet's context rows.
    var listAvatarPoints: Double
    var themes: [ChatListTheme]

    init(arguments: ParsedArguments) throws(UsageError) {
        try arguments.requireNoPositionals()
        fixture = try FixtureSource(parsing: arguments)
        let report = ReportOptions(parsing: arguments)
        (json, quiet, strict) = (report.json, report.quiet, report.strict)
        let sheet = try SheetOptions(parsing: arguments)
        (listAvatarPoints, themes) = (sheet.listAvatarPoints, sheet.themes)
        let files = try OutputOptions(parsing: arguments)
        let all = arguments.has(Self.allSpec)
        let outputDirectory = arguments.string(Self.outputDirSpec)
        switch (all, arguments.string(Self.groupSpec), arguments.path(Self.outputSpec), outputDirectory) {
        case _ where arguments.string(Self.sheetSpec) != nil:
            guard !all, arguments.string(Self.outputSpec) == nil, outputDirectory == nil, !json, !files.skipExisting
            else {
                throw UsageError(
                    message: "--sheet FILE writes one picture: it takes none of --all, --output, --output-dir, --json"
                        + " or --skip-existing", command: Self.name)
            }
            guard !files.writesSpec else {
                throw UsageError(
                    message: "--spec describes an export of a group's avatar; --sheet FILE writes no spec: "
                        + "give one of them", command: Self.name)
            }
            target = .sheet(
                groupID: arguments.string(Self.groupSpec), output: arguments.path(Self.sheetSpec) ?? .path(""))
        case (false, let group?, let output?, nil):
            target = .one(groupID: group, output: output)
        case (true, nil, nil, let directory?):
            target = .all(directory: directory)
        case (true, _, _, _):
            throw UsageError(
                message: "--all needs --output-dir DIR and takes neither --group nor --output", command: Self.name)
        default:
            throw UsageError(
                message: "give either --group ID --output FILE.png, or --all --output-dir DIR", command: Self.name)
        }
        if sheet.isGiven, !target.isSheet {
            throw UsageError(
                message: "--theme, --theme-* and --list-avatar-size draw the chat-list rows of --sheet FILE",
                command: Self.name)
        }
        jobs = try arguments.integer(Self.jobsSpec, in: 1...256) ?? AvailableCores.count
        if let text = arguments.string(Self.shardSpec) {
            guard case .all = target else {
                throw UsageError(
                    message: "--shard splits an --all batch; it does not apply to --group", command: Self.name)
            }
            guard let shard = Shard(parsing: text) else {
                throw UsageError(
                    message: "--shard: expected K/N with 1 <= K <= N (e.g. 2/8), got '\(text)'", command: Self.name)
            }
            self.shard = shard
        }
        pipeline = try SessionOptions.PipelineOptions(parsing: arguments)
        pipeline.isBatch = true
        let scales = files.scales
        if case .sheet = target, scales != nil {
            throw UsageError(message: "--sheet FILE is drawn at one scale: give one --scale", command: Self.name)
        }
        parameters = try CompositionOptions.parameters(from: arguments, skipping: scales == nil ? [] : ["scale"])
        for scale in scales ?? [parameters.scale] {
            var scaled = parameters
            scaled.scale = scale
            try scaled.checkPixelSize(command: Self.name)
        }
        sync = files.sync
        if target.singleOutput == .standardOutput {
            guard scales == nil else {
                throw UsageError(
                    message: "--output - writes one image to standard output: give one --scale", command: Self.name)
            }
            guard !json else {
                throw UsageError(
                    message: "--json and --output - both use standard output: give --output FILE", command: Self.name)
            }
            guard !files.writesSpec else {
                throw UsageError(
                    message: "--spec writes a file beside the image: give --output FILE, not -", command: Self.name)
            }
            settings = try files.settings(path: nil, command: Self.name)
        } else if let output = target.singleOutput?.path {
            settings = try files.settings(path: output, command: Self.name)
            // One file: flushing it is the sync at the end.
            if sync == .end { settings.durability = .synced }
        } else {
            settings = try files.settings(path: nil, command: Self.name)
        }
        if files.writesSpec { settings.spec = SpecRequest(fixturePath: fixture.spelling) }
    }

    func run(output: CommandOutput) async -> ExitStatus {
        let (composer, remote) = SessionOptions.makeComposer(pipeline)
        switch target {
        case .one(let groupID, let destination):
            let group: ChatGroup?
            let ids: [String]
            do { (group, ids) = try fixture.findGroup(groupID) } catch {
                output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
                return .failure
            }
            guard let group else {
                let close = Suggestion.closest(to: groupID, among: ids).map {
                    "; did you mean \"\(Sanitizer.clean($0))\"?"
                }
                output.standardError(
                    "chat-tui: \(fixture.name): no group with id \"\(Sanitizer.clean(groupID))\"\(close ?? "")\n")
                return .failure
            }
            if let refusal = limitRefusal([group], output: output) { return refusal }
            let inputs = ExportInputs.identities(fixturePath: fixture.path, groups: [group])
            guard let path = destination.path else {
                return await writeToStandardOutput(group, composer: composer, output: output)
            }
            FileIO.removeStaleTemporaryFiles(in: FileIO.parentDirectory(of: path))
            let outcome = await GroupExporter.export(
                group, to: path, composer: composer, parameters: parameters,
                settings: settings, inputs: inputs)
            if !quiet {
                for warning in outcome.warnings { output.standardError("warning: \(Sanitizer.clean(warning))\n") }
            }
            if json { output.standardOutput(ExportJSON.group(group.id, outcome) + "\n") }
            if let failure = outcome.failure {
                output.standardError("chat-tui: \(Sanitizer.clean(failure))\n")
                return .failure
            }
            return strict && !outcome.warnings.isEmpty ? .failure : .success
        case .all(let directory):
            return await exportAll(to: directory, composer: composer, remote: remote, output: output)
        case .sheet(let groupID, let destination):
            return await exportSheet(groupID: groupID, to: destination, composer: composer, output: output)
        }
    }

    /// Exit 2 with the limit named when the parameters would draw a degenerate avatar for one of `groups`.
    func limitRefusal(_ groups: [ChatGroup], output: CommandOutput) -> ExitStatus? {
        do throws(UsageError) {
            try CompositionOptions.checkLimits(
                parameters, memberCounts: groups.map(\.members.count), command: Self.name)
            return nil
        } catch {
            output.standardError("chat-tui: \(error.message)\nTry 'chat-tui export --help'.\n")
            return .usage
        }
    }

    /// `--output -`: the image on standard output, refused when that is a terminal.
    private func writeToStandardOutput(
        _ group: ChatGroup, composer: GroupComposer,
        output: CommandOutput
    ) async -> ExitStatus {
        if let refusal = output.refusalOfImage(option: Self.outputSpec.name) { return refusal }
        let encoded: (bytes: [UInt8], inputs: String, warnings: [AvatarWarning])
        do {
            encoded = try await GroupExporter.encode(
                group, composer: composer, parameters: parameters,
                encoding: settings.encoding)
        } catch {
            output.standardError("chat-tui: standard output: \(Sanitizer.clean("\(error)"))\n")
            return .failure
        }
        if !quiet {
            for warning in encoded.warnings {
                output.standardError("warning: \(Sanitizer.clean(group.describe(warning)))\n")
            }
        }
        output.standardOutputBytes(encoded.bytes)
        return strict && !encoded.warnings.isEmpty ? .failure : .success
    }
}
