import TerminalUI

/// The `?` overlay: a framed box listing every key.
package enum HelpOverlay {
    /// Draws the box centred over `grid`, clipped to it.
    package static func draw(into grid: inout CellGrid, context: ViewContext) {
        let keyColumn = KeyBindings.help.map { TextWidth.width(of: $0.keys) }.max() ?? 0
        let lines = KeyBindings.help.map { TextWidth.padded($0.keys, toWidth: keyColumn) + "  " + $0.action }
        let contentWidth = lines.map { TextWidth.width(of: $0) }.max() ?? 0
        let boxWidth = min(grid.width, contentWidth + 4)
        let boxHeight = min(grid.height, lines.count + 4)
        guard boxWidth >= 3, boxHeight >= 3 else { return }
        let box = CellRect(x: (grid.width - boxWidth) / 2, y: (grid.height - boxHeight) / 2,
                           width: boxWidth, height: boxHeight)
        grid.fill(box, with: .blank)
        let (horizontal, vertical, corners) = context.unicode ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
        let inner = boxWidth - 2
        grid.write(corners[0] + String(repeating: horizontal, count: inner) + corners[1], x: box.x, y: box.y)
        grid.write(corners[2] + String(repeating: horizontal, count: inner) + corners[3], x: box.x, y: box.y + boxHeight - 1)
        for row in 1..<(boxHeight - 1) {
            grid.write(vertical, x: box.x, y: box.y + row)
            grid.write(vertical, x: box.x + boxWidth - 1, y: box.y + row)
        }
        grid.write(context.fit(" Keys ", inner), x: box.x + 2, y: box.y, style: .bold)
        let footer = context.fit(" any key closes ", inner)
        grid.write(footer, x: box.x + max(1, boxWidth - TextWidth.width(of: footer) - 2), y: box.y + boxHeight - 1,
                   style: .dim)
        for (index, line) in lines.enumerated() where index + 2 < boxHeight - 1 {
            grid.write(context.fit(line, inner - 2), x: box.x + 2, y: box.y + 2 + index)
        }
    }
}
