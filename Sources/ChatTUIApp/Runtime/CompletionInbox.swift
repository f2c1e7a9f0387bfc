import Dispatch
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// Messages from background tasks to the main loop. Posting also posts to the loop's `WakeSignal`, so a
/// finished composite wakes the loop like a key does.
package final class CompletionInbox: Sendable {
    package enum Message: Sendable {
        /// A composite request ended; nil when it was cancelled. When its slot's picture is drawn as it is made
        /// (`ScreenPlan.Slot.framedAhead`) it comes with that picture, framed off the loop too.
        case composite(PreviewKey, Composite?, picture: PixelPicture? = nil)
        /// A composite request has a stand-in to show while photos download (the request goes on).
        case provisional(PreviewKey, Composite)
        /// An export ended with this status line; `failed` when it wrote nothing.
        case exportFinished(String, failed: Bool)
        /// Saving presets ended: the status line, and the presets as now saved (nil when saving failed).
        case presetsSaved(String, PresetFile?)
        /// Reading the fixture file again (it changed on disk) ended.
        case fixtureReloaded(FixtureReload)
    }

    private let messages = LockedState<[Message]>([])
    private let wake: WakeSignal

    package init(wake: WakeSignal) {
        self.wake = wake
    }

    package func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        wake.post()
    }

    /// Blocks until a message is waiting or `seconds` pass; true when one is. For callers with nothing else to
    /// wait for (tests, the benchmark, exports on the way out).
    package func waitForMessage(seconds: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        while messages.withLock({ $0.isEmpty }) {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline, wake.descriptor >= 0 else { return false }
            _ = wake.wait(timeoutMilliseconds: Int((deadline - now + 999_999) / 1_000_000))
        }
        return true
    }

    package func drain() -> [Message] {
        messages.withLock { queue in
            defer { queue = [] }; return queue
        }
    }
}
