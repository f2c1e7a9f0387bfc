import Foundation
import GroupIcon
import Testing

@testable import RemoteSources

/// The download cache in front of the fetcher, against the local test server where real HTTP headers matter:
/// freshness, revalidation across runs (a "run" is a new store on the same cache folder), changed photos.
@Suite struct RemoteImageStoreTests {
    /// A store over `fetcher`, or over one whose total timeout no test's wait on a loaded machine can outlast
    /// (the gated answers wait for the test to open the gate).
    private func store(_ folder: TestFolder?, clock: TestClock, fetcher: (any HTTPFetching)? = nil) throws
        -> RemoteImageStore
    {
        RemoteImageStore(
            fetcher: try fetcher ?? HTTPFetcher(configuration: HTTPFetcherConfiguration(totalTimeout: 600)),
            cache: folder.map { DownloadCache(directory: $0.path) },
            configuration: RemoteImageStoreConfiguration(clock: { clock.date }))
    }

    private var png: [UInt8] { get throws { try [UInt8](Data(contentsOf: #require(HTTPTestServer.pngFile))) } }

    @Test(arguments: ["/etag", "/last-modified"])
    func aSecondRunRevalidatesWithoutDownloading(path: String) async throws {
        try await withHTTPTestServer { server in
            let folder = TestFolder()
            let clock = TestClock()
            let url = server.url(path + "?max-age=60")
            let first = try await store(folder, clock: clock).bytes(for: url, offline: false)
            #expect(first.origin == .fetched)

            clock.advance(120)
            let secondRun = try store(folder, clock: clock)
            let second = try await secondRun.bytes(for: url, offline: false)
            #expect(second.origin == .revalidated)
            #expect(second.bytes == first.bytes)
            // Same identity: a pipeline keeping the decoded photo under it decodes nothing after a 304.
            #expect(second.contentIdentity == first.contentIdentity)
            #expect(secondRun.statistics.summary == "0 fetched, 0 from cache, 1 revalidated, 0 failed")

            // The 304 restarted the freshness period: a third run 30 s later asks nothing.
            clock.advance(30)
            let third = try await store(folder, clock: clock).bytes(for: url, offline: false)
            #expect(third.origin == .fromCache)
            #expect(third.contentIdentity == first.contentIdentity)

            let stats = try await server.stats()
            #expect(stats.requests(path) == 2)
            #expect(stats.statuses(path, 200) == 1)
            #expect(stats.statuses(path, 304) == 1)
            #expect(stats.conditional[path] == 1)
        }
    }

    @Test func maxAgeAndTheDefaultFreshnessDecideWhenToAskAgain() async throws {
        try await withHTTPTestServer { server in
            let clock = TestClock()
            let store = try store(TestFolder(), clock: clock)
            let short = server.url("/photos/short.jpg?max-age=10")
            let plain = server.url("/photos/plain.jpg")
            #expect(try await store.bytes(for: short, offline: false).origin == .fetched)
            #expect(try await store.bytes(for: plain, offline: false).origin == .fetched)
            clock.advance(9)
            #expect(try await store.bytes(for: short, offline: false).origin == .fromCache)
            clock.advance(2)
            // Expired and without validators: downloaded again.
            #expect(try await store.bytes(for: short, offline: false).origin == .fetched)
            // The default freshness (an hour) still holds for the photo without max-age.
            #expect(try await store.bytes(for: plain, offline: false).origin == .fromCache)
            clock.advance(3600)
            #expect(try await store.bytes(for: plain, offline: false).origin == .fetched)
            let stats = try await server.stats()
            #expect(stats.requests("/photos/short.jpg") == 2)
            #expect(stats.requests("/photos/plain.jpg") == 2)
        }
    }

    @Test func noCacheRevalidatesEveryTimeAndNoStoreIsNeverKept() async throws {
        try await withHTTPTestServer { server in
            let folder = TestFolder()
            let clock = TestClock()
            let store = try store(folder, clock: clock)
            let revalidated = server.url("/etag?no-cache=1")
            #expect(try await store.bytes(for: revalidated, offline: false).origin == .fetched)
            #expect(try await store.bytes(for: revalidated, offline: false).origin == .revalidated)

            let secret = server.url("/photos/private.jpg?no-store=1")
            #expect(try await store.bytes(for: secret, offline: false).origin == .fetched)
            #expect(try await store.bytes(for: secret, offline: false).origin == .fetched)
            #expect(DownloadCache(directory: folder.path).entry(for: secret) == nil)
            await #expect(throws: FetchError.notCached(RedactedURL(secret))) {
                try await store.bytes(for: secret, offline: true)
            }
            let stats = try await server.stats()
            #expect(stats.statuses("/etag", 304) == 1)
            #expect(stats.requests("/photos/private.jpg") == 2)
        }
    }

    @Test func aChangedPhotoGetsANewIdentity() async throws {
        try await withHTTPTestServer { server in
            let store = try store(TestFolder(), clock: TestClock())
            let url = server.url("/versioned?max-age=0")
            let first = try await store.bytes(for: url, offline: false)
            #expect(try await store.bytes(for: url, offline: false).origin == .revalidated)
            try await server.setVersion("v2")
            let changed = try await store.bytes(for: url, offline: false)
            #expect(changed.origin == .fetched)
            #expect(changed.bytes == (try png))
            #expect(changed.contentIdentity != first.contentIdentity)
            #expect(store.statistics.fetched == 2 && store.statistics.revalidated == 1)
        }
    }

    @Test func withoutADiskCacheRevalidationUsesTheMemoryCopy() async throws {
        try await withHTTPTestServer { server in
            let clock = TestClock()
            let store = try store(nil, clock: clock)
            let url = server.url("/etag?max-age=1")
            #expect(try await store.bytes(for: url, offline: false).origin == .fetched)
            clock.advance(5)
            #expect(try await store.bytes(for: url, offline: false).origin == .revalidated)
            #expect(try await server.stats().statuses("/etag", 304) == 1)
        }
    }
}

/// The store's own logic against a stub fetcher (no network): coalescing, offline mode, failures, cancelled
/// callers.
@Suite struct RemoteImageStoreLogicTests {
    private let photo: [UInt8] = Array("photo bytes".utf8)

    private func store(_ fetcher: StubFetcher, folder: TestFolder? = TestFolder(), clock: TestClock = TestClock())
        -> RemoteImageStore
    {
        RemoteImageStore(
            fetcher: fetcher, cache: folder.map { DownloadCache(directory: $0.path) },
            configuration: RemoteImageStoreConfiguration(clock: { clock.date }))
    }

    @Test func concurrentRequestsForOneURLShareOneFetch() async throws {
        let photo = self.photo
        let fetcher = StubFetcher(gated: true) { _ in StubFetcher.content(photo) }
        let store = store(fetcher)
        // 120 groups whose members use 15 photos. The answers wait until every request has joined, so the
        // requests surely overlap: 15 start a download, the 105 others join one.
        let urls = (0..<15).map { "http://photos.test/\($0).jpg" }
        let requests = Task {
            try await withThrowingTaskGroup(of: RemoteBytes.self) { group in
                for index in 0..<120 {
                    group.addTask { try await store.bytes(for: urls[index % 15], offline: false) }
                }
                return try await group.reduce(into: [RemoteBytes]()) { $0.append($1) }
            }
        }
        while store.statistics.coalescedWaits < 105 || fetcher.requests.count < 15 { await Task.yield() }
        fetcher.openGate()
        let results = try await requests.value
        #expect(results.count == 120)
        #expect(results.allSatisfy { $0.bytes == photo && $0.origin == .fetched })
        #expect(Set(results.map(\.contentIdentity)).count == 1)
        #expect(fetcher.requests.map(\.url).sorted() == urls.sorted())
        #expect(
            store.statistics.fetched == 15 && store.statistics.coalescedWaits == 105 && store.statistics.failed == 0)
    }

    @Test func offlineModeUsesOnlyTheCacheAndNeverTheNetwork() async throws {
        let photo = self.photo
        let fetcher = StubFetcher { _ in
            StubFetcher.content(photo, metadata: HTTPResponseMetadata(cacheControl: CacheControl(maxAge: 5)))
        }
        let folder = TestFolder()
        let clock = TestClock()
        let cached = "http://photos.test/cached.png"
        _ = try await store(fetcher, folder: folder, clock: clock).bytes(for: cached, offline: false)

        clock.advance(3600)
        let offline = store(fetcher, folder: folder, clock: clock)
        // Stale, but offline takes it as it is.
        let hit = try await offline.bytes(for: cached, offline: true)
        #expect(hit.origin == .fromCache && hit.bytes == photo)
        let missing = "http://photos.test/never.png"
        await #expect(throws: FetchError.notCached(RedactedURL(missing))) {
            try await offline.bytes(for: missing, offline: true)
        }
        #expect(offline.statistics.fromCache == 1 && offline.statistics.failed == 1)
        #expect(offline.statistics.summary == "0 fetched, 1 from cache, 0 revalidated, 1 failed")
        #expect(fetcher.requests.count == 1, "offline asked the network")
    }

    @Test func failuresAreThrownAndCounted() async throws {
        let fetcher = StubFetcher { request throws(FetchError) in throw .httpStatus(RedactedURL(request.url), code: 404)
        }
        let store = store(fetcher)
        let missing = "http://photos.test/missing.jpg"
        await #expect(throws: FetchError.httpStatus(RedactedURL(missing), code: 404)) {
            try await store.bytes(for: missing, offline: false)
        }
        await #expect(throws: FetchError.unsupportedScheme(RedactedURL("file:///etc/passwd"))) {
            try await store.bytes(for: "file:///etc/passwd", offline: false)
        }
        #expect(store.statistics.failed == 2)
        // A failure is not cached (the default failure lifetime is 0): the next request asks again.
        _ = try? await store.bytes(for: missing, offline: false)
        #expect(fetcher.requests.map(\.url) == [missing, missing], "file:// never reaches the fetcher")
    }

    @Test func aCancelledCallerLeavesTheSharedFetchToTheOthers() async throws {
        let photo = self.photo
        let fetcher = StubFetcher(gated: true) { _ in StubFetcher.content(photo) }
        let store = store(fetcher)
        let url = "http://photos.test/shared.jpg"
        let leaving = Task { try await store.bytes(for: url, offline: false) }
        let staying = Task { try await store.bytes(for: url, offline: false) }
        // Cancel once the second caller has joined the first one's fetch; the answer waits for the gate.
        while store.statistics.coalescedWaits == 0 { await Task.yield() }
        leaving.cancel()
        await #expect(throws: FetchError.cancelled(RedactedURL(url))) { try await leaving.value }
        fetcher.openGate()
        #expect(try await staying.value.bytes == photo)
        #expect(fetcher.requests.count == 1)
    }

    /// The case: one photo under seven spellings made seven requests and seven cache entries.
    @Test func spellingsOfOneURLShareOneRequestAndOneCacheEntry() async throws {
        let photo = self.photo
        let fetcher = StubFetcher { _ in StubFetcher.content(photo) }
        let folder = TestFolder()
        let store = store(fetcher, folder: folder)
        let spellings = [
            "http://photos.test/av/a.jpg", "http://photos.test/av/a.jpg#1", "http://photos.test/av/a.jpg#2",
            "HTTP://photos.test/av/a.jpg", "http://PHOTOS.Test/av/a.jpg", "http://photos.test/av/./a.jpg",
            "http://photos.test/av/x/../a.jpg",
        ]
        for url in spellings { #expect(try await store.bytes(for: url, offline: false).bytes == photo) }
        #expect(fetcher.requests.map(\.url) == ["http://photos.test/av/a.jpg"])
        #expect(store.cache?.statistics().entries == 1)
        #expect(store.cachedCopy(of: "http://photos.test/av/../av/a.jpg#x") != nil)
    }
}

@Suite struct URLNormalizationTests {
    @Test(arguments: [
        ("http://h/a.jpg#frag", "http://h/a.jpg"),
        ("HTTPS://Photos.Example.COM:8443/A.jpg?Q=1", "https://photos.example.com:8443/A.jpg?Q=1"),
        ("http://User:PW@Host/a", "http://User:PW@host/a"),
        ("http://h/a/./b/../c.jpg", "http://h/a/c.jpg"),
        ("http://h/../../a.jpg", "http://h/a.jpg"),
        ("http://h/a/.", "http://h/a/"),
        ("http://h/a/..", "http://h/"),
        ("http://h/a//b.jpg?x=/./", "http://h/a//b.jpg?x=/./"),
        ("http://h", "http://h"),
        ("http://h?q#f", "http://h?q"),
        ("file:///etc/../passwd", "file:///passwd"),
        ("not a url#x", "not a url"),
    ])
    func spellingsBecomeOne(url: String, expected: String) {
        #expect(URLNormalization.normalized(url) == expected)
    }
}
