/// What a driver must repaint to turn the screen showing one cell grid into the next.
package struct ScreenDiff: Hashable, Sendable {
    /// A horizontal stretch of cells in one row to repaint.
    package struct Run: Hashable, Sendable {
        package let row: Int
        package let columns: Range<Int>
    }

    /// The stretches to repaint, top to bottom and left to right, never overlapping.
    package let runs: [Run]
    /// Whether everything must be repainted (first frame or a size change); the driver should clear first.
    package let isFullRepaint: Bool

    /// The changes from `previous` (nil before the first frame) to `next`.
    ///
    /// Runs are maximal stretches of changed cells. A run never starts on the continuation half of a
    /// double-width grapheme, in either frame, nor ends right after its first half, because a terminal cannot
    /// draw half of one.
    package init(from previous: CellGrid?, to next: CellGrid) {
        guard let previous, previous.width == next.width, previous.height == next.height else {
            isFullRepaint = true
            runs = next.width == 0 ? [] : (0..<next.height).map { Run(row: $0, columns: 0..<next.width) }
            return
        }
        isFullRepaint = false
        var runs: [Run] = []
        let width = next.width
        previous.cells.withUnsafeBufferPointer { old in
            next.cells.withUnsafeBufferPointer { new in
                for row in 0..<next.height {
                    let rowStart = row * width
                    var column = 0
                    while column < width {
                        guard old[rowStart + column] != new[rowStart + column] else { column += 1; continue }
                        var start = column
                        // A cell that held the right half of a wide grapheme takes its left half along: the
                        // terminal cannot keep half of one (xterm redrew the whole grapheme and shifted the row
                        // by a column when an overlay's border replaced only its right half).
                        while start > 0
                            && (new[rowStart + start].isContinuation || old[rowStart + start].isContinuation)
                        {
                            start -= 1
                        }
                        var end = column + 1
                        while end < width
                            && (old[rowStart + end] != new[rowStart + end] || new[rowStart + end].isContinuation)
                        {
                            end += 1
                        }
                        if let last = runs.last, last.row == row, last.columns.upperBound >= start {
                            runs[runs.count - 1] = Run(row: row, columns: last.columns.lowerBound..<end)
                        } else {
                            runs.append(Run(row: row, columns: start..<end))
                        }
                        column = end
                    }
                }
            }
        }
        self.runs = runs
    }
}
