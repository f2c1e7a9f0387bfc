import Foundation
import GroupIcon
import Support

@testable import RemoteSources

/// A download-cache folder for one test, removed afterwards.
final class TestFolder: Sendable {
    let path = FileManager.default.temporaryDirectory.path + "/remote-tests-" + UUID().uuidString
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock a test moves by hand, for freshness and failure lifetimes.
final class TestClock: Sendable {
    private let now = LockedState(Date(timeIntervalSince1970: 1_800_000_000))
    var date: Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
}

/// An `HTTPFetching` that answers from memory: each request's answer comes from `respond`, and answers wait
/// until `openGate` when the stub is made gated, so a test decides when they arrive. It records every request.
final class StubFetcher: HTTPFetching {
    private struct State {
        var requests: [HTTPRequest] = []
        var gateOpen: Bool
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: LockedState<State>
    private let respond: @Sendable (HTTPRequest) throws(FetchError) -> HTTPResponse

    init(gated: Bool = false, respond: @escaping @Sendable (HTTPRequest) throws(FetchError) -> HTTPResponse) {
        state = LockedState(State(gateOpen: !gated))
        self.respond = respond
    }

    /// A 200 with `bytes` and the given headers.
    static func content(_ bytes: [UInt8], metadata: HTTPResponseMetadata = HTTPResponseMetadata()) -> HTTPResponse {
        HTTPResponse(
            body: .content(bytes), statusCode: 200, metadata: metadata, httpVersion: .http11,
            redirectCount: 0, newConnections: 0)
    }

    /// Every request made so far, in order.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Lets every answer (waiting or future) arrive.
    func openGate() {
        let waiting = state.withLock { state in
            state.gateOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func fetch(_ request: HTTPRequest) async throws(FetchError) -> HTTPResponse {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                state.requests.append(request)
                if !state.gateOpen { state.waiting.append(continuation) }
                return state.gateOpen
            }
            if open { continuation.resume() }
        }
        guard !Task.isCancelled else { throw .cancelled(RedactedURL(request.url)) }
        return try respond(request)
    }
}
