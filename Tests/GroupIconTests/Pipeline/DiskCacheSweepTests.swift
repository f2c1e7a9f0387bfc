import Foundation
import GroupIcon
import Testing

@Suite struct DiskCacheSweepTests {
    /// A cache write killed before its rename leaves a `.chat-tui-<hex>.tmp` file nobody holds a lock on; the
    /// sweep removes it, and leaves every file it cannot prove is such a leftover (here one shaped like the
    /// old PID-named temporary files, whose process is gone).
    @Test func sweepRemovesAbandonedTemporaryFilesOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let abandoned = ".chat-tui-5e5e5e5e5e5e5e5e.tmp"
        let foreign = ".\(String(repeating: "a", count: 64)).gicache.\(Int32.max)-5e.tmp"
        for name in [abandoned, foreign] { try Data([0]).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let cache = DiskCache(directory: folder)
        #expect(cache.sweep() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [foreign])
    }
}
