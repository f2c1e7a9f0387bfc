import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Testing

@testable import GroupExport

@Suite struct BatchExportTests {
    private let parameters = CompositionParameters(layout: .wechat, size: 40, scale: 2)

    private func run(
        _ input: inout some BatchInput, into directory: String, jobs: Int, shard: Shard? = nil,
        composer: GroupComposer, settings: ExportSettings = ExportSettings(durability: .deferred)
    )
        async throws -> (BatchExport.Summary, [String])
    {
        let batch = BatchExport(
            directory: directory, jobs: jobs, shard: shard, settings: settings,
            parameters: parameters, composer: composer)
        var reported: [String] = []
        let summary = try await batch.run(&input) { event in
            switch event {
            case .finished(let id, let outcome): reported.append(id + (outcome.failure == nil ? "" : " failed"))
            case .unreadable(let error): reported.append("\(error)")
            }
        }
        return (summary, reported)
    }

    /// The same bytes for every group whatever else is in the batch, however many jobs, cold or warm cache.
    @Test func filesAreByteIdenticalHoweverTheBatchRuns() async throws {
        let folder = try ExportFolder()
        let groups = (0..<12).map(folder.group)
        var outputs: [[String: [UInt8]]] = []
        for (jobs, disk) in [(1, false), (6, false), (3, true), (3, true)] {
            let directory = folder.root + "/out-\(outputs.count)"
            try FileIO.createDirectory(directory)
            var input = FixtureBatchInput(Fixture(groups: groups, baseDirectory: URL(fileURLWithPath: folder.root)))
            let composer = folder.composer(disk: disk ? .directory(folder.root + "/cache") : .disabled)
            let (summary, _) = try await run(&input, into: directory, jobs: jobs, composer: composer)
            #expect(summary.groups == 12 && summary.succeeded == 12 && summary.filesWritten == 12)
            var files: [String: [UInt8]] = [:]
            for name in FileIO.fileNames(in: directory) { files[name] = try folder.bytes(directory + "/" + name) }
            outputs.append(files)
        }
        #expect(outputs[0].count == 12)
        for other in outputs.dropFirst() { #expect(other == outputs[0]) }

        // One group exported on its own, in a fresh process's pipeline: the same bytes as in the batch.
        let alone = folder.root + "/alone.png"
        var scaled = parameters
        scaled.scale = 2
        _ = await GroupExporter.export(groups[7], to: alone, composer: folder.composer(), parameters: scaled)
        let stem = OutputNaming.stem(for: groups[7].id)
        #expect(try folder.bytes(alone) == outputs[0][stem + ".png"])
    }

    /// The same groups as a `.json` fixture (read whole) and as a `.jsonl` one (streamed) give the same files,
    /// ids that are no safe file name and ids that collide once made safe included.
    @Test func jsonAndJSONLinesFixturesNameTheirFilesTheSame() async throws {
        let folder = try ExportFolder()
        var groups = (0..<5).map(folder.group)
        groups += ["a/b", "a_b", "A_B", ".hidden", "周末"].map { ChatGroup(id: $0, name: $0, members: []) }
        var names: [Set<String>] = []
        for streamed in [false, true] {
            let directory = folder.root + (streamed ? "/streamed" : "/whole")
            try FileIO.createDirectory(directory)
            let summary: BatchExport.Summary
            if streamed {
                var input = StreamBatchInput(try GroupStream(path: try folder.writeJSONLines(groups)))
                (summary, _) = try await run(&input, into: directory, jobs: 2, composer: folder.composer())
            } else {
                var input = FixtureBatchInput(Fixture(groups: groups, baseDirectory: URL(fileURLWithPath: folder.root)))
                (summary, _) = try await run(&input, into: directory, jobs: 2, composer: folder.composer())
            }
            #expect(summary.succeeded == groups.count)
            names.append(Set(FileIO.fileNames(in: directory)))
        }
        #expect(names[0] == names[1])
        #expect(names[0].count == groups.count)
        #expect(names[0].isSuperset(of: ["a_b.png", "A_B.png", "g-0.png"]))
        #expect(names[0].contains(OutputNaming.stem(for: "a/b") + ".png") && OutputNaming.stem(for: "a/b") != "a_b")
    }

    @Test func aStreamReportsBadLinesAndGoesOn() async throws {
        let folder = try ExportFolder()
        let groups = (0..<6).map(folder.group)
        let path = try folder.writeJSONLines(
            groups,
            extraLines: [
                "", "{\"id\":\"x\"}", "not json", "  ",
                "{\"id\":\"last\",\"name\":\"L\",\"members\":[]}",
            ])
        var input = StreamBatchInput(try GroupStream(path: path))
        try FileIO.createDirectory(folder.root + "/out")
        let (summary, reported) = try await run(
            &input, into: folder.root + "/out", jobs: 2, composer: folder.composer())
        #expect(summary.groups == 9 && summary.succeeded == 7 && summary.failed == 2)
        #expect(reported.contains("\(path):8: name: missing"))
        #expect(reported.contains { $0.hasPrefix("\(path):9:1: malformed JSON") })
        let names = Set(FileIO.fileNames(in: folder.root + "/out"))
        #expect(names.contains("last.png") && names.contains(OutputNaming.stem(for: "g/3") + ".png"))
        #expect(names.count == 7)
    }

    @Test func shardsSplitTheBatchWithoutOverlap() async throws {
        let folder = try ExportFolder()
        let groups = (0..<14).map(folder.group)
        let path = try folder.writeJSONLines(groups)
        try FileIO.createDirectory(folder.root + "/out")
        var total = 0
        for index in 1...3 {
            var input = StreamBatchInput(try GroupStream(path: path))
            let (summary, reported) = try await run(
                &input, into: folder.root + "/out", jobs: 2,
                shard: Shard(index: index, count: 3), composer: folder.composer())
            #expect(reported.allSatisfy { id in Shard(index: index, count: 3)?.contains(id) == true })
            total += summary.succeeded
        }
        #expect(total == 14 && FileIO.fileNames(in: folder.root + "/out").count == 14)
    }

    @Test func anUnreadableInputStopsTheBatchWithItsError() async throws {
        let folder = try ExportFolder()
        var input = FailingInput(groups: (0..<3).map(folder.group), folder: folder.root)
        try FileIO.createDirectory(folder.root + "/out")
        await #expect(throws: FixtureError.self) {
            try await run(&input, into: folder.root + "/out", jobs: 2, composer: folder.composer())
        }
        #expect(FileIO.fileNames(in: folder.root + "/out").count == 3)
    }

    /// The case: a line over the limit aborted the batch, and the groups after it were never exported.
    @Test func aLineOverTheLimitIsSkippedAndTheBatchGoesOn() async throws {
        let folder = try ExportFolder()
        let groups = [0, 1, 2, 4].map(folder.group)
        let tail = try String(
            decoding: folder.bytes(folder.writeJSONLines(Array(groups[2...]), name: "tail.jsonl")),
            as: UTF8.self)
        let path = try folder.writeJSONLines(
            Array(groups[0..<2]), extraLines: [String(repeating: "x", count: 5000), tail])
        var input = StreamBatchInput(try GroupStream(path: path, maximumLineBytes: 4096))
        try FileIO.createDirectory(folder.root + "/out")
        let (summary, reported) = try await run(
            &input, into: folder.root + "/out", jobs: 2, composer: folder.composer())
        #expect(summary.groups == 5 && summary.succeeded == 4 && summary.failed == 1)
        #expect(
            reported.contains(
                "\(path):3: the line is longer than the 4 KiB limit (a JSON Lines fixture holds one group per line)"),
            "\(reported)")
        #expect(FileIO.fileNames(in: folder.root + "/out").sorted() == groups.map { "\($0.id).png" }.sorted())
    }
}

/// An input whose file fails to read after its groups, as a disk error would.
private struct FailingInput: BatchInput {
    var groups: [ChatGroup]
    var folder: String
    var total: Int? { nil }
    mutating func next() throws(FixtureError) -> (group: ChatGroup, stem: String)? {
        guard !groups.isEmpty else { throw .readFailed(path: folder + "/groups.jsonl", reason: "Input/output error") }
        let group = groups.removeFirst()
        return (group, group.id)
    }
}

@Suite struct StreamBatchInputTests {
    /// The case: "exported 3 of 3" with 2 files, the second group silently replacing the first's file.
    @Test func aRepeatedIdIsAnErrorNamingBothLinesAndTheStreamGoesOn() throws {
        let folder = try ExportFolder()
        let groups = [folder.group(0), folder.group(1), folder.group(0), folder.group(2)]
        var input = StreamBatchInput(try GroupStream(path: try folder.writeJSONLines(groups)))
        #expect(try input.next()?.stem == "g-0")
        #expect(try input.next()?.stem == "g-1")
        #expect(
            throws: FixtureError.schema(
                file: folder.root + "/groups.jsonl:3", path: "id",
                problem: .duplicateID("g-0", firstPath: "line 1"))
        ) { try input.next() }
        #expect(
            BatchExport.isRecoverable(.schema(file: "", path: "id", problem: .duplicateID("g-0", firstPath: "line 1"))))
        #expect(try input.next()?.stem == "g-2")
        #expect(try input.next() == nil)
    }
}

@Suite struct FirstLineIndexTests {
    /// Digests spread as SHA-256's are, from a fixed generator.
    private static func digests(_ count: Int) -> [UInt64] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func everyRepeatIsFoundWithItsFirstLineThroughGrowth() {
        var index = FirstLineIndex(capacity: 8)
        let digests = Self.digests(20_000)
        for (line, digest) in digests.enumerated() {
            #expect(index.firstLine(of: digest, recordingOn: line + 1) == nil)
        }
        #expect(index.count == digests.count)
        for (line, digest) in digests.enumerated() where line % 97 == 0 {
            #expect(index.firstLine(of: digest, recordingOn: 99_999) == line + 1)
        }
        #expect(index.count == digests.count, "a repeat is not recorded again")
        // 0 is a digest like any other (stored as 1, the empty slot's mark being 0).
        #expect(index.firstLine(of: 0, recordingOn: 7) == nil)
        #expect(index.firstLine(of: 0, recordingOn: 8) == 7)
    }

    /// What keeps a JSON Lines export's memory flat: the table costs at most 12 bytes a slot and is at least
    /// 7/16 full after it grows, so under 28 bytes an id (a `[UInt128: Int]` took about 64 once grown).
    @Test func theTableCostsFewBytesAnId() {
        var index = FirstLineIndex()
        for (line, digest) in Self.digests(100_000).enumerated() { _ = index.firstLine(of: digest, recordingOn: line) }
        #expect(index.bytes <= 28 * 100_000)
        #expect(index.bytes >= 12 * 100_000)
    }
}
