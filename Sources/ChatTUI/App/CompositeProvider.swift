import Dispatch
import Fixtures
import GroupIcon

/// A finished composite and what went wrong on the way (missing or unreadable avatars, ...).
struct RenderedComposite: Sendable {
    var image: RGBAImage
    var warnings: [String]

    init(image: RGBAImage, warnings: [String] = []) {
        self.image = image; self.warnings = warnings
    }
}

/// Where the app gets composites: the composition pipeline in the app, a fake in tests. Called off the main
/// thread; should stop early when its task is cancelled (the app cancels requests nobody needs any more) and
/// then return nil.
protocol CompositeProvider: Sendable {
    func composite(for group: ChatGroup, parameters: CompositionParameters) async -> RenderedComposite?
}

/// Writes a group's composite at the given parameters to a PNG file at `path`.
typealias CompositeExporter = @Sendable (ChatGroup, CompositionParameters, String) async throws -> Void

/// Turns an image into exactly `columns`×`rows` cells (the half-block renderer, with the colour mode and
/// backdrop chosen by the caller).
typealias ImageCellRenderer = (RGBAImage, _ columns: Int, _ rows: Int) -> CellGrid

/// Identifies a composite: which group, drawn with which parameters.
struct PreviewKey: Hashable, Sendable {
    var groupID: String
    var parameters: CompositionParameters
}

/// Messages from background tasks to the main loop; the loop drains them between keys.
final class CompletionInbox: Sendable {
    enum Message: Sendable {
        /// A composite request ended; nil when it was cancelled.
        case composite(PreviewKey, RenderedComposite?)
        /// An export ended with this status line.
        case exportFinished(String)
    }

    private let messages = LockedState<[Message]>([])
    private let arrivals = DispatchSemaphore(value: 0)

    func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        arrivals.signal()
    }

    /// Blocks until a message is posted or `seconds` pass; true when one was posted. For callers with nothing
    /// else to do (tests, or waiting for exports on the way out).
    func waitForMessage(seconds: Double) -> Bool {
        arrivals.wait(timeout: .now() + seconds) == .success
    }

    func drain() -> [Message] { messages.withLock { queue in defer { queue = [] }; return queue } }
}
