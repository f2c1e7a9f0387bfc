import Foundation
import Support
import Testing

@testable import RenderService

/// The watcher of suspended connections' sockets, on socket pairs: one end stands for the connection, the
/// other for its client. `handleEvents()` is called by the test; the kernel has the hang-up ready as soon as
/// `close` returns, so nothing waits.
@Suite struct HangUpWatcherTests {
    static func socketPair() -> (connection: Int32, client: Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func aClientThatHangsUpIsReportedOnce() throws {
        let watcher = try #require(HangUpWatcher())
        let (connection, client) = Self.socketPair()
        defer { close(connection) }
        let reports = LockedState(0)
        let token = try #require(watcher.watch(socket: connection) { reports.withLock { $0 += 1 } })
        #expect(watcher.handleEvents().hungUp == 0)
        close(client)
        #expect(watcher.handleEvents().hungUp == 1)
        #expect(reports.withLock { $0 } == 1)
        // Reported once, and no longer watched: the connection learns that its client went away.
        #expect(watcher.handleEvents().hungUp == 0)
        #expect(!watcher.unwatch(token))
        #expect(watcher.count == 0)
    }

    @Test func dataFromTheClientIsNoHangUp() throws {
        let watcher = try #require(HangUpWatcher())
        let (connection, client) = Self.socketPair()
        defer { close(connection); close(client) }
        let token = try #require(watcher.watch(socket: connection) { Issue.record("reported a hang-up") })
        // A pipelined request waits in the socket for the connection to be resumed.
        #expect(write(client, "GET / HTTP/1.1\r\n\r\n", 18) == 18)
        #expect(watcher.handleEvents().hungUp == 0)
        #expect(watcher.unwatch(token))
    }

    @Test func anUnwatchedSocketIsNotReportedAndStopEndsTheWatch() throws {
        let watcher = try #require(HangUpWatcher())
        let (connection, client) = Self.socketPair()
        defer { close(connection) }
        let (other, otherClient) = Self.socketPair()
        defer { close(other) }
        let token = try #require(watcher.watch(socket: connection) { Issue.record("reported an unwatched socket") })
        let reports = LockedState(0)
        _ = try #require(watcher.watch(socket: other) { reports.withLock { $0 += 1 } })
        #expect(watcher.unwatch(token))
        close(client)
        close(otherClient)
        let handled = watcher.handleEvents()
        #expect(handled.hungUp == 1 && handled.running)
        #expect(reports.withLock { $0 } == 1)
        watcher.stop()
        #expect(!watcher.handleEvents().running)
        let (late, lateClient) = Self.socketPair()
        defer { close(late); close(lateClient) }
        #expect(watcher.watch(socket: late) {} == nil)
    }
}
