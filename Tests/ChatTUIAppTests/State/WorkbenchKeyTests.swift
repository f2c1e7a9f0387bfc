import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Groups of `counts` members each.
func groups(withMembers counts: [Int]) -> [ChatGroup] {
    counts.enumerated().map { index, count in
        ChatGroup(
            id: "g\(index)", name: "Group \(index)",
            members: (0..<count).map { GroupMember(id: "m\($0)", name: "M\($0)") })
    }
}

/// Presses keys through the reducer with the panel on screen.
struct KeyPresser {
    var metrics = ListMetrics(
        visibleRowCount: 5, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 10),
        panelIsShown: true)

    func press(_ keys: [Key], on state: AppState) -> (AppState, [Effect]) {
        var current = state
        var effects: [Effect] = []
        for key in keys {
            let (next, produced) = AppReducer.reduce(current, .key(key), metrics: metrics)
            current = next
            effects += produced
        }
        return (current, effects)
    }

    func state(after keys: [Key], on state: AppState) -> AppState { press(keys, on: state).0 }
}

func chars(_ text: String) -> [Key] { text.map { Key.character($0) } }

@Suite struct PanelKeyTests {
    let keys = KeyPresser()
    var nine: AppState { ViewFixtures.state(groups(withMembers: [9, 3])) }

    @Test func tabFocusesThePanelAndArrowsChooseRows() {
        let focused = keys.state(after: [.tab], on: nine)
        #expect(focused.panel.isFocused)
        #expect(keys.state(after: [.tab, .down, .down, .down], on: nine).panel.selectedRow == "margin")
        #expect(keys.state(after: [.tab, .up], on: nine).panel.selectedRow == "layout")
        #expect(
            keys.state(after: [.tab] + Array(repeating: .down, count: 30), on: nine).panel.selectedRow
                == "export-scales")
        // Tab and Esc give the focus back; Esc does not quit from the panel.
        #expect(!keys.state(after: [.tab, .tab], on: nine).panel.isFocused)
        let escaped = keys.state(after: [.tab, .escape], on: nine)
        #expect(!escaped.panel.isFocused && !escaped.shouldQuit)
        // While the panel has the focus, ↓ moves in the panel, not in the list.
        #expect(keys.state(after: [.tab, .down], on: nine).selection == 0)
    }

    @Test func tabShowsAHiddenPanelAndPHidesIt() {
        var hidden = KeyPresser()
        hidden.metrics.panelIsShown = false
        #expect(hidden.state(after: [.tab], on: nine).panel.visibility == .shown)
        #expect(keys.state(after: chars("P"), on: nine).panel.visibility == .hidden)
        #expect(hidden.state(after: chars("P"), on: nine).panel.visibility == .shown)
    }

    @Test func stepsAreFineCoarseAndFromTheSelectedGroupsOwnMargin() {
        var qq = ViewFixtures.state(groups(withMembers: [3, 5]))
        qq.parameters.layout = .qq
        let resolved = Layouts.resolvedMargin(count: 3, parameters: qq.parameters)
        // The issue: a 3-member QQ group shows 8.8 and `]` gave 7.8; "more margin" must mean more. Steps land
        // on the step grid (issue 24): the next multiple of the step in the step's direction.
        let more = keys.state(after: chars("]"), on: qq).parameters.margin ?? 0
        #expect(more == (resolved).rounded(.up) && more > resolved)
        let margin: [Key] = [.tab, .down, .down, .down]
        #expect(keys.state(after: margin + [.right], on: qq).parameters.margin == resolved.rounded(.up))
        #expect(keys.state(after: margin + [.left], on: qq).parameters.margin == resolved.rounded(.down))
        #expect(keys.state(after: margin + chars(">"), on: qq).parameters.margin == (resolved / 4).rounded(.up) * 4)
        #expect(
            keys.state(after: margin + [.shiftLeft], on: qq).parameters.margin
                == (resolved / 4).rounded(.down) * 4)
        #expect(keys.state(after: [.tab, .down, .right], on: nine).parameters.size == 133)
        #expect(keys.state(after: [.tab, .down, .shiftRight], on: nine).parameters.size == 144)
        #expect(keys.state(after: [.tab, .down, .down, .right], on: nine).parameters.scale == 2)
        #expect(keys.state(after: [.tab, .right], on: nine).parameters.layout == .qq)
        #expect(keys.state(after: [.tab, .left], on: nine).parameters.layout == LayoutRegistry.kinds.last)
    }

    @Test func enterTypesAValueThatIsClampedAndAnnounced() {
        let margin: [Key] = [.tab, .down, .down, .down]
        let prompted = keys.state(after: margin + [.enter], on: nine)
        #expect(prompted.prompt?.purpose == .value(parameter: "margin"))
        #expect(prompted.prompt?.editor.text == "auto")
        let typed = keys.state(after: chars("5.5") + [.enter], on: prompted)
        #expect(typed.parameters.margin == 5.5 && typed.prompt == nil)
        // Beyond the range (and the tile limit of the nine-member group): stops at 24.75 and says why.
        let clamped = keys.state(after: chars("40") + [.enter], on: prompted)
        #expect(clamped.parameters.margin == 24.75)
        #expect(clamped.status.contains("margin stops at 24.75 pt"))
        #expect(clamped.status.contains("tiles of 9-member groups"))
        // Text that is no value: the prompt stays open with it, and the message says what was expected.
        let wrong = keys.state(after: chars("wide") + [.enter], on: prompted)
        #expect(wrong.prompt?.editor.text == "wide")
        #expect(wrong.prompt?.note == "margin: expected a length in points from 0 to 33, got 'wide'")
        #expect(keys.state(after: [.escape], on: wrong).prompt == nil)
        // Colours are typed in hex.
        let background = keys.state(
            after: [.tab] + Array(repeating: .down, count: 7) + [.enter] + chars("#102030") + [.enter],
            on: nine)
        #expect(background.parameters.background == RGBA8(r: 0x10, g: 0x20, b: 0x30))
    }

    @Test func backspaceSetsTheAutomaticValueOrTheDefault() {
        let margin: [Key] = [.tab, .down, .down, .down]
        let set = keys.state(after: margin + [.right], on: nine)
        #expect(keys.state(after: [.backspace], on: set).parameters.margin == nil)
        let size = keys.state(after: [.tab, .down, .right, .right, .delete], on: nine)
        #expect(size.parameters.size == 132)
    }

    @Test func spaceTurnsAFlagOnAndOff() {
        // The first of the layout's own rows comes after every common one.
        let flag: [Key] = [.tab] + Array(repeating: .down, count: ParameterCatalogue.common.count)
        let on = keys.state(after: flag + [.character(" ")], on: nine)
        #expect(on.panel.selectedRow == "full-bleed-single")
        #expect(on.parameters.options[NineGridLayout.fullBleedSingle])
        #expect(!keys.state(after: [.character(" ")], on: on).parameters.options[NineGridLayout.fullBleedSingle])
    }

    /// The colour space is a panel row like the placeholder: ←/→ cycle srgb and display-p3, which only the
    /// exported files show (the preview stays the sRGB composite), and the status line notes it.
    @Test func theColorSpaceRowCyclesTheExportsSpace() throws {
        let row = try #require(ParameterCatalogue.fields(for: .wechat).firstIndex { $0.name == "color-space" })
        let p3 = keys.state(after: [.tab] + Array(repeating: .down, count: row) + [.right], on: nine)
        #expect(p3.panel.selectedRow == "color-space")
        #expect(p3.parameters.colorSpace == .displayP3)
        #expect(p3.parameters.identifier.contains("color-space=display-p3"))
        #expect(keys.state(after: [.right], on: p3).parameters.colorSpace == .srgb)
        #expect(keys.state(after: [.backspace], on: p3).parameters.colorSpace == .srgb)
    }

    @Test func theLayoutsOwnOptionsAreRows() throws {
        var grid = nine
        grid.parameters.layout = .grid
        let rows = PanelRow.rows(for: grid.parameters).map(\.name)
        #expect(rows == ParameterCatalogue.fields(for: .grid).map(\.name) + ["export-scales"])
        #expect(rows.contains("grid-columns"))
        let columnsRow = try #require(ParameterCatalogue.fields(for: .grid).firstIndex { $0.name == "grid-columns" })
        let columns = keys.state(after: [.tab] + Array(repeating: .down, count: columnsRow) + [.right], on: grid)
        #expect(columns.panel.selectedRow == "grid-columns")
        // From the automatic 3 columns of a nine-member grid.
        #expect(columns.parameters.options[GridLayout.columns] == 4)
    }

    @Test func exportScalesCycle() {
        #expect(keys.state(after: chars("x"), on: nine).effectiveExportScales == [1, 2, 3])
        #expect(keys.state(after: chars("xx"), on: nine).effectiveExportScales == [2, 3])
        let row = keys.state(after: [.tab] + Array(repeating: .down, count: 30) + [.right], on: nine)
        #expect(row.exportScales == [1, 2, 3])
        #expect(keys.state(after: [.backspace], on: row).exportScales == nil)
    }
}

@Suite struct LimitKeyTests {
    let keys = KeyPresser()

    @Test func marginKeysStopBeforeNineTilesVanish() {
        let nine = ViewFixtures.state(groups(withMembers: [9]))
        let state = keys.state(after: Array(repeating: .character("]"), count: 40), on: nine)
        #expect(state.parameters.margin == 24.75)
        #expect(state.status.hasPrefix("margin stops at 24.75 pt (at 25 pt: wechat tiles of 9-member groups would be"))
        #expect(CompositionLimits.problem(state.parameters, memberCounts: [9]) == nil)
        // The clamps that changed nothing are not undo steps.
        #expect(state.undoStack.count == 18)
    }

    @Test func aLayoutThatWouldBeDegenerateIsRefusedWithTheReason() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.parameters.margin = 24
        state.parameters.padding = 0
        state.parameters.layout = .qq
        // Grid with a margin of 24 and padding 0: (132 - 2*24)/3 = 28; fine.
        #expect(keys.state(after: chars("l"), on: state).parameters.layout == .grid)
        state.parameters.padding = 30
        let refused = keys.state(after: chars("l"), on: state)
        #expect(refused.parameters.layout == .qq)
        #expect(refused.status.hasPrefix("layout grid not applied: grid tiles of 9-member groups would be"))
    }

    @Test func sizeAndScaleStayWithinThePixelLimit() {
        var state = ViewFixtures.state(groups(withMembers: [1]))
        state.parameters.size = 2048
        let scaled = keys.state(after: [.tab, .down, .down, .right], on: state)
        #expect(scaled.parameters.scale == 2)
        let more = keys.state(after: [.right], on: scaled)
        #expect(more.parameters.scale == 2)
        #expect(more.status.contains("more than 4096 px per side"))
    }
}

@Suite struct UndoRedoTests {
    let keys = KeyPresser()
    var state: AppState { ViewFixtures.state(groups(withMembers: [9])) }

    @Test func undoAndRedoSayWhatChanged() {
        let changed = keys.state(after: chars("]]"), on: state)
        let undone = keys.state(after: chars("u"), on: changed)
        #expect(undone.status == "Undone: margin 8 → 9")
        #expect(undone.parameters.margin == 8)
        let redone = keys.state(after: chars("U"), on: undone)
        #expect(redone.status == "Redone: margin 8 → 9")
        #expect(redone.parameters == changed.parameters)
        #expect(keys.state(after: [.control("r")], on: undone).parameters == changed.parameters)
        #expect(keys.state(after: chars("uu"), on: changed).status == "Undone: margin auto (7.3) → 8")
        #expect(keys.state(after: chars("U"), on: changed).status == "Nothing to redo")
        // A new change after an undo drops what could have been redone.
        #expect(keys.state(after: chars("u}"), on: changed).redoStack.isEmpty)
        #expect(keys.state(after: chars("l0u"), on: state).status == "Undone: reset: layout qq → wechat")
    }
}

@Suite struct HandOffKeyTests {
    let keys = KeyPresser()

    @Test func pinKeepsTheParametersAsA() {
        let state = ViewFixtures.state(groups(withMembers: [9]))
        let pinned = keys.state(after: chars("p]"), on: state)
        #expect(pinned.pinned == CompositionParameters())
        #expect(pinned.parameters.margin != nil)
        #expect(keys.state(after: chars("p"), on: pinned).pinned == nil)
    }

    @Test func yCopiesTheExportCommandAndYCopiesPresetJSON() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.fixturePath = "data/groups.json"
        state.parameters.scale = 2
        state.parameters.margin = 4
        let (shown, effects) = keys.press(chars("y"), on: state)
        let command =
            "chat-tui export --fixtures data/groups.json --group g0 --output g0@2x.png --layout wechat --scale 2 --margin 4"
        #expect(effects == [.copy(command)])
        #expect(shown.overlay == .shared(title: "Export command", text: command))
        // Any key closes the overlay without doing anything else.
        let closed = keys.press(chars("q"), on: shown)
        #expect(closed.0.overlay == nil && !closed.0.shouldQuit && closed.1.isEmpty)
        #expect(keys.press(chars("Y"), on: state).1 == [.copy("{\"layout\": \"wechat\", \"scale\": 2, \"margin\": 4}")])
    }

    @Test func eExportsAtTheChosenScales() {
        let state = ViewFixtures.state(groups(withMembers: [9]))
        let (_, effects) = keys.press(chars("xe"), on: state)
        var request = ExportRequest(
            group: state.groups[0], parameters: CompositionParameters(), scales: [1, 2, 3],
            target: "out/g0.png")
        request.usesDefaultName = true
        #expect(effects == [.export(request)])
    }

    @Test func questionsWaitForYesOrNo() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        let effect = Effect.export(
            ExportRequest(
                group: state.groups[0], parameters: CompositionParameters(), scales: [1],
                target: "out/g0.png"))
        state.question = Question(text: "Replace out/g0.png? (y/n)", onYes: [effect])
        #expect(keys.press(chars("q"), on: state).0.question != nil)
        #expect(!keys.press(chars("q"), on: state).0.shouldQuit)
        let yes = keys.press(chars("y"), on: state)
        #expect(yes.0.question == nil && yes.1 == [effect])
        let no = keys.press([.escape], on: state)
        #expect(no.0.question == nil && no.1.isEmpty && no.0.status == "Cancelled")
    }

    @Test func warningsOverlayOpensAndCloses() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.addWarning("group \"g0\": member \"M0\" (m0): a.jpg: file not found")
        state.addWarning("group \"g0\": member \"M0\" (m0): a.jpg: file not found")
        #expect(state.warnings.count == 1)
        let open = keys.state(after: chars("w"), on: state)
        #expect(open.overlay == .warnings)
        // j and k scroll a list that does not fit; other keys close it.
        #expect(keys.state(after: chars("j"), on: open).overlay == .warnings)
        #expect(keys.state(after: chars("x"), on: open).overlay == nil)
    }

    @Test func presetsAreSavedAndApplied() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        var file = PresetFile(path: "/cfg/chat-tui/presets.json")
        file.save(CompositionParameters(layout: .qq, margin: 4), as: "ring")
        file.save(CompositionParameters(margin: 30), as: "too-wide")
        state.presets = file
        // o lists them; Enter applies the selected one (over the defaults), undoably.
        let applied = keys.state(after: chars("]o") + [.enter], on: state)
        #expect(applied.parameters == CompositionParameters(layout: .qq, margin: 4))
        #expect(applied.status == "Applied preset ring")
        #expect(applied.undoStack.last?.description.hasPrefix("preset ring: ") == true)
        // A preset that would blank this fixture's nine-member tiles is refused with the reason, kept in w.
        let refused = keys.state(after: chars("o") + [.down, .enter], on: state)
        #expect(refused.parameters == CompositionParameters())
        #expect(refused.status.hasPrefix("Preset too-wide not applied: wechat tiles of 9-member groups"))
        #expect(refused.warnings == [refused.status])
        // s asks for a name, then asks the runtime to write the file; a name in use is replaced after a question.
        let (_, saved) = keys.press(chars("]s") + chars("mine") + [.enter], on: state)
        guard case .savePresets(let written)? = saved.first else {
            Issue.record("no save effect")
            return
        }
        #expect(written.presets.map(\.name) == ["ring", "too-wide", "mine"])
        let (asked, none) = keys.press(chars("s") + chars("ring") + [.enter], on: state)
        #expect(none.isEmpty && asked.question?.text == "Replace the preset ring? (y/n)")
        #expect(keys.press(chars("y"), on: asked).1.count == 1)
    }

    @Test func withoutAPlaceForPresetsSavingSaysWhy() {
        let state = keys.state(after: chars("s"), on: ViewFixtures.state(groups(withMembers: [9])))
        #expect(state.prompt == nil)
        #expect(state.status == "Presets cannot be saved: set XDG_CONFIG_HOME or HOME")
    }
}
