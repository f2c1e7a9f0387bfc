#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app loop's one blocking call: `poll(2)` over the terminal's input, the wake pipe and any other
/// descriptor the loop watches.
package enum EventPoll {
    /// Waits until one of `descriptors` has input (or is hung up, in error or invalid), `timeoutMilliseconds`
    /// pass (nil: no limit) or a signal interrupts the wait; returns each descriptor's `revents`, in order
    /// (all 0 after a timeout or a signal). Negative descriptors are left out of the poll and report 0.
    package static func wait(_ descriptors: [Int32], timeoutMilliseconds: Int?) -> [Int16] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let timeout = timeoutMilliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
        let ready = entries.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), timeout)
        }
        // -1 is EINTR (a signal: the caller looks at what its handler recorded) or a transient error; either
        // way the caller's loop comes round again.
        guard ready > 0 else { return Array(repeating: 0, count: descriptors.count) }
        return entries.map(\.revents)
    }

    /// How many bytes wait to be read on `descriptor` (`FIONREAD`); nil when it cannot say, which for a
    /// terminal means it has been hung up.
    package static func bytesAvailable(_ descriptor: Int32) -> Int? {
        var count: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &count) == 0 else { return nil }
        return Int(count)
    }
}

/// What the poll said about the terminal's input: the decision that ends a session whose terminal went away
/// (tmux killed, ssh dropped, the tty revoked) instead of spinning on it.
package enum InputReadiness: Equatable, Sendable {
    /// Nothing to read.
    case idle
    /// Bytes are waiting.
    case readable
    /// The terminal is gone; the reason is for logs and tests.
    case closed(String)

    /// The readiness for poll flags `events`; `bytesAvailable` is asked only when the descriptor reports
    /// input, to tell real bytes from the end of input (a descriptor at its end is readable with nothing in it).
    package static func classify(events: Int16, bytesAvailable: () -> Int?) -> InputReadiness {
        if events & Int16(POLLNVAL) != 0 { return .closed("the input descriptor is not open") }
        if events & Int16(POLLERR) != 0 { return .closed("an error on the terminal") }
        if events & Int16(POLLHUP) != 0 { return .closed("the terminal hung up") }
        guard events & Int16(POLLIN) != 0 else { return .idle }
        switch bytesAvailable() {
        case nil: return .closed("the terminal cannot be read")
        case 0?: return .closed("end of input")
        default: return .readable
        }
    }
}
