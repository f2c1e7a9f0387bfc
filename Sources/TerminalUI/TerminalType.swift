import Support

/// The terminfo entry curses opens, decided before anything is sent to the terminal: a terminal whose `TERM`
/// has no entry here (`xterm-ghostty` on a system without ghostty's terminfo) is drawn as `xterm-256color`,
/// which every xterm-like terminal understands, with a note saying so, instead of being asked its questions and
/// then refused.
package struct TerminalType: Hashable, Sendable {
    /// The entry used when `TERM`'s is missing.
    package static let fallback = "xterm-256color"

    /// The entry to open.
    package var name: String
    /// Why `name` is not what `TERM` says, for the status line; nil when it is.
    package var note: String?

    package init(name: String, note: String? = nil) {
        self.name = name
        self.note = note
    }

    /// The entry for `term` (`TERM`), or the fallback when `exists` finds none for it. Throws when `TERM` is
    /// unset or empty, or when neither entry exists.
    package static func resolve(term: String, exists: (String) -> Bool) throws(TerminalError) -> TerminalType {
        guard !term.isEmpty else { throw .terminalTypeNotSet }
        if exists(term) { return TerminalType(name: term) }
        guard exists(fallback) else { throw .unknownTerminal(term) }
        return TerminalType(
            name: fallback,
            note:
                "no terminfo entry for TERM=\(Sanitizer.clean(term)): drawn as \(fallback) (install the terminal's terminfo entry for its own)"
        )
    }

    /// The entry for 24-bit colour (`ColorMode.directTerminfoName`: `xterm-direct` for `xterm-256color`) when
    /// `exists` finds it; nil when there is none, and the colours are then mapped to the palette.
    package func direct(colorterm: String?, exists: (String) -> Bool) -> String? {
        ColorMode.directTerminfoName(for: name, colorterm: colorterm).flatMap { exists($0) ? $0 : nil }
    }
}
