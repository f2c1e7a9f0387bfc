import CCurl
internal import FileSystem
import Foundation
import GroupIcon
import Support

/// Limits and identity of an `HTTPFetcher`.
public struct HTTPFetcherConfiguration: Hashable, Sendable {
    /// Connections open to one host at a time (`CURLMOPT_MAX_HOST_CONNECTIONS`); further requests queue.
    public var maximumConnectionsPerHost: Int
    /// Connections open in total (`CURLMOPT_MAX_TOTAL_CONNECTIONS`); further requests queue.
    public var maximumConnections: Int
    /// Seconds allowed for DNS, TCP and TLS set-up.
    public var connectTimeout: Double
    /// Seconds allowed for a whole transfer, redirects included.
    public var totalTimeout: Double
    /// Largest body accepted, in bytes; larger downloads are aborted as soon as that is known.
    public var maximumBodyBytes: Int
    /// Redirects followed before giving up.
    public var maximumRedirects: Int
    /// The `User-Agent` header; nil sends `chat-tui (libcurl/<version>)`.
    public var userAgent: String?
    /// Seconds a host that proved unreachable (no connection, or no answer before the timeout) stays so:
    /// requests to it waiting for a connection, and new ones, fail at once with `.hostFailedEarlier` instead
    /// of each waiting out the timeouts again. 0 (the default) asks every time; `.infinity` for a whole run.
    public var hostFailureLifetime: Double
    /// Whether connections to loopback, private, link-local and other non-public addresses are refused
    /// (`AddressPolicy`), checked on each address libcurl connects to, after resolution and redirects: for a
    /// service that fetches URLs others chose. Off by default: a user's own fixture may name a local server.
    public var refusesPrivateAddresses: Bool
    /// Whether a redirect may lead only to the same scheme, host and port as the URL asked for (up to
    /// `maximumRedirects`); one elsewhere fails with `FetchError.redirectToAnotherHost`. For `serve`, whose
    /// host allowlist names the hosts requests may reach.
    package var redirectsStayOnHost = false

    /// Defaults suited to avatars: 6 connections per host (what browsers use), 24 in all, 10 s to connect,
    /// 30 s per transfer, 20 MiB per photo, 5 redirects, no memory of unreachable hosts.
    public init(
        maximumConnectionsPerHost: Int = 6, maximumConnections: Int = 24, connectTimeout: Double = 10,
        totalTimeout: Double = 30, maximumBodyBytes: Int = 20 << 20, maximumRedirects: Int = 5,
        userAgent: String? = nil, hostFailureLifetime: Double = 0, refusesPrivateAddresses: Bool = false
    ) {
        self.maximumConnectionsPerHost = maximumConnectionsPerHost; self.maximumConnections = maximumConnections
        self.connectTimeout = connectTimeout; self.totalTimeout = totalTimeout
        self.maximumBodyBytes = maximumBodyBytes; self.maximumRedirects = maximumRedirects
        self.userAgent = userAgent; self.hostFailureLifetime = hostFailureLifetime
        self.refusesPrivateAddresses = refusesPrivateAddresses
    }
}

/// Downloads over http and https with libcurl's multi interface, on one dedicated thread.
///
/// Every request becomes an easy handle on one multi handle, so transfers share its connection cache (HTTP/1.1
/// keep-alive, HTTP/2 multiplexing where the server offers it over TLS) and DNS cache, within the configured
/// connection limits. Requests beyond those limits wait in the fetcher, not in libcurl, so that their
/// timeouts start only when they are sent. The worker thread alone calls libcurl for transfers; callers hand
/// requests over through a lock and wake it with `curl_multi_wakeup`. Each transfer enforces the
/// configuration's timeouts, size cap, redirect limit and the http/https-only rule (also after redirects).
///
/// `fetch` is cancellation-aware: cancelling the calling task removes its transfer from the multi handle (the
/// connection is closed or returned to the cache by libcurl) and throws `FetchError.cancelled`.
/// Releasing the fetcher stops the thread; transfers still running end with `.cancelled`.
public final class HTTPFetcher: Sendable {
    /// The limits every transfer of this fetcher observes.
    public let configuration: HTTPFetcherConfiguration
    private let engine: CurlMultiEngine

    /// Starts the worker thread. Throws `.libraryUnavailable` when libcurl cannot be initialised.
    public init(configuration: HTTPFetcherConfiguration = HTTPFetcherConfiguration()) throws(FetchError) {
        try CurlLibrary.initialise()
        self.configuration = configuration
        engine = try CurlMultiEngine(configuration: configuration)
        let engine = self.engine
        // Named from inside: on Linux, Foundation applies a name set before `start` to the Thread object only,
        // while debuggers and `top -H` show the system thread's name.
        Thread {
            Thread.current.name = "chat-tui.http"
            engine.run()
        }.start()
    }

    deinit { engine.stop() }

    /// What the libcurl in use supports (version, TLS library, HTTP/2).
    package static var capabilities: CurlCapabilities { CurlLibrary.capabilities }

    /// Fetches `request.url`: its body (2xx), or `.notModified` when the request carried validators and the
    /// server answered 304. Any other outcome throws a `FetchError` naming the redacted URL.
    public func fetch(_ request: HTTPRequest) async throws(FetchError) -> HTTPResponse {
        let url = RedactedURL(request.url)
        guard Self.hasAllowedScheme(request.url) else { throw .unsupportedScheme(url) }
        // A NUL would cut the C string libcurl sees, so it would fetch a different URL than the one named.
        guard !request.url.utf8.contains(0) else { throw .malformedURL(url) }
        let engine = self.engine
        let id = engine.makeID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                engine.submit(CurlMultiEngine.Submission(id: id, request: request, continuation: continuation))
            }
        } onCancel: {
            engine.cancel(id)
        }
        return try result.get()
    }

    /// Transfers submitted and not yet finished (for tests: 0 once every fetch has returned).
    var unfinishedTransferCount: Int { engine.unfinishedCount }

    /// Whether `url` starts with `http://` or `https://` (case-insensitive, as schemes are).
    static func hasAllowedScheme(_ url: String) -> Bool {
        let lowered = url.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

/// The multi handle and its worker thread behind `HTTPFetcher`.
///
/// Shared state (requests handed over, cancellations, the stop flag) sits behind one lock; the admission
/// queue (`TransferAdmission`), the easy handles and the transfers live in `run`'s local variables, touched by
/// the worker thread only. The multi
/// handle is used by the worker thread, except for `curl_multi_wakeup`, which libcurl allows from any thread;
/// it is called while holding the lock and only before `stopped` is set, so it never races with
/// `curl_multi_cleanup`.
final class CurlMultiEngine: Sendable {
    typealias Continuation = CheckedContinuation<Result<HTTPResponse, FetchError>, Never>

    /// A request handed to the worker thread.
    struct Submission: Sendable {
        var id: UInt64
        var request: HTTPRequest
        var continuation: Continuation
    }

    private struct Shared: Sendable {
        var nextID: UInt64 = 0
        /// Submitted, not yet picked up by the worker thread.
        var pending: [Submission] = []
        /// Picked up and not yet finished.
        var running: Set<UInt64> = []
        /// Running transfers whose callers cancelled; the worker removes them.
        var cancelled: [UInt64] = []
        var stopped = false
    }

    /// `CURLM *`, sendable because only the worker thread and locked `curl_multi_wakeup` calls use it.
    private struct MultiHandle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }

    private let multi: MultiHandle
    private let shared = LockedState(Shared())
    private let configuration: HTTPFetcherConfiguration
    private let userAgent: String
    /// How long the worker sleeps in `curl_multi_poll` when nothing happens; libcurl shortens it to its own
    /// timers, and `curl_multi_wakeup` interrupts it.
    private static let idlePollMilliseconds: Int32 = 1000

    init(configuration: HTTPFetcherConfiguration) throws(FetchError) {
        guard let pointer = curl_multi_init() else {
            throw .libraryUnavailable(reason: "curl_multi_init failed (out of memory?)")
        }
        multi = MultiHandle(pointer: pointer)
        self.configuration = configuration
        userAgent = configuration.userAgent ?? "chat-tui (libcurl/\(CurlLibrary.capabilities.version))"
        let limits = [
            (CURLMOPT_MAX_HOST_CONNECTIONS, max(1, configuration.maximumConnectionsPerHost), "MAX_HOST_CONNECTIONS"),
            (CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, configuration.maximumConnections), "MAX_TOTAL_CONNECTIONS"),
            // Idle connections kept for reuse: as many as may be open.
            (CURLMOPT_MAXCONNECTS, max(1, configuration.maximumConnections), "MAXCONNECTS"),
            (CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX), "PIPELINING"),
        ]
        for (option, value, name) in limits {
            let code = ccurl_multi_setopt_long(pointer, option, value)
            guard code == CURLM_OK else {
                curl_multi_cleanup(pointer)
                throw .libraryUnavailable(reason: "multi option \(name) refused: \(Self.describe(code))")
            }
        }
    }

    private static func describe(_ code: CURLMcode) -> String {
        curl_multi_strerror(code).map { String(cString: $0) } ?? "libcurl multi error \(code.rawValue)"
    }

    func makeID() -> UInt64 {
        shared.withLock { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// Queues a request for the worker thread, or ends it at once when the calling task is already cancelled
    /// or the fetcher is stopping. The cancellation check happens under the lock that `cancel` takes, so a
    /// cancellation arriving at any moment is seen by one of the two.
    func submit(_ submission: Submission) {
        let accepted = shared.withLock { state in
            guard !state.stopped, !Task.isCancelled else { return false }
            state.pending.append(submission)
            curl_multi_wakeup(multi.pointer)
            return true
        }
        if !accepted {
            submission.continuation.resume(returning: .failure(.cancelled(RedactedURL(submission.request.url))))
        }
    }

    /// Cancels request `id`: still queued, it ends right here; running, the worker removes its easy handle and
    /// ends it; already finished, nothing happens.
    func cancel(_ id: UInt64) {
        let queued: Submission? = shared.withLock { state in
            if let index = state.pending.firstIndex(where: { $0.id == id }) {
                return state.pending.remove(at: index)
            }
            if state.running.contains(id), !state.stopped {
                state.cancelled.append(id)
                curl_multi_wakeup(multi.pointer)
            }
            return nil
        }
        if let queued {
            queued.continuation.resume(returning: .failure(.cancelled(RedactedURL(queued.request.url))))
        }
    }

    /// Makes the worker thread end every transfer with `.cancelled`, clean up and exit.
    func stop() {
        shared.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            curl_multi_wakeup(multi.pointer)
        }
    }

    var unfinishedCount: Int { shared.withLock { $0.pending.count + $0.running.count } }

    /// The worker thread's loop: take new requests and cancellations, start the requests admission allows,
    /// let libcurl work, finish completed transfers, then sleep in `curl_multi_poll` until a socket is ready, a
    /// timer is due or a wakeup comes.
    func run() {
        var admission = TransferAdmission<Submission>(
            perHostLimit: configuration.maximumConnectionsPerHost,
            totalLimit: configuration.maximumConnections)
        var transfers: [UnsafeMutableRawPointer: Running] = [:]
        var handles: [UInt64: UnsafeMutableRawPointer] = [:]
        /// Hosts that proved unreachable: the failure and when (seconds of system uptime).
        var unreachableHosts: [String: (cause: FetchError, time: Double)] = [:]
        let hostFailureLifetime = configuration.hostFailureLifetime
        func unreachable(_ host: String) -> FetchError? {
            guard let known = unreachableHosts[host],
                ProcessInfo.processInfo.systemUptime - known.time < hostFailureLifetime
            else { return nil }
            return known.cause
        }
        func skipped(_ submission: Submission, host: String, cause: FetchError) -> Result<HTTPResponse, FetchError> {
            .failure(
                .hostFailedEarlier(
                    RedactedURL(submission.request.url), host: RedactedURL(host).description,
                    cause: cause))
        }

        func end(_ submission: Submission, _ result: Result<HTTPResponse, FetchError>) {
            shared.withLock { _ = $0.running.remove(submission.id) }
            submission.continuation.resume(returning: result)
        }
        func finish(_ handle: UnsafeMutableRawPointer, _ result: (CurlTransfer) -> Result<HTTPResponse, FetchError>) {
            guard let entry = transfers.removeValue(forKey: handle) else { return }
            let outcome = result(entry.transfer)
            admission.finish(host: entry.host, multiplexed: entry.transfer.multiplexed)
            curl_multi_remove_handle(multi.pointer, handle)
            handles[entry.submission.id] = nil
            end(entry.submission, outcome)
            if hostFailureLifetime > 0, case .failure(let error) = outcome, entry.transfer.showsHostUnreachable(error) {
                unreachableHosts[entry.host] = (error, ProcessInfo.processInfo.systemUptime)
                for waiting in admission.removeWaiting(forHost: entry.host) {
                    end(waiting, skipped(waiting, host: entry.host, cause: error))
                }
            }
        }
        func start(_ submission: Submission, host: String) {
            do throws(FetchError) {
                let transfer = try CurlTransfer(
                    request: submission.request, configuration: configuration,
                    userAgent: userAgent)
                let code = curl_multi_add_handle(multi.pointer, transfer.handle)
                guard code == CURLM_OK else {
                    throw .libraryUnavailable(reason: "curl_multi_add_handle: \(Self.describe(code))")
                }
                transfers[transfer.handle] = Running(submission: submission, transfer: transfer, host: host)
                handles[submission.id] = transfer.handle
            } catch {
                admission.finish(host: host, multiplexed: false)
                end(submission, .failure(error))
            }
        }
        func cancelled(_ submission: Submission) -> Result<HTTPResponse, FetchError> {
            .failure(.cancelled(RedactedURL(submission.request.url)))
        }

        while true {
            let (submissions, cancellations, stopping) = shared.withLock { state in
                defer { state.pending = []; state.cancelled = [] }
                if !state.stopped { state.running.formUnion(state.pending.map(\.id)) }
                return (state.pending, state.cancelled, state.stopped)
            }
            for id in cancellations {
                if let handle = handles[id] {
                    finish(handle) { .failure(.cancelled($0.url)) }
                } else if let waiting = admission.removeWaiting(where: { $0.id == id }) {
                    end(waiting, cancelled(waiting))
                }
            }
            if stopping {
                for handle in Array(transfers.keys) { finish(handle) { .failure(.cancelled($0.url)) } }
                for submission in admission.removeAllWaiting() + submissions { end(submission, cancelled(submission)) }
                break
            }
            for submission in submissions {
                let host = TransferAdmission<Submission>.hostKey(submission.request.url)
                if let cause = unreachable(host) {
                    end(submission, skipped(submission, host: host, cause: cause))
                } else {
                    admission.enqueue(submission, host: host)
                }
            }
            for (submission, host) in admission.admit() { start(submission, host: host) }

            var stillRunning: Int32 = 0
            curl_multi_perform(multi.pointer, &stillRunning)
            var queuedMessages: Int32 = 0
            var finishedAny = false
            while let message = curl_multi_info_read(multi.pointer, &queuedMessages) {
                // The message is only valid until the next libcurl call: copy what is needed first.
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                finish(handle) { $0.result(code) }
                finishedAny = true
            }
            // Freed slots go to waiting requests now; their handles' zero timers make the poll return at once.
            if finishedAny {
                for (submission, host) in admission.admit() { start(submission, host: host) }
            }
            curl_multi_poll(multi.pointer, nil, 0, Self.idlePollMilliseconds, nil)
        }
        curl_multi_cleanup(multi.pointer)
    }

    /// A transfer in the multi handle and what finishing it needs.
    private struct Running {
        var submission: Submission
        var transfer: CurlTransfer
        var host: String
    }
}
