/// Fetches one HTTP request: what `RemoteImageStore` needs of a fetcher. `HTTPFetcher` (libcurl) is the real
/// one; tests of the store give it a stub that answers from memory, so only the fetcher's own tests need a
/// server.
public protocol HTTPFetching: Sendable {
    /// The body of `request.url` (2xx), or `.notModified` when the request carried validators and the server
    /// answered 304. Any other outcome throws a `FetchError` naming the redacted URL; a cancelled calling
    /// task throws `.cancelled`.
    func fetch(_ request: HTTPRequest) async throws(FetchError) -> HTTPResponse
}

extension HTTPFetcher: HTTPFetching {}
