import Support
import TerminalUI

/// The bottom line: a question waiting for y/n, an open prompt, or the last message (else why the fixture file
/// could not be reloaded, else the selected group's warnings), the parameters (when the panel is not showing
/// them), the filter and the number of warnings.
package enum StatusBar {
    package static func render(
        _ state: AppState, width: Int, warnings: [String], panelShown: Bool = false,
        context: ViewContext
    ) -> CellGrid {
        var grid = CellGrid(width: width, height: 1, fill: Cell(" ", style: .reverse))
        guard width > 0 else { return grid }
        if let question = state.question {
            grid.write(context.fit(Sanitizer.clean(question.text), width - 1), x: 1, y: 0, style: [.reverse, .bold])
            return grid
        }
        if let prompt = state.prompt {
            drawEditor(
                prompt.editor, label: Sanitizer.clean(prompt.label), note: prompt.note.map(Sanitizer.clean),
                into: &grid, context: context)
            // A colour typed shows as it is typed: the swatch note's two cells in that colour.
            if prompt.note == Prompt.swatch, context.colorMode != .monochrome,
                let color = Prompt.color(of: prompt.editor.text), grid.width > 4
            {
                for x in (grid.width - 3)...(grid.width - 2) where grid[x, 0].text == "█" {
                    grid[x, 0] = Cell("█", foreground: context.colorMode.color(r: color.r, g: color.g, b: color.b))
                }
            }
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
        } else if let problem = state.fixtureProblem {
            // A fixture file broken on disk stays said until it is fixed.
            parts.append(Sanitizer.clean(problem))
        } else if !warnings.isEmpty {
            // With no message to show, the selected group's own warnings (all of them are in `w`).
            parts.append(warnings.map { "warning: " + Sanitizer.clean($0) }.joined(separator: "; "))
        }
        if !panelShown {
            parts.append(
                ParameterSummary.compact(
                    state.parameters, memberCount: state.selectedGroup?.members.count,
                    unicode: context.unicode))
        }
        if !state.filter.isEmpty {
            parts.append("filter \"\(Sanitizer.clean(state.filter))\" (\(state.matches.count))")
        }
        let count = Set(state.warnings + warnings).count
        if count > 0 { parts.append("\(count) warning\(count == 1 ? "" : "s") (w)") }
        let available = width > helpWidth + 10 ? width - helpWidth - 2 : width - 1
        grid.write(
            context.fit(parts.joined(separator: " " + context.separator + " "), available), x: 1, y: 0,
            style: .reverse)
        if available < width - 1 { grid.write(help, x: width - helpWidth - 1, y: 0, style: [.reverse, .bold]) }
        return grid
    }

    /// The label, then the text with the part before the cursor kept in view, and the cursor as a
    /// non-reversed cell; at the right, `note` (why the text was refused, the files an export writes), or at
    /// the length cap a note saying so.
    ///
    /// Only what fits is measured: the text before the cursor is walked back from the cursor and the rest
    /// forward from it, so a long text costs what the line shows, not its length (measuring every shorter
    /// prefix of a 16 000-character paste never finished).
    private static func drawEditor(
        _ editor: LineEditor, label: String, note given: String? = nil,
        into grid: inout CellGrid, context: ViewContext
    ) {
        let shownLabel = context.fit(label, max(0, grid.width / 2))
        let labelWidth = grid.write(shownLabel, x: 0, y: 0, style: [.reverse, .bold])
        // The text keeps at least 12 cells; the note gets the rest.
        let noteRoom = max(0, grid.width - labelWidth - 14)
        let note =
            editor.isFull
            ? " at most \(LineEditor.maximumLength) characters "
            : given.map { " " + context.fit($0, noteRoom) + " " } ?? ""
        let noteWidth = TextWidth.width(of: note) < grid.width - labelWidth - 8 ? TextWidth.width(of: note) : 0
        if noteWidth > 0 { grid.write(note, x: grid.width - noteWidth, y: 0, style: [.reverse, .bold]) }
        let characters = editor.characters
        let cursor = min(editor.cursor, characters.count)
        let room = grid.width - labelWidth - 1 - noteWidth
        guard room >= 0 else { return }
        func shown(_ index: Int) -> String { context.shown(Sanitizer.clean(String(characters[index]))) }
        var start = cursor
        var usedWidth = 0
        while start > 0 {
            let width = TextWidth.width(of: shown(start - 1))
            if usedWidth + width > room { break }
            usedWidth += width
            start -= 1
        }
        // A suggested text is underlined: typing replaces it.
        let textStyle: CellStyle = editor.isSuggestion ? [.reverse, .underline] : .reverse
        let before = (start..<cursor).map(shown).joined()
        var x = labelWidth + grid.write(before, x: labelWidth, y: 0, style: textStyle)
        x += grid.write(
            cursor < characters.count ? shown(cursor) : " ", x: x, y: 0,
            maxWidth: max(1, grid.width - noteWidth - x))
        var after = ""
        var afterWidth = 0
        var index = cursor + 1
        while index < characters.count, x + afterWidth < grid.width - noteWidth {
            let piece = shown(index)
            after += piece
            afterWidth += TextWidth.width(of: piece)
            index += 1
        }
        if !after.isEmpty {
            grid.write(after, x: x, y: 0, maxWidth: max(0, grid.width - noteWidth - x), style: .reverse)
        }
    }
}
