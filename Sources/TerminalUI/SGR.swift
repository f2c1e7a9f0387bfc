/// ANSI "Select Graphic Rendition" escape sequences for cells, for printing cell grids without ncurses
/// (`chat-tui` printing an image to stdout) and for tests.
package enum SGR {
    /// Control Sequence Introducer.
    package static let csi = "\u{1B}["
    /// Turns every attribute and colour back to the terminal's defaults.
    package static let reset = "\u{1B}[0m"

    /// The SGR parameters selecting `color` as the foreground: `38;2;r;g;b`, `38;5;n`, `30`-`37`/`90`-`97` for
    /// the 16 ANSI colours, `39` for the default.
    package static func foregroundParameters(_ color: TerminalColor) -> String {
        var writer = Writer()
        writer.color(color, base: 30)
        return writer.text
    }

    /// The SGR parameters selecting `color` as the background: `48;2;r;g;b`, `48;5;n`, `40`-`47`/`100`-`107`,
    /// `49` for the default.
    package static func backgroundParameters(_ color: TerminalColor) -> String {
        var writer = Writer()
        writer.color(color, base: 40)
        return writer.text
    }

    /// One row of cells as text with SGR sequences, colours first expressed in `mode`.
    ///
    /// Starts from the default rendition, emits a sequence only where something visible changes (a space's
    /// foreground is never shown unless it is reversed or underlined, so it is not switched for one), skips the
    /// continuation halves of double-width graphemes, and ends with a reset when anything is still set. No
    /// newline is added.
    package static func line<Cells: Collection<Cell>>(_ cells: Cells, mode: ColorMode) -> String {
        var writer = Writer()
        writer.append(cells, mode: mode)
        return writer.text
    }

    /// Every row of `grid` as `line(_:mode:)` text, rows separated by newlines (none after the last).
    package static func text(of grid: CellGrid, mode: ColorMode) -> String {
        var writer = Writer()
        for row in 0..<grid.height {
            if row > 0 { writer.bytes.append(0x0A) }
            writer.append(grid.cells[row * grid.width..<(row + 1) * grid.width], mode: mode)
        }
        return writer.text
    }

    /// Builds SGR text as UTF-8 bytes: a whole image's worth of sequences costs one buffer, not a string per
    /// number.
    private struct Writer {
        package var bytes: [UInt8] = []
        /// Where the open sequence's CSI starts, and how many parameters it has so far.
        private var sequenceStart = 0
        private var parameterCount = 0

        package var text: String { String(decoding: bytes, as: UTF8.self) }

        package mutating func append<Cells: Collection<Cell>>(_ cells: Cells, mode: ColorMode) {
            var current = Cell(" ")
            for cell in cells where !cell.isContinuation {
                let foreground = mode.downgrade(cell.foreground)
                let background = mode.downgrade(cell.background)
                beginSequence()
                if cell.style != current.style {
                    if !current.style.isSubset(of: cell.style) {
                        // Attributes are switched off most simply by a full reset; colours are set again below.
                        parameter(0)
                        current = Cell(" ")
                    }
                    for (style, code) in styleCodes where cell.style.contains(style) && !current.style.contains(style) {
                        parameter(code)
                    }
                    current.style = cell.style
                }
                let foregroundVisible = cell.text != " " || !cell.style.isDisjoint(with: [.reverse, .underline])
                if foregroundVisible && foreground != current.foreground {
                    color(foreground, base: 30)
                    current.foreground = foreground
                }
                if background != current.background {
                    color(background, base: 40)
                    current.background = background
                }
                endSequence()
                bytes.append(contentsOf: cell.text.utf8)
            }
            if current.foreground != .terminalDefault || current.background != .terminalDefault
                || !current.style.isEmpty
            {
                bytes.append(contentsOf: SGR.reset.utf8)
            }
        }

        /// The parameters selecting `color`, `base` 30 for the foreground and 40 for the background.
        package mutating func color(_ color: TerminalColor, base: Int) {
            switch color {
            case .terminalDefault: parameter(base + 9)
            case .indexed(let index) where index < 8: parameter(base + Int(index))
            case .indexed(let index) where index < 16: parameter(base + 60 + Int(index) - 8)
            case .indexed(let index):
                parameter(base + 8); parameter(5); parameter(Int(index))
            case .rgb(let r, let g, let b):
                parameter(base + 8); parameter(2); parameter(Int(r)); parameter(Int(g)); parameter(Int(b))
            }
        }

        private mutating func beginSequence() {
            sequenceStart = bytes.count
            parameterCount = 0
            bytes.append(contentsOf: [0x1B, 0x5B])
        }

        /// Closes the open sequence with `m`, or takes its CSI back when it got no parameter.
        private mutating func endSequence() {
            if parameterCount == 0 { bytes.removeSubrange(sequenceStart...) } else { bytes.append(0x6D) }
        }

        /// One non-negative decimal parameter, after a `;` unless it is the first.
        private mutating func parameter(_ value: Int) {
            if parameterCount > 0 { bytes.append(0x3B) }
            parameterCount += 1
            var divisor = 1
            while value / divisor >= 10 { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: 0x30 + value / divisor % 10))
                divisor /= 10
            }
        }
    }

    /// SGR codes of the attributes, in the order they are switched on.
    private static let styleCodes: [(CellStyle, Int)] = [(.bold, 1), (.dim, 2), (.underline, 4), (.reverse, 7)]
}
