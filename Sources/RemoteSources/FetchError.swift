internal import FileSystem
import GroupIcon

/// Why a photo could not be downloaded (or taken from the download cache).
///
/// Every case names its URL as a `RedactedURL`, so no message can print credentials or query tokens, and
/// every message says what the user can do about it.
public enum FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which deadline a timeout hit.
    public enum TimeoutPhase: Hashable, Sendable {
        /// No connection (DNS, TCP and TLS) within the connect timeout.
        case connect
        /// The whole transfer took longer than the total timeout.
        case total
    }

    /// Not an `http://` or `https://` URL (`file://`, `ftp://`, a bare path); nothing was requested.
    case unsupportedScheme(RedactedURL)
    /// An `http(s)` URL libcurl cannot parse.
    case malformedURL(RedactedURL)
    /// The name `host` did not resolve (a typo, no network, a DNS failure); nothing was sent.
    case hostNotFound(RedactedURL, host: String)
    /// The server refused or could not be reached; `reason` is libcurl's fixed description.
    case connectionFailed(RedactedURL, reason: String)
    /// The server's certificate could not be verified (or a client certificate or pinned key problem).
    case secureConnectionFailed(RedactedURL, reason: String)
    /// The TLS handshake itself failed before any certificate was looked at: most often an `https://` URL
    /// to a port that speaks plain HTTP, else no TLS version or cipher in common.
    case handshakeFailed(RedactedURL, reason: String)
    /// The request took longer than `seconds` in `phase` (connecting, or the whole transfer).
    case timedOut(RedactedURL, phase: TimeoutPhase, seconds: Double)
    /// The body is larger than `limit` bytes (announced by Content-Length or counted while downloading).
    case tooLarge(RedactedURL, limit: Int)
    /// The final response had a status other than 2xx (or an unrequested 304).
    case httpStatus(RedactedURL, code: Int)
    /// More than `limit` redirects in a row (a loop, most likely); the last one was not followed.
    case tooManyRedirects(RedactedURL, limit: Int)
    /// A redirect led to a scheme other than http/https (e.g. `file:///etc/passwd`); it was not followed.
    case redirectToDisallowedScheme(RedactedURL, target: RedactedURL?)
    /// A redirect led to another scheme, host or port where redirects must stay on the URL's host (the
    /// render service's photo URLs); it was not followed.
    case redirectToAnotherHost(RedactedURL, target: RedactedURL?)
    /// The server's answer is not HTTP libcurl accepts (no status line, HTTP/0.9, a final status of 0 or 1xx,
    /// headers beyond libcurl's limit); `problem` says which, in words.
    case invalidResponse(RedactedURL, problem: String)
    /// The connection ended before the announced body was complete.
    case truncated(RedactedURL, received: Int, expected: Int?)
    /// Any other transfer failure; `reason` is libcurl's fixed description (it never contains the URL).
    case transferFailed(RedactedURL, reason: String)
    /// Offline mode is on and the download cache holds nothing for this URL.
    case notCached(RedactedURL)
    /// The request was cancelled before it finished.
    case cancelled(RedactedURL)
    /// libcurl could not be set up (initialisation or a required option failed).
    case libraryUnavailable(reason: String)
    /// Not requested: an earlier request to the same host (scheme, host and port) failed with `cause` in a way
    /// that says the host is unreachable or does not answer (`HTTPFetcherConfiguration.hostFailureLifetime`).
    indirect case hostFailedEarlier(RedactedURL, host: String, cause: FetchError)

    /// The message for users: the redacted URL, the problem and what to do.
    public var description: String {
        switch self {
        case .unsupportedScheme(let url):
            return "\(url): only http:// and https:// addresses can be downloaded"
        case .malformedURL(let url):
            return "\(url): not a valid web address; check how it is written"
        case .hostNotFound(let url, let host):
            let name = host.isEmpty ? "name" : host
            return "\(url): the host \(name) could not be found; check the address and the network"
        case .connectionFailed(let url, let reason):
            return "\(url): could not connect to the server (\(reason)); check that it is up and reachable"
        case .secureConnectionFailed(let url, let reason):
            return "\(url): the secure connection failed (\(reason)); check the server's certificate"
        case .handshakeFailed(let url, let reason):
            return
                "\(url): the secure connection could not be set up (\(reason)); is that port serving plain http:// rather than https://?"
        case .timedOut(let url, .connect, let seconds):
            return "\(url): no connection within \(Self.seconds(seconds)); the server is unreachable or too slow"
        case .timedOut(let url, .total, let seconds):
            return "\(url): the download took longer than \(Self.seconds(seconds)); try again later"
        case .tooLarge(let url, let limit):
            return "\(url): the download is larger than the \(limit.byteCountDescription) limit"
        case .httpStatus(let url, let code):
            return "\(url): the server answered HTTP \(code)\(Self.statusHint(code))"
        case .tooManyRedirects(let url, let limit):
            return "\(url): more than \(limit) redirects (a redirect loop?); check the address"
        case .redirectToDisallowedScheme(let url, let target):
            let place = target.map { "to \($0)" } ?? "to an address"
            return "\(url): redirected \(place) that is not http:// or https://; not followed"
        case .redirectToAnotherHost(let url, let target):
            let place = target.map { "to \($0)" } ?? "elsewhere"
            return "\(url): redirected \(place), off the photo's host; not followed (redirects stay on the host)"
        case .invalidResponse(let url, let problem):
            return "\(url): the server's answer is not usable HTTP (\(problem)); check the address and its port"
        case .truncated(let url, let received, let expected):
            let of = expected.map { " of \($0.byteCountDescription)" } ?? ""
            let got = received.byteCountDescription
            return "\(url): the connection closed after \(got)\(of) (truncated download); try again"
        case .transferFailed(let url, let reason):
            return "\(url): the download failed: \(reason)"
        case .notCached(let url):
            return "\(url): not in the download cache, and offline mode forbids downloading it"
        case .cancelled(let url):
            return "\(url): the download was cancelled"
        case .libraryUnavailable(let reason):
            return "libcurl could not be set up: \(reason)"
        case .hostFailedEarlier(let url, let host, let cause):
            return "\(url): not requested, as \(host) failed earlier in this run (\(cause))"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private static func statusHint(_ code: Int) -> String {
        switch code {
        case 401, 403: return " (access denied); check that the photo is public"
        case 404, 410: return " (not found); check the address"
        case 429: return " (too many requests); try again later"
        case 500...599: return " (a server error); try again later"
        default: return ""
        }
    }
}
