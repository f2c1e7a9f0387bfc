import GroupIcon
import Support
import TerminalUI

/// The overlays other than help: the warnings (`w`), the presets (`o`), the A/B differences (`a`, in the
/// parameter panel: `ScreenView.overlayRegion`) and the text `y` / `Y` handed off.
package enum ListOverlay {
    /// Draws `overlay`'s box centred in `region` of `grid` (all of it when nil) and returns the cells it covers.
    @discardableResult
    package static func draw(
        _ overlay: Overlay, state: AppState, into grid: inout CellGrid, in region: CellRect? = nil,
        context: ViewContext
    ) -> CellRect? {
        switch overlay {
        case .warnings:
            let lines = state.warnings.isEmpty ? ["No warnings."] : state.warnings.map(Sanitizer.clean)
            return OverlayBox.draw(
                into: &grid, in: region, title: "Warnings (\(state.warnings.count))", lines: lines,
                footer: "any key closes", scroll: state.overlayScroll, context: context)
        case .presets(let selection):
            // One line per preset, however long its name: a name is cut to the widest box's text.
            let names =
                state.presets?.presets.map {
                    context.fit(Sanitizer.clean($0.name), OverlayBox.maximumWidth - 6)
                } ?? []
            let place = state.presets.map { Sanitizer.clean($0.path) } ?? "no presets file"
            let lines = names.isEmpty ? ["No presets yet: s saves the current parameters.", place] : names
            return OverlayBox.draw(
                into: &grid, in: region, title: "Presets", lines: lines,
                footer: "↑ ↓ previews · Enter applies · d deletes · r renames · any key closes",
                highlighted: names.isEmpty ? nil : selection, context: context)
        case .comparison(let selection):
            return drawComparison(state: state, selection: selection, into: &grid, in: region, context: context)
        case .shared(let title, let text):
            return OverlayBox.draw(
                into: &grid, in: region, title: title,
                // Line by line: a comment stays on its own line above the command.
                lines: text.split(separator: "\n", omittingEmptySubsequences: false).map { Sanitizer.clean(String($0)) }
                    + ["", "Copied to the clipboard if the terminal allows (OSC 52)."],
                footer: "any key closes", context: context)
        }
    }

    /// `a`: one row per parameter that differs, its name, A's value and B's (as the panel shows values, for
    /// the selected group), in columns under a header.
    private static func drawComparison(
        state: AppState, selection: Int, into grid: inout CellGrid, in region: CellRect?, context: ViewContext
    ) -> CellRect? {
        guard let pinned = state.pinned else { return nil }
        let fields = KeyBindings.differingFields(pinned, state.parameters)
        let count = state.selectedMemberCount
        func value(_ field: ParameterField, _ parameters: CompositionParameters) -> String {
            guard ParameterCatalogue.fields(for: parameters.layout).contains(where: { $0.name == field.name }) else {
                return "— (not in \(parameters.layout.rawValue))"
            }
            let shown = ParameterSummary.panelValue(field, parameters, memberCount: count)
            return shown.value + (shown.pixels.map { " · " + $0 } ?? "")
        }
        let rows = fields.map { ($0.name, value($0, pinned), value($0, state.parameters)) }
        let nameWidth = max(9, rows.map { $0.0.count }.max() ?? 0)
        let aWidth = max(1, rows.map { TextWidth.width(of: $0.1) }.max() ?? 0)
        func line(_ name: String, _ a: String, _ b: String) -> String {
            let nameColumn = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            return nameColumn + "  " + a + String(repeating: " ", count: max(0, aWidth - TextWidth.width(of: a))) + "  "
                + b
        }
        let lines =
            rows.isEmpty
            ? ["A and B are the same parameters."]
            : [line("parameter", "A", "B")] + rows.map { line($0.0, Sanitizer.clean($0.1), Sanitizer.clean($0.2)) }
        return OverlayBox.draw(
            into: &grid, in: region, title: "A ↔ B: \(rows.count) difference\(rows.count == 1 ? "" : "s")",
            lines: lines,
            // Short enough for the panel's box.
            footer: "Enter: A to B · s swaps A and B · Esc",
            highlighted: rows.isEmpty ? nil : selection + 1, context: context)
    }
}
