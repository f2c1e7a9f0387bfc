import Support

/// What a driver believes the terminal holds after each frame, as a machine-readable model: every cell as it
/// was sent (its text in the width-safe form `ChangedCells` chose, its width as laid out, its colours as the
/// terminal was asked for them) and the pictures on screen. The end-to-end checks compare a screenshot of a
/// real terminal with it, cell for cell (`CHAT_TUI_SCREEN_DUMP`, docs/DEVELOPMENT.md).
///
/// The cells follow the paints the driver sends, as curses keeps its own copy of the screen: a frame that
/// clears the screen starts from blanks, a paint over half of a wide grapheme blanks its other half.
package struct ScreenDump: Sendable {
    /// A colour as the terminal was asked to show it.
    package enum ResolvedColor: Hashable, Sendable {
        /// The terminal's own default foreground or background.
        case terminalDefault
        /// An entry of the terminal's palette.
        case palette(Int)
        /// A 24-bit colour (direct-colour terminals).
        case rgb(UInt8, UInt8, UInt8)

        /// The colour a curses colour number stands for: -1 the default; in direct mode 8 and up a packed
        /// `r<<16|g<<8|b` (0...7 stay palette entries there), otherwise a palette index.
        package init(cursesValue: Int32, direct: Bool) {
            if cursesValue < 0 {
                self = .terminalDefault
            } else if direct && cursesValue >= 8 {
                self = .rgb(UInt8(cursesValue >> 16 & 0xFF), UInt8(cursesValue >> 8 & 0xFF), UInt8(cursesValue & 0xFF))
            } else {
                self = .palette(Int(cursesValue))
            }
        }

        /// JSON: null, a palette index, or `"#rrggbb"`.
        var json: String {
            switch self {
            case .terminalDefault: return "null"
            case .palette(let index): return String(index)
            case .rgb(let r, let g, let b):
                return "\"#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
            }
        }
    }

    /// One cell as the terminal holds it.
    package struct HeldCell: Hashable, Sendable {
        /// The text, colours and style sent; empty text for the second column of a wide grapheme.
        package var cell: Cell
        /// The columns the text takes as laid out (`TextWidth`, with the terminal's measured widths): 1 or 2,
        /// 0 for the second column of a wide grapheme.
        package var width: Int

        package static let blank = HeldCell(cell: .blank, width: 1)
    }

    /// A picture on screen, as the dump names it.
    package struct Picture: Hashable, Sendable {
        package var id: UInt32
        package var area: CellRect
        /// The screen pixels the picture covers from its rectangle's top-left corner.
        package var shownWidth: Int
        package var shownHeight: Int
        /// The file holding its pixels (relative to the dump's folder), nil when none was written.
        package var image: String?

        package init(id: UInt32, area: CellRect, shownWidth: Int, shownHeight: Int, image: String?) {
            self.id = id; self.area = area; self.shownWidth = shownWidth; self.shownHeight = shownHeight
            self.image = image
        }
    }

    package private(set) var width = 0
    package private(set) var height = 0
    package private(set) var cells: [HeldCell] = []
    /// The frames drawn so far.
    package private(set) var frame = 0

    package init() {}

    package subscript(x: Int, y: Int) -> HeldCell { cells[y * width + x] }

    /// Takes in a drawn frame: `paints` (what the driver sent, `ChangedCells.paints`) on a screen of `size`,
    /// cleared first when `cleared` (or when the size changed).
    package mutating func apply(_ paints: [ChangedCells.Paint], size: TerminalSize, cleared: Bool) {
        frame += 1
        if cleared || size.width != width || size.height != height {
            width = max(0, size.width)
            height = max(0, size.height)
            cells = Array(repeating: .blank, count: width * height)
        }
        for paint in paints where paint.x >= 0 && paint.y >= 0 && paint.x < width && paint.y < height {
            put(paint.cell, x: paint.x, y: paint.y)
        }
    }

    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let at = y * width + x
        // Writing over either half of a wide grapheme blanks the other half (curses does the same).
        if cells[at].width == 0, x > 0 { blankKeepingColours(at - 1) }
        if cells[at].width == 2, x + 1 < width { blankKeepingColours(at + 1) }
        let columns = cell.text.isEmpty ? 1 : TextWidth.width(of: cell.text)
        var sent = cell
        if sent.text.isEmpty { sent.text = " " }
        if columns == 2 && x + 1 < width {
            if cells[at + 1].width == 2, x + 2 < width { blankKeepingColours(at + 2) }
            cells[at] = HeldCell(cell: sent, width: 2)
            var second = sent
            second.text = ""
            cells[at + 1] = HeldCell(cell: second, width: 0)
        } else {
            cells[at] = HeldCell(cell: sent, width: columns == 2 ? 1 : max(1, columns))
        }
    }

    private mutating func blankKeepingColours(_ at: Int) {
        var cell = cells[at].cell
        cell.text = " "
        cells[at] = HeldCell(cell: cell, width: 1)
    }

    /// The model as JSON: `frame`, `columns`, `rows`, `cells` (rows of `[text, width, foreground, background,
    /// style]`, colours as `resolve` says, style letters `b` bold, `r` reverse, `d` dim, `u` underline) and
    /// `pictures` (`id`, `column`, `row`, `columns`, `rows`, `width`, `height`, `image`).
    package func json(pictures: [Picture], resolve: (TerminalColor) -> ResolvedColor) -> String {
        var out = "{\"frame\":\(frame),\"columns\":\(width),\"rows\":\(height),\"cells\":["
        out.reserveCapacity(width * height * 24 + 256)
        var resolved: [TerminalColor: String] = [:]
        func colour(_ color: TerminalColor) -> String {
            if let known = resolved[color] { return known }
            let text = resolve(color).json
            resolved[color] = text
            return text
        }
        for y in 0..<height {
            out += y == 0 ? "[" : ",["
            for x in 0..<width {
                let held = cells[y * width + x]
                if x > 0 { out += "," }
                out += "[" + JSONString.literal(held.cell.text) + ",\(held.width),"
                out += colour(held.cell.foreground) + "," + colour(held.cell.background) + ",\""
                let style = held.cell.style
                if style.contains(.bold) { out += "b" }
                if style.contains(.reverse) { out += "r" }
                if style.contains(.dim) { out += "d" }
                if style.contains(.underline) { out += "u" }
                out += "\"]"
            }
            out += "]"
        }
        out += "],\"pictures\":["
        out += pictures.map { picture in
            "{\"id\":\(picture.id),\"column\":\(picture.area.x),\"row\":\(picture.area.y),"
                + "\"columns\":\(picture.area.width),\"rows\":\(picture.area.height),"
                + "\"width\":\(picture.shownWidth),\"height\":\(picture.shownHeight),"
                + "\"image\":\(picture.image.map { JSONString.literal($0) } ?? "null")}"
        }.joined(separator: ",")
        return out + "]}\n"
    }
}
