extension CellGrid {
    /// Writes already-sanitised text from (x, y), at most `maxWidth` columns (default: to the right edge);
    /// returns the columns used.
    ///
    /// A double-width grapheme takes its cell plus a `Cell.continuation`; one that would straddle the limit is
    /// replaced by a space so that no wide character is ever cut in half. Zero-width graphemes are dropped.
    @discardableResult
    package mutating func write(
        _ text: String, x: Int, y: Int, maxWidth: Int? = nil,
        foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
        style: CellStyle = []
    ) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var column = x
        let widths = TextWidth.terminalWidths
        for grapheme in text {
            let columns = TextWidth.width(of: grapheme, widths: widths)
            guard columns > 0 else { continue }
            if column + columns > limit {
                if column < limit, column >= 0 {
                    put(Cell(" ", foreground: foreground, background: background, style: style), x: column, y: y)
                }
                column = limit
                break
            }
            if column >= 0 {
                put(
                    Cell(String(grapheme), foreground: foreground, background: background, style: style), x: column,
                    y: y)
                if columns == 2 { put(.continuation, x: column + 1, y: y) }
            }
            column += columns
        }
        return max(0, column - x)
    }

    /// Fills a rectangle (clipped) with one cell.
    package mutating func fill(_ rect: CellRect, with cell: Cell) {
        let rows = max(0, rect.y)..<max(max(0, rect.y), min(height, rect.y + rect.height))
        let columns = max(0, rect.x)..<max(max(0, rect.x), min(width, rect.x + rect.width))
        for row in rows {
            for column in columns { self[column, row] = cell }
        }
    }

    /// Sets one cell, turning the other half of any wide grapheme it overwrites into a space, so that the grid
    /// never holds an orphaned continuation or a wide grapheme without one.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        if self[x, y].isContinuation, x > 0 { self[x - 1, y] = Cell(" ", background: self[x - 1, y].background) }
        if x + 1 < width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(" ", background: cell.background)
        }
        self[x, y] = cell
    }
}
