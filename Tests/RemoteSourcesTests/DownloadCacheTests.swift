import FileSystem
import Foundation
import GroupIcon
import Support
import Testing

@testable import RemoteSources

@Suite struct DownloadCacheTests {
    private final class Folder: Sendable {
        let path = FileManager.default.temporaryDirectory.path + "/download-cache-" + UUID().uuidString
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func entry(
        _ url: String = "https://example.com/a.jpg", bytes: [UInt8] = Array(0..<200),
        cacheControl: CacheControl = CacheControl(), at date: Date? = nil
    ) -> DownloadCacheEntry {
        DownloadCacheEntry(
            url: url, bytes: bytes,
            validators: HTTPValidators(entityTag: "\"e1\"", lastModified: "Tue, 03 Nov 2026 10:00:00 GMT"),
            contentType: "image/jpeg", fetchedAt: date ?? start, cacheControl: cacheControl)
    }

    @Test func entriesRoundTripThroughTheDisk() throws {
        let folder = Folder()
        let cache = DownloadCache(directory: folder.path)
        let stored = entry(cacheControl: CacheControl(maxAge: 60, noCache: true))
        try cache.store(stored)
        #expect(cache.entry(for: stored.url) == stored)
        #expect(cache.entry(for: "https://example.com/other.jpg") == nil)
        #expect(cache.path(for: stored.url).hasSuffix("/" + SHA256.hexDigest(stored.url) + ".gidl"))
        let bare = DownloadCacheEntry(
            url: "http://x/y", bytes: [], validators: HTTPValidators(), contentType: nil,
            fetchedAt: start, cacheControl: CacheControl())
        try cache.store(bare)
        #expect(cache.entry(for: "http://x/y") == bare)
        #expect(cache.statistics().entries == 2)
    }

    @Test func theContentIdentityFollowsTheBytesOnly() {
        let first = entry()
        #expect(first.contentIdentity == "sha256:" + SHA256.hex(SHA256.digest(first.bytes)))
        #expect(entry(cacheControl: CacheControl(maxAge: 5), at: start + 99).contentIdentity == first.contentIdentity)
        #expect(entry(bytes: [1, 2, 3]).contentIdentity != first.contentIdentity)
        let revalidated = first.revalidated(at: start + 500, metadata: HTTPResponseMetadata())
        #expect(revalidated.contentIdentity == first.contentIdentity)
        #expect(revalidated.bytes == first.bytes)
        #expect(revalidated.fetchedAt == start + 500)
    }

    @Test func freshnessFollowsMaxAgeOrTheDefault() {
        let hour: TimeInterval = 3600
        let plain = entry()
        #expect(plain.isFresh(at: start + hour - 1, defaultFreshness: hour))
        #expect(!plain.isFresh(at: start + hour, defaultFreshness: hour))
        let short = entry(cacheControl: CacheControl(maxAge: 10))
        #expect(short.isFresh(at: start + 9, defaultFreshness: hour))
        #expect(!short.isFresh(at: start + 10, defaultFreshness: hour))
        #expect(!entry(cacheControl: CacheControl(maxAge: 0)).isFresh(at: start, defaultFreshness: hour))
        #expect(
            !entry(cacheControl: CacheControl(maxAge: 600, noCache: true)).isFresh(at: start, defaultFreshness: hour))
        // A clock that went backwards does not make an entry fresh forever.
        #expect(!plain.isFresh(at: start - 1, defaultFreshness: hour))
    }

    @Test func lookupSaysFreshStaleOrMissing() throws {
        let folder = Folder()
        let cache = DownloadCache(directory: folder.path)
        let stored = entry(cacheControl: CacheControl(maxAge: 60))
        try cache.store(stored)
        #expect(cache.lookup(stored.url, now: start + 30, defaultFreshness: 3600) == .fresh(stored))
        #expect(cache.lookup(stored.url, now: start + 61, defaultFreshness: 3600) == .stale(stored))
        #expect(cache.lookup("https://example.com/none.jpg", now: start, defaultFreshness: 3600) == .missing)
    }

    @Test func aRevalidationTakesTheNewDirectivesAndKeepsOldValidators() {
        let old = entry(cacheControl: CacheControl(maxAge: 60))
        let renewed = old.revalidated(
            at: start + 100,
            metadata: HTTPResponseMetadata(
                validators: HTTPValidators(entityTag: "\"e2\""), cacheControl: CacheControl(maxAge: 600)))
        #expect(
            renewed.validators == HTTPValidators(entityTag: "\"e2\"", lastModified: "Tue, 03 Nov 2026 10:00:00 GMT"))
        #expect(renewed.cacheControl == CacheControl(maxAge: 600))
        let silent = old.revalidated(at: start + 100, metadata: HTTPResponseMetadata())
        #expect(silent.cacheControl == CacheControl(maxAge: 60))
        #expect(silent.validators == old.validators)
    }

    @Test func noStoreEntriesAreNeverWrittenAndReplaceOlderOnes() throws {
        let folder = Folder()
        let cache = DownloadCache(directory: folder.path)
        try cache.store(entry())
        try cache.store(entry(bytes: [9], cacheControl: CacheControl(noStore: true)))
        #expect(cache.entry(for: entry().url) == nil)
        #expect(cache.statistics().entries == 0)
    }

    @Test func corruptedOrForeignEntriesAreRemovedAndMissing() throws {
        let folder = Folder()
        let cache = DownloadCache(directory: folder.path)
        let stored = entry()
        try cache.store(stored)
        let path = cache.path(for: stored.url)
        var bytes = try FileIO.readRegularFile(path: path, maxBytes: 1 << 20)
        bytes[bytes.count / 2] ^= 0x01
        try FileIO.writeAtomically(bytes, to: path)
        #expect(cache.entry(for: stored.url) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(cache.corruptEntriesRemoved == 1)

        // An intact entry stored under another URL's file name is not that URL's entry.
        try cache.store(stored)
        let other = "https://example.com/b.jpg"
        try FileManager.default.copyItem(atPath: path, toPath: cache.path(for: other))
        #expect(cache.entry(for: other) == nil)
        #expect(cache.entry(for: stored.url) == stored)

        try FileIO.writeAtomically(Array(bytes.prefix(40)), to: path)
        #expect(cache.entry(for: stored.url) == nil)
    }

    @Test func theSizeLimitEvictsTheLeastRecentlyUsed() throws {
        let folder = Folder()
        // Room for two 4 KB entries, not three.
        let cache = DownloadCache(directory: folder.path, sizeLimit: 9000)
        let urls = (0..<3).map { "https://example.com/\($0).jpg" }
        for (index, url) in urls.prefix(2).enumerated() {
            try cache.store(entry(url, bytes: [UInt8](repeating: UInt8(index), count: 4000)))
            FileIO.setModificationTime(of: cache.path(for: url), to: Date() - 1000 + Double(index))
        }
        // Reading the first makes the second the least recently used.
        #expect(cache.entry(for: urls[0]) != nil)
        try cache.store(entry(urls[2], bytes: [UInt8](repeating: 2, count: 4000)))
        #expect(cache.sweep() == 1)
        #expect(cache.entry(for: urls[1]) == nil)
        #expect(cache.entry(for: urls[0]) != nil && cache.entry(for: urls[2]) != nil)
        #expect(try cache.removeAll() == 2)
    }

    @Test func theDefaultFolderIsBesideTheCompositeCache() {
        let environment = ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]
        #expect(
            DownloadCache(location: .standard, environment: environment)?.directory
                == "/var/cache/me/chat-tui/downloads")
        #expect(
            DownloadCache(location: .directory("/tmp/c"), environment: environment)?.directory == "/tmp/c/downloads")
        #expect(DownloadCache(location: .disabled, environment: environment) == nil)
    }

    @Test func theCompositeCacheSharingTheFolderIsLeftAlone() throws {
        let folder = Folder()
        let cache = DownloadCache(directory: folder.path)
        try cache.store(entry())
        let composite = folder.path + "/" + String(repeating: "a", count: 64) + ".gicache"
        try FileIO.writeAtomically([1, 2, 3], to: composite)
        #expect(cache.statistics().entries == 1)
        #expect(try cache.removeAll() == 1)
        #expect(FileManager.default.fileExists(atPath: composite))
    }
}
