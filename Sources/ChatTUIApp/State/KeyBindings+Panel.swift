import GroupIcon
import TerminalUI

extension KeyBindings {
    /// Keys while the panel has the focus: ↑ ↓ (j k) choose a row, Home End (g G) the first or last, ← → a fine step, Shift-← → or `<` `>` a
    /// coarse one, Space the next value, Enter types a value, Backspace / Delete sets the automatic value (or
    /// the default), Tab or Esc gives the focus back to the list. Other keys are not the panel's (nil): they
    /// keep their meaning everywhere.
    static func panelKey(_ state: AppState, _ key: Key) -> AppState? {
        var next = state
        let rows = PanelRow.rows(for: state.parameters)
        let row = PanelRow.row(named: state.panel.selectedRow, for: state.parameters)
        let index = rows.firstIndex { $0.name == row.name } ?? 0
        switch key {
        case .up, .character("k"):
            next.panel.selectedRow = rows[max(0, index - 1)].name
        case .down, .character("j"):
            next.panel.selectedRow = rows[min(rows.count - 1, index + 1)].name
        case .home, .character("g"):
            next.panel.selectedRow = rows[0].name
        case .end, .character("G"):
            next.panel.selectedRow = rows[rows.count - 1].name
        case .left, .right, .character(" "):
            stepRow(&next, row, direction: key == .left ? -1 : 1, coarse: false)
        case .shiftLeft, .shiftRight, .character("<"), .character(">"):
            stepRow(&next, row, direction: key == .shiftLeft || key == .character("<") ? -1 : 1, coarse: true)
        case .enter:
            guard case .parameter(let field) = row else {
                cycleExportScales(&next, direction: 1)
                break
            }
            next.prompt = Prompt(
                purpose: .value(parameter: field.name),
                editor: LineEditor(
                    field.text(in: state.parameters) ?? "auto", suggested: true,
                    recall: state.promptHistory.recall("value:" + field.name)))
        case .backspace, .delete:
            guard case .parameter(let field) = row else {
                next.exportScales = nil
                break
            }
            let defaults = CompositionParameters()
            ParameterEditing.set(&next, field, to: field.isOptional ? nil : field.value(in: defaults))
        case .tab, .escape:
            next.panel.isFocused = false
        default:
            return nil
        }
        return next
    }

    /// One step of the selected row.
    private static func stepRow(_ state: inout AppState, _ row: PanelRow, direction: Int, coarse: Bool) {
        switch row {
        case .parameter(let field): ParameterEditing.step(&state, field, direction: direction, coarse: coarse)
        case .exportScales: cycleExportScales(&state, direction: direction)
        }
    }
}
