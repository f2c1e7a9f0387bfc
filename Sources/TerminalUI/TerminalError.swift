/// Why the terminal could not be used.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// `newterm` rejected the terminal type (no terminfo entry).
    case unknownTerminal(String)
    /// `TERM` is unset or empty, so there is no terminal type to look up.
    case terminalTypeNotSet
    /// The terminal type cannot move the cursor (`dumb`, a printing terminal): a full-screen app cannot work.
    case noCursorAddressing(String)
    /// The app could not make the pipe its loop waits on (the system's error).
    case cannotWait(String)

    package var description: String {
        switch self {
        case .unknownTerminal(let name):
            return "cannot use terminal type \"\(name)\": no terminfo entry (set TERM, e.g. TERM=xterm-256color)"
        case .terminalTypeNotSet:
            return "TERM is not set, so the terminal type is unknown (set it, e.g. TERM=xterm-256color)"
        case .noCursorAddressing(let name):
            return
                "terminal type \"\(name)\" cannot move the cursor, which the full-screen app needs (set TERM to your terminal's type, e.g. TERM=xterm-256color; for scripts use 'chat-tui export')"
        case .cannotWait(let reason):
            return "cannot create the pipe the app waits on: \(reason) (too many open files? raise 'ulimit -n')"
        }
    }
}
