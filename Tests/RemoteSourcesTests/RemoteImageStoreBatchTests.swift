import Foundation
import GroupIcon
import Testing

@testable import RemoteSources

/// The two store settings a batch uses: what it fetched stays fresh for the run, and a failure is repeated
/// for a while instead of asked again.
@Suite struct RemoteImageStoreBatchTests {
    @Test func aBatchAsksAboutEachURLOncePerRun() async throws {
        try await withHTTPTestServer { server in
            let folder = TestFolder(), clock = TestClock()
            func store(batch: Bool) throws -> RemoteImageStore {
                RemoteImageStore(
                    fetcher: try HTTPFetcher(), cache: DownloadCache(directory: folder.path),
                    configuration: RemoteImageStoreConfiguration(clock: { clock.date }, freshForItsLifetime: batch))
            }
            let urls = [server.url("/etag?max-age=0"), server.url("/photos/a.jpg?no-store=1")]
            let batch = try store(batch: true)
            for _ in 0..<5 { for url in urls { _ = try await batch.bytes(for: url, offline: false) } }
            #expect(try await server.stats().totalRequests == 2)
            #expect(batch.statistics.fetched == 2 && batch.statistics.revalidated == 0)

            // The next run asks again (validators where it has them), and a session store asks every time.
            clock.advance(1)
            let nextRun = try store(batch: true)
            _ = try await nextRun.bytes(for: urls[0], offline: false)
            #expect(nextRun.statistics.revalidated == 1)
            let session = try store(batch: false)
            for _ in 0..<3 { _ = try await session.bytes(for: urls[0], offline: false) }
            #expect(session.statistics.revalidated == 3)
            // no-store never reached the disk.
            #expect(DownloadCache(directory: folder.path).entry(for: urls[1]) == nil)
        }
    }

    @Test func aFailureIsRepeatedForItsLifetimeThenAskedAgain() async throws {
        try await withHTTPTestServer { server in
            let clock = TestClock()
            let store = RemoteImageStore(
                fetcher: try HTTPFetcher(), cache: nil,
                configuration:
                    RemoteImageStoreConfiguration(clock: { clock.date }, failureLifetime: 60))
            let missing = server.url("/status/404")
            for _ in 0..<4 {
                await #expect(throws: FetchError.httpStatus(RedactedURL(missing), code: 404)) {
                    try await store.bytes(for: missing, offline: false)
                }
            }
            #expect(try await server.stats().requests("/status/404") == 1 && store.statistics.failed == 1)
            clock.advance(61)
            _ = try? await store.bytes(for: missing, offline: false)
            #expect(try await server.stats().requests("/status/404") == 2 && store.statistics.failed == 2)
        }
    }
}
