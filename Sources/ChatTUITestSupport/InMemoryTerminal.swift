import TerminalUI

/// A terminal in memory for tests: keys are scripted, frames are kept, and pixel pictures go through the
/// same `PictureLayer` a real driver uses, its output recorded.
package final class InMemoryTerminal: TerminalDriver {
    package var size: TerminalSize
    /// How pictures are drawn: half blocks unless a test sets a protocol (before the first `draw`).
    package var graphics = GraphicsSetup.halfBlocks {
        didSet { pictureLayer = PictureLayer(setup: graphics) }
    }
    /// The pictures on screen and what each `draw` sent.
    package private(set) var pictureLayer = PictureLayer(setup: .halfBlocks)
    /// What each `draw` (and `stop`) planned for the pictures, oldest first; frames that changed no picture
    /// included.
    package private(set) var pictureUpdates: [PictureLayer.Update] = []
    package var supportsUnicode: Bool
    /// Keys `readInput` hands out, first first.
    package var pendingKeys: [Key]
    /// When set, `readInput` reports the end of input once `pendingKeys` is empty, like a terminal that went
    /// away (tmux killed, ssh dropped).
    package var closesWhenKeysRunOut = false
    /// What `copyToClipboard` was asked to copy, oldest first.
    package private(set) var clipboard: [String] = []
    /// What the terminal shows after the last `draw`.
    package private(set) var screen: CellGrid
    /// Cells painted by the last `draw`.
    package private(set) var lastPaintCount = 0
    package private(set) var drawCount = 0
    /// How many times `invalidate` was called.
    package private(set) var invalidations = 0
    package private(set) var isStarted = false
    private var previous: CellGrid?

    package init(width: Int, height: Int, unicode: Bool = true, keys: [Key] = []) {
        size = TerminalSize(width: width, height: height)
        supportsUnicode = unicode
        pendingKeys = keys
        screen = CellGrid(width: width, height: height)
    }

    package func start() throws { isStarted = true }

    package func stop() {
        if isStarted { pictureUpdates.append(pictureLayer.removeAll()) }
        isStarted = false
    }

    @discardableResult
    package func draw(_ grid: CellGrid, pictures: [PixelPicture]) -> GraphicsError? {
        let resized = screen.width != grid.width || screen.height != grid.height
        if resized { screen = CellGrid(width: grid.width, height: grid.height) }
        let paints = ChangedCells.paints(from: previous, to: grid, unicode: supportsUnicode)
        let update = pictureLayer.update(to: pictures, painted: paints, fullRepaint: previous == nil || resized)
        pictureUpdates.append(update)
        for paint in paints {
            screen[paint.x, paint.y] = paint.cell
            // Like a real terminal, a wide grapheme covers the cell to its right.
            if TextWidth.width(of: paint.cell.text) == 2, paint.x + 1 < screen.width {
                screen[paint.x + 1, paint.y] = .continuation
            }
        }
        lastPaintCount = paints.count
        drawCount += 1
        previous = grid
        return update.failures.first
    }

    package func invalidate() {
        previous = nil
        pictureLayer.invalidateAll()
        invalidations += 1
    }

    /// None: scripted keys never have to be waited for.
    package var inputDescriptor: Int32? { nil }

    package func readInput() -> TerminalInput {
        if pendingKeys.isEmpty { return closesWhenKeysRunOut ? .closed : .none }
        return .key(pendingKeys.removeFirst())
    }

    package func copyToClipboard(_ text: String) -> Bool {
        clipboard.append(text)
        return true
    }

    /// The text of one screen row, continuation cells left out.
    package func row(_ y: Int) -> String {
        (0..<screen.width).map { screen[$0, y].text }.joined()
    }

    /// The whole screen as text, rows joined by newlines.
    package var text: String { (0..<screen.height).map(row).joined(separator: "\n") }
}
