/// What to paint to turn the previous frame into the next: only cells that changed, each with the text that
/// must actually be sent (a continuation without its wide grapheme, or a wide grapheme in the last column,
/// becomes a space so that the terminal and the grid never disagree about where a cell is; see `TerminalText`
/// for graphemes sent in a one-column form with a space after them).
package enum ChangedCells {
    package struct Paint: Hashable, Sendable {
        package var x: Int
        package var y: Int
        package var cell: Cell
    }

    /// The cells `ScreenDiff` marks as changed, each with the text that is safe to send to a terminal with
    /// (`unicode`) or without a UTF-8 locale, that draws graphemes `widths` wide and behind curses, which
    /// counts `cursesWidth` (see `TerminalText.drawable`).
    package static func paints(
        from previous: CellGrid?, to next: CellGrid, unicode: Bool, widths: GraphemeWidths = .standard,
        cursesWidth: (Unicode.Scalar) -> Int = { TextWidth.width(of: $0) }
    ) -> [Paint] {
        var paints: [Paint] = []
        for run in ScreenDiff(from: previous, to: next).runs {
            let y = run.row
            for x in run.columns {
                let cell = next[x, y]
                if cell.isContinuation {
                    if x > 0, isWideHead(next, x - 1, y) { continue }
                    paints.append(Paint(x: x, y: y, cell: Cell(" ", background: cell.background)))
                } else if TextWidth.width(of: cell.text) == 2 && !isWideHead(next, x, y) {
                    paints.append(
                        Paint(
                            x: x, y: y,
                            cell: Cell(
                                " ", foreground: cell.foreground,
                                background: cell.background, style: cell.style)))
                } else {
                    let drawable = TerminalText.drawable(
                        cell.text, columns: TextWidth.width(of: cell.text),
                        unicode: unicode, widths: widths, cursesWidth: cursesWidth)
                    var sent = cell
                    sent.text = drawable.text
                    paints.append(Paint(x: x, y: y, cell: sent))
                    if let second = drawable.secondColumn {
                        paints.append(
                            Paint(
                                x: x + 1, y: y,
                                cell: Cell(
                                    second, foreground: cell.foreground,
                                    background: cell.background, style: cell.style)))
                    }
                }
            }
        }
        return paints
    }

    /// A double-width grapheme with room for its continuation.
    private static func isWideHead(_ grid: CellGrid, _ x: Int, _ y: Int) -> Bool {
        x + 1 < grid.width && TextWidth.width(of: grid[x, y].text) == 2 && grid[x + 1, y].isContinuation
    }
}
