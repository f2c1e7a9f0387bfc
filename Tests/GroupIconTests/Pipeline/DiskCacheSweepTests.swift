import Foundation
import Testing
import GroupIcon

@Suite struct DiskCacheSweepTests {
    /// A cache write killed before its rename leaves `writeAtomically`'s temporary file; the sweep removes it
    /// once its process is gone, and leaves a live writer's alone.
    @Test func sweepRemovesTemporaryFilesOfDeadWriters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stale = ".\(String(repeating: "a", count: 64)).gicache.\(Int32.max)-5e.tmp"
        let live = ".\(String(repeating: "b", count: 64)).gicache.\(getpid())-5f.tmp"
        for name in [stale, live] { try Data([0]).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let cache = DiskCache(directory: folder)
        #expect(cache.sweep() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [live])
    }
}
