internal import FileSystem
import Foundation
import Support

/// A `FileWatcher` read on a dispatch source: after `start`, the handler runs on a global queue whenever the
/// watcher's descriptor is readable (it may have a change to report). The source is cancelled when this value
/// goes, and the watcher, which owns the descriptor, lives until then.
final class WatcherSource: Sendable {
    private struct Source: @unchecked Sendable { let source: any DispatchSourceRead }
    private let source = LockedState<Source?>(nil)

    deinit { source.withLock { $0?.source.cancel() } }

    /// Reads `watcher`'s descriptor from now on, calling `handler` when it is readable.
    func start(_ watcher: FileWatcher, handler: @escaping @Sendable () -> Void) {
        let made = DispatchSource.makeReadSource(fileDescriptor: watcher.descriptor, queue: .global())
        made.setEventHandler(handler: handler)
        made.setCancelHandler { withExtendedLifetime(watcher) {} }
        source.withLock { $0 = Source(source: made) }
        made.resume()
    }
}
