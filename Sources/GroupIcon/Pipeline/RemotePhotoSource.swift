/// A member photo fetched from an http(s) URL, as the pipeline needs it.
public struct RemotePhoto: Sendable {
    /// The image file's bytes as served.
    public var bytes: [UInt8]
    /// Names the content (e.g. `sha256:<hex>`): unchanged by a revalidation, changed by any new content.
    public var contentIdentity: String

    /// A fetched photo of `bytes`, named by `contentIdentity`.
    public init(bytes: [UInt8], contentIdentity: String) {
        self.bytes = bytes; self.contentIdentity = contentIdentity
    }
}

/// Where photos given as http(s) URLs come from: the seam to RemoteSources' `RemoteImageStore` (download
/// cache, coalescing, offline mode), which GroupIcon cannot depend on.
public struct RemotePhotoSource: Sendable {
    /// The photo at `url` from a cache or the network; the error's description names the redacted URL and the
    /// problem (it becomes the member's warning).
    public var fetch: @Sendable (_ url: String) async throws -> RemotePhoto
    /// The photo at `url` when a cache holds one (stale or not), without touching the network; nil otherwise.
    public var cached: @Sendable (_ url: String) async -> RemotePhoto?
    /// `url` as messages may show it: credentials and query values masked, nothing that drives a terminal.
    public var redact: @Sendable (_ url: String) -> String

    /// A source that fetches with `fetch`, looks into its cache with `cached` and masks URLs with
    /// `redact` (RemoteSources' `RemoteImageStore.photoSource(offline:)` makes one).
    public init(
        fetch: @escaping @Sendable (_ url: String) async throws -> RemotePhoto,
        cached: @escaping @Sendable (_ url: String) async -> RemotePhoto?,
        redact: @escaping @Sendable (_ url: String) -> String
    ) {
        self.fetch = fetch; self.cached = cached; self.redact = redact
    }

    /// Whether an avatar string is an http(s) URL rather than a file path.
    public static func isURL(_ avatar: String) -> Bool {
        let scheme = avatar.prefix(8).lowercased()
        return scheme.hasPrefix("http://") || scheme.hasPrefix("https://")
    }
}

/// A photo at an http(s) URL, identified by the content fetched: a 304 keeps the identity (and every decode
/// and composite made from it); new content makes a new one.
public struct RemoteIdentity: Hashable, Sendable {
    /// The URL as given (it may hold credentials: never shown, never part of a key).
    public var url: String
    /// The URL for messages and keys.
    public var redactedURL: String
    /// The content's identity when the photo was fetched; nil when it could not be.
    public var contentIdentity: String?
    /// Why it could not be fetched (the fetcher's message); nil when it was.
    public var failure: String?

    /// The identity of the photo at `url`: its content's identity, or why it could not be fetched.
    public init(url: String, redactedURL: String, contentIdentity: String?, failure: String?) {
        self.url = url; self.redactedURL = redactedURL; self.contentIdentity = contentIdentity; self.failure = failure
    }

    /// The identity's text for cache keys.
    public var identifier: String {
        "remote url=\(redactedURL) " + (contentIdentity ?? "failed: \(failure ?? "unknown")")
    }

    public static func == (lhs: RemoteIdentity, rhs: RemoteIdentity) -> Bool {
        lhs.redactedURL == rhs.redactedURL && lhs.contentIdentity == rhs.contentIdentity && lhs.failure == rhs.failure
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(redactedURL)
        hasher.combine(contentIdentity)
        hasher.combine(failure)
    }
}
