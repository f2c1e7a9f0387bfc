import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct ScreenViewTests {
    private func render(
        _ state: AppState, width: Int, height: Int, source: FakeCellSource = FakeCellSource(),
        context: ViewContext = ViewFixtures.context
    ) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(width: width, height: height)
        terminal.draw(
            ScreenView.render(
                state, layout: ScreenLayout(width: width, height: height), source: source,
                context: context))
        return terminal
    }

    @Test func groupNamesMessagesAndAvatarsAreVisible() {
        let terminal = render(ViewFixtures.state(ViewFixtures.groups(3)), width: 100, height: 30)
        #expect(terminal.text.contains("Group 0"))
        #expect(terminal.text.contains("Group 2"))
        #expect(terminal.text.contains("message 1"))
        // Rows are 3 text rows tall at 29 content rows, so each avatar is 6 columns: "######" after the marker.
        #expect(terminal.row(0).hasPrefix("▌######"))
        #expect(terminal.row(3).hasPrefix(" ######"))
    }

    @Test func longCJKNamesAreTruncatedWithAnEllipsisWithoutBrokenWideCharacters() {
        let name = String(repeating: "周末骑行群", count: 10)
        let groups = [
            ChatGroup(
                id: "ride", name: name, lastMessage: String(repeating: "八点见", count: 20),
                members: [])
        ]
        let state = ViewFixtures.state(groups)
        let list = ChatListView.render(
            state, width: 30, height: 10, rowHeight: 2, source: FakeCellSource(),
            context: ViewFixtures.context)
        let rows = ViewFixtures.rows(list)
        #expect(rows[0].contains("周末骑行群周"))
        #expect(rows[0].contains("…"))
        #expect(rows[1].contains("…"))
        #expect(ViewFixtures.wideCharactersIntact(list))
    }

    @Test func unreadBadgeAndMutedMarkAreShown() {
        let groups = [
            ChatGroup(id: "a", name: "Alpha", unread: 3, members: []),
            ChatGroup(id: "b", name: "Beta", unread: 150, muted: true, members: []),
        ]
        let list = ChatListView.render(
            ViewFixtures.state(groups), width: 40, height: 4, rowHeight: 2,
            source: FakeCellSource(), context: ViewFixtures.context)
        let rows = ViewFixtures.rows(list)
        #expect(rows[1].hasSuffix("(3)"))
        #expect(rows[3].hasSuffix("🔕 (99+)"))
        #expect(ChatListView.badge(0) == "")
        #expect(ChatListView.badge(99) == "(99)")
        #expect(ChatListView.badge(100) == "(99+)")
    }

    @Test func timeIsClockTimeTodayAndADateOtherwise() {
        let utc = ViewFixtures.utc
        let now = ViewFixtures.now
        let morning = ISO8601DateFormatter().date(from: "2026-11-28T08:05:00Z")
        let yesterday = ISO8601DateFormatter().date(from: "2026-11-27T23:59:00Z")
        #expect(ChatListView.timeLabel(morning, now: now, timeZone: utc) == "08:05")
        #expect(ChatListView.timeLabel(yesterday, now: now, timeZone: utc) == "2026-11-27")
        // In Shanghai (UTC+8) that moment is 07:59 on the 28th, the same day as 20:00 "now".
        let shanghai = TimeZone(identifier: "Asia/Shanghai")!
        #expect(ChatListView.timeLabel(yesterday, now: now, timeZone: shanghai) == "07:59")
        #expect(ChatListView.timeLabel(nil, now: now, timeZone: utc) == "")
    }

    @Test func fixtureControlSequencesNeverReachTheScreen() {
        let groups = [
            ChatGroup(
                id: "x", name: "\u{1B}[2J\u{1B}]0;title\u{07}evil\u{9B}", lastMessage: "\u{1B}]52;c;AA==\u{07}",
                members: [])
        ]
        let terminal = render(ViewFixtures.state(groups), width: 100, height: 30)
        let scalars = terminal.text.unicodeScalars.filter { $0 != "\n" }
        #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(terminal.text.contains("^[[2J"))
    }

    @Test func tooSmallNoticeAtOneByOne() {
        let terminal = render(ViewFixtures.state(ViewFixtures.groups(3)), width: 1, height: 1)
        #expect(terminal.text == "…")
    }

    @Test func tooSmallNoticeAtTenByThree() {
        let terminal = render(ViewFixtures.state(ViewFixtures.groups(3)), width: 10, height: 3)
        #expect(terminal.row(0) == "Terminal …")
        #expect(terminal.row(1) == "need 40x8 ")
        #expect(terminal.row(2) == " q quits  ")
    }

    @Test func everySmallSizeRendersWithoutCrashing() {
        var state = ViewFixtures.state(ViewFixtures.groups(5))
        state.showsHelp = true
        state.showsComparison = true
        for width in 0...70 {
            for height in 0...20 {
                let grid = ScreenView.render(
                    state, layout: ScreenLayout(width: width, height: height),
                    source: FakeCellSource(), context: ViewFixtures.context)
                #expect(grid.width == width && grid.height == height)
            }
        }
    }

    @Test func helpOverlayListsEveryKey() {
        var state = ViewFixtures.state(ViewFixtures.groups(3))
        state.showsHelp = true
        let rows = render(state, width: 100, height: 40).text.split(separator: "\n").map(String.init)
        let expected: [(keys: String, action: String)] = [
            ("↑ ↓  j k", "next group"), ("PgUp PgDn", "page"), ("g G  Home End", "first / last"),
            ("/", "filter"), ("click", "select a row"), ("l", "layout"), ("[ ]", "margin"),
            ("{ }", "canvas corner radius"), ("( )", "tile corner radius"), ("b", "background"),
            ("0", "reset"), ("u", "undo"), ("+ -", "zoom"), ("c", "comparison"), ("e", "export selected"),
            ("E", "path you type"), ("?  Ctrl-L", "help"), ("q  Ctrl-C", "quit"),
        ]
        for entry in expected {
            let found = rows.contains { row in
                guard let keys = row.range(of: "│ " + entry.keys + " "),
                    let action = row.range(of: entry.action)
                else { return false }
                return keys.upperBound <= action.lowerBound
            }
            #expect(found, "help overlay misses \(entry.keys)")
        }
    }

    @Test func helpThatDoesNotFitScrollsAndSaysWhichRowsItShows() {
        var state = ViewFixtures.state(ViewFixtures.groups(3))
        let metrics = ListMetrics(visibleRowCount: 5, rowHeight: 3, frame: CellRect(x: 0, y: 0, width: 30, height: 15))
        state = AppReducer.reduce(state, .key(.character("?")), metrics: metrics).0
        let top = render(state, width: 100, height: 20).text
        #expect(top.contains("select previous / next group"))
        #expect(!top.contains("toggle this help"))
        #expect(top.contains("scroll · any key closes"))
        state = AppReducer.reduce(state, .key(.end), metrics: metrics).0
        #expect(state.showsHelp && state.overlayScroll == KeyBindings.help.count - 1)
        let bottom = render(state, width: 100, height: 20).text
        #expect(bottom.contains("toggle this help"))
        #expect(!bottom.contains("select previous / next group"))
        // Back up one line at a time, then any other key closes.
        state = AppReducer.reduce(state, .key(.up), metrics: metrics).0
        #expect(state.overlayScroll == KeyBindings.help.count - 2)
        state = AppReducer.reduce(state, .key(.character("x")), metrics: metrics).0
        #expect(!state.showsHelp)
    }

    @Test func previewIsAspectCorrectCentredAndZoomed() {
        let source = FakeCellSource()
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        // 60×29 pane: 2 title rows leave 60×27 cells = 60×54 pixels; the square composite is 54×54 pixels.
        _ = PreviewView.render(state, width: 60, height: 29, source: source, context: ViewFixtures.context)
        #expect(source.requests.last.map { [$0.columns, $0.rows] } == [54, 27])
        let preview = PreviewView.render(state, width: 60, height: 29, source: source, context: ViewFixtures.context)
        let rows = ViewFixtures.rows(preview)
        #expect(rows[2] == "   " + String(repeating: "#", count: 54) + "   ")
        state.zoomPercent = 50
        _ = PreviewView.render(state, width: 60, height: 29, source: source, context: ViewFixtures.context)
        #expect(source.requests.last.map { [$0.columns, $0.rows] } == [26, 13])
    }

    @Test func previewTitleNamesLayoutAndParameters() {
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        state.parameters.layout = .qq
        state.parameters.margin = 4
        let rows = ViewFixtures.rows(
            PreviewView.render(
                state, width: 80, height: 20, source: FakeCellSource(),
                context: ViewFixtures.context))
        #expect(rows[0].contains("Group 0"))
        #expect(rows[1].contains("QQ · margin 4 · corner 0 · bg transparent · 132pt"))
    }

    @Test func comparisonStripShowsEveryLayout() {
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        state.showsComparison = true
        let source = FakeCellSource()
        let text = ViewFixtures.rows(
            PreviewView.render(
                state, width: 60, height: 29, source: source,
                context: ViewFixtures.context)
        ).joined(separator: "\n")
        for name in ["WeChat", "QQ", "Grid", "DingTalk"] { #expect(text.contains(name)) }
        #expect(Set(source.requests.map(\.parameters.layout)) == Set(LayoutKind.allCases))
    }

    @Test func placeholderWhileNoCompositeHasArrived() {
        let source = FakeCellSource()
        source.available = false
        let terminal = render(ViewFixtures.state(ViewFixtures.groups(2)), width: 100, height: 30, source: source)
        #expect(terminal.text.contains("composing…"))
        #expect(terminal.row(0).hasPrefix("▌░░░░░░"))
    }

    @Test func statusLineShowsParametersMessageAndPrompt() {
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        state.status = "Exported to out/g0.png"
        var rows = ViewFixtures.rows(StatusBar.render(state, width: 120, warnings: [], context: ViewFixtures.context))
        // The issue found "m:7.3 c:0 t:0" cryptic: the parameters are now in words, after the message.
        #expect(
            rows[0].hasPrefix(
                " Exported to out/g0.png │ WeChat · margin 7.3 pt auto · corner 0 pt · tile 0 pt · bg #AAAAAA "))
        #expect(rows[0].hasSuffix("? help "))
        state.exportPrompt = LineEditor("a.png")
        rows = ViewFixtures.rows(StatusBar.render(state, width: 40, warnings: [], context: ViewFixtures.context))
        #expect(rows[0].hasPrefix("Export to: a.png "))
    }

    @Test func unchangedFramesPaintNothing() {
        let state = ViewFixtures.state(ViewFixtures.groups(3))
        let layout = ScreenLayout(width: 80, height: 24)
        let frame = ScreenView.render(state, layout: layout, source: FakeCellSource(), context: ViewFixtures.context)
        let terminal = InMemoryTerminal(width: 80, height: 24)
        terminal.draw(frame)
        #expect(terminal.lastPaintCount == 80 * 24)
        terminal.draw(frame)
        #expect(terminal.lastPaintCount == 0)
        var changed = frame
        changed[5, 5] = Cell("Z")
        terminal.draw(changed)
        #expect(terminal.lastPaintCount == 1)
    }

    @Test func paintsNeverLeaveHalfAWideCharacter() {
        var grid = CellGrid(width: 3, height: 1)
        grid[0, 0] = Cell("你"); grid[1, 0] = .continuation; grid[2, 0] = Cell("好")
        let paints = ChangedCells.paints(from: nil, to: grid, unicode: true)
        // The continuation is covered by 你; 好 in the last column has no room and is sent as a space.
        #expect(paints.map(\.x) == [0, 2])
        #expect(paints.map(\.cell.text) == ["你", " "])
        var next = grid
        next[0, 0] = Cell("a")
        next[1, 0] = Cell("b")
        #expect(ChangedCells.paints(from: grid, to: next, unicode: true).map(\.cell.text) == ["a", "b"])
    }
}
