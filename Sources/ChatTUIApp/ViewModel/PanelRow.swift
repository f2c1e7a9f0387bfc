import GroupIcon

/// One row of the parameter panel: a composition parameter of the current layout (from
/// `ParameterCatalogue.fields(for:)`, so parameters added there appear without a change here), or the scales
/// `e` exports at.
package enum PanelRow {
    case parameter(ParameterField)
    case exportScales

    /// The rows for `parameters`' layout, in catalogue order, the export scales last.
    package static func rows(for parameters: CompositionParameters) -> [PanelRow] {
        ParameterCatalogue.fields(for: parameters.layout).map(PanelRow.parameter) + [.exportScales]
    }

    /// The row called `name` for `parameters`' layout, else the first row.
    package static func row(named name: String, for parameters: CompositionParameters) -> PanelRow {
        let rows = rows(for: parameters)
        return rows.first { $0.name == name } ?? rows[0]
    }

    /// A stable name: the parameter's (`margin`), or `export-scales`.
    package var name: String {
        switch self {
        case .parameter(let field): return field.name
        case .exportScales: return "export-scales"
        }
    }

    /// What the panel calls the row.
    package var label: String {
        switch self {
        case .parameter(let field): return field.label
        case .exportScales: return "Export"
        }
    }

    /// The choices `x` (and stepping the Export row) cycles through: the scale parameter alone, then the usual
    /// asset sets.
    package static let exportScaleChoices: [[Int]?] = [nil, [1, 2, 3], [2, 3], [1], [2], [3]]

    /// "@2x (scale)" for the scale parameter alone, else "@1x @2x @3x".
    package static func exportScalesText(_ state: AppState) -> String {
        let text = state.effectiveExportScales.map { "@\($0)x" }.joined(separator: " ")
        return state.exportScales == nil ? text + " (scale)" : text
    }
}
