import TerminalUI

/// What a click or the wheel lands on: a row of the chat list, a row of the parameter panel, a cell or the
/// context row of the variants sheet, or anything else (the rest of the preview, the separators, the status
/// line). Worked out from the screen's geometry (`ListMetrics`) and the rows the list and the panel show, the way
/// `ChatListView` and `ParameterPanelView` lay them out, and from the sheet's own layout (`SheetGeometry`).
package enum MouseTarget: Equatable, Sendable {
    /// The group at this position of the filtered list.
    case listRow(position: Int)
    /// The panel row with this name (`PanelRow.name`).
    case panelRow(name: String)
    /// The variants sheet's cell at this position of `VariantsSheetLayout.cells`.
    case sheetVariant(index: Int)
    /// The variants sheet's avatar-in-context row.
    case sheetContextRow
    case elsewhere

    /// The target under the cell (`x`, `y`) of the screen.
    package static func at(x: Int, y: Int, state: AppState, metrics: ListMetrics) -> MouseTarget {
        if metrics.frame.contains(x: x, y: y), metrics.rowHeight > 0 {
            let position = state.scrollOffset + (y - metrics.frame.y) / metrics.rowHeight
            return position < state.matches.count ? .listRow(position: position) : .elsewhere
        }
        if metrics.panelIsShown, let panel = metrics.panelFrame, panel.contains(x: x, y: y) {
            // The panel's rows start under its title and a blank line (`ParameterPanelView`).
            let rows = PanelRow.rows(for: state.parameters)
            let index = y - panel.y - ParameterPanelView.firstRowOffset
            if rows.indices.contains(index) { return .panelRow(name: rows[index].name) }
        }
        switch metrics.sheet?.target(x: x, y: y) {
        case .variant(let index): return .sheetVariant(index: index)
        case .contextRow: return .sheetContextRow
        case nil: break
        }
        return .elsewhere
    }
}
