import CMicroHTTPD
import Foundation
import Support

/// An address and port to listen on, from `a.b.c.d:PORT` or `[v6]:PORT`.
package struct ListenAddress: Equatable, Sendable {
    /// The address as given (without brackets).
    package var host: String
    package var port: UInt16
    /// The address's bytes in network order: 4 for IPv4, 16 for IPv6.
    package var bytes: [UInt8]

    /// Nil unless `text` is `a.b.c.d:PORT` or `[IPv6]:PORT` (port 0 lets the system pick one).
    package init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            var address = in6_addr()
            guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: address) { Array($0) }
        } else {
            var address = in_addr()
            guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: address) { Array($0) }
        }
        self.host = host; self.port = port
    }

    /// Whether this is an IPv6 address.
    package var isIPv6: Bool { bytes.count == 16 }

    /// Whether the address is loopback (127.0.0.0/8, ::1, or 127.x mapped into IPv6), where unsigned URLs may
    /// be served.
    package var isLoopback: Bool {
        if !isIPv6 { return bytes[0] == 127 }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
    }

    /// How a URL names it: `127.0.0.1:8080` or `[::1]:8080`.
    package var urlAuthority: String { (isIPv6 ? "[\(host)]" : host) + ":\(port)" }
}

/// The HTTP side of the service: libmicrohttpd's daemon with its own polling threads. Every request goes to
/// `AvatarService.answer`; an avatar is rendered in a task while its connection is suspended (the polling
/// thread goes on serving others) and sent when the task resumes it. A client that hangs up meanwhile
/// (`HangUpWatcher`) cancels the task, and its request is logged with status 499.
package final class HTTPServer: Sendable {
    private let daemon: DaemonHandle
    private let context: Unmanaged<ServerContext>
    /// The port listened on (the one the system picked for port 0).
    package let port: UInt16

    /// Starts listening on `address` with `threads` polling threads, at most `connectionLimit` connections,
    /// each closed after `idleTimeout` seconds without traffic (a slow client); `log` gets one access-log line
    /// per request.
    package init(
        address: ListenAddress, threads: Int, connectionLimit: Int, idleTimeout: Int, service: AvatarService,
        log: @escaping @Sendable (String) -> Void
    ) throws(ServiceError) {
        let hangUps = HangUpWatcher()
        hangUps?.start()
        let context = Unmanaged.passRetained(ServerContext(service: service, log: log, hangUps: hangUps))
        let pointer = context.toOpaque()
        let start = { (genericAddress: UnsafePointer<sockaddr>) in
            cmhd_start(
                genericAddress, address.isIPv6 ? 1 : 0, UInt32(max(1, threads)), UInt32(connectionLimit),
                UInt32(idleTimeout), 32 * 1024, accessHandler, pointer, requestCompleted, pointer, uriLogger, pointer)
        }
        let started: OpaquePointer?
        if address.isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.bytes) }
            started = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, start)
            }
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = address.port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.bytes) }
            started = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, start)
            }
        }
        guard let started else {
            hangUps?.stop()
            context.release()
            throw .configuration(
                "cannot listen on \(address.urlAuthority): the port is in use or not allowed")
        }
        daemon = DaemonHandle(pointer: started)
        self.context = context
        port = cmhd_bound_port(started)
    }

    /// Stops accepting connections (the listening socket is closed); requests already read are answered.
    package func stopAccepting() {
        let socket = MHD_quiesce_daemon(daemon.pointer)
        if socket >= 0 { close(socket) }
    }

    /// Requests read and not yet finished.
    package var requestsInProgress: Int { context.takeUnretainedValue().live.withLock { $0 } }

    /// Stops the daemon: its threads end and every connection is closed.
    package func stop() {
        // A render still running (past its deadline, not yet cancelled) must not resume a freed connection.
        context.takeUnretainedValue().isStopped.withLock { $0 = true }
        MHD_stop_daemon(daemon.pointer)
        context.takeUnretainedValue().hangUps?.stop()
        context.release()
    }
}

/// The daemon pointer, used from any thread as libmicrohttpd allows.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A connection pointer carried to the task that resumes it (libmicrohttpd allows resuming from any thread).
private struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the C callbacks reach through their context pointer.
private final class ServerContext: Sendable {
    let service: AvatarService
    let log: @Sendable (String) -> Void
    /// Requests between the URI log and their completion.
    let live = LockedState(0)
    /// Set by `HTTPServer.stop` before the daemon stops; a finished render then resumes nothing.
    let isStopped = LockedState(false)
    /// The sockets of suspended connections; nil when no epoll descriptor was left (then only the deadline
    /// ends the work of a client that went away).
    let hangUps: HangUpWatcher?

    init(service: AvatarService, log: @escaping @Sendable (String) -> Void, hangUps: HangUpWatcher?) {
        self.service = service; self.log = log; self.hangUps = hangUps
    }
}

/// One request: its raw target (from the URI log, before MHD decodes it), when it was read, and its answer.
private final class RequestContext: Sendable {
    enum Phase: Sendable {
        case new
        /// The request has been read whole (it has no body); the next call answers it.
        case complete
        case rendering
        case ready(ServiceResponse)
        case sent(status: Int, bytes: Int)
        /// The client hung up while its answer was being made: the connection is closed without one.
        case abandoned
    }

    /// The status the access log and the metrics record for a request whose client went away first (nginx's
    /// "client closed request").
    static let clientClosedStatus = 499

    let target: String
    let started = ContinuousClock.now
    let wallTime = Date().timeIntervalSince1970
    let method = LockedState("")
    let route = LockedState("other")
    let phase = LockedState(Phase.new)

    init(target: String) { self.target = target }
}

/// MHD's URI log: the raw request target, which becomes the request's context.
private let uriLogger:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) ->
        UnsafeMutableRawPointer? = { serverPointer, uri, _ in
            guard let serverPointer else { return nil }
            Unmanaged<ServerContext>.fromOpaque(serverPointer).takeUnretainedValue().live.withLock { $0 += 1 }
            let target = uri.map { String(cString: $0) } ?? ""
            return Unmanaged.passRetained(RequestContext(target: target)).toOpaque()
        }

private let accessHandler: MHD_AccessHandlerCallback = {
    serverPointer, connection, _, methodPointer, _, _, uploadSize, requestPointer in
    guard let serverPointer, let connection, let requestPointer, let raw = requestPointer.pointee else {
        return .NO
    }
    let server = Unmanaged<ServerContext>.fromOpaque(serverPointer).takeUnretainedValue()
    let request = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
    // A request body is never read: the routes take none (405 says so); it is dropped as it comes.
    if let uploadSize, uploadSize.pointee != 0 {
        uploadSize.pointee = 0
        return .YES
    }
    let phase = request.phase.withLock { $0 }
    switch phase {
    case .new:
        // The first call comes with the headers. An answer queued now makes libmicrohttpd close the connection
        // after it (it would not read the body), so a request without a body is answered on the next call,
        // once the request is complete, and its connection is kept alive. One with a body is refused now,
        // unread: 413 for GET and HEAD, which take none, and whatever the route says to other methods (405).
        if !announcesBody(connection) {
            request.phase.withLock { $0 = .complete }
            return .YES
        }
        let method = methodPointer.map { String(cString: $0) } ?? ""
        if method == "GET" || method == "HEAD" {
            request.method.withLock { $0 = method }
            return send(ServiceError.contentTooLarge.response, on: connection, for: request)
        }
        return answer(request, on: connection, server: server, method: methodPointer)
    case .complete:
        return answer(request, on: connection, server: server, method: methodPointer)
    case .rendering, .sent:
        return .YES
    case .abandoned:
        return .NO
    case .ready(let response):
        return send(response, on: connection, for: request)
    }
}

/// Whether the request says it has a body (`Content-Length` other than 0, or `Transfer-Encoding`).
private func announcesBody(_ connection: OpaquePointer) -> Bool {
    if MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil { return true }
    guard let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return false }
    return String(cString: length).trimmingCharacters(in: .whitespaces) != "0"
}

/// Asks the service about `request` and sends its answer now, or suspends the connection while a task makes it.
private func answer(
    _ request: RequestContext, on connection: OpaquePointer, server: ServerContext,
    method methodPointer: UnsafePointer<CChar>?
) -> MHD_Result {
    let method = methodPointer.map { String(cString: $0) } ?? ""
    request.method.withLock { $0 = method }
    let ifNoneMatch = MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match").map {
        String(cString: $0)
    }
    switch server.service.answer(method: method, target: request.target, ifNoneMatch: ifNoneMatch) {
    case .now(let response, let route):
        request.route.withLock { $0 = route }
        return send(response, on: connection, for: request)
    case .later(let route, let work):
        request.route.withLock { $0 = route }
        request.phase.withLock { $0 = .rendering }
        // Suspended before the task starts, so that its resume always finds a suspended connection.
        MHD_suspend_connection(connection)
        let handle = ConnectionHandle(pointer: connection)
        // A hang-up cancels the task, whether it has been made yet or not.
        let job = LockedState<(task: Task<Void, Never>?, hungUp: Bool)>((nil, false))
        let hangUps = server.hangUps
        let token = hangUps?.watch(socket: cmhd_connection_fd(connection)) {
            job.withLock { job in
                job.hungUp = true
                return job.task
            }?.cancel()
        }
        let task = Task {
            let response = await work()
            // Unwatched before the resume, after which MHD may close the socket and its number be reused.
            let hungUp = token.map { !(hangUps?.unwatch($0) ?? true) } ?? false
            request.phase.withLock { $0 = hungUp ? .abandoned : .ready(response) }
            // Under the lock `stop` takes: once the daemon is stopped its connections are gone.
            server.isStopped.withLock { stopped in
                if !stopped { MHD_resume_connection(handle.pointer) }
            }
        }
        if job.withLock({ job in
            job.task = task
            return job.hungUp
        }) {
            task.cancel()
        }
        return .YES
    }
}

/// Queues `response` on `connection` (libmicrohttpd copies the body), recording what was sent for the log.
private func send(_ response: ServiceResponse, on connection: OpaquePointer, for request: RequestContext)
    -> MHD_Result
{
    let made = response.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), cmhd_must_copy())
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for header in response.headers { _ = MHD_add_response_header(made, header.name, header.value) }
    let isHead = request.method.withLock { $0 } == "HEAD"
    request.phase.withLock { $0 = .sent(status: response.status, bytes: isHead ? 0 : response.body.count) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

private let requestCompleted: MHD_RequestCompletedCallback = { serverPointer, _, requestPointer, _ in
    guard let serverPointer, let requestPointer, let raw = requestPointer.pointee else { return }
    requestPointer.pointee = nil
    let server = Unmanaged<ServerContext>.fromOpaque(serverPointer).takeUnretainedValue()
    let request = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    let elapsed = ContinuousClock.now - request.started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let (status, bytes): (Int, Int)
    switch request.phase.withLock({ $0 }) {
    case .sent(let sentStatus, let sentBytes):
        (status, bytes) = (sentStatus, sentBytes)
    case .abandoned:
        (status, bytes) = (RequestContext.clientClosedStatus, 0)
    default:
        (status, bytes) = (0, 0)
    }
    let route = request.route.withLock { $0 }
    server.service.metrics.record(route: route, status: status, seconds: seconds)
    let entry = AccessLogEntry(
        time: request.wallTime, method: request.method.withLock { $0 }, target: request.target, route: route,
        status: status, bytes: bytes, seconds: seconds)
    server.log(entry.line)
    server.live.withLock { $0 -= 1 }
}
