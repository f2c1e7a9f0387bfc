import Support

/// Why the service refuses or fails a request: each case is one HTTP status, with a message that names what
/// to change (the parameter and its limit, the route, the signature).
package enum ServiceError: Error, Equatable, Sendable {
    /// 400: a parameter is unknown, malformed or outside its limit; `parameter` is its query name.
    case badParameter(parameter: String, message: String)
    /// 403: the signature segment does not match the rest of the path under any key, or unsigned URLs are not
    /// served here, or a photo's host is not allowed.
    case forbidden(String)
    /// 404: no such route or group.
    case notFound(String)
    /// 405: the route exists but answers only GET and HEAD.
    case methodNotAllowed(method: String)
    /// 413: a GET or HEAD request comes with a body; no route takes one, so any is too large.
    case contentTooLarge
    /// 414: the request target is longer than the service reads.
    case targetTooLong(length: Int, limit: Int)
    /// 503: the queue is full, the request ran past its deadline, or the service is stopping; `retryAfter`
    /// seconds is what the client is told to wait.
    case unavailable(String, retryAfter: Int)
    /// A key file or option the service cannot start with (not a request's error; 500 if ever answered).
    case configuration(String)
    /// 500: composing or encoding failed for a reason the request did not cause.
    case internalFailure(String)

    /// The HTTP status code.
    package var status: Int {
        switch self {
        case .badParameter: 400
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .contentTooLarge: 413
        case .targetTooLong: 414
        case .unavailable: 503
        case .internalFailure, .configuration: 500
        }
    }

    /// What the JSON body's `message` says.
    package var message: String {
        switch self {
        case .badParameter(let parameter, let message): "\(parameter): \(message)"
        case .forbidden(let message), .notFound(let message), .internalFailure(let message),
            .configuration(let message):
            message
        case .methodNotAllowed(let method): "\(method) is not served here: use GET or HEAD"
        case .contentTooLarge: "the request has a body: GET and HEAD take none (at most 0 bytes)"
        case .targetTooLong(let length, let limit): "the request target is \(length) bytes: at most \(limit)"
        case .unavailable(let message, _): message
        }
    }

    /// The error as a response: a JSON body `{"error":{"status":N,"message":"…"[,"parameter":"…"]}}`, never
    /// cached, with `Allow` on a 405 and `Retry-After` on a 503.
    package var response: ServiceResponse {
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("status", .number(String(status))), ("message", .string(message)),
        ]
        if case .badParameter(let parameter, _) = self { members.append(("parameter", .string(parameter))) }
        var headers = [
            ServiceResponse.Header("Content-Type", "application/json"),
            ServiceResponse.Header("Cache-Control", "no-store"),
        ]
        switch self {
        case .methodNotAllowed: headers.append(ServiceResponse.Header("Allow", "GET, HEAD"))
        case .unavailable(_, let seconds): headers.append(ServiceResponse.Header("Retry-After", String(seconds)))
        default: break
        }
        let body = JSONWriter.text(.object([("error", .object(members))])) + "\n"
        return ServiceResponse(status: status, headers: headers, body: Array(body.utf8))
    }
}

/// An answer: status, headers (MHD adds `Content-Length` and `Date`) and body. A HEAD request gets the same
/// headers without the body (MHD leaves it out).
package struct ServiceResponse: Equatable, Sendable {
    /// One header line.
    package struct Header: Equatable, Sendable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) { self.name = name; self.value = value }
    }

    package var status: Int
    package var headers: [Header]
    package var body: [UInt8]

    package init(status: Int, headers: [Header], body: [UInt8]) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// The value of the first header called `name` (case-insensitive), nil without one.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A small JSON answer, never cached.
    package static func json(status: Int = 200, _ value: JSONWriter.Value) -> ServiceResponse {
        ServiceResponse(
            status: status,
            headers: [Header("Content-Type", "application/json"), Header("Cache-Control", "no-store")],
            body: Array((JSONWriter.text(value) + "\n").utf8))
    }
}
