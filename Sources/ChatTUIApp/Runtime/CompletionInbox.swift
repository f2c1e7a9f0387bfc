import Dispatch
import GroupIcon

/// Messages from background tasks to the main loop; the loop drains them between keys.
package final class CompletionInbox: Sendable {
    package enum Message: Sendable {
        /// A composite request ended; nil when it was cancelled.
        case composite(PreviewKey, Composite?)
        /// An export ended with this status line.
        case exportFinished(String)
    }

    private let messages = LockedState<[Message]>([])
    private let arrivals = DispatchSemaphore(value: 0)

    package func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        arrivals.signal()
    }

    /// Blocks until a message is posted or `seconds` pass; true when one was posted. For callers with nothing
    /// else to do (tests, or waiting for exports on the way out).
    package func waitForMessage(seconds: Double) -> Bool {
        arrivals.wait(timeout: .now() + seconds) == .success
    }

    package func drain() -> [Message] { messages.withLock { queue in defer { queue = [] }; return queue } }
}
