/// Why the terminal could not be used.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// `newterm` rejected the terminal type (no terminfo entry).
    case unknownTerminal(String)
    /// The app could not make the pipe its loop waits on (the system's error).
    case cannotWait(String)

    package var description: String {
        switch self {
        case .unknownTerminal(let name):
            return "cannot use terminal type \"\(name)\": no terminfo entry (set TERM, e.g. TERM=xterm-256color)"
        case .cannotWait(let reason):
            return "cannot create the pipe the app waits on: \(reason) (too many open files? raise 'ulimit -n')"
        }
    }
}

