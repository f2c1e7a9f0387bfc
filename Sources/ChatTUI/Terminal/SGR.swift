/// ANSI "Select Graphic Rendition" escape sequences for cells, for printing cell grids without ncurses
/// (`chat-tui` printing an image to stdout) and for tests.
enum SGR {
    /// Control Sequence Introducer.
    static let csi = "\u{1B}["
    /// Turns every attribute and colour back to the terminal's defaults.
    static let reset = "\u{1B}[0m"

    /// The SGR parameters selecting `color` as the foreground: `38;2;r;g;b`, `38;5;n`, `30`-`37`/`90`-`97` for
    /// the 16 ANSI colours, `39` for the default.
    static func foregroundParameters(_ color: TerminalColor) -> String {
        parameters(color, base: 30)
    }

    /// The SGR parameters selecting `color` as the background: `48;2;r;g;b`, `48;5;n`, `40`-`47`/`100`-`107`,
    /// `49` for the default.
    static func backgroundParameters(_ color: TerminalColor) -> String {
        parameters(color, base: 40)
    }

    /// One row of cells as text with SGR sequences, colours first expressed in `mode`.
    ///
    /// Starts from the default rendition, emits a sequence only where something visible changes (a space's
    /// foreground is never shown unless it is reversed or underlined, so it is not switched for one), skips the
    /// continuation halves of double-width graphemes, and ends with a reset when anything is still set. No
    /// newline is added.
    static func line<Cells: Collection<Cell>>(_ cells: Cells, mode: ColorMode) -> String {
        var text = ""
        var current = Cell(" ")
        for cell in cells where !cell.isContinuation {
            let foreground = mode.downgrade(cell.foreground)
            let background = mode.downgrade(cell.background)
            var changes: [String] = []
            if cell.style != current.style {
                if !current.style.isSubset(of: cell.style) {
                    // Attributes are switched off most simply by a full reset; colours are set again below.
                    changes.append("0")
                    current = Cell(" ")
                }
                changes += styleParameters(cell.style.subtracting(current.style))
                current.style = cell.style
            }
            let foregroundVisible = cell.text != " " || !cell.style.isDisjoint(with: [.reverse, .underline])
            if foregroundVisible && foreground != current.foreground {
                changes.append(foregroundParameters(foreground))
                current.foreground = foreground
            }
            if background != current.background {
                changes.append(backgroundParameters(background))
                current.background = background
            }
            if !changes.isEmpty { text += csi + changes.joined(separator: ";") + "m" }
            text += cell.text
        }
        if current.foreground != .terminalDefault || current.background != .terminalDefault
            || !current.style.isEmpty {
            text += reset
        }
        return text
    }

    /// Every row of `grid` as `line(_:mode:)` text, rows separated by newlines (none after the last).
    static func text(of grid: CellGrid, mode: ColorMode) -> String {
        (0..<grid.height).map { row in
            line(grid.cells[row * grid.width..<(row + 1) * grid.width], mode: mode)
        }.joined(separator: "\n")
    }

    private static func parameters(_ color: TerminalColor, base: Int) -> String {
        switch color {
        case .terminalDefault: "\(base + 9)"
        case .indexed(let index) where index < 8: "\(base + Int(index))"
        case .indexed(let index) where index < 16: "\(base + 60 + Int(index) - 8)"
        case .indexed(let index): "\(base + 8);5;\(index)"
        case .rgb(let r, let g, let b): "\(base + 8);2;\(r);\(g);\(b)"
        }
    }

    private static func styleParameters(_ style: CellStyle) -> [String] {
        let codes: [(CellStyle, String)] = [(.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7")]
        return codes.filter { style.contains($0.0) }.map(\.1)
    }
}
