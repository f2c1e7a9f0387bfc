import TerminalUI

/// A frame for the driver: the cells, and the pixel pictures to draw over them (screen coordinates).
package struct ScreenFrame: Equatable, Sendable {
    package var grid: CellGrid
    package var pictures: [PixelPicture]
}

/// The whole screen: list, separator, preview, the parameter panel when shown, status line, and the help or
/// another overlay on top when open.
package enum ScreenView {
    package static func render(
        _ state: AppState, layout: ScreenLayout, source: CompositeCellSource,
        context: ViewContext
    ) -> CellGrid {
        frame(state, layout: layout, source: source, context: context).grid
    }

    /// Where the open overlay's box goes: the A/B differences in the parameter panel (or, without one, over
    /// the chat list), so that both pictures being compared stay whole; every other overlay centred over the
    /// screen. Nil when none is open.
    package static func overlayRegion(_ state: AppState, layout: ScreenLayout) -> CellRect? {
        if case .comparison? = state.overlay, !state.showsHelp { return layout.panel ?? layout.list }
        guard state.showsHelp || state.overlay != nil else { return nil }
        return CellRect(x: 0, y: 0, width: layout.width, height: layout.height)
    }

    /// The screen's cells and its pixel pictures (list avatars, preview, comparison strip), planned here
    /// (`ScreenPlan.make`).
    package static func frame(
        _ state: AppState, layout: ScreenLayout, source: CompositeCellSource,
        context: ViewContext
    ) -> ScreenFrame {
        frame(ScreenPlan.make(state, layout: layout, context: context), source: source)
    }

    /// The screen's cells and its pixel pictures, drawn from `plan`'s slots with the composites `source` has.
    /// An open overlay's box goes in its region (`overlayRegion`) and the pictures are cut around it
    /// (`PixelPicture.uncovered`): they stay pixel pictures, and none lies under the box.
    package static func frame(_ plan: ScreenPlan, source: CompositeCellSource) -> ScreenFrame {
        let (state, layout, context) = (plan.state, plan.layout, plan.context)
        if layout.isTooSmall {
            return ScreenFrame(
                grid: TooSmallNotice.render(width: layout.width, height: layout.height, context: context),
                pictures: [])
        }
        var grid = CellGrid(width: layout.width, height: layout.height)
        let list = ChatListView.compose(
            state, width: layout.list.width, height: layout.list.height,
            rowHeight: layout.rowHeight, slots: plan.shown(in: .list), source: source, context: context)
        grid.blit(list.grid, x: layout.list.x, y: layout.list.y)
        for row in 0..<layout.list.height {
            grid.write(context.separator, x: layout.list.x + layout.list.width, y: row, style: .dim)
        }
        let preview = PreviewView.compose(
            state, width: layout.preview.width, height: layout.preview.height, slots: plan.shown(in: .preview),
            source: source, context: context)
        grid.blit(preview.grid, x: layout.preview.x, y: layout.preview.y)
        func placed(_ pictures: [PixelPicture], in pane: CellRect) -> [PixelPicture] {
            pictures.map { picture in
                var moved = picture
                moved.area.x += pane.x
                moved.area.y += pane.y
                return moved
            }
        }
        // The preview's first: sent first, it shows first.
        let pictures = placed(preview.pictures, in: layout.preview) + placed(list.pictures, in: layout.list)
        let overlayRegion = overlayRegion(state, layout: layout)
        if let panel = layout.panel {
            for row in 0..<panel.height { grid.write(context.separator, x: panel.x - 1, y: row, style: .dim) }
            // An overlay placed in the panel takes it whole.
            if overlayRegion != panel {
                grid.blit(
                    ParameterPanelView.render(state, width: panel.width, height: panel.height, context: context),
                    x: panel.x, y: panel.y)
            }
        }
        let warnings = state.selectedGroup.map { source.warnings(for: $0, parameters: state.parameters) } ?? []
        grid.blit(
            StatusBar.render(
                state, width: layout.width, warnings: warnings, panelShown: layout.panel != nil,
                context: context),
            x: 0, y: layout.statusRow)
        var box: CellRect?
        if state.showsHelp {
            box = HelpOverlay.draw(into: &grid, in: overlayRegion, scroll: state.overlayScroll, context: context)
        } else if let overlay = state.overlay {
            box = ListOverlay.draw(overlay, state: state, into: &grid, in: overlayRegion, context: context)
        }
        guard let box else { return ScreenFrame(grid: grid, pictures: pictures) }
        let cell = context.graphics.cellPixelSize
        return ScreenFrame(grid: grid, pictures: pictures.flatMap { $0.uncovered(by: box, cell: cell) })
    }
}
