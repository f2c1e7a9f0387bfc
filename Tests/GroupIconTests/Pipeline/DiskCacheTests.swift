import FileSystem
import Foundation
import Support
import Testing

@testable import GroupIcon

@Suite struct DiskCacheTests {
    private func key(_ name: String) -> CompositeKey {
        CompositeKey(members: [MemberSource(id: name, name: name, imagePath: nil)], parameters: CompositionParameters())
    }

    private func composite(_ fill: RGBA8, side: Int = 4) -> Composite {
        Composite(
            image: RGBAImage(width: side, height: side, fill: fill),
            warnings: [
                AvatarWarning(memberID: "u1", memberName: "李雷", path: "a/b.jpg", message: "file not found"),
                AvatarWarning(memberID: "u2", memberName: "Bo", path: nil, message: "style failed"),
            ])
    }

    private func makeCache(_ environment: FakeEnvironment, sizeLimit: Int = 100 << 20) -> DiskCache {
        DiskCache(
            directory: environment.cacheDirectory, sizeLimit: sizeLimit,
            readFile: environment.dependencies.readFile)
    }

    @Test func entryRoundTripsAndRejectsDamage() throws {
        let entry = composite(.white)
        let bytes = CacheEntryFormat.encode(entry, key: key("a"))
        #expect(CacheEntryFormat.decode(bytes, key: key("a")) == entry)
        #expect(CacheEntryFormat.decode(bytes, key: key("b")) == nil)
        #expect(CacheEntryFormat.decode(Array(bytes.dropLast()), key: key("a")) == nil)
        #expect(CacheEntryFormat.decode(Array(bytes.prefix(bytes.count / 2)), key: key("a")) == nil)
        var flipped = bytes
        flipped[bytes.count / 2] ^= 1
        #expect(CacheEntryFormat.decode(flipped, key: key("a")) == nil)
        #expect(CacheEntryFormat.decode([], key: key("a")) == nil)
    }

    @Test func storesUnderTheHashedKeyAndReadsBack() throws {
        let environment = try FakeEnvironment()
        let cache = makeCache(environment)
        try cache.store(composite(.white), for: key("a"))
        #expect(
            cache.path(for: key("a")) == environment.cacheDirectory + "/" + SHA256.hexDigest(key("a").text) + ".gicache"
        )
        #expect(FileManager.default.fileExists(atPath: cache.path(for: key("a"))))
        #expect(makeCache(environment).composite(for: key("a")) == composite(.white))
        #expect(cache.composite(for: key("b")) == nil)
    }

    @Test func corruptedEntryIsRemovedNotShown() throws {
        let environment = try FakeEnvironment()
        let cache = makeCache(environment)
        try cache.store(composite(.white), for: key("a"))
        let path = cache.path(for: key("a"))
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes.removeLast(10)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(cache.composite(for: key("a")) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(cache.corruptEntriesRemoved == 1)
    }

    @Test func hitTouchesTheEntry() throws {
        let environment = try FakeEnvironment()
        let cache = makeCache(environment)
        try cache.store(composite(.white), for: key("a"))
        let path = cache.path(for: key("a"))
        age(path, secondsAgo: 3600)
        _ = cache.composite(for: key("a"))
        let touched = try #require(FileIO.status(of: path)).modificationNanoseconds
        #expect(Double(touched) / 1e9 > Date().timeIntervalSince1970 - 60)
    }

    @Test func ageSweepRemovesEntriesUnusedForThirtyDays() throws {
        let environment = try FakeEnvironment()
        let cache = makeCache(environment)
        for name in ["old", "fresh", "recent"] { try cache.store(composite(.white), for: key(name)) }
        age(cache.path(for: key("old")), secondsAgo: 31 * 86400)
        age(cache.path(for: key("recent")), secondsAgo: 29 * 86400)
        let unrelated = environment.cacheDirectory + "/notes.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: unrelated))
        age(unrelated, secondsAgo: 365 * 86400)
        #expect(cache.sweep() == 1)
        #expect(cache.composite(for: key("old")) == nil)
        #expect(cache.composite(for: key("fresh")) != nil)
        #expect(cache.composite(for: key("recent")) != nil)
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }

    @Test func sizeSweepRemovesLeastRecentlyUsedFirst() throws {
        let environment = try FakeEnvironment()
        let writer = makeCache(environment)
        let names = ["a", "b", "c", "d"]
        for name in names { try writer.store(composite(.white), for: key(name)) }
        let entrySize = try #require(FileIO.status(of: writer.path(for: key("a")))).size
        // Last used: b longest ago, then d, a, c.
        for (name, hoursAgo) in [("b", 4.0), ("d", 3.0), ("a", 2.0), ("c", 1.0)] {
            age(writer.path(for: key(name)), secondsAgo: hoursAgo * 3600)
        }
        // Room for two and a half entries: the two least recently used go.
        let cache = makeCache(environment, sizeLimit: Int(entrySize) * 5 / 2)
        #expect(cache.sweep() == 2)
        let remaining = names.filter { FileManager.default.fileExists(atPath: cache.path(for: key($0))) }
        #expect(remaining == ["a", "c"])
    }

    @Test func statsAndClear() throws {
        let environment = try FakeEnvironment()
        let cache = makeCache(environment)
        #expect(
            cache.statistics()
                == CacheStatistics(
                    entries: 0, bytes: 0, oldest: nil, sizeLimit: cache.sizeLimit, ageLimit: cache.ageLimit))
        try cache.store(composite(.white), for: key("a"))
        try cache.store(composite(.black, side: 8), for: key("b"))
        age(cache.path(for: key("b")), secondsAgo: 86400)
        let sizes = try ["a", "b"].map { try #require(FileIO.status(of: cache.path(for: key($0)))).size }
        let stats = cache.statistics()
        #expect(stats.entries == 2)
        #expect(stats.bytes == sizes[0] + sizes[1])
        let oldest = try #require(stats.oldest)
        #expect(abs(oldest.timeIntervalSinceNow + 86400) < 60)
        #expect(try cache.removeAll() == 2)
        #expect(cache.statistics().entries == 0)
    }

    @Test func standardLocationFollowsXDG() {
        #expect(
            DiskCacheLocation.standard.resolvedDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
                == "/x/cache/chat-tui")
        #expect(
            DiskCacheLocation.standard.resolvedDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
                == "/h/.cache/chat-tui")
        #expect(DiskCacheLocation.standard.resolvedDirectory(environment: ["HOME": "/h"]) == "/h/.cache/chat-tui")
        #expect(DiskCacheLocation.directory("/tmp/c").resolvedDirectory(environment: [:]) == "/tmp/c")
        #expect(DiskCacheLocation.disabled.resolvedDirectory(environment: ["HOME": "/h"]) == nil)
    }
}
