import Foundation
import TerminalUI

/// Asks the terminal, before curses starts, whether it keeps 24-bit colour (`ColorMode.truecolorQuery`), for a
/// terminal whose environment does not say so (xterm with `TERM=xterm` and no `COLORTERM`). The terminal is in
/// raw mode for at most `timeoutMilliseconds`; the DA1 answer, which every terminal gives, normally ends the wait
/// at once. Keys typed meanwhile are kept for curses.
enum ColorProbe {
    static let timeoutMilliseconds = 150

    /// Whether the terminal reported the colour back, and the key input read meanwhile.
    static func ask() -> (keepsTruecolor: Bool, typed: [UInt8]) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return (false, []) }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return (false, []) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return (false, []) }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let query = Array(ColorMode.truecolorQuery.utf8)
        let written = query.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        guard written == query.count else { return (false, []) }
        var parser = TerminalReplyParser()
        var keeps = false
        var answered = false
        var typed: [UInt8] = []
        func take(_ events: [TerminalReplyParser.Event]) {
            for event in events {
                switch event {
                case .input(let bytes): typed += bytes
                case .reply(.statusString(let valid, let value)):
                    keeps = keeps || ColorMode.reportKeepsTruecolor(valid: valid, value: value)
                case .reply(.deviceAttributes): answered = true
                case .reply: break
                }
            }
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !answered {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32((deadline - now + 999_999) / 1_000_000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, entry.revents & Int16(POLLIN) != 0 else { break }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            take(parser.feed(Array(buffer[0..<count])))
        }
        take(parser.flush())
        return (keeps, typed)
    }
}
