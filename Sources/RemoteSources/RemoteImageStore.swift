internal import FileSystem
import Foundation
import GroupIcon
import Support

/// A remote photo's bytes and where they came from.
package struct RemoteBytes: Hashable, Sendable {
    /// How the bytes were obtained.
    package enum Origin: Hashable, Sendable {
        /// Downloaded now (first time, or the server had a new version).
        case fetched
        /// Taken from the cache without asking the server (fresh, or offline).
        case fromCache
        /// The server confirmed the cached copy with a 304; nothing was downloaded.
        case revalidated
    }

    /// Downloaded, cached or revalidated.
    package var origin: Origin
    /// The photo's bytes, for the decoder (which recognises the format from them).
    package var bytes: [UInt8]
    /// `sha256:<hex>` of the bytes. Unchanged by a revalidation, so a pipeline that keys its decoded sources
    /// by URL and identity reuses them after a 304 instead of decoding again.
    package var contentIdentity: String
    /// The server's `Content-Type` (recorded only; formats are recognised from the bytes).
    package var contentType: String?

    init(_ entry: DownloadCacheEntry, origin: Origin) {
        self.origin = origin; bytes = entry.bytes; contentIdentity = entry.contentIdentity
        contentType = entry.contentType
    }
}

/// What a `RemoteImageStore` did, for an end-of-run summary. Each URL resolution counts once, however many
/// callers shared it; requests answered from the in-memory copy of an earlier resolution are not counted.
public struct RemoteFetchStatistics: Hashable, Sendable {
    /// Downloaded (200).
    public var fetched = 0
    /// Taken from the cache without a request (fresh, or offline).
    public var fromCache = 0
    /// Confirmed by a 304.
    public var revalidated = 0
    /// Failed (HTTP errors, timeouts, offline and not cached, ...).
    public var failed = 0
    /// Downloads that could not be written to the disk cache (they were still used).
    public var cacheWriteFailures = 0
    /// Requests that joined a resolution of the same URL already in flight instead of starting one.
    public var coalescedWaits = 0

    /// All counters at zero.
    public init() {}

    /// `12 fetched, 3 from cache, 0 revalidated, 1 failed`.
    public var summary: String {
        "\(fetched) fetched, \(fromCache) from cache, \(revalidated) revalidated, \(failed) failed"
    }
}

/// How long downloads stay fresh and how many are kept in memory.
public struct RemoteImageStoreConfiguration: Sendable {
    /// Freshness of a response that carries no `max-age` (default one hour).
    public var defaultFreshness: TimeInterval
    /// Downloads kept in memory (bytes, entries), so repeated requests in one run read no file.
    public var memoryLimits: MemoryCacheLimits
    /// The current time; tests move it forward to expire entries.
    public var clock: @Sendable () -> Date
    /// How long a failed resolution is remembered and repeated without a new request (default 0: every
    /// request asks again). A batch sets a minute or so, so that a broken URL shared by many groups costs one
    /// request and one failure in the statistics, not one per group.
    public var failureLifetime: TimeInterval
    /// Copies this store fetched or revalidated count as fresh for as long as the store lives, whatever their
    /// `max-age` or `no-cache` say (and `no-store` ones are kept in its memory, never on disk): a batch asks
    /// the server about each URL once per run, however many groups show it. Off by default.
    public var freshForItsLifetime: Bool

    /// Defaults: an hour of freshness, 32 MiB / 512 downloads in memory, the system clock.
    public init(
        defaultFreshness: TimeInterval = 60 * 60,
        memoryLimits: MemoryCacheLimits = MemoryCacheLimits(costLimit: 32 << 20, countLimit: 512),
        clock: @escaping @Sendable () -> Date = { Date() }, failureLifetime: TimeInterval = 0,
        freshForItsLifetime: Bool = false
    ) {
        self.defaultFreshness = defaultFreshness; self.memoryLimits = memoryLimits; self.clock = clock
        self.failureLifetime = failureLifetime; self.freshForItsLifetime = freshForItsLifetime
    }
}

/// Member photos from `http(s)` URLs: the download cache in front of the fetcher.
///
/// A request is answered, in order, by a fresh copy in memory or on disk; by the same failure when the URL
/// failed less than `failureLifetime` ago; offline, by any cached copy (stale allowed) and never by the
/// network; else by the server, conditionally when a stale copy has validators (a
/// 304 refreshes the copy's time without downloading it). Concurrent requests for one URL share one
/// resolution (`RequestCoalescer`), so 120 groups showing 15 photos cost 15 downloads.
public final class RemoteImageStore: Sendable {
    /// Freshness, memory limits and clock.
    public let configuration: RemoteImageStoreConfiguration
    /// The disk cache, nil when downloads are kept in memory only.
    public let cache: DownloadCache?
    private let fetcher: any HTTPFetching
    private let memory: MemoryCache<String, DownloadCacheEntry>
    /// When this store was made: with `freshForItsLifetime`, copies fetched since are fresh.
    private let createdAt: Date
    /// Recent failures by request, with when they happened.
    private let failures = MemoryCache<RequestKey, RecentFailure>(costLimit: 1 << 20, countLimit: 1024) { _ in 1 }
    private let requests: RequestCoalescer<RequestKey, Result<RemoteBytes, FetchError>>
    private let counters = LockedState(RemoteFetchStatistics())

    private struct RequestKey: Hashable, Sendable {
        var url: String
        var offline: Bool
    }

    private struct RecentFailure: Sendable {
        var error: FetchError
        var time: Date
    }

    /// A store downloading through `fetcher` (an `HTTPFetcher`, or a stub in tests) and keeping downloads in
    /// `cache` (nil: in memory only).
    public init(
        fetcher: any HTTPFetching, cache: DownloadCache?,
        configuration: RemoteImageStoreConfiguration = RemoteImageStoreConfiguration()
    ) {
        self.fetcher = fetcher; self.cache = cache; self.configuration = configuration
        createdAt = configuration.clock()
        memory = MemoryCache(
            costLimit: configuration.memoryLimits.costLimit,
            countLimit: configuration.memoryLimits.countLimit
        ) { $0.bytes.count }
        let counters = self.counters
        requests = RequestCoalescer(onCoalescedWait: { counters.withLock { $0.coalescedWaits += 1 } })
    }

    /// What the store has done so far.
    public var statistics: RemoteFetchStatistics { counters.withLock { $0 } }

    /// The bytes of the photo at `url`, from the cache or the network. `offline` uses only cached copies
    /// (stale ones too) and fails with `.notCached` for the rest, without any network access. Spellings of one
    /// URL (`#fragment`, `HTTP://HOST`, `/./`, `/x/../`) are one photo: one request, one cache entry.
    package func bytes(for url: String, offline: Bool) async throws(FetchError) -> RemoteBytes {
        let url = URLNormalization.normalized(url)
        let redacted = RedactedURL(url)
        guard HTTPFetcher.hasAllowedScheme(url) else {
            counters.withLock { $0.failed += 1 }
            throw .unsupportedScheme(redacted)
        }
        if let entry = memory.value(for: url), offline || isFresh(entry) {
            return RemoteBytes(entry, origin: .fromCache)
        }
        let key = RequestKey(url: url, offline: offline)
        if let failure = failures.value(for: key),
            configuration.clock().timeIntervalSince(failure.time) < configuration.failureLifetime
        {
            throw failure.error
        }
        let result: Result<RemoteBytes, FetchError>
        do {
            result = try await requests.value(for: key) { [self] in
                await resolve(url, offline: offline)
            }
        } catch {
            throw .cancelled(redacted)
        }
        if case .failure(let error) = result {
            failures.set(RecentFailure(error: error, time: configuration.clock()), for: key)
        }
        return try result.get()
    }

    /// The copy of `url` in memory or on disk, stale or not, without any request and without counting in
    /// `statistics`: what a chat list can show while the real answer is on its way.
    package func cachedCopy(of url: String) -> DownloadCacheEntry? {
        let url = URLNormalization.normalized(url)
        return memory.value(for: url) ?? cache?.entry(for: url)
    }

    /// One resolution of `url`, shared by every concurrent caller; nil when cancelled.
    private func resolve(_ url: String, offline: Bool) async -> Result<RemoteBytes, FetchError>? {
        let known = memory.value(for: url) ?? cache?.entry(for: url)
        if let known, offline || isFresh(known) {
            memory.set(known, for: url)
            counters.withLock { $0.fromCache += 1 }
            return .success(RemoteBytes(known, origin: .fromCache))
        }
        guard !offline else {
            counters.withLock { $0.failed += 1 }
            return .failure(.notCached(RedactedURL(url)))
        }
        let response: HTTPResponse
        do {
            response = try await fetcher.fetch(HTTPRequest(url: url, validators: known?.validators ?? HTTPValidators()))
        } catch .cancelled {
            return nil
        } catch {
            counters.withLock { $0.failed += 1 }
            return .failure(error)
        }
        switch response.body {
        case .notModified:
            // The fetcher reports 304 only for a conditional request, which only a known entry makes.
            guard let known else { return .failure(.httpStatus(RedactedURL(url), code: response.statusCode)) }
            let refreshed = known.revalidated(at: configuration.clock(), metadata: response.metadata)
            keep(refreshed)
            counters.withLock { $0.revalidated += 1 }
            return .success(RemoteBytes(refreshed, origin: .revalidated))
        case .content(let bytes):
            let entry = DownloadCacheEntry(
                url: url, bytes: bytes, validators: response.metadata.validators,
                contentType: response.metadata.contentType, fetchedAt: configuration.clock(),
                cacheControl: response.metadata.cacheControl)
            keep(entry)
            counters.withLock { $0.fetched += 1 }
            return .success(RemoteBytes(entry, origin: .fetched))
        }
    }

    private func isFresh(_ entry: DownloadCacheEntry) -> Bool {
        entry.isFresh(at: configuration.clock(), defaultFreshness: configuration.defaultFreshness)
            || (configuration.freshForItsLifetime && entry.fetchedAt >= createdAt)
    }

    /// Stores `entry` in memory and on disk; a `no-store` entry is kept in neither (and replaces older copies),
    /// except in memory with `freshForItsLifetime`.
    private func keep(_ entry: DownloadCacheEntry) {
        if entry.cacheControl.noStore && !configuration.freshForItsLifetime {
            memory.removeValue(for: entry.url)
        } else {
            memory.set(entry, for: entry.url)
        }
        do {
            try cache?.store(entry)
        } catch {
            counters.withLock { $0.cacheWriteFailures += 1 }
        }
    }
}
