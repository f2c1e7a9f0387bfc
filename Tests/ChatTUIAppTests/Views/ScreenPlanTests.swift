import Fixtures
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct ScreenPlanTests {
    private static var kitty: ViewContext {
        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        context.listAvatarPixels = 48
        return context
    }

    private func plan(_ state: AppState, context: ViewContext = kitty, lookAhead: Int = 4) -> ScreenPlan {
        let avatarRows =
            context.graphics.drawsPixels ? ScreenLayout.avatarCells(pixels: 48, cell: context.pictureCell).rows : 0
        return ScreenPlan.make(
            state, layout: ScreenLayout(width: 100, height: 30, avatarRows: avatarRows), context: context,
            lookAhead: lookAhead)
    }

    @Test func thePreviewComesFirstThenTheVisibleRowsThenTheRowsAheadBelowAndAbove() {
        var state = ViewFixtures.state(ViewFixtures.groups(40))
        state.scrollOffset = 10
        state.selection = 10
        let plan = plan(state)
        let visible = plan.layout.listMetrics.visibleRowCount
        #expect(plan.slots.first?.source == .preview)
        #expect(plan.slots.first?.subject == .avatar(groupID: "g10"))
        let list = plan.slots.dropFirst()
        let expected = Array(10..<(10 + visible + 4)) + [9, 8]
        #expect(list.map(\.source) == expected.map { .listAvatar(groupID: "g\($0)") })
        #expect(list.map(\.isPrefetch) == expected.map { !(10..<(10 + visible)).contains($0) })
        #expect(plan.shown(in: .list).count == visible)
        // Each visible avatar is a pixel picture in its row, framed off the loop for the request it is drawn for.
        for (row, slot) in plan.shown(in: .list).enumerated() {
            #expect(slot.area.y == row * plan.layout.rowHeight)
            guard case .pixelPicture(let id, let request) = slot.drawing else {
                Issue.record("not a pixel picture")
                continue
            }
            #expect(id == ChatListView.firstPictureID + UInt32(10 + row))
            #expect(slot.framedAhead == request && slot.request == request)
        }
    }

    @Test func anABComparisonPlansBThenThePinnedAThenTheStripsLayouts() {
        var state = ViewFixtures.state(ViewFixtures.groups(3))
        var pinned = state.parameters
        pinned.margin = 12
        state.pinned = pinned
        state.showsComparison = true
        let preview = plan(state, lookAhead: 0).slots.filter { $0.pane == .preview }
        #expect(preview.map(\.source) == [.preview, .pinned] + LayoutRegistry.kinds.map { .comparison($0) })
        #expect(preview[1].parameters.margin == 12 && preview[0].parameters.margin == nil)
        // Only the current picture is framed ahead: A and the strip are framed on the loop.
        #expect(preview[0].framedAhead != nil)
        #expect(preview.dropFirst().allSatisfy { $0.framedAhead == nil })
        #expect(preview.dropFirst(2).map(\.parameters.layout) == LayoutRegistry.kinds)
        // A on the left, B on the right, as their labels say.
        #expect(preview[1].area.x < preview[0].area.x)
    }

    @Test func theSheetIsOneSlotOfItsOwnSubject() {
        var state = ViewFixtures.state(ViewFixtures.groups(3))
        state.showsSheet = true
        state.sheetTheme = .dark
        let preview = plan(state).slots.filter { $0.pane == .preview }
        #expect(preview.map(\.source) == [.sheet(.dark)])
        #expect(preview[0].subject == .sheet(groupID: "g0", theme: .dark))
        #expect(preview[0].group.id == "g0")
        #expect(preview[0].framedAhead != nil)
    }

    @Test func underAnOverlayThePlanIsTheSameThePicturesAreCutInTheFrame() {
        var state = ViewFixtures.state(ViewFixtures.groups(30))
        let closed = plan(state, lookAhead: 0)
        state.showsHelp = true
        let open = plan(state, lookAhead: 0)
        // The overlay changes nothing the plan holds: the preview stays a pixel picture framed ahead, and so do
        // the list avatars (`ScreenView.frame` cuts them around the box).
        #expect(open.slots.map(\.drawing) == closed.slots.map(\.drawing))
        #expect(open.slots[0].source == .preview && open.slots[0].framedAhead != nil)
        #expect(open.shown(in: .list).allSatisfy { if case .pixelPicture = $0.drawing { true } else { false } })
    }

    @Test func halfBlocksHaveNoRequestAndTheGuidesStopFramingAhead() {
        var state = ViewFixtures.state(ViewFixtures.groups(5))
        let halfBlocks = plan(state, context: ViewFixtures.context)
        #expect(halfBlocks.slots.allSatisfy { $0.request == nil })
        #expect(halfBlocks.slots.filter { $0.pane == .list }.allSatisfy { $0.pixelSize.height == 2 * $0.area.height })
        state.showsGuides = true
        let guided = plan(state)
        #expect(guided.slots[0].request != nil && guided.slots[0].framedAhead == nil)
    }

    @Test func aScreenTooSmallPlansNothing() {
        let state = ViewFixtures.state(ViewFixtures.groups(5))
        let plan = ScreenPlan.make(state, layout: ScreenLayout(width: 1, height: 1), context: Self.kitty)
        #expect(plan.slots.isEmpty)
    }

    @Test func theFrameIsDrawnFromThePlansSlots() {
        let state = ViewFixtures.state(ViewFixtures.groups(30))
        let plan = plan(state, lookAhead: 4)
        let frame = ScreenView.frame(plan, source: FakeCellSource())
        let drawn = plan.slots.filter { !$0.isPrefetch }.compactMap { slot -> UInt32? in
            if case .pixelPicture(let id, _) = slot.drawing { id } else { nil }
        }
        #expect(frame.pictures.map(\.id) == drawn)
    }
}
