import GroupIcon

extension RemoteImageStore {
    /// This store as the pipeline's `RemotePhotoSource`: fetches through the download cache (offline: from it
    /// alone), looks into the cache without the network for provisional composites, and redacts URLs with
    /// `RedactedURL`.
    public func photoSource(offline: Bool) -> RemotePhotoSource {
        RemotePhotoSource(
            fetch: { url in
                let photo = try await self.bytes(for: url, offline: offline)
                return RemotePhoto(bytes: photo.bytes, contentIdentity: photo.contentIdentity)
            },
            cached: { url in
                guard let entry = self.cachedCopy(of: url) else { return nil }
                return RemotePhoto(bytes: entry.bytes, contentIdentity: entry.contentIdentity)
            },
            redact: { RedactedURL($0).description })
    }
}
