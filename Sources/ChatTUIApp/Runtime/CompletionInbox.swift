import Dispatch
import GroupIcon

/// Messages from background tasks to the main loop; the loop drains them between keys.
package final class CompletionInbox: Sendable {
    package enum Message: Sendable {
        /// A composite request ended; nil when it was cancelled.
        case composite(PreviewKey, Composite?)
        /// A composite request has a stand-in to show while photos download (the request goes on).
        case provisional(PreviewKey, Composite)
        /// An export ended with this status line.
        case exportFinished(String)
    }

    private let messages = LockedState<[Message]>([])
    private let arrivals = DispatchSemaphore(value: 0)

    package func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        arrivals.signal()
    }

    /// Blocks until a message is posted or `seconds` pass; true when one was posted. For the main loop when it
    /// has nothing else to do (waiting for exports on the way out).
    package func waitForMessage(seconds: Double) -> Bool {
        arrivals.wait(timeout: .now() + seconds) == .success
    }

    /// `waitForMessage` for callers on the cooperative thread pool (tests, the benchmark): it looks every
    /// 2 ms instead of blocking, so the work it waits for can run on the thread it would otherwise hold (the
    /// pool has one thread per core).
    package func nextMessage(seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if arrivals.wait(timeout: .now()) == .success { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    package func drain() -> [Message] { messages.withLock { queue in defer { queue = [] }; return queue } }
}
