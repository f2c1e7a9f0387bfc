/// A colour as the terminal is asked to show it, after the colour mode has been applied.
enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// A palette index (0...255); 0...15 follow the user's theme, so images use 16...255 only.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes of a cell.
struct CellStyle: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let bold = CellStyle(rawValue: 1)
    static let reverse = CellStyle(rawValue: 2)
    static let dim = CellStyle(rawValue: 4)
    static let underline = CellStyle(rawValue: 8)
}

/// One terminal cell: a grapheme (already sanitised, never a control character) and its colours.
///
/// A double-width grapheme occupies its own cell plus a following `continuation` cell, which the driver skips.
struct Cell: Hashable, Sendable {
    var text: String
    var foreground: TerminalColor
    var background: TerminalColor
    var style: CellStyle

    init(_ text: String = " ", foreground: TerminalColor = .terminalDefault,
         background: TerminalColor = .terminalDefault, style: CellStyle = []) {
        self.text = text; self.foreground = foreground; self.background = background; self.style = style
    }

    static let blank = Cell()
    /// The right half of a double-width grapheme.
    static let continuation = Cell("")
    var isContinuation: Bool { text.isEmpty }
}

/// A rectangle of cells, row-major in one flat array.
struct CellGrid: Hashable, Sendable {
    let width: Int
    let height: Int
    private(set) var cells: [Cell]

    init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width); self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Whether (x, y) lies inside the grid.
    func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Copies `other` with its top-left corner at (x, y), clipping whatever falls outside.
    mutating func blit(_ other: CellGrid, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                self[x + column, y + row] = other[column, row]
            }
        }
    }
}
