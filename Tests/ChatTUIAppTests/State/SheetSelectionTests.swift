import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// The variants sheet's selection: the arrows and clicks select a cell, Enter (or a second click) shows the
/// group with that variant's members through the member editing, the context row switches the theme.
@Suite struct SheetSelectionTests {
    /// Group 0 has three members with photos, group 1 six others: the pool the variants draw on is p0 ... p8.
    private var state: AppState {
        let photos = (0..<9).map { GroupMember(id: "m\($0)", name: "M\($0)", avatarPath: "/photos/p\($0).jpg") }
        return ViewFixtures.state([
            ChatGroup(id: "g0", name: "Group 0", members: Array(photos[0..<3])),
            ChatGroup(id: "g1", name: "Group 1", members: Array(photos[3..<9])),
        ])
    }

    /// The screen: the list 30 columns wide, the preview pane from column 31, 80 × 30.
    private static let pane = CellRect(x: 31, y: 0, width: 80, height: 30)

    private static let pixelContext: ViewContext = {
        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        return context
    }()

    /// Keys through the reducer with the sheet's geometry worked out, before each key, as the runtime does.
    private func press(
        _ keys: [Key], on state: AppState, context: ViewContext = ViewFixtures.context
    ) -> (AppState, [Effect]) {
        var presser = KeyPresser()
        var current = state
        var effects: [Effect] = []
        for key in keys {
            presser.metrics.sheet = SheetGeometry.shown(
                current, width: Self.pane.width, height: Self.pane.height, context: context
            )?.moved(x: Self.pane.x, y: Self.pane.y)
            let (next, produced) = presser.press([key], on: current)
            current = next
            effects += produced
        }
        return (current, effects)
    }

    /// A click in the middle of the cell at `index` of the sheet `state` shows.
    private func click(cell index: Int, _ state: AppState, context: ViewContext = ViewFixtures.context) throws -> Key {
        let geometry = try #require(
            SheetGeometry.shown(state, width: Self.pane.width, height: Self.pane.height, context: context))
        let cells = geometry.moved(x: Self.pane.x, y: Self.pane.y).cells(of: try #require(geometry.box(ofCell: index)))
        return .mouse(x: cells.x + cells.width / 2, y: cells.y + cells.height / 2)
    }

    @Test func arrowsSelectCellsAndTheStatusLineSaysWhatEnterDoes() {
        let open = press(chars("v"), on: state).0
        #expect(open.sheetSelection == nil)
        // The first arrow starts on the group's own cell, the last one.
        let own = press([.right], on: open).0
        #expect(own.sheetSelection == VariantsSheetLayout.memberCounts.count)
        #expect(own.status == "Variant: Group 0 as in the fixture (3 members) — Enter shows the group's own members")
        let twelve = press([.right, .left], on: open).0
        #expect(twelve.sheetSelection == 9 && twelve.status.hasPrefix("Variant: 12 members"))
        let four = press([.right, .left, .up], on: open).0
        #expect(four.sheetSelection == 3)
        #expect(four.status == "Variant: 4 members — Enter shows the group with 4 members")
        // Down from the top row's fifth cell: the eleventh cell, the group's; the arrows keep the list still.
        let down = press([.right, .left, .up, .right, .down], on: open).0
        #expect(down.sheetSelection == 10 && down.selection == 0)
        #expect(press([.right, .left, .up, .left, .left, .left, .left, .left], on: open).0.sheetSelection == 0)
        // Without the sheet the arrows move the list as before.
        #expect(press([.down], on: state).0.selection == 1)
    }

    @Test func aClickOnCellKSelectsVariantKInHalfBlocksAndInPixels() throws {
        for context in [ViewFixtures.context, Self.pixelContext] {
            let open = press(chars("v"), on: state, context: context).0
            for index in 0..<KeyBindings.sheetCellCount {
                let clicked = press([try click(cell: index, open, context: context)], on: open, context: context).0
                #expect(clicked.sheetSelection == index, "cell \(index), pixels: \(context.pixelCell != nil)")
                #expect(clicked.showsSheet && clicked.groups == open.groups)
            }
        }
    }

    @Test func enterShowsTheGroupWithTheVariantsMembersAndUUndoesIt() throws {
        let open = press(chars("v"), on: state).0
        let selected = press([try click(cell: 4, open)], on: open).0
        #expect(selected.sheetSelection == 4)
        let (applied, effects) = press([.enter], on: selected)
        let group = try #require(applied.selectedGroup)
        // Five members: the group's three, then the pool's next two, as the sheet's cell draws them.
        #expect(group.members.map(\.id) == ["m0", "m1", "m2", "m3", "m4"])
        #expect(applied.membersAreEdited("g0") && !applied.showsSheet && applied.sheetSelection == nil)
        #expect(applied.status.hasPrefix("Variant of 5 members (3 → 5 members of Group 0)"))
        #expect(effects.contains(.invalidateComposites(["g0"])))
        let undone = press(chars("u"), on: applied).0
        #expect(undone.selectedGroup?.members.count == 3 && !undone.membersAreEdited("g0"))
        // y's command says the members were edited.
        let (_, copied) = press(chars("y"), on: applied)
        #expect(copied.contains { if case .copy(let text) = $0 { text.contains("# members edited") } else { false } })
    }

    @Test func aClickOnTheSelectedCellAppliesIt() throws {
        let open = press(chars("v"), on: state).0
        let twice = press([try click(cell: 1, open), try click(cell: 1, open)], on: open).0
        #expect(twice.selectedGroup?.members.map(\.id) == ["m0", "m1"] && !twice.showsSheet)
    }

    @Test func theGroupsOwnCellBringsTheFixturesMembersBack() throws {
        let edited = press(chars("v") + [.right, .left, .up, .right, .enter], on: state).0
        #expect(edited.selectedGroup?.members.count == 5)
        // The sheet is the group as the fixture has it: its own cell says three members and restores them.
        let reopened = press(chars("v") + [.right], on: edited).0
        #expect(reopened.status.contains("as in the fixture (3 members)"))
        let restored = press([.enter], on: reopened).0
        #expect(restored.selectedGroup?.members.count == 3 && !restored.membersAreEdited("g0"))
        let again = press(chars("v") + [.right, .enter], on: restored).0
        #expect(again.showsSheet && again.status == "Group 0 shows these 3 members already")
    }

    @Test func aClickOutsideEveryCellSelectsNothingAndSaysNothing() {
        let open = press(chars("v"), on: state).0
        let corner = Key.mouse(x: Self.pane.x + Self.pane.width - 1, y: Self.pane.height - 1)
        for key in [Key.mouse(x: Self.pane.x + 2, y: 0), corner] {
            let clicked = press([key], on: open).0
            #expect(clicked.sheetSelection == nil && clicked.status == open.status && clicked.showsSheet)
        }
        #expect(press([.enter], on: open).0.status == "Select a variant first: the arrows or a click on its cell")
    }

    @Test func aClickOnTheContextRowSwitchesTheTheme() throws {
        let open = press(chars("v"), on: state).0
        let geometry = try #require(
            SheetGeometry.shown(open, width: Self.pane.width, height: Self.pane.height, context: ViewFixtures.context))
        let row = try #require(geometry.layout.contextRows.first)
        let cells = geometry.moved(x: Self.pane.x, y: Self.pane.y).cells(of: row)
        let dark = press([.mouse(x: cells.x + cells.width / 2, y: cells.y + cells.height / 2)], on: open).0
        #expect(dark.sheetTheme == .dark && dark.status == "Chat list theme: dark" && dark.sheetSelection == nil)
    }
}
