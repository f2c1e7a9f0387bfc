import GroupIcon
import RemoteSources
import Support

/// The download side of a session: a `RemoteImageStore` (libcurl fetcher, download cache beside the composite
/// cache) started on the first photo given as a URL, so that sessions without URLs start no network thread.
final class RemotePhotos: Sendable {
    private let offline: Bool
    private let cache: DiskCacheLocation
    private let isBatch: Bool
    private let fetcher: HTTPFetcherConfiguration
    private let store = LockedState<Result<RemoteImageStore, FetchError>?>(nil)

    /// `isBatch`: what was fetched or revalidated stays fresh for the run (one request per URL per run).
    /// `fetcher`: connection limits and timeouts (`--connect-timeout`, `--timeout`).
    init(
        offline: Bool, cache: DiskCacheLocation, isBatch: Bool,
        fetcher: HTTPFetcherConfiguration = HTTPFetcherConfiguration()
    ) {
        self.offline = offline; self.cache = cache; self.isBatch = isBatch; self.fetcher = fetcher
    }

    /// The pipeline's view of it.
    var source: RemotePhotoSource {
        RemotePhotoSource(
            fetch: { url in try await self.started().photoSource(offline: self.offline).fetch(url) },
            cached: { url in
                guard let store = try? self.started() else { return nil }
                return await store.photoSource(offline: self.offline).cached(url)
            },
            redact: { RedactedURL($0).description })
    }

    /// What the store has done, nil when no URL was asked for.
    var statistics: RemoteFetchStatistics? {
        store.withLock { state in
            guard case .success(let store)? = state else { return nil }
            return store.statistics
        }
    }

    /// The store, made on first use; a fetcher that cannot start fails every fetch with its reason.
    private func started() throws(FetchError) -> RemoteImageStore {
        let result = store.withLock { state -> Result<RemoteImageStore, FetchError> in
            if let state { return state }
            let made = Result { () throws(FetchError) -> RemoteImageStore in
                // A failed URL is retried after a minute, not once per group that shows it.
                // A host that proved unreachable is not asked again for the run (a session: for a minute), so a
                // black hole costs one timeout, not one per photo on it.
                var configuration = fetcher
                configuration.hostFailureLifetime = isBatch ? .infinity : 60
                return RemoteImageStore(
                    fetcher: try HTTPFetcher(configuration: configuration),
                    cache: DownloadCache(location: cache),
                    configuration: RemoteImageStoreConfiguration(
                        failureLifetime: 60,
                        freshForItsLifetime: isBatch))
            }
            state = made
            return made
        }
        return try result.get()
    }
}
