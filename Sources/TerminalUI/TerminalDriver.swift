/// A terminal size in cells.
package struct TerminalSize: Hashable, Sendable {
    package var width: Int
    package var height: Int
    package init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// The seam between the app and the screen: ncurses in the app, an in-memory grid in tests.
package protocol TerminalDriver: AnyObject {
    /// The current size; changes after a `.resize` key.
    var size: TerminalSize { get }
    /// Whether the terminal can show non-ASCII text (UTF-8 locale).
    var supportsUnicode: Bool { get }
    /// Takes over the terminal.
    func start() throws
    /// Gives the terminal back exactly as it was; safe to call twice.
    func stop()
    /// Shows `grid`, painting only cells that differ from the last frame.
    func draw(_ grid: CellGrid)
    /// The next key, or nil when none arrives within `timeoutMilliseconds` (0 = just poll) or what arrived
    /// was an escape sequence the app has no use for (see `EscapeSequence`).
    func readKey(timeoutMilliseconds: Int) -> Key?
}

