/// Why the terminal could not be used.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// `newterm` rejected the terminal type (no terminfo entry).
    case unknownTerminal(String)

    package var description: String {
        switch self {
        case .unknownTerminal(let name):
            return "cannot use terminal type \"\(name)\": no terminfo entry (set TERM, e.g. TERM=xterm-256color)"
        }
    }
}

