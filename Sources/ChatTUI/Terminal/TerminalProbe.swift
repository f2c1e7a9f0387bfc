import Dispatch
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the terminal on standard input and output can show, found outside curses (`chat-tui show`): the same
/// questions and rules as the app's (`GraphicsQuestions`, `GraphicsDetection.setup`), asked with the input in
/// raw mode for at most `GraphicsDetection.timeoutMilliseconds`, and only when both are terminals. Keys typed
/// during those milliseconds are dropped: there is no key input to give them to.
enum TerminalProbe {
    /// The window's size in cells and pixels (TIOCGWINSZ on standard output); nil when it is no terminal.
    static func windowSize() -> (columns: Int, rows: Int, pixels: (width: Int, height: Int)?)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        let pixels = size.ws_xpixel > 0 && size.ws_ypixel > 0 ? (Int(size.ws_xpixel), Int(size.ws_ypixel)) : nil
        return (Int(size.ws_col), Int(size.ws_row), pixels)
    }

    /// The graphics set-up for `option`: the terminal's answers when standard input and output are terminals
    /// and the option asks for them (`GraphicsDetection.needsQuery`), else the environment alone.
    static func graphics(option: GraphicsOption, environment: [String: String]) -> GraphicsSetup {
        let window = windowSize()
        var replies = TerminalReplies()
        if isatty(STDIN_FILENO) == 1, window != nil,
            GraphicsDetection.needsQuery(environment: environment, option: option)
        {
            replies = ask(option: option)
        }
        return GraphicsDetection.setup(
            environment: environment, replies: replies, option: option, windowPixels: window?.pixels,
            columns: window?.columns ?? 80, rows: window?.rows ?? 24)
    }

    /// Sends the questions and reads the answers with echo and line buffering off, restoring the modes after.
    private static func ask(option: GraphicsOption) -> TerminalReplies {
        TerminalExchange.withRawInput {
            var questions = GraphicsQuestions(option: option)
            let deadline = TerminalExchange.deadline(afterMilliseconds: GraphicsDetection.timeoutMilliseconds)
            while let question = questions.next(), TerminalExchange.writeAll(Array(question.utf8)),
                TerminalExchange.readReplies(
                    while: { questions.isWaiting }, until: deadline, { _ = questions.feed($0) })
            {}
            _ = questions.finish()
            return questions.replies
        } ?? TerminalReplies()
    }
}
