import Foundation

/// A value that is only ever read or changed while holding a lock.
///
/// Used instead of `Synchronization.Mutex`: on this Linux toolchain ThreadSanitizer does not see that lock's
/// synchronisation and reports races inside correctly locked closures, which would hide real ones. `NSLock` is
/// a pthread mutex, which ThreadSanitizer understands. `@unchecked Sendable` is sound because `state` is
/// private and touched only inside `withLock`.
package final class LockedState<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    /// A lock around `state`.
    package init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
