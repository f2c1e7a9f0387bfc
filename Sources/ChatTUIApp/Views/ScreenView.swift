import TerminalUI

/// The whole screen: list, separator, preview, the parameter panel when shown, status line, and the help or
/// another overlay on top when open.
package enum ScreenView {
    package static func render(_ state: AppState, layout: ScreenLayout, source: CompositeCellSource,
                       context: ViewContext) -> CellGrid {
        if layout.isTooSmall { return TooSmallNotice.render(width: layout.width, height: layout.height, context: context) }
        var grid = CellGrid(width: layout.width, height: layout.height)
        let list = ChatListView.render(state, width: layout.list.width, height: layout.list.height,
                                       rowHeight: layout.rowHeight, source: source, context: context)
        grid.blit(list, x: layout.list.x, y: layout.list.y)
        for row in 0..<layout.list.height {
            grid.write(context.separator, x: layout.list.x + layout.list.width, y: row, style: .dim)
        }
        let preview = PreviewView.render(state, width: layout.preview.width, height: layout.preview.height,
                                         source: source, context: context)
        grid.blit(preview, x: layout.preview.x, y: layout.preview.y)
        if let panel = layout.panel {
            for row in 0..<panel.height { grid.write(context.separator, x: panel.x - 1, y: row, style: .dim) }
            grid.blit(ParameterPanelView.render(state, width: panel.width, height: panel.height, context: context),
                      x: panel.x, y: panel.y)
        }
        let warnings = state.selectedGroup.map { source.warnings(for: $0, parameters: state.parameters) } ?? []
        grid.blit(StatusBar.render(state, width: layout.width, warnings: warnings, panelShown: layout.panel != nil,
                                   context: context),
                  x: 0, y: layout.statusRow)
        if state.showsHelp {
            HelpOverlay.draw(into: &grid, scroll: state.overlayScroll, context: context)
        } else if let overlay = state.overlay {
            ListOverlay.draw(overlay, state: state, into: &grid, context: context)
        }
        return grid
    }
}
