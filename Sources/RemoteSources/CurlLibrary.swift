import CCurl
internal import FileSystem
import GroupIcon

/// What the libcurl loaded into this process supports, as `curl_version_info` reports it.
package struct CurlCapabilities: Hashable, Sendable {
    /// libcurl's version, e.g. `7.88.1`.
    package var version: String
    /// The TLS library and its version, e.g. `OpenSSL/3.0.17`; nil when built without TLS.
    package var tlsLibrary: String?
    /// Whether HTTP/2 is built in (through nghttp2); servers that offer it over TLS then get it.
    package var supportsHTTP2: Bool
    /// The nghttp2 version, when HTTP/2 is built in.
    package var http2Library: String?
    /// Whether HTTP/3 is built in.
    package var supportsHTTP3: Bool
    /// Whether libcurl's global state is set up thread-safely (`CURL_VERSION_THREADSAFE`).
    package var isThreadSafe: Bool
    /// The URL schemes it can speak, lowercase.
    package var protocols: [String]

    /// Whether `https://` URLs can be fetched.
    package var supportsHTTPS: Bool { tlsLibrary != nil && protocols.contains("https") }

    /// One line for logs and `--version`-style output.
    package var summary: String {
        var parts = ["libcurl \(version)", tlsLibrary ?? "no TLS"]
        parts.append(supportsHTTP2 ? "HTTP/2" + (http2Library.map { " (nghttp2 \($0))" } ?? "") : "no HTTP/2")
        if supportsHTTP3 { parts.append("HTTP/3") }
        return parts.joined(separator: ", ")
    }
}

/// libcurl's process-wide set-up: `curl_global_init` exactly once, and what the library supports.
///
/// Swift initialises static stored properties lazily and atomically, so the first use from any thread runs
/// `curl_global_init` and every other thread waits for it; that is the "once, before any other call" its
/// documentation asks for, also on libcurl builds whose global init is not itself thread-safe.
/// `curl_global_cleanup` is never called: fetchers may live until the process exits.
enum CurlLibrary {
    /// The result of the one `curl_global_init` call.
    static let initialisation: CURLcode = curl_global_init(ccurl_global_default())

    /// Runs the global set-up if it has not run yet; throws when it failed.
    static func initialise() throws(FetchError) {
        guard initialisation == CURLE_OK else {
            throw .libraryUnavailable(reason: describe(initialisation))
        }
    }

    /// libcurl's fixed text for `code` (it never contains a URL).
    static func describe(_ code: CURLcode) -> String {
        curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }

    /// What this libcurl supports; the global set-up runs first, as `curl_version_info` requires.
    static let capabilities: CurlCapabilities = {
        _ = initialisation
        guard let info = ccurl_version_info()?.pointee else {
            return CurlCapabilities(
                version: "unknown", tlsLibrary: nil, supportsHTTP2: false, http2Library: nil,
                supportsHTTP3: false, isThreadSafe: false, protocols: [])
        }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        var protocols: [String] = []
        if var entry = info.protocols {
            while let name = entry.pointee {
                protocols.append(String(cString: name).lowercased())
                entry += 1
            }
        }
        let features = Int(info.features)
        return CurlCapabilities(
            version: text(info.version) ?? "unknown",
            tlsLibrary: features & Int(CURL_VERSION_SSL) != 0 ? text(info.ssl_version) : nil,
            supportsHTTP2: features & Int(CURL_VERSION_HTTP2) != 0,
            http2Library: text(info.nghttp2_version),
            supportsHTTP3: features & Int(CURL_VERSION_HTTP3) != 0,
            isThreadSafe: features & Int(CURL_VERSION_THREADSAFE) != 0,
            protocols: protocols)
    }()
}
