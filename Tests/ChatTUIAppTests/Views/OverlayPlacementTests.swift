import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Overlays beside pictures, not over them: with every overlay open the screen's pictures stay pixel pictures
/// (nothing is drawn in half blocks), cut around the overlay's box so that no picture cell lies under it; the
/// A/B differences go in the parameter panel, so both pictures being compared stay whole.
@Suite struct OverlayPlacementTests {
    private static var overlays: [(name: String, open: (inout AppState) -> Void)] {
        [
            ("help", { $0.showsHelp = true }),
            ("warnings", { $0.overlay = .warnings }),
            ("presets", { $0.overlay = .presets(selection: 0) }),
            ("shared text", { $0.overlay = .shared(title: "Flags", text: "--layout wechat\n--margin 4") }),
            ("A/B differences", { $0.overlay = .comparison(selection: 0) }),
        ]
    }

    private func context(_ graphicsProtocol: GraphicsProtocol) -> ViewContext {
        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: graphicsProtocol, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        context.listAvatarPixels = 48
        return context
    }

    /// Four groups, the first selected, with A pinned (a different margin), so the preview shows A and B.
    private func state() -> AppState {
        var state = ViewFixtures.state(ViewFixtures.groups(4))
        var pinned = state.parameters
        pinned.margin = 5
        state.pinned = pinned
        return state
    }

    /// The cells of `rect`.
    private func cells(_ rect: CellRect) -> Set<[Int]> {
        Set((rect.y..<rect.y + rect.height).flatMap { y in (rect.x..<rect.x + rect.width).map { [$0, y] } })
    }

    /// The cells the open overlay's box covers, drawn alone into a blank grid the screen's size.
    private func box(_ state: AppState, layout: ScreenLayout, context: ViewContext) throws -> CellRect {
        var scratch = CellGrid(width: layout.width, height: layout.height)
        let region = ScreenView.overlayRegion(state, layout: layout)
        let box =
            state.showsHelp
            ? HelpOverlay.draw(into: &scratch, in: region, scroll: state.overlayScroll, context: context)
            : ListOverlay.draw(try #require(state.overlay), state: state, into: &scratch, in: region, context: context)
        return try #require(box)
    }

    @Test(arguments: [GraphicsProtocol.kitty, .sixel, .iterm])
    func everyOverlayLeavesThePicturesPixelPicturesCutAroundItsBox(_ graphicsProtocol: GraphicsProtocol) throws {
        let context = context(graphicsProtocol)
        for layout in [ScreenLayout(width: 120, height: 30, avatarRows: 3), ScreenLayout(width: 90, height: 24)] {
            let closed = ScreenView.frame(state(), layout: layout, source: FakeCellSource(), context: context)
            #expect(closed.pictures.count >= 4, "the preview's A and B and the list avatars")
            for (name, open) in Self.overlays {
                var state = state()
                open(&state)
                let frame = ScreenView.frame(state, layout: layout, source: FakeCellSource(), context: context)
                let box = try box(state, layout: layout, context: context)
                // No picture is drawn in cells: the fake source draws them as "#" cells.
                #expect(
                    !ViewFixtures.rows(frame.grid).joined().contains("##"), "\(name): a picture drawn in cells")
                var partsCells = Set<[Int]>()
                for picture in frame.pictures {
                    #expect(cells(picture.area).isDisjoint(with: cells(box)), "\(name): \(picture.id) under the box")
                    partsCells.formUnion(cells(picture.area))
                }
                // Every picture cell the box leaves free still shows the picture.
                let before = closed.pictures.reduce(into: Set<[Int]>()) { $0.formUnion(cells($1.area)) }
                #expect(partsCells == before.subtracting(cells(box)), "\(name) at \(layout.width) columns")
            }
        }
    }

    @Test func theDifferencesGoInThePanelAndBothComparedPicturesStayWhole() throws {
        let context = context(.sixel)
        let layout = ScreenLayout(width: 150, height: 30, panel: .shown, avatarRows: 3)
        let panel = try #require(layout.panel)
        var state = state()
        let closed = ScreenView.frame(state, layout: layout, source: FakeCellSource(), context: context)
        state.overlay = .comparison(selection: 0)
        let open = ScreenView.frame(state, layout: layout, source: FakeCellSource(), context: context)
        // The same pictures, A's and B's among them, whole and unchanged.
        #expect(open.pictures == closed.pictures)
        #expect(Set(PreviewView.pictureIDs).isSubset(of: open.pictures.map(\.id)))
        // The table is in the panel's columns, which show nothing else while it is open.
        let table = try box(state, layout: layout, context: context)
        #expect(cells(table).isSubset(of: cells(panel)))
        let rows = ViewFixtures.rows(open.grid)
        let title = try #require(rows.firstIndex { $0.contains("A ↔ B: 1 difference") })
        #expect(String(rows[title].dropFirst(panel.x)).contains("A ↔ B"))
        #expect(rows.contains { $0.contains("margin") && $0.contains("5 pt") })
        #expect(!rows.joined().contains("Parameters"))
        // Without a panel the table goes over the chat list: the preview's pictures stay whole there too.
        let narrow = ScreenLayout(width: 90, height: 30, avatarRows: 3)
        let listBox = try box(state, layout: narrow, context: context)
        #expect(cells(listBox).isSubset(of: cells(narrow.list)))
        let overList = ScreenView.frame(state, layout: narrow, source: FakeCellSource(), context: context)
        for id in PreviewView.pictureIDs {
            let before = ScreenView.frame(
                self.state(), layout: narrow, source: FakeCellSource(), context: context
            ).pictures.first { $0.id == id }
            #expect(before != nil && overList.pictures.first { $0.id == id } == before, "picture \(id)")
        }
    }
}
