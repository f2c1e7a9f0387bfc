internal import FileSystem
import GroupIcon

/// What a stored response is identified by, sent back to ask the server whether it changed
/// (`If-None-Match`, `If-Modified-Since`).
public struct HTTPValidators: Hashable, Sendable {
    /// The `ETag` header as the server sent it, quotes and `W/` included.
    public var entityTag: String?
    /// The `Last-Modified` header as the server sent it (sent back verbatim, as RFC 9110 advises).
    public var lastModified: String?

    /// Longest validator kept; longer ones are dropped (they are not worth a header of their own).
    static let maximumLength = 1024

    /// Validators; a value that could not be sent back safely (empty, too long, or holding control characters
    /// that would split the header) is dropped, so a hostile server cannot inject request headers.
    public init(entityTag: String? = nil, lastModified: String? = nil) {
        self.entityTag = entityTag.flatMap(Self.sendable)
        self.lastModified = lastModified.flatMap(Self.sendable)
    }

    /// True when there is nothing to send: the request is unconditional.
    public var isEmpty: Bool { entityTag == nil && lastModified == nil }

    private static func sendable(_ value: String) -> String? {
        let trimmed = value.trimmingASCIISpaces()
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumLength,
            !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return trimmed
    }
}

/// The `Cache-Control` directives a private download cache acts on.
public struct CacheControl: Hashable, Sendable {
    /// `max-age`: seconds the response stays fresh after it was fetched.
    public var maxAge: Int?
    /// `no-cache`: may be stored, but must be revalidated before every use.
    public var noCache: Bool
    /// `no-store`: must not be written to the disk cache.
    public var noStore: Bool

    /// Directives as given; the defaults mean "no Cache-Control header".
    public init(maxAge: Int? = nil, noCache: Bool = false, noStore: Bool = false) {
        self.maxAge = maxAge; self.noCache = noCache; self.noStore = noStore
    }

    /// Parses a header value such as `public, max-age=3600` (directives are case-insensitive, `max-age` may be
    /// quoted). Unknown directives are ignored; a malformed or negative `max-age` counts as absent, and the
    /// smallest of several wins (the conservative reading).
    public init(headerValue: String) {
        self.init()
        for directive in headerValue.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).trimmingASCIISpaces().lowercased()
            switch name {
            case "no-cache": noCache = true
            case "no-store": noStore = true
            case "max-age":
                guard parts.count == 2 else { continue }
                var value = Substring(String(parts[1]).trimmingASCIISpaces())
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                guard !value.isEmpty, value.allSatisfy({ ("0"..."9").contains($0) }) else { continue }
                // Beyond Int's range means "practically forever": clamp rather than drop.
                let seconds = Int(value) ?? Int(Int32.max)
                maxAge = min(maxAge ?? seconds, seconds)
            default: continue
            }
        }
    }
}

/// The response headers the download cache and the pipeline use.
public struct HTTPResponseMetadata: Hashable, Sendable {
    /// `ETag` and `Last-Modified`.
    public var validators: HTTPValidators
    /// `Cache-Control` (all such headers combined).
    public var cacheControl: CacheControl
    /// `Content-Type` as sent. Recorded only: image formats are recognised from the bytes, since servers
    /// often label photos wrongly (`application/octet-stream`, `text/plain`).
    public var contentType: String?

    /// Metadata as given; the defaults mean "none of these headers".
    public init(
        validators: HTTPValidators = HTTPValidators(), cacheControl: CacheControl = CacheControl(),
        contentType: String? = nil
    ) {
        self.validators = validators; self.cacheControl = cacheControl; self.contentType = contentType
    }
}

/// A GET request for one URL, conditional when validators are given.
public struct HTTPRequest: Hashable, Sendable {
    /// An `http://` or `https://` URL; anything else is refused before any network access.
    public var url: String
    /// Sent as `If-None-Match` / `If-Modified-Since`; empty for an unconditional request.
    public var validators: HTTPValidators

    /// A GET for `url`, conditional when `validators` is not empty.
    public init(url: String, validators: HTTPValidators = HTTPValidators()) {
        self.url = url; self.validators = validators
    }
}

/// The HTTP version a response came over.
public enum HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// HTTP/1.0.
    case http10
    /// HTTP/1.1.
    case http11
    /// HTTP/2, which libcurl negotiates over TLS and multiplexes on one connection per host.
    case http2
    /// HTTP/3 over QUIC, when the libcurl at hand supports it.
    case http3
    /// A version this libcurl reports that the list above does not name.
    case other(Int)

    /// `HTTP/1.1`, `HTTP/2`, ...
    public var description: String {
        switch self {
        case .http10: return "HTTP/1.0"
        case .http11: return "HTTP/1.1"
        case .http2: return "HTTP/2"
        case .http3: return "HTTP/3"
        case .other(let code): return "HTTP (libcurl version code \(code))"
        }
    }
}

/// A successful answer: the photo's bytes, or "not modified" for a conditional request.
public struct HTTPResponse: Hashable, Sendable {
    /// What came back.
    public enum Body: Hashable, Sendable {
        /// A 2xx response with its complete body.
        case content([UInt8])
        /// 304: the stored copy the validators describe is still current; no body was sent.
        case notModified
    }

    /// The body, or "not modified".
    public var body: Body
    /// The final status code (after redirects): 2xx or 304.
    public var statusCode: Int
    /// The final response's validators, cache directives and content type.
    public var metadata: HTTPResponseMetadata
    /// The protocol the final response came over.
    public var httpVersion: HTTPVersion
    /// Redirects followed to get here.
    public var redirectCount: Int
    /// Connections opened for this transfer: 0 when it reused a kept-alive (or multiplexed) connection.
    public var newConnections: Int

    /// A response as given (the fetcher builds these; tests and fakes may too).
    public init(
        body: Body, statusCode: Int, metadata: HTTPResponseMetadata, httpVersion: HTTPVersion,
        redirectCount: Int, newConnections: Int
    ) {
        self.body = body; self.statusCode = statusCode; self.metadata = metadata; self.httpVersion = httpVersion
        self.redirectCount = redirectCount; self.newConnections = newConnections
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingASCIISpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
