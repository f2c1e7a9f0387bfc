import Foundation
import TerminalUI

/// Asks the terminal, before curses starts, whether it shows 24-bit colour (`ColorMode.truecolorQuestions`: its
/// terminfo capabilities by XTGETTCAP, then an SGR round-trip), for a
/// terminal whose environment does not say so (xterm with `TERM=xterm` and no `COLORTERM`). The terminal is in
/// raw mode for at most `timeoutMilliseconds`; the DA1 answer, which every terminal gives, normally ends the wait
/// at once. Keys typed meanwhile are kept for curses.
enum ColorProbe {
    static let timeoutMilliseconds = 150

    /// Whether the terminal reported the colour back, and the key input read meanwhile.
    static func ask() -> (keepsTruecolor: Bool, typed: [UInt8]) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return (false, []) }
        return TerminalExchange.withRawInput { () -> (keepsTruecolor: Bool, typed: [UInt8]) in
            guard TerminalExchange.writeAll(Array(ColorMode.truecolorQuestions.utf8)) else { return (false, []) }
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
                    case .reply(.capabilities(let valid, let values)):
                        keeps = keeps || ColorMode.capabilitiesAnnounceTruecolor(valid: valid, values)
                    case .reply(.deviceAttributes): answered = true
                    case .reply: break
                    }
                }
            }
            TerminalExchange.readReplies(
                while: { !answered }, until: TerminalExchange.deadline(afterMilliseconds: timeoutMilliseconds),
                { take(parser.feed($0)) })
            take(parser.flush())
            return (keeps, typed)
        } ?? (false, [])
    }
}
