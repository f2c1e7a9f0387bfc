import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Issue 35's "hand-off that agrees": `y` gives the export `e` makes (its scales, its spec), a comment above
/// its command on a line of its own, and colour values are read in every hex form and checked as typed.
@Suite struct HandoffAgreementTests {
    let keys = KeyPresser()

    @Test func yFollowsTheExportScalesAndTheSpecAsEDoes() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.writesSpecs = true
        let all = keys.state(after: chars("xy"), on: state)
        guard case .shared(_, let command)? = all.overlay else {
            Issue.record("y shows no command")
            return
        }
        #expect(all.effectiveExportScales == [1, 2, 3])
        #expect(
            command.contains("--output g0.png") && command.contains("--scale 1,2,3") && command.hasSuffix(" --spec"))
        // One scale chosen: the file of that scale, at that scale.
        var two = state
        two.exportScales = [2]
        guard case .shared(_, let single)? = keys.state(after: chars("y"), on: two).overlay else {
            Issue.record("y shows no command")
            return
        }
        #expect(single.contains("--output g0@2x.png") && single.contains("--scale 2 "))
    }

    @Test func theCommentAndTheCommandAreOnLinesOfTheirOwn() {
        let state = ViewFixtures.state(groups(withMembers: [9]))
        let text = "# members edited in the session: 3 shown: a b c\nchat-tui export --group g0"
        var grid = CellGrid(width: 100, height: 20)
        ListOverlay.draw(
            .shared(title: "Export command", text: text), state: state, into: &grid, context: ViewFixtures.context)
        let rows = (0..<grid.height).map { y in (0..<grid.width).map { grid[$0, y].text }.joined() }
        #expect(rows.contains { $0.contains("# members edited") && !$0.contains("chat-tui export") })
        #expect(rows.contains { $0.contains("chat-tui export --group g0") && !$0.contains("#") })
    }

    @Test func coloursAreReadInEveryHexForm() {
        let expected = RGBA8(r: 0xAA, g: 0xBB, b: 0xCC)
        for text in ["#abc", "abc", "#AABBCC", "aabbcc"] { #expect(RGBA8(parsing: text) == expected, "\(text)") }
        #expect(RGBA8(parsing: "#AABBCC80") == RGBA8(r: 0xAA, g: 0xBB, b: 0xCC, a: 0x80))
        for text in ["#ab", "#abcd", "#12345", "#ggg", "#abc ", ""] { #expect(RGBA8(parsing: text) == nil, "\(text)") }
    }

    @Test func aValueIsCheckedAsItIsTypedAndAColourShowsItsSwatch() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.panel.isFocused = true
        state.panel.selectedRow = "background"
        let opened = keys.state(after: [.enter, .control("u")], on: state)
        let wrong = keys.state(after: chars("#12"), on: opened)
        #expect(wrong.prompt?.note?.isEmpty == false && wrong.prompt?.note != Prompt.swatch)
        let red = keys.state(after: chars("#f00"), on: opened)
        #expect(red.prompt?.note == Prompt.swatch)
        let bar = StatusBar.render(red, width: 80, warnings: [], context: ViewFixtures.context)
        #expect((0..<80).contains { bar[$0, 0].text == "█" && bar[$0, 0].foreground == .rgb(255, 0, 0) })
        // A number out of the parameter's form is flagged too.
        var margin = state
        margin.panel.selectedRow = "margin"
        let number = keys.state(after: [.enter, .control("u")] + chars("abc"), on: margin)
        #expect(number.prompt?.note?.isEmpty == false)
        #expect(keys.state(after: [.enter, .control("u")] + chars("6"), on: margin).prompt?.note == nil)
    }
}
