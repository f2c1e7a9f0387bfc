import Foundation
import Testing
import GroupIcon
@testable import RemoteSources

/// The download cache in front of the fetcher, against the local test server: coalescing, freshness,
/// revalidation across runs (a "run" is a new store on the same cache folder), offline mode.
@Suite struct RemoteImageStoreTests {
    /// A store over `fetcher`, or over one whose total timeout no test's wait on a loaded machine can outlast
    /// (the gated answers wait for the test to open the gate).
    private func store(_ folder: TestFolder?, clock: TestClock, fetcher: HTTPFetcher? = nil) throws -> RemoteImageStore {
        RemoteImageStore(fetcher: try fetcher ?? HTTPFetcher(configuration: HTTPFetcherConfiguration(totalTimeout: 600)),
                         cache: folder.map { DownloadCache(directory: $0.path) },
                         configuration: RemoteImageStoreConfiguration(clock: { clock.date }))
    }

    private var jpeg: [UInt8] { get throws { try [UInt8](Data(contentsOf: #require(HTTPTestServer.jpegFile))) } }
    private var png: [UInt8] { get throws { try [UInt8](Data(contentsOf: #require(HTTPTestServer.pngFile))) } }

    @Test func concurrentRequestsForOneURLShareOneFetch() async throws {
        try await withHTTPTestServer { server in
            let folder = TestFolder()
            let store = try store(folder, clock: TestClock())
            // 120 groups whose members use 15 photos. The answers wait until every request has arrived, so the
            // requests surely overlap: 15 start a download, the 105 others join one.
            let urls = (0..<15).map { server.url("/gated/\($0).jpg") }
            let requests = Task {
                try await withThrowingTaskGroup(of: RemoteBytes.self) { group in
                    for index in 0..<120 {
                        group.addTask { try await store.bytes(for: urls[index % 15], offline: false) }
                    }
                    return try await group.reduce(into: [RemoteBytes]()) { $0.append($1) }
                }
            }
            var polls = 0
            while store.statistics.coalescedWaits < 105, polls < 1000 {
                polls += 1
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            try await server.openGate()
            let results = try await requests.value
            #expect(results.count == 120)
            let expected = try jpeg
            #expect(results.allSatisfy { $0.bytes == expected && $0.origin == .fetched })
            #expect(Set(results.map(\.contentIdentity)).count == 1)
            let stats = try await server.stats()
            #expect(stats.totalRequests == 15)
            #expect((0..<15).allSatisfy { stats.requests("/gated/\($0).jpg") == 1 })
            #expect(store.statistics.fetched == 15)
            #expect(store.statistics.coalescedWaits == 105)
            #expect(store.statistics.failed == 0)
        }
    }

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

    @Test func offlineModeUsesOnlyTheCacheAndNeverTheNetwork() async throws {
        try await withHTTPTestServer { server in
            let folder = TestFolder()
            let clock = TestClock()
            let cached = server.url("/photos/cached.png?max-age=5")
            _ = try await store(folder, clock: clock).bytes(for: cached, offline: false)
            let before = try await server.stats().totalRequests

            clock.advance(3600)
            let offline = try store(folder, clock: clock)
            // Stale, but offline takes it as it is.
            let hit = try await offline.bytes(for: cached, offline: true)
            #expect(hit.origin == .fromCache)
            #expect(hit.bytes == (try png))
            let missing = server.url("/photos/never.png")
            await #expect(throws: FetchError.notCached(RedactedURL(missing))) {
                try await offline.bytes(for: missing, offline: true)
            }
            #expect(offline.statistics.fromCache == 1 && offline.statistics.failed == 1)
            #expect(offline.statistics.summary == "0 fetched, 1 from cache, 0 revalidated, 1 failed")
            #expect(try await server.stats().totalRequests == before)
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

    @Test func failuresAreThrownAndCounted() async throws {
        try await withHTTPTestServer { server in
            let store = try store(TestFolder(), clock: TestClock())
            let missing = server.url("/status/404")
            await #expect(throws: FetchError.httpStatus(RedactedURL(missing), code: 404)) {
                try await store.bytes(for: missing, offline: false)
            }
            await #expect(throws: FetchError.unsupportedScheme(RedactedURL("file:///etc/passwd"))) {
                try await store.bytes(for: "file:///etc/passwd", offline: false)
            }
            #expect(store.statistics.failed == 2)
            // A failure is not cached: the next request asks again.
            _ = try? await store.bytes(for: missing, offline: false)
            #expect(try await server.stats().requests("/status/404") == 2)
        }
    }

    @Test func aCancelledCallerLeavesTheSharedFetchToTheOthers() async throws {
        try await withHTTPTestServer { server in
            let store = try store(TestFolder(), clock: TestClock())
            let url = server.url("/gated/shared.jpg")
            let leaving = Task { try await store.bytes(for: url, offline: false) }
            let staying = Task { try await store.bytes(for: url, offline: false) }
            // Cancel once the second caller has joined the first one's fetch; the answer waits for the gate.
            var polls = 0
            while store.statistics.coalescedWaits == 0, polls < 30_000 {
                polls += 1
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            leaving.cancel()
            await #expect(throws: FetchError.cancelled(RedactedURL(url))) { try await leaving.value }
            try await server.openGate()
            #expect(try await staying.value.bytes == (try jpeg))
            #expect(try await server.stats().requests("/gated/shared.jpg") == 1)
        }
    }
}
