import CCurl
internal import FileSystem
import Foundation
import GroupIcon

/// One request on its own libcurl easy handle: the options that enforce the fetcher's limits, the body and
/// header callbacks, and the translation of libcurl's result into a response or a `FetchError`.
///
/// Created, driven and destroyed on the fetcher's worker thread only (the multi handle's thread), which is why
/// it needs no lock: libcurl calls the callbacks from inside `curl_multi_perform` on that thread.
final class CurlTransfer {
    /// The easy handle (`CURL *`), cleaned up when the transfer is released.
    let handle: UnsafeMutableRawPointer
    let request: HTTPRequest
    let url: RedactedURL
    private let configuration: HTTPFetcherConfiguration
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private var body: [UInt8] = []
    /// Set when the body passed the size cap; the write callback then aborts the transfer.
    private var exceededLimit = false
    private var headers = ResponseHeaderCollector()

    /// Sets up the easy handle for `request`. Throws when libcurl refuses an option the fetcher's guarantees
    /// rest on (allowed schemes, size cap, timeouts): fetching without them would be unsafe.
    init(request: HTTPRequest, configuration: HTTPFetcherConfiguration, userAgent: String) throws(FetchError) {
        guard let handle = curl_easy_init() else {
            throw .libraryUnavailable(reason: "curl_easy_init failed (out of memory?)")
        }
        self.handle = handle
        self.request = request
        self.url = RedactedURL(request.url)
        self.configuration = configuration
        try configure(userAgent: userAgent)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(requestHeaders)
    }

    private func configure(userAgent: String) throws(FetchError) {
        func require(_ code: CURLcode, _ option: String) throws(FetchError) {
            guard code == CURLE_OK else {
                throw .libraryUnavailable(reason: "option \(option) refused: \(CurlLibrary.describe(code))")
            }
        }
        func set(_ option: CURLoption, _ value: Int, _ name: String) throws(FetchError) {
            try require(ccurl_easy_setopt_long(handle, option, value), name)
        }
        func set(_ option: CURLoption, _ value: String, _ name: String) throws(FetchError) {
            try require(value.withCString { ccurl_easy_setopt_string(handle, option, $0) }, name)
        }
        try set(CURLOPT_URL, request.url, "URL")
        // Only http and https, for the first request and for every redirect: no file://, no gopher://.
        try set(CURLOPT_PROTOCOLS_STR, "http,https", "PROTOCOLS_STR")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https", "REDIR_PROTOCOLS_STR")
        try set(CURLOPT_FOLLOWLOCATION, 1, "FOLLOWLOCATION")
        try set(CURLOPT_MAXREDIRS, configuration.maximumRedirects, "MAXREDIRS")
        if configuration.refusesPrivateAddresses || configuration.redirectsStayOnHost {
            try require(ccurl_easy_setopt_opensocket(handle, checkedSocket), "OPENSOCKETFUNCTION")
            try require(
                ccurl_easy_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(self).toOpaque()),
                "OPENSOCKETDATA")
        }
        if configuration.redirectsStayOnHost {
            // The socket check runs before a new connection is made, this one before each request, also on a
            // connection reused.
            try require(ccurl_easy_setopt_prereq(handle, sameHostRequest), "PREREQFUNCTION")
            try require(
                ccurl_easy_setopt_pointer(handle, CURLOPT_PREREQDATA, Unmanaged.passUnretained(self).toOpaque()),
                "PREREQDATA")
        }
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout), "CONNECTTIMEOUT_MS")
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(configuration.totalTimeout), "TIMEOUT_MS")
        // Refuses a body whose Content-Length announces more than the cap before any of it arrives; bodies
        // without one are counted in the write callback.
        try require(
            ccurl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, configuration.maximumBodyBytes),
            "MAXFILESIZE_LARGE")
        try set(CURLOPT_USERAGENT, userAgent, "USERAGENT")
        // Signals cannot be used for DNS timeouts in a multi-threaded process.
        try set(CURLOPT_NOSIGNAL, 1, "NOSIGNAL")
        // HTTP/2 where the server offers it over TLS (plain HTTP/1.1 otherwise); a libcurl without nghttp2
        // refuses the option, which only means HTTP/1.1, so its result is not required.
        _ = ccurl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Over https, wait for a connection that may multiplex rather than open another one: with HTTP/2 many
        // photos from one host share one connection, and ALPN tells within the TLS handshake whether it will.
        // Over plain http nothing multiplexes, but libcurl would only learn that from the first response, and
        // every other transfer to the host would wait for it with its timeouts running (eight 20 s photos
        // failed at 30 s): the fetcher's admission already keeps transfers within the connection limits.
        if request.url.prefix(8).lowercased() == "https://" {
            _ = ccurl_easy_setopt_long(handle, CURLOPT_PIPEWAIT, 1)
        }

        let context = Unmanaged.passUnretained(self).toOpaque()
        try require(ccurl_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, curlBodyCallback), "WRITEFUNCTION")
        try require(ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context), "WRITEDATA")
        try require(
            ccurl_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback),
            "HEADERFUNCTION")
        try require(ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context), "HEADERDATA")

        var lines: [String] = []
        if let tag = request.validators.entityTag { lines.append("If-None-Match: \(tag)") }
        if let date = request.validators.lastModified { lines.append("If-Modified-Since: \(date)") }
        for line in lines {
            guard let list = line.withCString({ curl_slist_append(requestHeaders, $0) }) else {
                throw .libraryUnavailable(reason: "curl_slist_append failed (out of memory?)")
            }
            requestHeaders = list
        }
        if let requestHeaders {
            try require(
                ccurl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(requestHeaders)),
                "HTTPHEADER")
        }
    }

    var redirectsStayOnHost: Bool { configuration.redirectsStayOnHost }
    var refusesPrivateAddresses: Bool { configuration.refusesPrivateAddresses }

    /// Where a redirect that left the URL's host led (set by the request check, which then stops the
    /// transfer).
    private var offHostTarget: String?

    /// Whether the request about to be sent (the first, or a redirect's) stays on the scheme, host and port
    /// of the URL asked for; when not, remembers where it led.
    fileprivate func staysOnHost() -> Bool {
        guard let current = string(CURLINFO_EFFECTIVE_URL) else { return false }
        if Self.origin(of: current) == Self.origin(of: request.url), Self.origin(of: current) != nil { return true }
        offHostTarget = current
        return false
    }

    /// A URL's scheme, host and port (the scheme's default when none is written), in lower case.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// Takes `count` body bytes; returning anything but `count` makes libcurl abort with CURLE_WRITE_ERROR.
    fileprivate func receiveBody(_ data: UnsafeRawPointer?, count: Int) -> Int {
        guard count > 0, let data else { return count }
        guard count <= configuration.maximumBodyBytes - body.count else {
            exceededLimit = true
            return 0
        }
        if body.isEmpty, let expected = sizeInfo(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T), expected > 0 {
            body.reserveCapacity(min(expected, configuration.maximumBodyBytes))
        }
        body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
        return count
    }

    fileprivate func receiveHeader(_ data: UnsafeRawPointer?, count: Int) -> Int {
        if let data { headers.add(line: UnsafeRawBufferPointer(start: data, count: count)) }
        return count
    }

    /// Whether `error`, this finished transfer's failure, says its host is unreachable or does not answer: no
    /// connection, or one on which no response byte arrived before the timeout (a server that accepts and
    /// never answers). A slow download that had begun says nothing about the host's other photos.
    func showsHostUnreachable(_ error: FetchError) -> Bool {
        switch error {
        case .hostNotFound, .connectionFailed, .timedOut(_, .connect, _): return true
        case .timedOut(_, .total, _): return (longInfo(CURLINFO_HEADER_SIZE) ?? 0) == 0
        default: return false
        }
    }

    /// The outcome of the finished transfer, from libcurl's result `code` and what was received.
    func result(_ code: CURLcode) -> Result<HTTPResponse, FetchError> {
        switch code {
        case CURLE_OK:
            return response()
        case CURLE_ABORTED_BY_CALLBACK where offHostTarget != nil, CURLE_COULDNT_CONNECT where offHostTarget != nil:
            return .failure(.redirectToAnotherHost(url, target: offHostTarget.map(RedactedURL.init)))
        case CURLE_WRITE_ERROR where exceededLimit, CURLE_FILESIZE_EXCEEDED:
            return .failure(.tooLarge(url, limit: configuration.maximumBodyBytes))
        case CURLE_OPERATION_TIMEDOUT:
            // Request bytes were sent only if a connection came up (a reused one reports no connect time).
            let connected = (longInfo(CURLINFO_REQUEST_SIZE) ?? 0) > 0
            return .failure(
                connected
                    ? .timedOut(url, phase: .total, seconds: configuration.totalTimeout)
                    : .timedOut(url, phase: .connect, seconds: configuration.connectTimeout))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .failure(.hostNotFound(url, host: url.host))
        case CURLE_COULDNT_CONNECT:
            return .failure(.connectionFailed(url, reason: CurlLibrary.describe(code)))
        case CURLE_TOO_MANY_REDIRECTS:
            return .failure(.tooManyRedirects(url, limit: configuration.maximumRedirects))
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The first URL's scheme was checked before the transfer started, so a refused scheme came from a
            // redirect, and libcurl leaves the refused target as the effective URL. With an http(s) effective
            // URL it was the answer itself that libcurl refused (HTTP/0.9, which is what any bytes without a
            // status line read as, or an unsupported status).
            guard let target = string(CURLINFO_EFFECTIVE_URL), !HTTPFetcher.hasAllowedScheme(target) else {
                return .failure(.invalidResponse(url, problem: "no valid status line: not HTTP, or HTTP/0.9"))
            }
            return .failure(.redirectToDisallowedScheme(url, target: RedactedURL(target)))
        case CURLE_WEIRD_SERVER_REPLY:
            return .failure(.invalidResponse(url, problem: "a malformed status line or headers"))
        case CURLE_OUT_OF_MEMORY where (longInfo(CURLINFO_HEADER_SIZE) ?? 0) > 0:
            // libcurl reports response headers over its limit (100 KB) as running out of memory.
            return .failure(.invalidResponse(url, problem: "response headers larger than libcurl accepts"))
        case CURLE_PARTIAL_FILE:
            let expected = sizeInfo(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T).flatMap { $0 >= 0 ? $0 : nil }
            return .failure(.truncated(url, received: body.count, expected: expected))
        case CURLE_URL_MALFORMAT:
            return .failure(.malformedURL(url))
        case CURLE_SSL_CONNECT_ERROR:
            // No certificate was looked at: the handshake failed, as it does against a plain-HTTP port.
            return .failure(.handshakeFailed(url, reason: CurlLibrary.describe(code)))
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .failure(.secureConnectionFailed(url, reason: CurlLibrary.describe(code)))
        default:
            return .failure(.transferFailed(url, reason: CurlLibrary.describe(code)))
        }
    }

    private func response() -> Result<HTTPResponse, FetchError> {
        let status = longInfo(CURLINFO_RESPONSE_CODE) ?? 0
        let payload: HTTPResponse.Body
        switch status {
        case 200..<300: payload = .content(body)
        // A 304 only answers a conditional request; unasked for, there is nothing it could refer to.
        case 304 where !request.validators.isEmpty: payload = .notModified
        case 0..<200: return .failure(.invalidResponse(url, problem: "a final status of \(status)"))
        default: return .failure(.httpStatus(url, code: status))
        }
        return .success(
            HTTPResponse(
                body: payload, statusCode: status, metadata: headers.metadata,
                httpVersion: Self.version(longInfo(CURLINFO_HTTP_VERSION) ?? 0),
                redirectCount: longInfo(CURLINFO_REDIRECT_COUNT) ?? 0,
                newConnections: longInfo(CURLINFO_NUM_CONNECTS) ?? 0))
    }

    /// Whether the (last) response came over HTTP/2 or later, whose connections carry many transfers.
    var multiplexed: Bool {
        (longInfo(CURLINFO_HTTP_VERSION) ?? 0) >= Int(CURL_HTTP_VERSION_2_0)
    }

    private func longInfo(_ item: CURLINFO) -> Int? {
        var value = 0
        return ccurl_easy_getinfo_long(handle, item, &value) == CURLE_OK ? value : nil
    }

    private func sizeInfo(_ item: CURLINFO) -> Int? {
        var value: curl_off_t = 0
        return ccurl_easy_getinfo_off_t(handle, item, &value) == CURLE_OK ? value : nil
    }

    private func string(_ item: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard ccurl_easy_getinfo_string(handle, item, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    private static func version(_ code: Int) -> HTTPVersion {
        switch code {
        case Int(CURL_HTTP_VERSION_1_0): return .http10
        case Int(CURL_HTTP_VERSION_1_1): return .http11
        case Int(CURL_HTTP_VERSION_2_0): return .http2
        case Int(CURL_HTTP_VERSION_3): return .http3
        default: return .other(code)
        }
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds * 1000, Double(Int32.max)).rounded(.up))
    }
}

/// libcurl's body callback: hands the bytes to the transfer its user pointer names.
private let curlBodyCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(data.map(UnsafeRawPointer.init), count: size * count)
}

/// libcurl's header callback: one complete header line per call.
private let curlHeaderCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeader(data.map(UnsafeRawPointer.init), count: size * count)
}

/// Keeps the few response headers the cache needs, of the last response only (a redirect's status line
/// starts over), each capped in length so a hostile server cannot grow memory through headers.
struct ResponseHeaderCollector {
    static let maximumValueLength = 1024
    private var entityTag: String?
    private var lastModified: String?
    private var cacheControl: [String] = []
    private var contentType: String?

    var metadata: HTTPResponseMetadata {
        HTTPResponseMetadata(
            validators: HTTPValidators(entityTag: entityTag, lastModified: lastModified),
            cacheControl: CacheControl(headerValue: cacheControl.joined(separator: ",")),
            contentType: contentType)
    }

    /// Takes one raw header line (`Name: value\r\n`, or a status line `HTTP/1.1 200 OK\r\n`).
    mutating func add(line raw: UnsafeRawBufferPointer) {
        var bytes = raw[...]
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        if bytes.starts(with: Array("HTTP/".utf8)) {
            self = ResponseHeaderCollector()
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let valueBytes = bytes[(colon + 1)...]
        guard valueBytes.count <= Self.maximumValueLength else { return }
        let value = String(decoding: valueBytes, as: UTF8.self).trimmingASCIISpaces()
        switch name {
        case "etag": entityTag = value
        case "last-modified": lastModified = value
        case "cache-control" where cacheControl.count < 16: cacheControl.append(value)
        case "content-type": contentType = RedactedURL.escaped(value)
        default: break
        }
    }
}

/// libcurl's socket opener for fetchers that refuse private addresses: a socket only for a public address
/// (`AddressPolicy`); for any other, CURL_SOCKET_BAD, which fails the transfer as a connection failure.
/// CURLOPT_PREREQFUNCTION: lets a request go only while it stays on the first URL's host.
private let sameHostRequest: curl_prereq_callback = { context, _, _, _, _ in
    guard let context else { return ccurl_prereq_abort() }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.staysOnHost() ? ccurl_prereq_ok() : ccurl_prereq_abort()
}

/// CURLOPT_OPENSOCKETFUNCTION: opens the socket of a new connection only while the request stays on its
/// host (when redirects must) and the address is public (when private ones are refused).
private let checkedSocket: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return -1 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    if transfer.redirectsStayOnHost && !transfer.staysOnHost() { return -1 }
    if transfer.refusesPrivateAddresses && !isPublic(address) { return -1 }
    return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}

/// Whether the address libcurl is about to connect to is public (`AddressPolicy`).
private func isPublic(_ address: UnsafeMutablePointer<curl_sockaddr>) -> Bool {
    let family = address.pointee.family
    let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr) ?? 16
    let raw = UnsafeRawPointer(address).advanced(by: offset)
    let length = Int(address.pointee.addrlen)
    let allowed: Bool
    switch family {
    case AF_INET where length >= MemoryLayout<sockaddr_in>.size:
        allowed = AddressPolicy.isPublic(ipv4: (4..<8).map { raw.load(fromByteOffset: $0, as: UInt8.self) })
    case AF_INET6 where length >= MemoryLayout<sockaddr_in6>.size:
        allowed = AddressPolicy.isPublic(ipv6: (8..<24).map { raw.load(fromByteOffset: $0, as: UInt8.self) })
    default:
        allowed = false
    }
    return allowed
}
