import TerminalUI

/// A framed box with a title, lines and a footer over a region of the screen (`ScreenView.overlayRegion`): the
/// help, the warnings, the presets, the shared text and the A/B differences. Pictures are cut around the box it
/// returns (`PixelPicture.uncovered`), so that it never turns them into cells.
package enum OverlayBox {
    /// The widest a box gets, so that long lines wrap into a readable column.
    static let maximumWidth = 100

    /// Draws the box into `grid`, centred in `region` (the whole grid when nil; clipped to both) and returns
    /// the cells it covers, nil when there is no room for one. Lines longer than the box are wrapped,
    /// continuations indented by `hangingIndent` columns; `highlighted` marks one line as selected. Lines must be
    /// sanitised already. When the lines do not fit, the box shows them from line `scroll` (at most the last
    /// screenful; by default the rows around the highlighted line) and its footer says which rows are shown.
    @discardableResult
    package static func draw(
        into grid: inout CellGrid, in region: CellRect? = nil, title: String, lines: [String], footer: String,
        highlighted: Int? = nil, hangingIndent: Int = 0, scroll: Int? = nil,
        context: ViewContext
    ) -> CellRect? {
        let region = clipped(region ?? CellRect(x: 0, y: 0, width: grid.width, height: grid.height), to: grid)
        let widest = lines.map { TextWidth.width(of: $0) }.max() ?? 0
        let boxWidth = min(
            region.width, maximumWidth,
            max(widest, TextWidth.width(of: title) + 2, TextWidth.width(of: footer) + 2) + 4)
        let inner = boxWidth - 2
        guard boxWidth >= 3, region.height >= 3 else { return nil }
        let wrapped = lines.enumerated().flatMap { index, line in
            wrap(line, width: max(1, inner - 2), indent: hangingIndent).map { (index, $0) }
        }
        let boxHeight = min(region.height, wrapped.count + 4)
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
            x: region.x + (region.width - boxWidth) / 2, y: region.y + (region.height - boxHeight) / 2,
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
        // Within the corners: the title starts two columns in.
        grid.write(context.fit(" \(title) ", inner - 2), x: box.x + 2, y: box.y, style: .bold)
        let shownFooter = context.fit(" \(footer) ", inner)
        grid.write(
            shownFooter, x: box.x + max(1, boxWidth - TextWidth.width(of: shownFooter) - 2),
            y: box.y + boxHeight - 1, style: .dim)
        for (row, entry) in shown.enumerated() {
            grid.write(
                context.fit(entry.1, inner - 2), x: box.x + 2, y: box.y + 2 + row,
                style: entry.0 == highlighted ? .reverse : [])
        }
        return box
    }

    /// `region` cut to the grid.
    private static func clipped(_ region: CellRect, to grid: CellGrid) -> CellRect {
        let x = max(0, region.x), y = max(0, region.y)
        return CellRect(
            x: x, y: y, width: max(0, min(region.x + region.width, grid.width) - x),
            height: max(0, min(region.y + region.height, grid.height) - y))
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
