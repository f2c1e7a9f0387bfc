import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import Support

/// Where a command reads its fixture: the file `--fixtures` names (the bundled sample data when it is not
/// given), or standard input for `--fixtures -` (`PathArgument`), whose relative photo paths resolve against
/// `--base-dir`, else the current folder. Every command that reads a fixture reads it through this.
struct FixtureSource: OptionGroup, Equatable {
    static let fixturesSpec = OptionSpec(
        name: "--fixtures", valueName: "PATH",
        help: "chat-list fixture (JSON); default: the bundled sample data", dash: .standardInput)
    static let baseDirSpec = OptionSpec(
        name: "--base-dir", valueName: "DIR",
        help: "with --fixtures -: the folder relative photo paths resolve against (default: the current folder)")
    static let options = [fixturesSpec, baseDirSpec]
    /// `--fixtures` of the commands that watch the file and read it again (the interactive app, whose keys
    /// come from standard input, and `serve`): a file only.
    static let fileSpec = OptionSpec(
        name: "--fixtures", valueName: "PATH",
        help: "chat-list fixture (JSON file, watched for changes); default: the bundled sample data")

    /// The file `fileSpec` names, the bundled sample data when it is not given.
    static func filePath(from arguments: ParsedArguments) -> String {
        arguments.string(fileSpec) ?? SessionOptions.bundledFixturePath
    }

    var argument: PathArgument
    /// `--base-dir`: where a fixture on standard input finds its relative photo paths.
    var baseDirectory: String?

    init(argument: PathArgument, baseDirectory: String? = nil) {
        self.argument = argument; self.baseDirectory = baseDirectory
    }

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        self.init(
            argument: arguments.path(Self.fixturesSpec) ?? .path(SessionOptions.bundledFixturePath),
            baseDirectory: try Self.baseDirectory(from: arguments))
    }

    /// `--base-dir`, which only a fixture read from standard input uses (a file's photos resolve against its
    /// own folder).
    private static func baseDirectory(from arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let directory = arguments.string(baseDirSpec) else { return nil }
        guard arguments.path(fixturesSpec) == .standardInput else {
            throw UsageError(
                message: "--base-dir applies to --fixtures - (a fixture file's photos resolve against its folder)",
                command: arguments.command)
        }
        guard FileIO.isDirectory(directory) else {
            throw UsageError(
                message: "--base-dir: \(Sanitizer.clean(directory)) is not a folder", command: arguments.command)
        }
        return directory
    }

    /// The file's path; nil for standard input.
    var path: String? { argument.path }
    /// The fixture as a command line spells it (`-` for standard input), for the commands a spec records.
    var spelling: String { path ?? "-" }
    /// How messages name it: its path, or "standard input".
    var name: String { argument.name }
    /// Whether it is a JSON Lines file, read as a stream of groups (standard input is read whole).
    var isJSONLinesFile: Bool { path.map(GroupStream.isJSONLines) ?? false }

    /// The whole fixture.
    func load() throws(FixtureError) -> Fixture {
        guard let path else {
            return try FixtureLoader.loadStandardInput(
                baseDirectory: URL(fileURLWithPath: baseDirectory ?? FileIO.currentDirectory, isDirectory: true))
        }
        return try FixtureLoader.load(path: path)
    }

    /// The group with `id` and, when there is none, every id seen (for a suggestion): a `.jsonl` file is
    /// streamed until it turns up, anything else is read whole.
    func findGroup(_ id: String) throws(FixtureError) -> (group: ChatGroup?, ids: [String]) {
        guard let path, isJSONLinesFile else {
            let groups = try load().groups
            return (groups.first { $0.id == id }, groups.map(\.id))
        }
        let stream = try GroupStream(path: path)
        var ids: [String] = []
        while let group = try stream.next() {
            if group.id == id { return (group, []) }
            ids.append(group.id)
        }
        return (nil, ids)
    }
}
