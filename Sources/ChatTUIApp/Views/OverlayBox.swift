import TerminalUI

/// A framed box centred over the screen with a title, lines and a footer: the help, the warnings, the presets
/// and the shared text.
package enum OverlayBox {
    /// The widest a box gets, so that long lines wrap into a readable column.
    static let maximumWidth = 100

    /// Draws the box over `grid`, clipped to it. Lines longer than the box are wrapped, continuations indented
    /// by `hangingIndent` columns; `highlighted` marks one line as selected. Lines must be sanitised already.
    /// When the lines do not fit, the box shows them from line `scroll` (at most the last screenful; by default
    /// the rows around the highlighted line) and its footer says which rows are shown.
    package static func draw(
        into grid: inout CellGrid, title: String, lines: [String], footer: String,
        highlighted: Int? = nil, hangingIndent: Int = 0, scroll: Int? = nil,
        context: ViewContext
    ) {
        let widest = lines.map { TextWidth.width(of: $0) }.max() ?? 0
        let boxWidth = min(
            grid.width, maximumWidth,
            max(widest, TextWidth.width(of: title) + 2, TextWidth.width(of: footer) + 2) + 4)
        let inner = boxWidth - 2
        guard boxWidth >= 3, grid.height >= 3 else { return }
        let wrapped = lines.enumerated().flatMap { index, line in
            wrap(line, width: max(1, inner - 2), indent: hangingIndent).map { (index, $0) }
        }
        let boxHeight = min(grid.height, wrapped.count + 4)
        let visibleRows = max(0, boxHeight - 4)
        let row = { (line: Int) in wrapped.firstIndex { $0.0 >= line } ?? wrapped.count }
        let wanted = scroll.map(row) ?? highlighted.map { row($0) - visibleRows / 2 } ?? 0
        let first = max(0, min(wanted, wrapped.count - visibleRows))
        let shown = wrapped[first..<min(wrapped.count, first + visibleRows)]
        let footer =
            shown.count < wrapped.count
            ? "\(first + 1)-\(first + shown.count) of \(wrapped.count), \(context.unicode ? "↑ ↓" : "up/down") scroll · \(footer)"
            : footer
        let box = CellRect(
            x: (grid.width - boxWidth) / 2, y: (grid.height - boxHeight) / 2,
            width: boxWidth, height: boxHeight)
        grid.fill(box, with: .blank)
        let (horizontal, vertical, corners) =
            context.unicode ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
        grid.write(corners[0] + String(repeating: horizontal, count: inner) + corners[1], x: box.x, y: box.y)
        grid.write(
            corners[2] + String(repeating: horizontal, count: inner) + corners[3], x: box.x, y: box.y + boxHeight - 1)
        for row in 1..<(boxHeight - 1) {
            grid.write(vertical, x: box.x, y: box.y + row)
            grid.write(vertical, x: box.x + boxWidth - 1, y: box.y + row)
        }
        grid.write(context.fit(" \(title) ", inner), x: box.x + 2, y: box.y, style: .bold)
        let shownFooter = context.fit(" \(footer) ", inner)
        grid.write(
            shownFooter, x: box.x + max(1, boxWidth - TextWidth.width(of: shownFooter) - 2),
            y: box.y + boxHeight - 1, style: .dim)
        for (row, entry) in shown.enumerated() {
            grid.write(
                context.fit(entry.1, inner - 2), x: box.x + 2, y: box.y + 2 + row,
                style: entry.0 == highlighted ? .reverse : [])
        }
    }

    /// `line` cut into pieces at most `width` columns wide (wide characters kept whole), preferably after a
    /// space; pieces after the first start with `indent` spaces (when that leaves room).
    private static func wrap(_ line: String, width: Int, indent: Int) -> [String] {
        let margin = indent < width / 2 ? String(repeating: " ", count: indent) : ""
        var pieces: [String] = []
        var current = ""
        var columns = 0
        let widths = TextWidth.terminalWidths
        for grapheme in line {
            let graphemeWidth = TextWidth.width(of: grapheme, widths: widths)
            if columns + graphemeWidth > width, !current.isEmpty {
                // Break after the last space of the piece when there is one past the indent.
                var carried = ""
                if let space = current.lastIndex(of: " "),
                    current.distance(from: current.startIndex, to: space) > margin.count
                {
                    carried = String(current[current.index(after: space)...])
                    current = String(current[..<space])
                }
                pieces.append(current)
                current = margin + carried
                columns = TextWidth.width(of: current)
            }
            current.append(grapheme)
            columns += graphemeWidth
        }
        return pieces + [current]
    }
}
