import FileSystem
import Fixtures
import GroupIcon
import Support

/// The groups of a batch, one at a time, each with the file-name stem it is written under.
package protocol BatchInput {
    /// How many groups there are, nil when unknown until the end (a stream).
    var total: Int? { get }
    /// The next group and its stem, nil after the last. A `FixtureError` about one group (malformed line,
    /// schema) leaves the input positioned after it, so the batch can report it and go on.
    mutating func next() throws(FixtureError) -> (group: ChatGroup, stem: String)?
}

/// The groups of a fixture read whole, stems as for a stream (`OutputNaming.stem(for:)`).
package struct FixtureBatchInput: BatchInput {
    private let groups: [ChatGroup]
    private var index = 0

    package init(_ fixture: Fixture) { groups = fixture.groups }

    package var total: Int? { groups.count }

    package mutating func next() throws(FixtureError) -> (group: ChatGroup, stem: String)? {
        guard index < groups.count else { return nil }
        defer { index += 1 }
        return (groups[index], OutputNaming.stem(for: groups[index].id))
    }
}

/// The groups of a JSON Lines fixture as they stream by: stems from the id alone (`OutputNaming.stem(for:)`),
/// as no other group is known. A group whose id was seen before is an error
/// naming both lines (it would replace the earlier group's file); the ids are remembered as 64-bit digests
/// with their line (`FirstLineIndex`), about 14 bytes a group rather than the ids themselves.
package struct StreamBatchInput: BatchInput {
    private let stream: GroupStream
    private var firstLines = FirstLineIndex()

    package init(_ stream: GroupStream) { self.stream = stream }

    package var total: Int? { nil }

    package mutating func next() throws(FixtureError) -> (group: ChatGroup, stem: String)? {
        guard let group = try stream.next() else { return nil }
        let digest = SHA256.digest(Array(group.id.utf8)).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        if let first = firstLines.firstLine(of: digest, recordingOn: stream.lineNumber) {
            throw .schema(
                file: "\(stream.path):\(stream.lineNumber)", path: "id",
                problem: .duplicateID(group.id, firstPath: "line \(first)"))
        }
        return (group, OutputNaming.stem(for: group.id))
    }
}

/// Exports every group of a `BatchInput` (of its shard) into one folder, `jobs` groups at a time, reading the
/// next group only when a job is free, so that memory stays bounded however many groups there are.
package struct BatchExport: Sendable {
    package var directory: String
    package var jobs: Int
    /// Only the groups of this shard; nil for all.
    package var shard: Shard?
    package var settings: ExportSettings
    package var parameters: CompositionParameters
    package var composer: GroupComposer
    /// Files no output may replace (`ExportInputs`): the fixture and the photos it names.
    package var protectedFiles: [FileIdentity: String]
    /// Whether each group's own photos are added to `protectedFiles` as it is read: for a streamed fixture,
    /// whose photos are not known up front (a fixture read whole lists them all in `protectedFiles` already).
    package var protectsPhotosAsGroupsArrive = false

    package init(
        directory: String, jobs: Int, shard: Shard?, settings: ExportSettings,
        parameters: CompositionParameters, composer: GroupComposer,
        protectedFiles: [FileIdentity: String] = [:]
    ) {
        self.directory = directory; self.jobs = max(1, jobs); self.shard = shard; self.settings = settings
        // Every file of the batch stays in its folder: a link planted there cannot send one elsewhere.
        self.settings.folder = directory
        self.parameters = parameters; self.composer = composer; self.protectedFiles = protectedFiles
    }

    /// What happened, reported as it happens (in completion order).
    package enum Event: Sendable {
        /// A group is done (written, up to date, or failed with its outcome's `failure`).
        case finished(groupID: String, GroupExporter.Outcome)
        /// A group of the input could not be read; the batch goes on with the next.
        case unreadable(FixtureError)
    }

    /// The totals of a batch.
    package struct Summary: Sendable, Equatable {
        /// Groups of the shard exported, skipped as up to date or failed.
        package var groups = 0
        /// Groups with every file written or up to date.
        package var succeeded = 0
        /// Groups whose files were all up to date (none written).
        package var upToDate = 0
        /// Groups that failed, unreadable ones included.
        package var failed = 0
        package var warnings = 0
        /// Files written.
        package var filesWritten = 0

        package init() {}
    }

    /// Runs the batch; throws only when the input itself fails (an unreadable file), after the groups in
    /// flight have finished.
    package func run(_ input: inout some BatchInput, report: (Event) -> Void) async throws(FixtureError) -> Summary {
        var summary = Summary()
        var inputFailure: FixtureError?
        let extensionName = settings.encoding.format.fileExtension
        let (settings, parameters, composer) = (self.settings, self.parameters, self.composer)
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        await withTaskGroup(of: (String, GroupExporter.Outcome).self) { tasks in
            var running = 0
            /// Starts the next group of the shard, if any; false at the end of the input.
            func startNext() -> Bool {
                while inputFailure == nil {
                    let next: (group: ChatGroup, stem: String)?
                    do {
                        next = try input.next()
                    } catch  where Self.isRecoverable(error) {
                        summary.groups += 1
                        summary.failed += 1
                        report(.unreadable(error))
                        continue
                    } catch {
                        inputFailure = error
                        return false
                    }
                    guard let (group, stem) = next else { return false }
                    if let shard, !shard.contains(group.id) { continue }
                    // A streamed fixture is not known beforehand, so its groups are checked one by one.
                    if let problem = CompositionLimits.problem(parameters, memberCounts: [group.members.count]) {
                        let failure = "group \(group.id): these parameters would draw a degenerate avatar: \(problem)"
                        tasks.addTask { (group.id, GroupExporter.Outcome(failure: failure)) }
                        running += 1
                        return true
                    }
                    let path = folder + stem + "." + extensionName
                    let inputs =
                        protectsPhotosAsGroupsArrive
                        ? protectedFiles.merging(ExportInputs.identities(fixturePath: nil, groups: [group])) {
                            first, _ in first
                        }
                        : protectedFiles
                    tasks.addTask {
                        (
                            group.id,
                            await GroupExporter.export(
                                group, to: path, composer: composer, parameters: parameters,
                                settings: settings, inputs: inputs)
                        )
                    }
                    running += 1
                    return true
                }
                return false
            }
            while running < jobs, startNext() {}
            while let (groupID, outcome) = await tasks.next() {
                running -= 1
                summary.groups += 1
                summary.warnings += outcome.warnings.count
                summary.filesWritten += outcome.written
                if outcome.failure == nil {
                    summary.succeeded += 1
                    if outcome.written == 0 && outcome.upToDate > 0 { summary.upToDate += 1 }
                } else {
                    summary.failed += 1
                }
                report(.finished(groupID: groupID, outcome))
                while running < jobs, startNext() {}
            }
        }
        if let inputFailure { throw inputFailure }
        return summary
    }

    /// Errors about one group's text, after which the next group can still be read.
    static func isRecoverable(_ error: FixtureError) -> Bool {
        switch error {
        case .malformedJSON, .invalidUTF8, .schema, .lineTooLong: return true
        default: return false
        }
    }
}
