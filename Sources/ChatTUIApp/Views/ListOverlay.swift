import Support
import TerminalUI

/// The overlays other than help: the warnings (`w`), the presets (`o`) and the text `y` / `Y` handed off.
package enum ListOverlay {
    package static func draw(_ overlay: Overlay, state: AppState, into grid: inout CellGrid, context: ViewContext) {
        switch overlay {
        case .warnings:
            let lines = state.warnings.isEmpty ? ["No warnings."] : state.warnings.map(Sanitizer.clean)
            OverlayBox.draw(
                into: &grid, title: "Warnings (\(state.warnings.count))", lines: lines,
                footer: "any key closes", scroll: state.overlayScroll, context: context)
        case .presets(let selection):
            // One line per preset, however long its name: a name is cut to the widest box's text.
            let names =
                state.presets?.presets.map {
                    context.fit(Sanitizer.clean($0.name), OverlayBox.maximumWidth - 6)
                } ?? []
            let place = state.presets.map { Sanitizer.clean($0.path) } ?? "no presets file"
            let lines = names.isEmpty ? ["No presets yet: s saves the current parameters.", place] : names
            OverlayBox.draw(
                into: &grid, title: "Presets", lines: lines, footer: "↑ ↓ Enter applies, any key closes",
                highlighted: names.isEmpty ? nil : selection, context: context)
        case .shared(let title, let text):
            OverlayBox.draw(
                into: &grid, title: title,
                lines: [
                    Sanitizer.clean(text), "",
                    "Copied to the clipboard if the terminal allows (OSC 52).",
                ],
                footer: "any key closes", context: context)
        }
    }
}
