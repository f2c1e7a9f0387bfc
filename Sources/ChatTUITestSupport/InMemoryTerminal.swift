import TerminalUI

/// A terminal in memory for tests: keys are scripted, frames are kept.
package final class InMemoryTerminal: TerminalDriver {
    package var size: TerminalSize
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

