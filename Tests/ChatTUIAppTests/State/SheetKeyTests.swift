import GroupExport
import TerminalUI
import Testing

@testable import ChatTUIApp

/// `v` and `t`: the variants sheet and its chat-list theme.
@Suite struct SheetKeyTests {
    private func press(_ keys: [Key], on state: AppState) -> AppState {
        let presser = KeyPresser()
        return presser.state(after: keys, on: state)
    }

    private var state: AppState { ViewFixtures.state(groups(withMembers: [4, 4])) }

    @Test func vOpensTheSheetAndVOrEscClosesIt() {
        #expect(!state.showsSheet)
        let open = press(chars("v"), on: state)
        #expect(open.showsSheet && open.status.hasPrefix("Variants sheet"))
        #expect(!press(chars("v"), on: open).showsSheet)
        #expect(press(chars("V"), on: state).showsSheet)
        let escaped = press([.escape], on: open)
        #expect(!escaped.showsSheet && !escaped.shouldQuit)
    }

    @Test func escClosesTheSheetBeforeItClearsAFilter() {
        let filtered = press(chars("/") + [.character("a"), .enter], on: state)
        #expect(filtered.filter == "a")
        let closed = press(chars("v") + [.escape], on: filtered)
        #expect(!closed.showsSheet && closed.filter == "a")
    }

    @Test func tSwitchesTheThemeAndSaysWhereItShows() {
        let dark = press(chars("t"), on: state)
        #expect(dark.sheetTheme == .dark && dark.status == "Chat list theme: dark (shown in the variants sheet, v)")
        #expect(press(chars("T"), on: dark).sheetTheme == .light)
        let inSheet = press(chars("vt"), on: state)
        #expect(inSheet.showsSheet && inSheet.sheetTheme == .dark && inSheet.status == "Chat list theme: dark")
    }

    @Test func parameterKeysStillWorkWithTheSheetOpen() {
        let open = press(chars("v"), on: state)
        let changed = press(chars("l"), on: open)
        #expect(changed.showsSheet && changed.parameters.layout != open.parameters.layout)
    }

    @Test func theHelpListsTheKeys() {
        #expect(KeyBindings.help.contains { $0.keys == "c  v  t" && $0.action.contains("v: variants sheet") })
        // The selection's keys and click, each on one line of the overlay at 100 x 40 with its footer.
        var help = ViewFixtures.state(ViewFixtures.groups(3))
        help.showsHelp = true
        let rows = ViewFixtures.rows(
            ScreenView.render(
                help, layout: ScreenLayout(width: 100, height: 40), source: FakeCellSource(),
                context: ViewFixtures.context))
        #expect(rows.contains { $0.contains("v: variants sheet (arrows, Enter) · t: light / dark row") })
        #expect(rows.contains { $0.contains("select a row (list, panel), a variant (v) · wheel: steps a panel row") })
        #expect(rows.contains { $0.contains("any key closes") })
    }
}
