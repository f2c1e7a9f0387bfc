import TerminalUI

/// Shown instead of the panes when the terminal is smaller than `ScreenLayout.minimumWidth`×`minimumHeight`.
package enum TooSmallNotice {
    package static func render(width: Int, height: Int, context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        let lines = [
            "Terminal too small", "need \(ScreenLayout.minimumWidth)x\(ScreenLayout.minimumHeight)",
            "q quits",
        ].prefix(height)
        let top = (height - lines.count) / 2
        for (index, line) in lines.enumerated() {
            let text = context.fit(line, width)
            grid.write(text, x: (width - TextWidth.width(of: text)) / 2, y: top + index, style: index == 0 ? .bold : [])
        }
        return grid
    }
}
