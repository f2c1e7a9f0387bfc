import ChatTUITestSupport
import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct ParameterPanelViewTests {
    private func rows(_ state: AppState, width: Int = ScreenLayout.panelWidth, height: Int = 30) -> [String] {
        ViewFixtures.rows(ParameterPanelView.render(state, width: width, height: height, context: ViewFixtures.context))
    }

    @Test func everyParameterOfTheLayoutIsListedWithItsValueAndUnit() {
        let state = ViewFixtures.state(groups(withMembers: [9]))
        let text = rows(state)
        for field in ParameterCatalogue.fields(for: .wechat) {
            #expect(text.contains { $0.contains(String(field.label.prefix(12))) }, "\(field.name)")
        }
        #expect(text.contains { $0.contains("Size") && $0.contains("132 pt") })
        #expect(text.contains { $0.contains("Margin") && $0.contains("auto 7.33 pt") })
        #expect(text.contains { $0.contains("Background") && $0.contains("auto #AAAAAA") })
        #expect(text.contains { $0.contains("Export") && $0.contains("@1x (scale)") })
        // Layout options appear for their layout only.
        #expect(text.contains { $0.contains("Full-bleed") })
        var grid = state
        grid.parameters.layout = .grid
        let gridText = rows(grid)
        #expect(gridText.contains { $0.contains("Grid columns") && $0.contains("auto 3") })
        #expect(!gridText.contains { $0.contains("Full-bleed") })
    }

    @Test func lengthsShowPixelsAtTheExportScale() throws {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.parameters.scale = 2
        state.parameters.margin = 4.5
        state.panel.selectedRow = "margin"
        let text = rows(state)
        #expect(text.contains { $0.contains("Margin") && $0.contains("4.5 pt · 9 px") })
        // The selected parameter in full below the list: value, range, steps.
        #expect(text.contains { $0.contains("4.5 pt = 9 px at @2x") })
        // The range that can be set for these groups (issue 24), not the field's 0-33.
        let field = try #require(ParameterCatalogue.field(named: "margin"))
        let usable = try #require(
            ParameterUse.usableRange(field, in: state.parameters, memberCounts: state.memberCounts))
        #expect(text.contains { $0.contains("range 0–\(formatNumber((usable.upperBound * 100).rounded() / 100)) pt") })
        #expect(text.contains { $0.contains("steps ← → 1 pt, < > 4 pt") })
    }

    @Test func theSelectedRowIsMarkedAndReversedWhenFocused() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.panel.selectedRow = "size"
        let unfocused = ParameterPanelView.render(state, width: 42, height: 30, context: ViewFixtures.context)
        let y = ViewFixtures.rows(unfocused).firstIndex { $0.contains("Size") } ?? -1
        #expect(unfocused[0, y].text == "▌")
        #expect(!unfocused[1, y].style.contains(.reverse))
        state.panel.isFocused = true
        let focused = ParameterPanelView.render(state, width: 42, height: 30, context: ViewFixtures.context)
        #expect(focused[1, y].style.contains(.reverse))
        #expect(ViewFixtures.rows(focused)[0].contains("Tab: list"))
    }

    @Test func thePinnedValueIsShownWhenItDiffers() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.pinned = state.parameters
        state.parameters.margin = 3
        state.panel.selectedRow = "margin"
        #expect(rows(state).contains { $0.contains("A (pinned): auto 7.33 pt") })
    }

    @Test func tinyPanelsDoNotCrash() {
        let state = ViewFixtures.state(groups(withMembers: [9]))
        for width in [0, 1, 2, 3, 5, 8, 13, 20, 30, 42] {
            for height in [0, 1, 2, 3, 5, 8, 12] {
                let grid = ParameterPanelView.render(state, width: width, height: height, context: ViewFixtures.context)
                #expect(grid.width == width && grid.height == height)
            }
        }
    }
}

@Suite struct WorkbenchScreenTests {
    private func render(_ state: AppState, width: Int, height: Int) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(width: width, height: height)
        terminal.draw(
            ScreenView.render(
                state, layout: ScreenLayout(width: width, height: height, panel: state.panel.visibility),
                source: FakeCellSource(), context: ViewFixtures.context))
        return terminal
    }

    @Test func thePanelIsOnByDefaultWhenTheTerminalIsWideEnough() {
        #expect(ScreenLayout(width: 200, height: 60, panel: .automatic).panel != nil)
        #expect(ScreenLayout(width: 100, height: 30, panel: .automatic).panel == nil)
        #expect(ScreenLayout(width: 130, height: 30, panel: .automatic).panel == nil)
        #expect(ScreenLayout(width: 100, height: 30, panel: .shown).panel != nil)
        #expect(ScreenLayout(width: 99, height: 30, panel: .shown).panel == nil)
        #expect(ScreenLayout(width: 200, height: 60, panel: .hidden).panel == nil)
        let layout = ScreenLayout(width: 200, height: 60, panel: .automatic)
        #expect(layout.preview.x + layout.preview.width + 1 == layout.panel?.x)
        let state = ViewFixtures.state(groups(withMembers: [9]))
        let terminal = render(state, width: 200, height: 60)
        #expect(terminal.text.contains("Parameters"))
        // With the panel on screen the status line leaves the parameters to it.
        #expect(!terminal.row(59).contains("margin 7.3 pt"))
        #expect(render(state, width: 100, height: 30).row(29).contains("WeChat · margin 7.3 pt auto"))
    }

    @Test func pinnedParametersArePreviewedBesideTheCurrentOnes() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.pinned = state.parameters
        state.parameters.layout = .qq
        let source = FakeCellSource()
        let grid = PreviewView.render(state, width: 100, height: 40, source: source, context: ViewFixtures.context)
        let text = ViewFixtures.rows(grid).joined(separator: "\n")
        #expect(text.contains("A pinned") && text.contains("B current"))
        #expect(Set(source.requests.map(\.parameters.layout)) == [.wechat, .qq])
        // Both pictures are the same size, side by side.
        let sizes = source.requests.map { [$0.columns, $0.rows] }
        #expect(sizes.count == 2 && sizes[0] == sizes[1] && sizes[0][0] <= 49)
    }

    @Test func overlaysShowWarningsPresetsAndSharedText() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.addWarning("group \"g0\": \u{1B}[2Jmember \"M0\": a.jpg: file not found")
        state.overlay = .warnings
        let warnings = render(state, width: 100, height: 30).text
        #expect(warnings.contains("Warnings (1)"))
        #expect(warnings.contains("^[[2Jmember"))
        var file = PresetFile(path: "/cfg/chat-tui/presets.json")
        file.save(CompositionParameters(), as: "plain")
        state.presets = file
        state.overlay = .presets(selection: 0)
        #expect(render(state, width: 100, height: 30).text.contains("plain"))
        let command =
            "chat-tui export --fixtures groups.json --group g0 --output g0.png --layout wechat "
            + String(repeating: "--x ", count: 30)
        state.overlay = .shared(title: "Export command", text: command)
        let shared = render(state, width: 100, height: 30).text
        #expect(shared.contains("Export command"))
        // The long command is wrapped, not cut.
        #expect(shared.contains("chat-tui export --fixtures") && shared.filter { $0 == "x" }.count >= 30)
    }

    @Test func aVeryLongPresetNameTakesOneLineOfThePresetsOverlay() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        var file = PresetFile(path: "/cfg/chat-tui/presets.json")
        file.save(CompositionParameters(), as: String(repeating: "long", count: 750))
        file.save(CompositionParameters(), as: "short")
        state.presets = file
        state.overlay = .presets(selection: 0)
        let screen = render(state, width: 160, height: 40)
        let rows = (0..<40).map { screen.row($0) }
        #expect(rows.filter { $0.contains("longlong") }.count == 1)
        #expect(rows.contains { $0.contains("short") })
        #expect(rows.contains { $0.contains("longlong") && ($0.contains("l…") || $0.contains("l~")) })
    }

    @Test func aQuestionTakesTheStatusLine() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.question = Question(text: "Replace out/g0.png? (y/n)", onYes: [])
        #expect(render(state, width: 100, height: 30).row(29).hasPrefix(" Replace out/g0.png? (y/n)"))
    }

    @Test func helpListsEveryNewKeyWithStepsAndUnits() {
        var state = ViewFixtures.state(groups(withMembers: [9]))
        state.showsHelp = true
        let text = render(state, width: 160, height: 50).text
        for needle in [
            "margin − / + 1 pt", "canvas corner radius − / + 2 pt", "U  Ctrl-R", "redo", "Tab", "parameter panel",
            "fine step", "coarse step", "margin, padding 4 pt", "export scales", "pin the parameters", "OSC 52",
            "preset JSON", "list the warnings", "s  o",
        ] {
            #expect(text.contains(needle), "help misses \(needle)")
        }
    }
}

@Suite struct ComparisonOverlayViewTests {
    @Test func theOverlayShowsEachDifferenceWithAsAndBsValues() {
        var state = ViewFixtures.state(groups(withMembers: [4]))
        var pinned = state.parameters
        pinned.margin = 5
        state.pinned = pinned
        state.parameters.layout = .qq
        state.overlay = .comparison(selection: 1)
        let terminal = InMemoryTerminal(width: 120, height: 30)
        terminal.draw(
            ScreenView.render(
                state, layout: ScreenLayout(width: 120, height: 30), source: FakeCellSource(),
                context: ViewFixtures.context))
        #expect(terminal.text.contains("A ↔ B: 2 differences"))
        let rows = terminal.text.split(separator: "\n")
        #expect(rows.contains { $0.contains("layout") && $0.contains("wechat") && $0.contains("qq") })
        #expect(rows.contains { $0.contains("margin") && $0.contains("5 pt") && $0.contains("auto") })
        #expect(terminal.text.contains("s swaps A and B"))
        state.parameters = pinned
        terminal.draw(
            ScreenView.render(
                state, layout: ScreenLayout(width: 120, height: 30), source: FakeCellSource(),
                context: ViewFixtures.context))
        #expect(terminal.text.contains("A and B are the same parameters."))
    }
}
