import GroupIcon
import Support
import TerminalUI

/// The parameter panel: every composition parameter of the current layout with its value and unit (`PanelRow`),
/// the selected row highlighted, and below the list the selected parameter in full: its value in points and
/// in pixels at the export scale, the range it can be set to here, its steps, and the pinned A's value when it
/// differs; a parameter that changes nothing for the selected group says so, with the reason.
package enum ParameterPanelView {
    /// The panel line of its first parameter row (under the title and a blank line); the mouse finds rows by it.
    package static let firstRowOffset = 2

    package static func render(_ state: AppState, width: Int, height: Int, context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width > 2, height > 0 else { return grid }
        let focused = state.panel.isFocused
        grid.write(context.fit("Parameters", width - 1), x: 1, y: 0, style: .bold)
        let hint = focused ? "Tab: list" : "Tab: edit"
        if TextWidth.width(of: hint) + 12 < width {
            grid.write(hint, x: width - TextWidth.width(of: hint) - 1, y: 0, style: .dim)
        }
        let rows = PanelRow.rows(for: state.parameters)
        let selected = PanelRow.row(named: state.panel.selectedRow, for: state.parameters).name
        let labelWidth = min(14, rows.map { TextWidth.width(of: $0.label) }.max() ?? 0)
        let valueWidth = width - labelWidth - 4
        for (index, row) in rows.enumerated() where index + firstRowOffset < height {
            let y = index + firstRowOffset
            let isSelected = row.name == selected
            let (value, pixels) = valueText(row, state)
            let withPixels = pixels.map { "\(value) · \($0)" } ?? value
            let shown = TextWidth.width(of: withPixels) <= valueWidth ? withPixels : value
            let style: CellStyle = isSelected && focused ? .reverse : []
            grid.write(isSelected ? context.selectionMark : " ", x: 0, y: y, style: .bold)
            grid.write(
                TextWidth.padded(row.label, toWidth: labelWidth, ellipsis: context.ellipsis) + " ", x: 1, y: y,
                style: style.union(isSelected ? .bold : []))
            grid.write(context.fit(Sanitizer.clean(shown), valueWidth), x: labelWidth + 2, y: y, style: style)
        }
        let detailTop = rows.count + firstRowOffset + 1
        let details = detailLines(PanelRow.row(named: selected, for: state.parameters), state)
        for (index, line) in details.enumerated() where detailTop + index < height {
            grid.write(
                context.fit(Sanitizer.clean(line), width - 2), x: 1, y: detailTop + index,
                style: index == 0 ? .bold : .dim)
        }
        return grid
    }

    /// The value column: the value with its unit, and for lengths the pixels at the export scale.
    private static func valueText(_ row: PanelRow, _ state: AppState) -> (value: String, pixels: String?) {
        switch row {
        case .parameter(let field):
            let count = state.selectedMemberCount
            if ParameterUse.unusedReason(field, in: state.parameters, memberCount: count) != nil {
                return ("— no effect here", nil)
            }
            return ParameterSummary.panelValue(field, state.parameters, memberCount: count)
        case .exportScales:
            return (PanelRow.exportScalesText(state), nil)
        }
    }

    /// The selected row in full.
    private static func detailLines(_ row: PanelRow, _ state: AppState) -> [String] {
        guard case .parameter(let field) = row else {
            return [
                "Export scales", PanelRow.exportScalesText(state), "← → or x: other scales",
                "e writes <id>.png, <id>@2x.png, ...",
            ]
        }
        let parameters = state.parameters
        if let reason = ParameterUse.unusedReason(field, in: parameters, memberCount: state.selectedMemberCount) {
            return [field.label, "no effect: \(reason)", "its keys skip it; it limits nothing"]
        }
        let (value, pixels) = ParameterSummary.panelValue(field, parameters, memberCount: state.selectedMemberCount)
        var lines = [field.label, pixels.map { "\(value) = \($0) at @\(parameters.scale)x" } ?? value]
        var isRelative = false
        if case .relative? = field.value(in: parameters) { isRelative = true }
        // A relative value is shown, bounded and stepped in percent of its base.
        let unit = isRelative ? "%" : field.kind == .number(unit: .points) ? " pt" : ""
        let steps = isRelative ? ParameterEditing.relativeSteps : field.steps
        // The values that can be set and show a difference here, not the field's whole range.
        if let range = ParameterUse.usableRange(field, in: parameters, memberCounts: state.memberCounts) {
            let hundredths = { (number: Double) in formatNumber((number * 100).rounded() / 100) }
            lines.append("range \(hundredths(range.lowerBound))–\(hundredths(range.upperBound))\(unit)")
        }
        if let steps {
            lines.append("steps ← → \(formatNumber(steps.fine))\(unit), < > \(formatNumber(steps.coarse))\(unit)")
        }
        if !field.relativeBases.isEmpty {
            lines.append(isRelative ? "% : to pt" : "% : to %")
        }
        lines.append(field.isOptional ? "Enter types a value, Backspace: auto" : "Enter types a value")
        if let pinned = state.pinned, field.value(in: pinned) != field.value(in: parameters) {
            let pinnedValue = ParameterSummary.panelValue(field, pinned, memberCount: state.selectedMemberCount).value
            lines.append("A (pinned): \(pinnedValue)")
        }
        return lines
    }
}
