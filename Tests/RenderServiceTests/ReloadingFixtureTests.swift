import FileSystem
import Foundation
import Testing

@testable import RenderService

/// The fixture follows its file through a `FileWatcher` (driven here by the test, as the dispatch source
/// drives it in the service), not by looking at the file on each request.
@Suite struct ReloadingFixtureTests {
    /// Waits (up to 10 s) until the watcher's descriptor is readable and hands it what it reports, until the
    /// fixture has been read again.
    static func settle(_ fixture: ReloadingFixture) {
        let before = fixture.generation
        let deadline = Date().addingTimeInterval(10)
        while fixture.generation == before, Date() < deadline {
            var entry = pollfd(fd: fixture.changeDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            fixture.handleFileChanges()
        }
    }

    static func write(_ text: String, to path: String) throws {
        try FileIO.writeAtomically(Array(text.utf8), to: path)
    }

    static func group(_ id: String, named name: String) -> String {
        #"{"groups": [{"id": "\#(id)", "name": "\#(name)", "members": []}]}"#
    }

    @Test func aChangeIsReadWhenTheWatcherReportsItNotOnARequest() throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "reloading-fixture-tests")
        defer { FileIO.removeTree(folder) }
        let path = folder + "/groups.json"
        try Self.write(Self.group("g", named: "Before"), to: path)
        let fixture = ReloadingFixture(path: path, quietMilliseconds: 1)
        #expect(fixture.isWatching)
        #expect(fixture.group(id: "g")?.name == "Before")
        let generation = fixture.generation

        try Self.write(Self.group("g", named: "After"), to: path)
        // A request does not look at the file: until the watcher's report is handled, the old groups stay.
        #expect(fixture.group(id: "g")?.name == "Before")
        Self.settle(fixture)
        #expect(fixture.group(id: "g")?.name == "After")
        #expect(fixture.generation > generation)
        #expect(fixture.health.loaded && fixture.health.problem == nil)

        // A broken file keeps the last good groups and says why; a good one clears the problem.
        try Self.write("{not json", to: path)
        Self.settle(fixture)
        #expect(fixture.group(id: "g")?.name == "After")
        #expect(fixture.health.problem != nil)
        try Self.write(Self.group("h", named: "Later"), to: path)
        Self.settle(fixture)
        #expect(fixture.group(id: "h")?.name == "Later" && fixture.group(id: "g") == nil)
        #expect(fixture.health.problem == nil)
    }

    @Test func reloadReadsTheFileWithoutAWatcher() throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "reloading-fixture-tests")
        defer { FileIO.removeTree(folder) }
        let path = folder + "/groups.json"
        try Self.write(Self.group("g", named: "Before"), to: path)
        let fixture = ReloadingFixture(path: path, watchesFile: false)
        #expect(!fixture.isWatching && fixture.changeDescriptor == -1)
        try Self.write(Self.group("g", named: "After"), to: path)
        fixture.handleFileChanges()
        #expect(fixture.group(id: "g")?.name == "Before")
        // SIGHUP.
        fixture.reload()
        #expect(fixture.group(id: "g")?.name == "After")
    }
}
