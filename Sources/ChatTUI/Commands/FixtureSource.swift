import ArgumentParsing
import FileSystem
import Fixtures
import Foundation

/// Where a command reads its fixture: the file `--fixtures` names (the bundled sample data when it is not
/// given), or standard input for `--fixtures -` (`PathArgument`), whose relative photo paths resolve against
/// `--base-dir`, else the current folder. Every command that reads a fixture reads it through this.
struct FixtureSource: Equatable, Sendable {
    var argument: PathArgument
    /// `--base-dir`: where a fixture on standard input finds its relative photo paths.
    var baseDirectory: String?

    init(argument: PathArgument, baseDirectory: String? = nil) {
        self.argument = argument; self.baseDirectory = baseDirectory
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init(
            argument: arguments.path("--fixtures") ?? .path(SessionOptions.bundledFixturePath),
            baseDirectory: try SessionOptions.baseDirectory(from: arguments))
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
