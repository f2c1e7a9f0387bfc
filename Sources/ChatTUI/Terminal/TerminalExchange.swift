import Foundation

/// The start-up questions' one way of talking to the terminal outside curses' input: writing in full, raw input
/// for the answers, and reading them as they arrive until a deadline. The app's graphics and colour questions
/// and `chat-tui show` all go through it.
enum TerminalExchange {
    /// `milliseconds` from now on the monotonic clock, in nanoseconds (what `readReplies` takes).
    static func deadline(afterMilliseconds milliseconds: Int) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0, milliseconds)) * 1_000_000
    }

    /// Writes `bytes` to standard output in full, past interruptions; false when it cannot.
    static func writeAll(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                write(STDOUT_FILENO, $0.baseAddress?.advanced(by: written), $0.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// `body` with standard input's echo and line buffering off (so answers are neither shown nor held for a
    /// newline), the modes restored after; nil when they cannot be set (no terminal).
    static func withRawInput<Result>(_ body: () -> Result) -> Result? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return body()
    }

    /// Hands what arrives on standard input to `take` while `isWaiting()` holds; false when `deadline` passed or
    /// the input ended first.
    @discardableResult
    static func readReplies(while isWaiting: () -> Bool, until deadline: UInt64, _ take: ([UInt8]) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while isWaiting() {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32((deadline - now + 999_999) / 1_000_000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, entry.revents & Int16(POLLIN) != 0 else { return false }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            take(Array(buffer[0..<count]))
        }
        return true
    }
}
