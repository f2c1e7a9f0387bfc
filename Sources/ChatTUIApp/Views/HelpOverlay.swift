import Support
import TerminalUI

/// The `?` overlay: a framed box listing every key.
package enum HelpOverlay {
    /// Draws the box centred in `region` of `grid` (all of it when nil), from line `scroll` when it does not
    /// fit; returns the cells it covers.
    @discardableResult
    package static func draw(
        into grid: inout CellGrid, in region: CellRect? = nil, scroll: Int, context: ViewContext
    ) -> CellRect? {
        let keyColumn = KeyBindings.help.map { TextWidth.width(of: $0.keys) }.max() ?? 0
        let lines = KeyBindings.help.map { TextWidth.padded($0.keys, toWidth: keyColumn) + "  " + $0.action }
        // How pictures are drawn and why, in the title: a user wondering about blocks looks here.
        let title = "Keys" + (context.unicode ? " · " : " | ") + Sanitizer.clean(context.graphics.summary)
        return OverlayBox.draw(
            into: &grid, in: region, title: title, lines: lines, footer: "any key closes", hangingIndent: keyColumn + 2,
            scroll: scroll, context: context)
    }
}
