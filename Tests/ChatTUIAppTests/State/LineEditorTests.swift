import Fixtures
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Prompts: capped length, edits in the middle, and a long paste through the reducer (issue 11: pasting 4 000
/// characters into `/` took 7 s, 16 000 never finished).
@Suite struct LineEditorTests {
    private func typed(_ text: String, into editor: LineEditor = LineEditor()) -> LineEditor {
        var editor = editor
        for character in text { _ = editor.apply(.character(character)) }
        return editor
    }

    @Test func editsAtTheCursor() {
        var editor = typed("héllo 世界")
        #expect(editor.cursor == 8)
        for key: Key in [.left, .left, .backspace, .character("-"), .home, .delete, .end, .character("!")] {
            let taken = editor.apply(key)
            #expect(taken)
        }
        #expect(editor.text == "éllo-世界!")
        #expect(editor.cursor == editor.characters.count)
        let enter = editor.apply(.enter), newline = editor.apply(.character("\n"))
        #expect(!enter && !newline)
    }

    @Test func theLengthIsCappedAndTheRestRefused() {
        let long = String(repeating: "x", count: LineEditor.maximumLength + 500)
        var editor = typed(long)
        #expect(editor.characters.count == LineEditor.maximumLength)
        #expect(editor.isFull)
        let refused = editor.apply(.character("y"))
        #expect(refused, "a refused character is still taken, not passed on")
        #expect(editor.characters.last == "x")
        let deleted = editor.apply(.backspace)
        #expect(deleted && !editor.isFull)
        #expect(LineEditor(long).characters.count == LineEditor.maximumLength)
        // A suggestion is replaced by typing even when it was full.
        var suggested = LineEditor(long, suggested: true)
        let replaced = suggested.apply(.character("a"))
        #expect(replaced && suggested.text == "a")
    }

    /// A paste far beyond the cap, key by key through the reducer with a list to filter: ends with the capped
    /// filter and no match. (Timing is for benchmarks; this checks the result and that it ends.)
    @Test func aLongPasteIntoTheFilterEnds() {
        var state = AppState(groups: ViewFixtures.groups(2000), parameters: .init(), exportDirectory: "out")
        let metrics = ListMetrics(visibleRowCount: 5, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 10))
        state = AppReducer.reduce(state, .key(.character("/")), metrics: metrics).0
        for character in "Group 1" + String(repeating: "z", count: 16_000) {
            state = AppReducer.reduce(state, .key(.character(character)), metrics: metrics).0
        }
        #expect(state.filter.count == LineEditor.maximumLength)
        #expect(state.matches.isEmpty)
        state = AppReducer.reduce(state, .key(.escape), metrics: metrics).0
        state = AppReducer.reduce(state, .key(.character("/")), metrics: metrics).0
        for character in "Group 1" { state = AppReducer.reduce(state, .key(.character(character)), metrics: metrics).0 }
        #expect(state.matches.count == 1111, "Group 1, 10...19, 100...199, 1000...1999")
    }

    @Test func theStatusLineShowsTheCursorOfALongTextAndTheCap() {
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        var editor = typed(String(repeating: "a", count: 400) + "CURSOR" + String(repeating: "b", count: 400))
        for _ in 0..<400 { _ = editor.apply(.left) }
        state.filterEditor = editor
        let row = ViewFixtures.rows(StatusBar.render(state, width: 60, warnings: [], context: ViewFixtures.context))[0]
        #expect(row.hasPrefix("/aaaa"))
        #expect(row.contains("CURSOR"))
        #expect(!row.contains("at most"))
        state.filterEditor = typed(String(repeating: "名", count: LineEditor.maximumLength))
        let full = ViewFixtures.rows(StatusBar.render(state, width: 60, warnings: [], context: ViewFixtures.context))[0]
        #expect(full.hasSuffix(" at most \(LineEditor.maximumLength) characters "))
        #expect(full.hasPrefix("/名"))
    }
}
