/// A colour as the terminal is asked to show it, after the colour mode has been applied.
package enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// A palette index (0...255); 0...15 follow the user's theme, so images use 16...255 only.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes of a cell.
package struct CellStyle: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let bold = CellStyle(rawValue: 1)
    package static let reverse = CellStyle(rawValue: 2)
    package static let dim = CellStyle(rawValue: 4)
    package static let underline = CellStyle(rawValue: 8)
}

/// One terminal cell: a grapheme (already sanitised, never a control character) and its colours.
///
/// A double-width grapheme occupies its own cell plus a following `continuation` cell, which the driver skips.
package struct Cell: Hashable, Sendable {
    package var text: String
    package var foreground: TerminalColor
    package var background: TerminalColor
    package var style: CellStyle

    package init(
        _ text: String = " ", foreground: TerminalColor = .terminalDefault,
        background: TerminalColor = .terminalDefault, style: CellStyle = []
    ) {
        self.text = text; self.foreground = foreground; self.background = background; self.style = style
    }

    package static let blank = Cell()
    /// The right half of a double-width grapheme.
    package static let continuation = Cell("")
    package var isContinuation: Bool { text.isEmpty }
}

/// A rectangle of cells, row-major in one flat array.
package struct CellGrid: Hashable, Sendable {
    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]

    package init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width); self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    package subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Whether (x, y) lies inside the grid.
    package func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Copies `other` with its top-left corner at (x, y), clipping whatever falls outside.
    package mutating func blit(_ other: CellGrid, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                self[x + column, y + row] = other[column, row]
            }
        }
    }
}
