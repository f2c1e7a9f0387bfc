import CMicroHTTPD
import Foundation
import Support

/// Tells when the client of a suspended connection hangs up. libmicrohttpd does not watch a connection while
/// it is suspended (its answer is being made elsewhere), so a client that goes away would not be noticed
/// until the answer is sent. One epoll descriptor holds the sockets of the suspended connections, each with
/// `EPOLLRDHUP` (the peer closed or shut down its side; `EPOLLHUP` and `EPOLLERR` come anyway) and no
/// `EPOLLIN`, so a pipelined request waiting in the socket wakes nothing. One thread (`start()`) waits on it
/// for every connection; tests call `handleEvents()` instead.
///
/// A socket is registered under a token of its own, never its number: a connection's socket must be
/// `unwatch`ed before the connection is resumed (libmicrohttpd may close it then, and its number be reused),
/// and a report that races with `unwatch` finds no token and is dropped.
package final class HangUpWatcher: Sendable {
    private struct State {
        var nextToken: UInt64 = 1
        /// Watched sockets by token, each with what to do when its client hangs up.
        var watched: [UInt64: (socket: Int32, onHangUp: @Sendable () -> Void)] = [:]
        var stopped = false
    }

    /// The epoll descriptor; readable when a watched client has hung up.
    package let descriptor: Int32
    /// Written to by `stop()` to end the thread's wait.
    private let wake: Int32
    private let state = LockedState(State())

    /// A watcher with nothing watched; nil when the system has no descriptor left for it.
    package init?() {
        let descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0, wake >= 0 else {
            for open in [descriptor, wake] where open >= 0 { close(open) }
            return nil
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = 0
        epoll_ctl(descriptor, EPOLL_CTL_ADD, wake, &event)
        self.descriptor = descriptor; self.wake = wake
    }

    deinit {
        close(descriptor)
        close(wake)
    }

    /// Watches `socket` until `unwatch` with the token returned; `onHangUp` runs once, on the watcher's
    /// thread, if the client hangs up first. Nil when the socket cannot be watched (then nothing is noticed).
    package func watch(socket: Int32, onHangUp: @escaping @Sendable () -> Void) -> UInt64? {
        state.withLock { state -> UInt64? in
            guard !state.stopped else { return nil }
            let token = state.nextToken
            var event = epoll_event()
            event.events = EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLONESHOT.rawValue
            event.data.u64 = token
            guard epoll_ctl(descriptor, EPOLL_CTL_ADD, socket, &event) == 0 else { return nil }
            state.nextToken += 1
            state.watched[token] = (socket, onHangUp)
            return token
        }
    }

    /// Stops watching the socket of `token`; false when its client had already hung up (and `onHangUp` has
    /// run or is about to). Call it before the connection is resumed.
    @discardableResult
    package func unwatch(_ token: UInt64) -> Bool {
        state.withLock { state in
            guard let entry = state.watched.removeValue(forKey: token) else { return false }
            epoll_ctl(descriptor, EPOLL_CTL_DEL, entry.socket, nil)
            return true
        }
    }

    /// Sockets watched now.
    package var count: Int { state.withLock { $0.watched.count } }

    /// Reads what is waiting (never blocks) and runs the `onHangUp` of every client that hung up; returns how
    /// many did. False `running` once `stop()` was called.
    @discardableResult
    package func handleEvents() -> (hungUp: Int, running: Bool) {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        var hungUp = 0
        while true {
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(descriptor, $0.baseAddress, Int32($0.count), 0)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var actions: [@Sendable () -> Void] = []
            state.withLock { state in
                for event in events[0..<Int(count)] where event.data.u64 != 0 {
                    // Removed under the lock, before any resume could let the socket's number be reused.
                    guard let entry = state.watched.removeValue(forKey: event.data.u64) else { continue }
                    epoll_ctl(descriptor, EPOLL_CTL_DEL, entry.socket, nil)
                    actions.append(entry.onHangUp)
                }
            }
            for action in actions { action() }
            hungUp += actions.count
            if count < events.count { break }
        }
        return (hungUp, !state.withLock { $0.stopped })
    }

    /// Starts the thread that waits for hang-ups until `stop()`.
    package func start() {
        let thread = Thread { [self] in
            while true {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, -1) < 0 && errno != EINTR { break }
                if !handleEvents().running { break }
            }
        }
        thread.name = "chat-tui hang-ups"
        thread.start()
    }

    /// Ends the thread (it holds the watcher until then); watches nothing more.
    package func stop() {
        state.withLock { $0.stopped = true }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }
}
