import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct MonochromeViewTests {
    private let groups = [
        ChatGroup(id: "a", name: "Alpha", lastMessage: "hi", unread: 3, members: []),
        ChatGroup(id: "b", name: "Beta", unread: 150, muted: true, members: []),
    ]

    private func screen(_ mode: ColorMode, comparison: Bool) -> CellGrid {
        var context = ViewFixtures.context
        context.colorMode = mode
        var state = ViewFixtures.state(groups)
        state.showsComparison = comparison
        let source = FakeCellSource()
        source.available = false
        return ScreenView.render(state, layout: ScreenLayout(width: 100, height: 30), source: source, context: context)
    }

    @Test func noColorAnywhereInMonochrome() {
        for comparison in [false, true] {
            let grid = screen(.monochrome, comparison: comparison)
            #expect(grid.cells.allSatisfy { $0.foreground == .terminalDefault && $0.background == .terminalDefault })
        }
    }

    @Test func badgeAndPlaceholdersUseAttributesInsteadOfColor() {
        let grid = screen(.monochrome, comparison: false)
        let rows = ViewFixtures.rows(grid)
        guard let row = rows.firstIndex(where: { $0.contains("(3)") }),
            let column = Array(rows[row]).firstIndex(of: "(")
        else {
            Issue.record("no badge on screen")
            return
        }
        #expect(grid[column, row].style == [.bold, .reverse])
        let placeholders = grid.cells.filter { $0.text == ViewFixtures.context.placeholder }
        #expect(!placeholders.isEmpty)
        #expect(placeholders.allSatisfy { $0.style == .dim })
    }

    @Test func colorsStayInColorModes() {
        let grid = screen(.palette256, comparison: false)
        #expect(grid.cells.contains { $0.foreground == .indexed(1) })
        #expect(grid.cells.contains { $0.foreground == .indexed(8) })
    }
}
