import GroupIcon

extension RemoteImageStore {
    /// A store for a library client: downloads through libcurl (`HTTPFetcher` with `fetcher`), kept in memory
    /// only unless `cacheFolder` names a folder for the download cache (created on the first download; nothing
    /// else is written there). Throws when libcurl cannot start.
    public convenience init(
        cacheFolder: String? = nil, fetcher: HTTPFetcherConfiguration = HTTPFetcherConfiguration(),
        configuration: RemoteImageStoreConfiguration = RemoteImageStoreConfiguration()
    ) throws(FetchError) {
        self.init(
            fetcher: try HTTPFetcher(configuration: fetcher), cache: cacheFolder.map { DownloadCache(directory: $0) },
            configuration: configuration)
    }
}

extension PipelineDependencies {
    /// The live dependencies (`PipelineDependencies.live`) with members' http(s) URLs fetched through `store`
    /// (`offline`: from its caches alone).
    public static func live(fetchingURLsWith store: RemoteImageStore, offline: Bool = false) -> PipelineDependencies {
        var dependencies = PipelineDependencies.live
        dependencies.remotePhotos = store.photoSource(offline: offline)
        return dependencies
    }
}
