import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import TerminalUI
import Testing

@testable import ChatTUIApp

/// What reaches the screen from text the views draw: no stale column after a selector emoji, no scraps of wide
/// characters without UTF-8.
@Suite struct TerminalTextViewTests {
    /// Draws `first`, then `second`, into a terminal, as two frames of one text row.
    private func replace(_ first: String, with second: String, unicode: Bool) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(width: 12, height: 1, unicode: unicode)
        for text in [first, second] {
            var grid = CellGrid(width: 12, height: 1)
            grid.write(text, x: 0, y: 0)
            terminal.draw(grid)
        }
        return terminal
    }

    @Test func noStaleColumnAfterAHeartWithSelector() {
        let terminal = replace("XXXXXXXXXXXX", with: "a❤️b", unicode: true)
        #expect(terminal.row(0) == "a❤ b        ")
    }

    @Test func noScrapsOfWideCharactersWithoutUTF8() {
        // The grid a view makes for a CJK title without UTF-8 (the views reduce text to ASCII first) ...
        var context = ViewContext(now: Date(timeIntervalSince1970: 0), unicode: false)
        context.colorMode = .monochrome
        let terminal = InMemoryTerminal(width: 12, height: 1, unicode: false)
        var first = CellGrid(width: 12, height: 1)
        first.write("Weekend ride", x: 0, y: 0)
        terminal.draw(first)
        var second = CellGrid(width: 12, height: 1)
        second.write(context.fit("周末骑行群 ❤️", 12), x: 0, y: 0)
        terminal.draw(second)
        #expect(terminal.row(0) == "????? ?     ")
        // ... and a grid that still holds wide characters: each becomes "?" plus a painted space.
        let raw = replace("XXXXXXXXXXXX", with: "周末C", unicode: false)
        #expect(raw.row(0) == "? ? C       ")
        #expect(raw.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func chatListIsASCIIWithoutUTF8() {
        let groups = [
            ChatGroup(
                id: "p", name: "三年二班家长群", lastMessage: "明天 8 点 ❤️", unread: 5, muted: true,
                members: [])
        ]
        let context = ViewContext(now: Date(timeIntervalSince1970: 0), unicode: false)
        let list = ChatListView.render(
            AppState(groups: groups, parameters: .init(), exportDirectory: "."),
            width: 40, height: 3, rowHeight: 3, source: FakeCellSource(), context: context)
        #expect(list.cells.allSatisfy { $0.text.unicodeScalars.allSatisfy(\.isASCII) && !$0.isContinuation })
        #expect(ViewFixtures.rows(list)[0].contains("???????"))
    }
}
