import ChatTUITestSupport
import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct KeyBindingsTests {
    /// 5 rows of 2 text rows each, list at the top-left, 30 columns wide.
    private let metrics = ListMetrics(
        visibleRowCount: 5, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 10))

    private func press(_ keys: [Key], on state: AppState) -> (AppState, [Effect]) {
        KeyPresser(metrics: metrics).press(keys, on: state)
    }

    private func chars(_ text: String) -> [Key] { text.map { Key.character($0) } }

    private var twenty: AppState { ViewFixtures.state(ViewFixtures.groups(20)) }

    @Test func arrowsAndJKMoveAndClampAtTheEnds() {
        #expect(press([.down, .down], on: twenty).0.selection == 2)
        #expect(press(chars("jjk"), on: twenty).0.selection == 1)
        #expect(press([.up, .character("k")], on: twenty).0.selection == 0)
        #expect(press(Array(repeating: .down, count: 30), on: twenty).0.selection == 19)
        #expect(
            press([.wheelDown(x: 3, y: 1), .wheelDown(x: 3, y: 1), .wheelUp(x: 3, y: 1)], on: twenty).0.selection == 1)
    }

    @Test func pagesAndEndsScrollTheList() {
        let paged = press([.pageDown], on: twenty).0
        #expect(paged.selection == 5)
        #expect(paged.scrollOffset == 1)
        let last = press([.character("G")], on: twenty).0
        #expect(last.selection == 19)
        #expect(last.scrollOffset == 15)
        let first = press([.character("G"), .character("g")], on: twenty).0
        #expect(first.selection == 0 && first.scrollOffset == 0)
        #expect(press([.end, .pageUp], on: twenty).0.selection == 14)
        #expect(press([.end, .home], on: twenty).0.selection == 0)
    }

    @Test func clickSelectsTheRowUnderTheMouse() {
        #expect(press([.mouse(x: 3, y: 5)], on: twenty).0.selection == 2)
        let scrolled = press([.character("G"), .mouse(x: 3, y: 0)], on: twenty).0
        #expect(scrolled.selection == 15)
        #expect(press([.mouse(x: 40, y: 5)], on: twenty).0.selection == 0)
        let few = ViewFixtures.state(ViewFixtures.groups(2))
        #expect(press([.mouse(x: 3, y: 8)], on: few).0.selection == 0)
    }

    @Test func filterTypingBackspaceEnterAndEscape() {
        var groups = ViewFixtures.groups(3)
        groups.append(ChatGroup(id: "ride", name: "周末骑行群", members: []))
        groups.append(ChatGroup(id: "bike", name: "Bike Club", members: []))
        let state = ViewFixtures.state(groups)
        let typed = press([.character("/")] + chars("bIkx"), on: state).0
        #expect(typed.filter == "bIkx")
        #expect(typed.matches.isEmpty)
        let corrected = press([.backspace], on: typed).0
        #expect(corrected.filter == "bIk")
        #expect(corrected.matches == [4])
        #expect(corrected.selectedGroup?.id == "bike")
        let kept = press([.enter], on: corrected).0
        #expect(kept.filterEditor == nil)
        #expect(kept.filter == "bIk")
        // Once the filter is kept, letters are commands again: j does not type.
        #expect(press(chars("j"), on: kept).0.filter == "bIk")
        let cjk = press([.character("/")] + chars("骑行"), on: state).0
        #expect(cjk.selectedGroup?.id == "ride")
        let cleared = press([.character("/")] + chars("bike") + [.escape], on: state).0
        #expect(cleared.filter == "")
        #expect(cleared.filterEditor == nil)
        #expect(cleared.matches.count == 5)
        #expect(!cleared.shouldQuit)
        // Esc after Enter clears the kept filter; the next Esc does not quit either (issue 24).
        let backedOut = press([.escape], on: kept).0
        #expect(backedOut.filter == "")
        #expect(backedOut.matches.count == 5)
        #expect(!backedOut.shouldQuit)
        #expect(!press([.escape], on: backedOut).0.shouldQuit)
    }

    @Test func layoutCyclesThroughAllFive() {
        let state = twenty
        let layouts = (1...5).map { press(Array(repeating: .character("l"), count: $0), on: state).0.parameters.layout }
        #expect(layouts == [.qq, .grid, .dingtalk, .wechatCompact, .wechat])
    }

    @Test func marginStepsFromTheLayoutDefaultAndClamps() {
        // size 132: default margin 132/18 = 7.333..., clamp 0...33.
        // Steps land on the step grid (issue 24): 7.33 + 1 is 8, 7.33 - 2 is 6.
        #expect(press(chars("]"), on: twenty).0.parameters.margin == 8)
        #expect(press(chars("[["), on: twenty).0.parameters.margin == 6)
        #expect(press(Array(repeating: .character("["), count: 20), on: twenty).0.parameters.margin == 0)
        #expect(press(Array(repeating: .character("]"), count: 40), on: twenty).0.parameters.margin == 33)
        // At size 72 the layout's own margin is 72/18 = 4: the step starts there.
        var small = twenty
        small.parameters.size = 72
        #expect(press(chars("]"), on: small).0.parameters.margin == 5)
    }

    @Test func radiiStepByTwoAndClamp() {
        #expect(press(chars("}}"), on: twenty).0.parameters.cornerRadius == 4)
        #expect(press(chars("}{{"), on: twenty).0.parameters.cornerRadius == 0)
        #expect(press(Array(repeating: .character("}"), count: 40), on: twenty).0.parameters.cornerRadius == 66)
        #expect(press(chars(")))("), on: twenty).0.parameters.tileRadius == 4)
        #expect(press(chars("("), on: twenty).0.parameters.tileRadius == 0)
        // A tile radius stops at half the widest tile (issue 24): beyond it the pixels stay the same.
        let widest = (Layouts.tiles(count: 1, parameters: twenty.parameters).map { $0.frame.width }.max() ?? 0) / 2
        let stopped = press(Array(repeating: .character(")"), count: 40), on: twenty).0
        #expect(stopped.parameters.tileRadius == (widest * 100).rounded(.down) / 100)
        #expect(stopped.status.contains("no effect beyond"))
    }

    @Test func backgroundCycles() {
        let dark = RGBA8(r: 34, g: 34, b: 34)
        let backgrounds = (1...4).map {
            press(Array(repeating: .character("b"), count: $0), on: twenty).0.parameters.background
        }
        #expect(backgrounds == [.white, dark, .transparent, .lightGrey])
    }

    @Test func undoIsAStackAndClampsPushNothing() {
        let changed = press(chars("]}l"), on: twenty).0
        #expect(changed.undoStack.count == 3)
        let once = press(chars("u"), on: changed).0
        #expect(once.parameters.layout == .wechat)
        #expect(once.parameters.cornerRadius == 2)
        let all = press(chars("uuu"), on: changed).0
        #expect(all.parameters == CompositionParameters())
        let extra = press(chars("u"), on: all).0
        #expect(extra.parameters == CompositionParameters())
        #expect(extra.status == "Nothing to undo")
        #expect(press(chars("{(["), on: press(chars("[[[[[[[[["), on: twenty).0).0.undoStack.count == 8)
    }

    @Test func resetRestoresTheInitialParametersAndCanBeUndone() {
        let reset = press(chars("]]}bl0"), on: twenty).0
        #expect(reset.parameters == CompositionParameters())
        #expect(press(chars("u"), on: reset).0.parameters.layout == .qq)
    }

    @Test func zoomStepsAndClamps() {
        #expect(press(chars("+"), on: twenty).0.zoomPercent == 125)
        #expect(press(chars("--"), on: twenty).0.zoomPercent == 50)
        #expect(press(Array(repeating: .character("-"), count: 10), on: twenty).0.zoomPercent == 25)
        #expect(press(Array(repeating: .character("+"), count: 20), on: twenty).0.zoomPercent == 400)
    }

    @Test func comparisonAndHelpToggle() {
        #expect(press(chars("c"), on: twenty).0.showsComparison)
        #expect(!press(chars("cc"), on: twenty).0.showsComparison)
        #expect(press(chars("?"), on: twenty).0.showsHelp)
        // Any key closes the help without doing anything else.
        let closed = press(chars("?q"), on: twenty)
        #expect(!closed.0.showsHelp && !closed.0.shouldQuit && closed.1.isEmpty)
    }

    /// What `e` / Enter in the `E` prompt asks the runtime for: `target` at the state's scale.
    private func exportEffect(_ group: ChatGroup, _ parameters: CompositionParameters, _ target: String) -> Effect {
        .export(ExportRequest(group: group, parameters: parameters, scales: [parameters.scale], target: target))
    }

    // The issue asked for the names `export --all` gives (`<group-id>.png`), so the layout left the name.
    @Test func exportUsesTheFilenameSafeIdAndLayout() {
        let groups = [ChatGroup(id: "../a b/c", name: "x", members: [])]
        let state = ViewFixtures.state(groups)
        let (next, effects) = press(chars("le"), on: state)
        var expected = CompositionParameters()
        expected.layout = .qq
        guard case .export(var request)? = effects.first else {
            Issue.record("e exported nothing")
            return
        }
        #expect(request.usesDefaultName)
        request.usesDefaultName = false
        #expect([Effect.export(request)] == [exportEffect(groups[0], expected, "out/_._a_b_c.png")])
        #expect(next.status.contains("out/_._a_b_c.png"))
        #expect(OutputNaming.filenameSafe("周末") == "__")
        #expect(OutputNaming.filenameSafe("") == "group")
        #expect(OutputNaming.filenameSafe("ride-2.v1") == "ride-2.v1")
    }

    @Test func exportPromptEditsAPath() {
        let state = ViewFixtures.state(ViewFixtures.groups(1))
        let prompted = press(chars("E"), on: state).0
        #expect(prompted.exportPrompt?.text == "out/g0.png")
        let edited = press(Array(repeating: Key.backspace, count: 17) + chars("/tmp/x.png"), on: prompted).0
        #expect(edited.exportPrompt?.text == "/tmp/x.png")
        let moved = press([.home, .delete, .character("~")], on: edited).0
        #expect(moved.exportPrompt?.text == "~tmp/x.png")
        let (done, effects) = press([.enter], on: edited)
        #expect(done.exportPrompt == nil)
        #expect(effects == [exportEffect(state.groups[0], CompositionParameters(), "/tmp/x.png")])
        let (cancelled, none) = press(chars("q") + [.escape], on: prompted)
        #expect(cancelled.exportPrompt == nil && none.isEmpty && !cancelled.shouldQuit)
        // The proposed path is a suggestion: typing replaces it, End keeps it for editing, Enter accepts it.
        #expect(press(chars("/tmp/y.png"), on: prompted).0.exportPrompt?.text == "/tmp/y.png")
        #expect(press([.end] + chars("~"), on: prompted).0.exportPrompt?.text == "out/g0.png~")
        #expect(
            press([.enter], on: prompted).1 == [exportEffect(state.groups[0], CompositionParameters(), "out/g0.png")])
    }

    @Test func qEscAndCtrlCQuit() {
        // q and Ctrl-C keep the session; Esc never quits (issue 24).
        let session = Effect.saveSession(SessionRecord(of: twenty))
        #expect(press(chars("q"), on: twenty).1 == [session, .quit])
        #expect(!press([.escape], on: twenty).0.shouldQuit)
        #expect(press([.character("/"), .ctrlC], on: twenty).0.shouldQuit)
        #expect(press([.character("E"), .ctrlC], on: twenty).1.last == .quit)
    }

    @Test func resizeKeepsTheSelectionVisible() {
        let scrolled = press([.end], on: twenty).0
        let small = ListMetrics(visibleRowCount: 2, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 4))
        let (resized, _) = AppReducer.reduce(scrolled, .key(.resize), metrics: small)
        #expect(resized.selection == 19 && resized.scrollOffset == 18)
        let tall = ListMetrics(visibleRowCount: 30, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 60))
        #expect(AppReducer.reduce(scrolled, .key(.resize), metrics: tall).0.scrollOffset == 0)
    }
}

@Suite struct LayoutCycleTests {
    @Test func lWalksTheRegistryAndTheHelpSaysSo() {
        let metrics = ListMetrics(visibleRowCount: 5, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 10))
        var state = ViewFixtures.state(ViewFixtures.groups(2))
        var visited: [LayoutKind] = []
        for _ in 0...LayoutRegistry.kinds.count {
            visited.append(state.parameters.layout)
            state = AppReducer.reduce(state, .key(.character("l")), metrics: metrics).0
        }
        #expect(visited == LayoutRegistry.kinds + [LayoutRegistry.kinds[0]])
        let help = KeyBindings.help.first { $0.keys == "l" }?.action ?? ""
        #expect(help == "cycle layout " + LayoutRegistry.kinds.map(\.rawValue).joined(separator: " → "))
    }
}
