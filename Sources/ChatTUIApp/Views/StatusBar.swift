import TerminalUI

/// The bottom line: the parameters and the last message, or the line editor of an open prompt.
package enum StatusBar {
    package static func render(_ state: AppState, width: Int, warnings: [String], context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: 1, fill: Cell(" ", style: .reverse))
        guard width > 0 else { return grid }
        if let prompt = state.exportPrompt {
            drawEditor(prompt, label: "Export to: ", into: &grid, context: context)
            return grid
        }
        if let editor = state.filterEditor {
            drawEditor(editor, label: "/", into: &grid, context: context)
            return grid
        }
        let help = "? help"
        let helpWidth = TextWidth.width(of: help)
        var parts = [ParameterSummary.compact(state.parameters, memberCount: state.selectedGroup?.members.count)]
        if !state.filter.isEmpty {
            parts.append("filter \"\(Sanitizer.clean(state.filter))\" (\(state.matches.count))")
        }
        let message = state.status.isEmpty ? warnings.map { "warning: " + Sanitizer.clean($0) }.joined(separator: "; ")
            : Sanitizer.clean(state.status)
        if !message.isEmpty { parts.append(message) }
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
        let graphemes = Array(context.shown(Sanitizer.clean(editor.text)))
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
