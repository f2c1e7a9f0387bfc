import TerminalUI

/// The `?` overlay: a framed box listing every key.
package enum HelpOverlay {
    /// Draws the box centred over `grid`, clipped to it, from wrapped row `scroll` when it does not fit.
    package static func draw(into grid: inout CellGrid, scroll: Int, context: ViewContext) {
        let keyColumn = KeyBindings.help.map { TextWidth.width(of: $0.keys) }.max() ?? 0
        let lines = KeyBindings.help.map { TextWidth.padded($0.keys, toWidth: keyColumn) + "  " + $0.action }
        OverlayBox.draw(into: &grid, title: "Keys", lines: lines, footer: "any key closes", hangingIndent: keyColumn + 2,
                        scroll: scroll, context: context)
    }
}
