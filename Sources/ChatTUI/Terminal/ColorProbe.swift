import Foundation
import TerminalUI

/// Asks the terminal, before curses starts, whether it shows 24-bit colour (`ColorMode.truecolorQuestions`: its
/// terminfo capabilities by XTGETTCAP, then an SGR round-trip), for a terminal whose environment does not say so
/// (xterm with `TERM=xterm` and no `COLORTERM`). The terminal is in raw mode for at most
/// `GraphicsDetection.timeoutMilliseconds`; the DA1 answer, which every terminal gives, normally ends the wait
/// at once. Keys typed meanwhile are kept for curses, and a reply still unfinished at the deadline is handed on,
/// so that its rest is skipped rather than read as keys.
enum ColorProbe {
    /// What the exchange learnt and left.
    struct Outcome {
        /// Whether the terminal reported the colour back.
        var keepsTruecolor = false
        /// The key input read meanwhile.
        var typed: [UInt8] = []
        /// A reply begun and not ended by the deadline.
        var unfinished: UnfinishedReply?
    }

    static func ask() -> Outcome {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return Outcome() }
        return TerminalExchange.withRawInput { () -> Outcome in
            guard TerminalExchange.writeAll(Array(ColorMode.truecolorQuestions.utf8)) else { return Outcome() }
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
                while: { !answered },
                until: TerminalExchange.deadline(afterMilliseconds: GraphicsDetection.timeoutMilliseconds),
                { take(parser.feed($0)) })
            take(parser.flush())
            return Outcome(keepsTruecolor: keeps, typed: typed, unfinished: parser.unfinished)
        } ?? Outcome()
    }
}
