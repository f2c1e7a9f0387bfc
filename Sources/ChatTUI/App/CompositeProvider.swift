import Dispatch
import Fixtures
import GroupIcon
import Synchronization

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

/// A least-recently-used map with a count limit. Eviction scans for the oldest entry, which is cheap at the
/// few hundred entries the app keeps and cannot drift out of step with the map.
struct BoundedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    var count: Int { entries.count }

    /// The value, marking it as recently used.
    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Stores a value; returns the key evicted to make room, if any.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> Key? {
        clock += 1
        entries[key] = (value, clock)
        guard entries.count > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        else { return nil }
        entries[oldest] = nil
        return oldest
    }
}

/// Messages from background tasks to the main loop; the loop drains them between keys.
final class CompletionInbox: Sendable {
    enum Message: Sendable {
        /// A composite request ended; nil when it was cancelled.
        case composite(PreviewKey, RenderedComposite?)
        /// An export ended with this status line.
        case exportFinished(String)
    }

    private let messages = Mutex<[Message]>([])
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
