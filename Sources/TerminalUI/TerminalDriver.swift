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
    /// How the terminal shows pictures, decided when it started (half blocks before that).
    var graphics: GraphicsSetup { get }
    /// Shows `grid`, painting only cells that differ from the last frame, then `pictures` over their cells in
    /// the graphics protocol (sending only pictures that are new, changed or were wiped, and taking away the
    /// ones that are gone). Returns why a picture could not be drawn, if one could not.
    @discardableResult
    func draw(_ grid: CellGrid, pictures: [PixelPicture]) -> GraphicsError?
    /// Forgets what the terminal is believed to show (it may have lost it: Ctrl-L, a tmux window switch,
    /// SIGCONT): the next `draw` paints every cell and sends every picture whole (`PictureLayer.invalidateAll`).
    func invalidate()
    /// The descriptor the app's loop polls to learn that input is waiting (standard input for a real
    /// terminal); nil for a terminal whose input never has to be waited for (a scripted one in tests).
    var inputDescriptor: Int32? { get }
    /// The next input, without waiting: a key, input the app has no use for (an unknown escape sequence, see
    /// `EscapeSequence`), nothing yet, or the end of input.
    func readInput() -> TerminalInput
    /// Asks the terminal to put `text` on the system clipboard (OSC 52); false when it could not be sent (too
    /// long, or no terminal). Terminals may ignore the request, which the app cannot see.
    func copyToClipboard(_ text: String) -> Bool
}

extension TerminalDriver {
    /// Shows `grid` without pixel pictures.
    package func draw(_ grid: CellGrid) { draw(grid, pictures: []) }
}

/// What reading the terminal's input gave.
package enum TerminalInput: Hashable, Sendable {
    case key(Key)
    /// Input arrived but means nothing to the app; more may follow at once.
    case ignored
    /// Nothing is waiting.
    case none
    /// The input ended: the terminal is gone.
    case closed
}
