import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// The designer's session (issue 24's defects): Esc never quits, `q` asks before unsaved changes are left, the
/// session is kept and restored, typed export paths used as typed, prompt errors at once, every numeric
/// parameter stepped onto its step grid, the panel's own Home/End, `0` and `P` saying what they did, ids in
/// the filter.
@Suite struct DesignerSessionTests {
    let keys = KeyPresser()
    var nine: AppState { ViewFixtures.state(groups(withMembers: [9, 3])) }

    private func margin(_ state: AppState) -> Double? { state.parameters.margin }

    // MARK: Defect 1: Esc, q and the session

    @Test func escNeverQuits() {
        // The issue's keys: ] ] ? Esc Esc used to exit with the tuning lost.
        let (after, effects) = keys.press(chars("]]?") + [.escape, .escape], on: nine)
        #expect(!after.shouldQuit && !effects.contains(.quit))
        #expect(margin(after) == 9)
        let (bare, bareEffects) = keys.press([.escape, .escape, .escape], on: nine)
        #expect(!bare.shouldQuit && bareEffects.isEmpty)
        #expect(bare.status.contains("q quits"))
    }

    @Test func qAsksBeforeLeavingChangesNeitherExportedNorSaved() {
        let (asked, none) = keys.press(chars("]q"), on: nine)
        #expect(none.isEmpty && !asked.shouldQuit)
        #expect(asked.question?.text.hasPrefix("Quit?") == true)
        let (declined, _) = keys.press(chars("n"), on: asked)
        #expect(!declined.shouldQuit && declined.question == nil)
        let (quit, effects) = keys.press(chars("y"), on: asked)
        #expect(quit.shouldQuit)
        #expect(effects == [.saveSession(SessionRecord(of: asked)), .quit])
        #expect(SessionRecord(of: asked).parameters.margin == 8)
    }

    @Test func qQuitsAtOnceWhenNothingChangedOrItWasExported() {
        let (untouched, effects) = keys.press(chars("q"), on: nine)
        #expect(untouched.shouldQuit && effects == [.saveSession(SessionRecord(of: nine)), .quit])
        var tuned = keys.state(after: chars("]"), on: nine)
        let request = ExportRequest(group: tuned.groups[0], parameters: tuned.parameters, scales: [1], target: "x.png")
        tuned =
            AppReducer.reduce(
                tuned, .exportPlanned(request, .write([], creatingFolder: nil)),
                metrics: keys.metrics
            ).0
        #expect(keys.press(chars("q"), on: tuned).0.shouldQuit)
        // Ctrl-C always quits, and keeps the session too.
        let changed = keys.state(after: chars("]"), on: nine)
        #expect(keys.press([.ctrlC], on: changed).1 == [.saveSession(SessionRecord(of: changed)), .quit])
    }

    @Test func theSessionFileReadsBackWhatWasSaved() throws {
        var parameters = CompositionParameters(layout: .qq)
        parameters.margin = 5
        parameters.tileRadius = 6
        var pinned = CompositionParameters()
        pinned.cornerRadius = 12
        let record = SessionRecord(
            parameters: parameters, pinned: pinned, groupID: "g\"1", exportScales: [2, 3],
            panelVisibility: .hidden, panelRow: "tile-radius")
        let read = try SessionRecord.decode(Array(record.jsonText.utf8), path: "/s.json")
        #expect(read == record)
        let bare = SessionRecord(parameters: CompositionParameters())
        #expect(try SessionRecord.decode(Array(bare.jsonText.utf8), path: "/s.json") == bare)
        #expect(throws: AppError.self) { try SessionRecord.decode(Array("{}".utf8), path: "/s.json") }
        let bad = Array(#"{"presets": {"current": {"margin": "wide"}}}"#.utf8)
        #expect(throws: AppError.self) { try SessionRecord.decode(bad, path: "/s.json") }
    }

    @Test func theSessionLivesUnderXDGStateHomePerFixture() {
        let state = ["XDG_STATE_HOME": "/st", "HOME": "/home/me"]
        let a = SessionRecord.defaultPath(fixture: "/a/groups.json", environment: state)
        let b = SessionRecord.defaultPath(fixture: "/b/groups.json", environment: state)
        #expect(a?.hasPrefix("/st/chat-tui/sessions/") == true && a != b)
        #expect(
            SessionRecord.defaultPath(fixture: "/a/groups.json", environment: ["HOME": "/home/me"])?
                .hasPrefix("/home/me/.local/state/chat-tui/sessions/") == true)
        #expect(SessionRecord.defaultPath(fixture: "/a/groups.json", environment: [:]) == nil)
    }

    @Test func aRestoredSessionContinuesWhereTheLastEnded() {
        var parameters = CompositionParameters(layout: .qq)
        parameters.margin = 5
        let record = SessionRecord(
            parameters: parameters, pinned: CompositionParameters(), groupID: "g1",
            exportScales: [2, 3], panelVisibility: .shown, panelRow: "margin")
        let restored = AppReducer.reduce(nine, .sessionRestored(record), metrics: keys.metrics).0
        #expect(restored.parameters == parameters && restored.pinned == CompositionParameters())
        #expect(restored.selectedGroup?.id == "g1" && restored.exportScales == [2, 3])
        #expect(restored.panel.visibility == .shown && restored.panel.selectedRow == "margin")
        #expect(restored.status.hasPrefix("Restored the session"))
        // Restored counts as saved: q quits at once; u goes back to the start's parameters.
        #expect(keys.press(chars("q"), on: restored).0.shouldQuit)
        #expect(keys.state(after: chars("u"), on: restored).parameters == CompositionParameters())
        // Parameters that break a limit of this fixture now are not restored, and that is said.
        var blank = CompositionParameters()
        blank.margin = 33
        let refused = AppReducer.reduce(
            nine, .sessionRestored(SessionRecord(parameters: blank)),
            metrics: keys.metrics
        ).0
        #expect(refused.parameters == CompositionParameters())
        #expect(refused.warnings.contains { $0.hasPrefix("The last session's parameters are not restored") })
    }

    // MARK: Defect 2: typed export paths

    @Test func theExportPromptShowsEveryNameBeforeEnter() {
        var state = nine
        state.parameters.scale = 2
        let prompted = keys.state(after: chars("E") + [.control("u")] + chars("/tmp/a.png"), on: state)
        #expect(prompted.prompt?.note == "→ /tmp/a.png")
        let several = keys.state(after: chars("xE") + [.control("u")] + chars("/tmp/a.png"), on: state)
        #expect(several.prompt?.note == "→ /tmp/a.png, /tmp/a@2x.png, /tmp/a@3x.png")
        let (_, effects) = keys.press(chars("E") + [.control("u")] + chars("/tmp/a.png") + [.enter], on: state)
        guard case .export(let request)? = effects.first else {
            Issue.record("Enter exported nothing")
            return
        }
        #expect(!request.usesDefaultName && request.scales == [2])
    }

    // MARK: Defect 3: errors in the prompt

    @Test func anInvalidValueSaysWhyInThePromptAtOnce() {
        let typed = keys.state(after: [.tab, .down, .down, .down, .enter] + chars("abc") + [.enter], on: nine)
        #expect(typed.prompt?.editor.text == "abc")
        #expect(typed.prompt?.note?.contains("margin") == true)
        #expect(typed.prompt?.note?.contains("abc") == true)
        // Each edit is checked again as it is typed; Ctrl-U clears the line.
        #expect(keys.state(after: [.backspace], on: typed).prompt?.note?.contains("'ab'") == true)
        #expect(keys.state(after: [.control("u")] + chars("6"), on: typed).prompt?.note == nil)
        #expect(keys.state(after: [.control("u")], on: typed).prompt?.editor.text == "")
        let fixed = keys.state(after: [.control("u")] + chars("6") + [.enter], on: typed)
        #expect(fixed.prompt == nil && margin(fixed) == 6)
    }

    // MARK: Defect 4 and 7: every number steps, onto the step grid

    @Test func stepsFromAnAutomaticValueLandOnTheStepGrid() {
        // The automatic margin of nine WeChat members is 132/18 = 7.33: ] gives 8, not 8.33.
        #expect(margin(keys.state(after: chars("]"), on: nine)) == 8)
        #expect(margin(keys.state(after: chars("["), on: nine)) == 7)
        #expect(margin(keys.state(after: chars("]]]"), on: nine)) == 10)
        #expect(ParameterEditing.stepped(8, by: 1, direction: 1) == 9)
        #expect(ParameterEditing.stepped(7.333, by: 4, direction: 1) == 8)
        #expect(ParameterEditing.stepped(8.000000000001, by: 1, direction: -1) == 7)
        // What y hands over is that round number, not 10.333333333333332.
        let shared = keys.state(after: chars("]]]y"), on: nine)
        guard case .shared(_, let text)? = shared.overlay else {
            Issue.record("y showed nothing")
            return
        }
        #expect(text.contains("--margin 10 ") || text.hasSuffix("--margin 10"))
    }

    @Test func gridSpacingItemAndInsetsStep() {
        var grid = nine
        grid.parameters = CompositionParameters(layout: .grid)
        func row(_ name: String) -> [Key] {
            let rows = PanelRow.rows(for: grid.parameters).map(\.name)
            return [.tab] + Array(repeating: .down, count: rows.firstIndex(of: name) ?? 0)
        }
        let spacing = keys.state(after: row("grid-spacing") + [.right], on: grid)
        #expect(spacing.parameters.options[GridLayout.spacing] == [8])
        let insets = keys.state(after: row("grid-insets") + [.right, .right], on: grid)
        #expect(insets.parameters.options[GridLayout.insets] == [9])
        let item = keys.state(after: row("grid-item") + [.left], on: grid)
        let items = item.parameters.options[GridLayout.item]
        #expect(items?.count == 1 && items.map { $0[0] == $0[0].rounded() } == true)
        // A typed pair steps as a pair.
        var typed = grid
        typed.parameters.options[GridLayout.spacing] = [4, 2]
        #expect(
            keys.state(after: row("grid-spacing") + [.right], on: typed).parameters.options[GridLayout.spacing]
                == [5, 3])
    }

    // MARK: Defect 6: the panel's Home, 0, P, ids in the filter

    @Test func homeAndGMoveThePanelNotTheList() {
        let listMoved = keys.state(after: [.down], on: nine)
        let last = keys.state(after: [.tab, .end], on: listMoved)
        #expect(last.panel.selectedRow == "export-scales" && last.selection == 1)
        let first = keys.state(after: [.home], on: last)
        #expect(first.panel.selectedRow == "layout" && first.selection == 1)
        #expect(keys.state(after: chars("Gg"), on: last).panel.selectedRow == "layout")
    }

    @Test func zeroSaysWhatItDid() {
        #expect(keys.state(after: chars("0"), on: nine).status == "The parameters are already those of the start")
        let reset = keys.state(after: chars("]]0"), on: nine)
        #expect(margin(reset) == nil)
        #expect(reset.status.hasPrefix("Reset to the start's parameters"))
        #expect(reset.status.contains("margin"))
    }

    @Test func pOnANarrowTerminalSaysWhy() {
        var narrow = KeyPresser()
        narrow.metrics.panelIsShown = false
        narrow.metrics.panelFits = false
        #expect(narrow.state(after: chars("P"), on: nine).status.contains("100 columns"))
        #expect(narrow.state(after: [.tab], on: nine).status.contains("100 columns"))
        #expect(ScreenLayout(width: 80, height: 30).listMetrics.panelFits == false)
        #expect(ScreenLayout(width: 120, height: 30).listMetrics.panelFits)
    }

    @Test func theFilterMatchesIds() {
        let state = ViewFixtures.state([
            ChatGroup(id: "ride", name: "骑行", members: []),
            ChatGroup(id: "cats", name: "Cat Lovers", members: []),
        ])
        let filtered = keys.state(after: [.character("/")] + chars("ride"), on: state)
        #expect(filtered.matches.count == 1 && filtered.selectedGroup?.id == "ride")
    }
}
