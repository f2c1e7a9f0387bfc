import Fixtures
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// A WeChat group of four at 100 pt with a 10 pt margin: tiles 35 pt square at 10 and 55 pt.
private func fourAtHundred(scale: Int = 1) -> AppState {
    var state = ViewFixtures.state(groups(withMembers: [4, 2]))
    state.parameters.size = 100
    state.parameters.margin = 10
    state.parameters.scale = scale
    return state
}

@Suite struct GuideTests {
    private let keys = KeyPresser()

    @Test func iTogglesTheGuidesAndSaysWhatTheyShow() {
        let shown = keys.state(after: chars("i"), on: fourAtHundred())
        #expect(shown.showsGuides && shown.status.hasPrefix("Guides"))
        #expect(!keys.state(after: chars("ii"), on: fourAtHundred()).showsGuides)
    }

    @Test func theLegendDimensionsTheSpacingInPointsAndPixelsAndListsTheFrames() throws {
        var state = keys.state(after: chars("i"), on: fourAtHundred(scale: 2))
        let legend = try #require(Guides.shown(in: state)).legend
        #expect(legend[0].hasPrefix("guides @2x: canvas 100 pt 200 px · margin 10 pt 20 px"))
        #expect(legend[1] == "edges 10 pt 20 px · gap 10 pt 20 px")
        #expect(
            Array(legend.dropFirst(2)) == [
                "1. x 10  y 10  w 35  h 35", "2. x 55  y 10  w 35  h 35", "3. x 10  y 55  w 35  h 35",
                "4. x 55  y 55  w 35  h 35",
            ])
        state.showsGuides = false
        #expect(Guides.shown(in: state) == nil)
    }

    @Test func unevenEdgesAndGapsAreGivenSideBySide() {
        var guides = Guides(memberCount: 2, parameters: CompositionParameters())
        guides.canvas = Size(width: 100, height: 50)
        guides.tiles = [Rect(x: 5, y: 10, width: 40, height: 30), Rect(x: 50, y: 10, width: 40, height: 30)]
        #expect(guides.legend[1] == "edges l 5 t 10 r 10 b 10 pt · gap across 5 pt 5 px")
    }

    @Test func frameLinesAndNumbersSitOnTheTilesCells() {
        let state = keys.state(after: chars("i"), on: fourAtHundred())
        let grid = PreviewView.render(
            state, width: 60, height: 30, source: FakeCellSource(), context: ViewFixtures.context)
        // Six legend rows leave 22 rows: a 44 x 22 picture from column 8, row 2. Tile 1 (10-45 pt of 100)
        // covers columns 12-27 and rows 4-11; tile 4 (55-90 pt) columns 32-47 and rows 14-21.
        #expect(grid[12, 4].text == "┌" && grid[13, 4].text == "1" && grid[27, 4].text == "┐")
        #expect(grid[12, 11].text == "└" && grid[27, 11].text == "┘" && grid[12, 8].text == "│")
        #expect(grid[32, 14].text == "┌" && grid[33, 14].text == "4" && grid[47, 21].text == "┘")
        #expect(grid[20, 8].text == "#" && grid[12, 4].foreground == .indexed(13))
        let rows = ViewFixtures.rows(grid)
        #expect(rows[24].contains("guides @1x: canvas 100 pt 100 px · margin 10 pt 10 px"))
        #expect(rows[26].hasPrefix(" 1. x 10  y 10  w 35  h 35"))
        #expect(rows[29].hasPrefix(" 4. x 55  y 55  w 35  h 35"))
        // Without guides the picture has the whole pane and no lines.
        let plain = ViewFixtures.rows(
            PreviewView.render(
                fourAtHundred(), width: 60, height: 30, source: FakeCellSource(), context: ViewFixtures.context))
        #expect(!plain.joined().contains("┌"))
    }

    @Test func pixelPicturesGetTheLinesInACopyOfTheirPixels() throws {
        let state = keys.state(after: chars("i"), on: fourAtHundred())
        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        let composed = PreviewView.compose(
            state, width: 60, height: 30, source: FakeCellSource(), context: context)
        let picture = try #require(composed.pictures.first)
        // The fake picture is white over the whole 60 x 22 cell area (480 x 352 px); the composite is framed
        // in its middle: 352 px square from x 64. Tile 1's top-left corner is 10 % in: (99, 35).
        #expect(picture.image[99, 35] == GuideOverlay.pixelColor)
        #expect(picture.image[150, 35] == GuideOverlay.pixelColor)
        #expect(picture.image[150, 100] == .white)
    }

    @Test func pixelGuidesNumberEachTileAtItsTopLeftCorner() throws {
        let state = keys.state(after: chars("i"), on: fourAtHundred())
        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        let composed = PreviewView.compose(state, width: 60, height: 30, source: FakeCellSource(), context: context)
        let image = try #require(composed.pictures.first).image
        // Tiles 123 px square with their top-left corners at (99, 35), (257, 35), (99, 194) and (257, 194);
        // the region just inside each corner, past its frame line, holds its number and nothing else.
        let corners = [(99, 35), (257, 35), (99, 194), (257, 194)]
        for (index, corner) in corners.enumerated() {
            let read = try #require(digitPattern(in: image, x: corner.0 + 3, y: corner.1 + 3, size: 55))
            #expect(read.rows == expectedDigits[index + 1], "tile \(index + 1)")
            // Big enough to read: squares of several pixels, outlined in black.
            #expect(read.scale >= 4)
            let firstLit = try #require(read.rows[0].firstIndex(of: "#")).utf16Offset(in: read.rows[0])
            #expect(image[read.left + firstLit * read.scale + read.scale / 2, read.top - 1] == .black)
        }
        // The same picture without guides has no number there.
        let plain = PreviewView.compose(
            fourAtHundred(), width: 60, height: 30, source: FakeCellSource(), context: context)
        let plainImage = try #require(plain.pictures.first).image
        #expect(digitPattern(in: plainImage, x: 102, y: 38, size: 55) == nil)
    }

    @Test func aTileNumberOfTwoDigitsReadsInOrder() throws {
        var guides = Guides(memberCount: 10, parameters: CompositionParameters())
        guides.canvas = Size(width: 100, height: 100)
        // Nine small tiles along the bottom, the tenth the whole top half.
        guides.tiles =
            (0..<9).map { Rect(x: Double($0) * 11, y: 80, width: 10, height: 10) }
            + [Rect(x: 0, y: 0, width: 100, height: 50)]
        var image = RGBAImage(width: 200, height: 200, fill: .white)
        GuideOverlay.draw(
            guides, placement: Rect(x: 0, y: 0, width: 20, height: 20), into: &image, origin: (0, 0),
            cell: CellPixelSize(width: 10, height: 10))
        let read = try #require(digitPattern(in: image, x: 3, y: 3, size: 90))
        #expect(read.rows == tenRows)
        #expect(read.scale == 4)
        // A tile 20 px square still gets squares of two pixels: tile 1 at (0, 160).
        let small = try #require(digitPattern(in: image, x: 3, y: 163, size: 15))
        #expect(small.rows == expectedDigits[1] && small.scale == 2)
    }

    @Test func withAPinnedTheGuidesAreDrawnOnAAsOnBAtEachOnesParameters() throws {
        // A at a 10 pt margin, B at 20 pt: each picture gets its own four frames.
        let state = keys.state(
            after: chars("p") + Array(repeating: .character("]"), count: 10) + chars("i"),
            on: fourAtHundred())
        #expect(state.pinned?.margin == 10 && state.parameters.margin == 20)
        let grid = PreviewView.render(
            state, width: 100, height: 30, source: FakeCellSource(), context: ViewFixtures.context)
        let half = 50
        func corners(_ columns: Range<Int>) -> [(x: Int, y: Int)] {
            (0..<30).flatMap { y in columns.filter { grid[$0, y].text == "┌" }.map { (x: $0, y: y) } }
        }
        let a = corners(0..<half), b = corners(half..<100)
        #expect(a.count == 4 && b.count == 4)
        // The first tile starts further in on B, whose margin is larger.
        let firstA = try #require(a.first), firstB = try #require(b.first)
        let pictures = PreviewGeometry.pictures(state, width: 100, height: 30)
        #expect(firstA.x - pictures[0].area.x < firstB.x - pictures[1].area.x)

        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        let composed = PreviewView.compose(state, width: 100, height: 30, source: FakeCellSource(), context: context)
        #expect(composed.pictures.count == 2)
        for picture in composed.pictures {
            #expect(picture.image.pixels.count > 0)
            #expect(
                stride(from: 0, to: picture.image.pixels.count, by: 4).contains {
                    picture.image.pixels[$0] == 255 && picture.image.pixels[$0 + 1] == 0
                        && picture.image.pixels[$0 + 2] == 255
                })
        }
    }
}

@Suite struct PixelInspectorTests {
    private let keys = KeyPresser()

    @Test func capitalIOpensTheOneToOneViewWithTheCursorInTheMiddle() {
        let state = keys.state(after: chars("I"), on: fourAtHundred())
        #expect(state.actualPixels?.cursor == PixelPosition(x: 50, y: 50))
        #expect(state.status.hasPrefix("Pixel inspector"))
        // I again hides the cursor; the view stays.
        let hidden = keys.state(after: chars("II"), on: fourAtHundred())
        #expect(hidden.actualPixels != nil && hidden.actualPixels?.cursor == nil)
        // In the view without the cursor I shows it.
        #expect(keys.state(after: chars("1I"), on: fourAtHundred()).actualPixels?.cursor == PixelPosition(x: 50, y: 50))
    }

    @Test func arrowsMoveTheCursorAPixelShiftTenAndItStaysOnTheComposite() {
        let state = keys.state(after: chars("I"), on: fourAtHundred())
        #expect(keys.state(after: [.left, .left, .up], on: state).actualPixels?.cursor == PixelPosition(x: 48, y: 49))
        #expect(keys.state(after: [.shiftRight, .down], on: state).actualPixels?.cursor == PixelPosition(x: 60, y: 51))
        let corner = keys.state(
            after: Array(repeating: .shiftLeft, count: 8) + Array(repeating: .up, count: 80), on: state)
        #expect(corner.actualPixels?.cursor == PixelPosition(x: 0, y: 0))
        // h j k l still pan; the layout and the list stay.
        #expect(corner.parameters == state.parameters && corner.selection == 0)
    }

    @Test func theViewFollowsTheCursorOutOfWhatIsShown() throws {
        var presser = KeyPresser()
        presser.metrics.actualPixelsShown = ShownFraction(width: 0.2, height: 0.2)
        let state = presser.state(after: chars("I"), on: fourAtHundred())
        let moved = presser.state(after: Array(repeating: .shiftRight, count: 3), on: state)
        // The cursor at 80 of 100 px: the shown fifth reaches to it (centre 0.705 + 0.1 = 0.805).
        let view = try #require(moved.actualPixels)
        #expect(view.cursor == PixelPosition(x: 80, y: 50))
        #expect(abs(view.centreX - 0.705) < 1e-9 && view.centreY == 0.5)
    }

    @Test func theReadingGivesPixelsPointsTheCompositesColourAndTheTile() throws {
        var state = keys.state(after: chars("I"), on: fourAtHundred(scale: 2))
        // At scale 2 the composite is 200 px: the cursor starts at (100, 100), the gap between the tiles.
        var composite = RGBAImage(width: 200, height: 200, fill: RGBA8(r: 0xAA, g: 0xAA, b: 0xAA))
        composite[100, 100] = RGBA8(r: 0x12, g: 0x34, b: 0x56)
        composite[31, 41] = RGBA8(r: 0xFF, g: 0, b: 0, a: 0x80)
        #expect(
            PixelInspector.readout(state, composite: composite, unicode: true)
                == "px 100, 100 · pt 50, 50 · #123456 · gap")
        state.actualPixels?.cursor = PixelPosition(x: 31, y: 41)
        #expect(
            PixelInspector.readout(state, composite: composite, unicode: true)
                == "px 31, 41 · pt 15.5, 20.5 · #FF000080 · tile 1 M0 (m0)")
        state.actualPixels?.cursor = PixelPosition(x: 150, y: 190)
        #expect(PixelInspector.readout(state, composite: nil, unicode: false) == "px 150, 190 | pt 75, 95 | ~ | margin")
        state.actualPixels?.cursor = PixelPosition(x: 150, y: 150)
        #expect(
            PixelInspector.region(at: PixelPosition(x: 150, y: 150), in: state)
                == .tile(index: 3, member: GroupMember(id: "m3", name: "M3")))
        state.actualPixels?.cursor = nil
        #expect(PixelInspector.readout(state, composite: composite, unicode: true) == nil)
    }

    @Test func thePreviewTitleShowsTheReadingAndTheCursorCell() throws {
        let state = keys.state(after: chars("I"), on: fourAtHundred())
        let source = FakeCellSource()
        source.composites["g0"] = RGBAImage(width: 100, height: 100, fill: RGBA8(r: 1, g: 2, b: 3))
        let grid = PreviewView.render(state, width: 60, height: 30, source: source, context: ViewFixtures.context)
        #expect(ViewFixtures.rows(grid)[1].hasPrefix(" 1:1 x1 · px 50, 50 · pt 50, 50 · #010203 · gap"))
        // The 1:1 view in half blocks: 100 x 100 px in 60 x 28 cells of 1 x 2 px, centred from column 0 ...
        // the fake fills the whole area, and the cursor's pixel is at the middle of the composite's frame.
        #expect(grid.cells.filter { $0.text == "◆" }.count == 1)
    }
}

@Suite struct MemberEditingTests {
    private let keys = KeyPresser()

    /// Three groups: g0 with m0 m1, g1 with m0 m1 m2, g2 with m0 ... m3 (ids repeat across groups).
    private var three: AppState { ViewFixtures.state(groups(withMembers: [2, 3, 4])) }

    @Test func nAddsTheFirstPhotoOfTheOtherGroupsThatTheGroupLacks() {
        let (added, effects) = keys.press(chars("n"), on: three)
        #expect(added.selectedGroup?.members.map(\.id) == ["m0", "m1", "m2"])
        #expect(added.membersAreEdited("g0") && !added.membersAreEdited("g1"))
        #expect(effects == [.invalidateComposites(["g0"])])
        #expect(added.status.contains("session only") && added.status.contains("u undoes"))
        #expect(added.memberCounts == [3, 4])
        // The pool runs out after m3: every member of the other groups is in it.
        let full = keys.state(after: chars("nnn"), on: three)
        #expect(full.selectedGroup?.members.count == 4 && full.status.hasPrefix("No photo left"))
        #expect(MemberEditing.pool(for: full.selectedGroup!, in: full).isEmpty)
    }

    @Test func theCountStopsAtWhatTheLayoutDrawsAndAtOneMember() {
        var nine = ViewFixtures.state(groups(withMembers: [9, 12]))
        #expect(keys.state(after: chars("n"), on: nine).status.hasPrefix("WeChat draws at most 9 members"))
        nine = keys.state(after: chars("NNNNNNNN"), on: nine)
        #expect(nine.selectedGroup?.members.count == 1)
        #expect(keys.state(after: chars("N"), on: nine).status.hasPrefix("A group keeps at least one member"))
    }

    @Test func uUndoesAMemberChangeAndUFedoesIt() {
        let added = keys.state(after: chars("n"), on: three)
        let (undone, effects) = keys.press(chars("u"), on: added)
        #expect(undone.selectedGroup?.members.map(\.id) == ["m0", "m1"] && !undone.membersAreEdited("g0"))
        #expect(effects == [.invalidateComposites(["g0"])] && undone.status.hasPrefix("Undone: Added"))
        let redone = keys.state(after: chars("U"), on: undone)
        #expect(redone.selectedGroup?.members.count == 3 && redone.membersAreEdited("g0"))
        // Parameters undo as before, past the member change.
        let mixed = keys.state(after: chars("]nuu"), on: three)
        #expect(mixed.parameters == three.parameters && mixed.selectedGroup?.members.count == 2)
    }

    @Test func droppingBackToTheFixturesMembersEndsTheEdit() {
        let state = keys.state(after: chars("nN"), on: three)
        #expect(!state.membersAreEdited("g0") && state.selectedGroup?.members.count == 2)
        #expect(state.status.contains("as in the fixture"))
    }

    @Test func readingTheFixtureAgainEndsTheEdits() {
        var state = keys.state(after: chars("n"), on: three)
        state.replaceGroups(groups(withMembers: [2, 3, 4]))
        #expect(!state.membersAreEdited("g0") && state.selectedGroup?.members.count == 2)
    }

    @Test func theHeaderTheListTheExportAndYSayTheGroupIsEdited() {
        let state = keys.state(after: chars("n"), on: three)
        let preview = ViewFixtures.rows(
            PreviewView.render(state, width: 60, height: 20, source: FakeCellSource(), context: ViewFixtures.context))
        #expect(preview[0].contains("Group 0 (members edited, session only)"))
        let list = ViewFixtures.rows(
            ChatListView.render(
                state, width: 40, height: 10, rowHeight: 3, source: FakeCellSource(),
                context: ViewFixtures.context))
        #expect(list.contains { $0.contains("* Group 0") } && !list.contains { $0.contains("* Group 1") })
        let (exported, effects) = keys.press(chars("e"), on: state)
        #expect(exported.status.hasPrefix("Exporting the members shown (edited in the session)"))
        guard case .export(let request)? = effects.first else {
            Issue.record("no export")
            return
        }
        #expect(request.group.members.count == 3)
        let (shared, _) = keys.press(chars("y"), on: state)
        guard case .shared(_, let text)? = shared.overlay else {
            Issue.record("no shared text")
            return
        }
        #expect(
            text.hasPrefix("# members edited in the session") && text.contains("3 shown: m0 m1 m2\nchat-tui export"))
        let (plain, _) = keys.press(chars("y"), on: three)
        if case .shared(_, let text)? = plain.overlay { #expect(text.hasPrefix("chat-tui export")) }
    }
}

@Suite struct MouseTests {
    /// A 160 x 40 screen with the panel: the list at columns 0-47, the panel from column 118.
    private let layout = ScreenLayout(width: 160, height: 40, panel: .shown)
    private var presser: KeyPresser {
        var presser = KeyPresser()
        presser.metrics = layout.listMetrics
        return presser
    }
    private var state: AppState { ViewFixtures.state(groups(withMembers: [4, 4, 4, 4])) }

    @Test func hitTestingFindsListRowsAndPanelRows() throws {
        let metrics = layout.listMetrics
        let panel = try #require(layout.panel)
        #expect(MouseTarget.at(x: 3, y: 0, state: state, metrics: metrics) == .listRow(position: 0))
        #expect(MouseTarget.at(x: 3, y: 4 * layout.rowHeight, state: state, metrics: metrics) == .elsewhere)
        #expect(
            MouseTarget.at(x: 3, y: 2 * layout.rowHeight + 1, state: state, metrics: metrics) == .listRow(position: 2))
        let rows = PanelRow.rows(for: state.parameters)
        #expect(MouseTarget.at(x: panel.x + 3, y: 2, state: state, metrics: metrics) == .panelRow(name: rows[0].name))
        #expect(MouseTarget.at(x: panel.x + 3, y: 5, state: state, metrics: metrics) == .panelRow(name: rows[3].name))
        // The title, the lines below the rows, and the preview are nothing.
        #expect(MouseTarget.at(x: panel.x + 3, y: 0, state: state, metrics: metrics) == .elsewhere)
        #expect(MouseTarget.at(x: panel.x + 3, y: rows.count + 2, state: state, metrics: metrics) == .elsewhere)
        #expect(MouseTarget.at(x: 80, y: 5, state: state, metrics: metrics) == .elsewhere)
        var hidden = metrics
        hidden.panelIsShown = false
        #expect(MouseTarget.at(x: panel.x + 3, y: 2, state: state, metrics: hidden) == .elsewhere)
    }

    @Test func aClickOnAPanelRowSelectsItAndFocusesThePanel() throws {
        let panel = try #require(layout.panel)
        let rows = PanelRow.rows(for: state.parameters)
        let clicked = presser.state(after: [.mouse(x: panel.x + 2, y: 5)], on: state)
        #expect(clicked.panel.selectedRow == rows[3].name && clicked.panel.isFocused)
        let group = presser.state(after: [.mouse(x: 5, y: 2 * layout.rowHeight)], on: clicked)
        #expect(group.selection == 2)
    }

    @Test func theWheelOverAPanelRowStepsThatRowsValue() throws {
        let panel = try #require(layout.panel)
        let rows = PanelRow.rows(for: state.parameters)
        let marginRow = try #require(rows.firstIndex { $0.name == "margin" })
        let y = marginRow + ParameterPanelView.firstRowOffset
        let up = presser.state(after: [.wheelUp(x: panel.x + 10, y: y)], on: state)
        #expect(up.panel.selectedRow == "margin")
        let stepped = presser.state(after: [.right], on: presser.state(after: [.tab, .down, .down, .down], on: state))
        #expect(up.parameters == stepped.parameters && up.parameters != state.parameters)
        let down = presser.state(after: [.wheelDown(x: panel.x + 10, y: y)], on: up)
        #expect(down.parameters.margin != up.parameters.margin)
        // Over the list the wheel moves the selection, and the parameters stay.
        let listed = presser.state(after: [.wheelDown(x: 3, y: 1), .wheelDown(x: 3, y: 1)], on: state)
        #expect(listed.selection == 2 && listed.parameters == state.parameters)
        #expect(presser.state(after: [.wheelUp(x: 3, y: 1)], on: listed).selection == 1)
    }
}

/// The font's digits as the guides draw them, five rows of three squares each.
private let expectedDigits: [Int: [String]] = [
    1: [".#.", "##.", ".#.", ".#.", "###"], 2: ["###", "..#", "###", "#..", "###"],
    3: ["###", "..#", "###", "..#", "###"], 4: ["#.#", "#.#", "###", "..#", "..#"],
]

/// "10": a one, a square's gap, a nought.
private let tenRows = [".#..###", "##..#.#", ".#..#.#", ".#..#.#", "###.###"]

/// The guides' magenta pixels in the `size`-pixel square at (`x`, `y`) read as a five-row bitmap: their
/// bounding box cut into squares of a fifth of its height, each sampled at its centre. Nil without any.
private func digitPattern(in image: RGBAImage, x: Int, y: Int, size: Int) -> (
    rows: [String], scale: Int, left: Int, top: Int
)? {
    var lit: [(x: Int, y: Int)] = []
    for row in y..<min(image.height, y + size) {
        for column in x..<min(image.width, x + size) where image[column, row] == GuideOverlay.pixelColor {
            lit.append((column, row))
        }
    }
    guard let left = lit.map(\.x).min(), let right = lit.map(\.x).max(), let top = lit.map(\.y).min(),
        let bottom = lit.map(\.y).max()
    else { return nil }
    let scale = (bottom - top + 1) / 5
    guard scale > 0 else { return nil }
    let columns = (right - left + 1) / scale
    let rows = (0..<5).map { row in
        String(
            (0..<columns).map { column in
                image[left + column * scale + scale / 2, top + row * scale + scale / 2] == GuideOverlay.pixelColor
                    ? "#" : "."
            })
    }
    return (rows, scale, left, top)
}
