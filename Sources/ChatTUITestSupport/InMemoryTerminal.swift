import TerminalUI

/// A terminal in memory for tests: keys are scripted, frames are kept.
package final class InMemoryTerminal: TerminalDriver {
    package var size: TerminalSize
    package var supportsUnicode: Bool
    /// Keys `readKey` hands out, first first.
    package var pendingKeys: [Key]
    /// What the terminal shows after the last `draw`.
    package private(set) var screen: CellGrid
    /// Cells painted by the last `draw`.
    package private(set) var lastPaintCount = 0
    package private(set) var drawCount = 0
    package private(set) var isStarted = false
    private var previous: CellGrid?

    package init(width: Int, height: Int, unicode: Bool = true, keys: [Key] = []) {
        size = TerminalSize(width: width, height: height)
        supportsUnicode = unicode
        pendingKeys = keys
        screen = CellGrid(width: width, height: height)
    }

    package func start() throws { isStarted = true }
    package func stop() { isStarted = false }

    package func draw(_ grid: CellGrid) {
        if screen.width != grid.width || screen.height != grid.height {
            screen = CellGrid(width: grid.width, height: grid.height)
        }
        let paints = ChangedCells.paints(from: previous, to: grid, unicode: supportsUnicode)
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
    }

    package func readKey(timeoutMilliseconds: Int) -> Key? {
        pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }

    /// The text of one screen row, continuation cells left out.
    package func row(_ y: Int) -> String {
        (0..<screen.width).map { screen[$0, y].text }.joined()
    }

    /// The whole screen as text, rows joined by newlines.
    package var text: String { (0..<screen.height).map(row).joined(separator: "\n") }
}

