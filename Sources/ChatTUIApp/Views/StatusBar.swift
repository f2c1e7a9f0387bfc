import TerminalUI

/// The bottom line: a question waiting for y/n, an open prompt, or the last message (else the selected group's
/// warnings), the parameters (when the panel is not showing them), the filter and the number of warnings.
package enum StatusBar {
    package static func render(_ state: AppState, width: Int, warnings: [String], panelShown: Bool = false,
                               context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: 1, fill: Cell(" ", style: .reverse))
        guard width > 0 else { return grid }
        if let question = state.question {
            grid.write(context.fit(Sanitizer.clean(question.text), width - 1), x: 1, y: 0, style: [.reverse, .bold])
            return grid
        }
        if let prompt = state.prompt {
            drawEditor(prompt.editor, label: Sanitizer.clean(prompt.label), into: &grid, context: context)
            return grid
        }
        if let editor = state.filterEditor {
            drawEditor(editor, label: "/", into: &grid, context: context)
            return grid
        }
        let help = "? help"
        let helpWidth = TextWidth.width(of: help)
        var parts: [String] = []
        if !state.status.isEmpty {
            parts.append(Sanitizer.clean(state.status))
        } else if !warnings.isEmpty {
            // With no message to show, the selected group's own warnings (all of them are in `w`).
            parts.append(warnings.map { "warning: " + Sanitizer.clean($0) }.joined(separator: "; "))
        }
        if !panelShown {
            parts.append(ParameterSummary.compact(state.parameters, memberCount: state.selectedGroup?.members.count,
                                                  unicode: context.unicode))
        }
        if !state.filter.isEmpty {
            parts.append("filter \"\(Sanitizer.clean(state.filter))\" (\(state.matches.count))")
        }
        let count = Set(state.warnings + warnings).count
        if count > 0 { parts.append("\(count) warning\(count == 1 ? "" : "s") (w)") }
        let available = width > helpWidth + 10 ? width - helpWidth - 2 : width - 1
        grid.write(context.fit(parts.joined(separator: " " + context.separator + " "), available), x: 1, y: 0,
                   style: .reverse)
        if available < width - 1 { grid.write(help, x: width - helpWidth - 1, y: 0, style: [.reverse, .bold]) }
        return grid
    }

    /// The label, then the text with the part before the cursor kept in view, and the cursor as a
    /// non-reversed cell.
    private static func drawEditor(_ editor: LineEditor, label: String, into grid: inout CellGrid,
                                   context: ViewContext) {
        let shownLabel = context.fit(label, max(0, grid.width / 2))
        let labelWidth = grid.write(shownLabel, x: 0, y: 0, style: [.reverse, .bold])
        let graphemes = Array(Sanitizer.clean(editor.text))
        let cursor = min(editor.cursor, graphemes.count)
        let room = grid.width - labelWidth - 1
        guard room >= 0 else { return }
        var before = graphemes[..<cursor]
        while TextWidth.width(of: String(before)) > room { before = before.dropFirst() }
        // A suggested text is underlined: typing replaces it.
        let textStyle: CellStyle = editor.isSuggestion ? [.reverse, .underline] : .reverse
        var x = labelWidth + grid.write(String(before), x: labelWidth, y: 0, style: textStyle)
        let atCursor = cursor < graphemes.count ? String(graphemes[cursor]) : " "
        x += grid.write(atCursor, x: x, y: 0)
        if cursor + 1 < graphemes.count {
            grid.write(String(graphemes[(cursor + 1)...]), x: x, y: 0, style: .reverse)
        }
    }
}
