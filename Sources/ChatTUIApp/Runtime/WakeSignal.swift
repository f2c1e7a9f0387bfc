#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A self-pipe that wakes the app's loop: background tasks (a finished composite or export) and signal handlers
/// post to it, and the loop polls its read end beside the terminal's input, so it sleeps in one `poll` until
/// there is something to do and never on a timer.
///
/// Both ends are non-blocking: a post into a full pipe is dropped (the pipe is readable already, which is all a
/// post means), and `consume` never blocks. Posting is a single `write(2)`, so it is safe inside a signal
/// handler (`post(toDescriptor:)`).
package final class WakeSignal: Sendable {
    /// The end the loop polls; -1 when no pipe could be made.
    package let descriptor: Int32
    /// The end posts write to, for signal handlers (which cannot reach this object); -1 without a pipe.
    package let postDescriptor: Int32
    /// Why no pipe could be made (`pipe(2)`'s error), nil when it was.
    package let failure: String?

    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            descriptor = ends[0]
            postDescriptor = ends[1]
            failure = nil
        } else {
            descriptor = -1
            postDescriptor = -1
            failure = String(cString: strerror(errno))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if postDescriptor >= 0 { close(postDescriptor) }
    }

    /// Makes `descriptor` readable (from any thread).
    package func post() {
        Self.post(toDescriptor: postDescriptor)
    }

    /// Writes one byte to `descriptor` and nothing else, keeping `errno` as it was: async-signal-safe.
    package static func post(toDescriptor descriptor: Int32) {
        guard descriptor >= 0 else { return }
        let savedErrno = errno
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
        errno = savedErrno
    }

    /// Empties the pipe, so that the next `poll` sleeps until the next post.
    package func consume() {
        guard descriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Waits until something is posted or `timeoutMilliseconds` pass, then empties the pipe; true when
    /// something was posted. For callers with nothing else to wait for (tests, the bench, exports on the way
    /// out).
    package func wait(timeoutMilliseconds: Int) -> Bool {
        let events = EventPoll.wait([descriptor], timeoutMilliseconds: timeoutMilliseconds)
        consume()
        return events.first.map { $0 != 0 } ?? false
    }
}
