import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct CompositeStoreTests {
    @Test func aCanvasThatIsNotSquareIsLetterboxedNotStretched() {
        // A 40 x 10 composite in 20 x 5 cells (20 x 10 pixels): drawn 20 x 3 cells (2.5 rounded up) in the
        // middle rows; a square one fills the cells.
        let sizes = LockedState<[[Int]]>([])
        let store = CompositeStore(renderImage: { _, columns, rows in
            sizes.withLock { $0.append([columns, rows]) }
            return CellGrid(width: columns, height: rows)
        })
        let group = ViewFixtures.groups(1)[0]
        let wide = CompositionParameters(layout: .grid), square = CompositionParameters()
        store.store(
            Composite(image: RGBAImage(width: 40, height: 10)), for: PreviewKey(groupID: group.id, parameters: wide))
        store.store(
            Composite(image: RGBAImage(width: 10, height: 10)), for: PreviewKey(groupID: group.id, parameters: square))
        let cells = store.cells(for: .avatar(groupID: group.id), parameters: wide, columns: 20, rows: 5)
        #expect(cells?.width == 20 && cells?.height == 5)
        _ = store.cells(for: .avatar(groupID: group.id), parameters: square, columns: 20, rows: 10)
        #expect(sizes.withLock { $0 } == [[20, 3], [20, 10]])
    }

    @Test func anInvalidatedGroupShowsItsOldPictureUntilTheNewOneAndNeverAStaleOne() {
        // Each composite is drawn as cells of the letter its width names.
        let store = CompositeStore(renderImage: { image, columns, rows in
            CellGrid(width: columns, height: rows, fill: Cell(["", "o", "n", "s"][image.width]))
        })
        let (group, other) = (ViewFixtures.groups(2)[0], ViewFixtures.groups(2)[1])
        let parameters = CompositionParameters()
        func letter() -> String? {
            store.cells(for: .avatar(groupID: group.id), parameters: parameters, columns: 1, rows: 1)?[0, 0].text
        }
        let old = store.key(for: group.id, parameters: parameters)
        #expect(store.store(Composite(image: RGBAImage(width: 1, height: 1)), for: old))
        store.invalidate([CompositeSubject.avatar(groupID: group.id)])
        let new = store.key(for: group.id, parameters: parameters)
        #expect(new != old && new.revision == old.revision + 1)
        #expect(store.key(for: other.id, parameters: parameters).revision == 0)
        // The old picture stays on screen, but it is not the current one ...
        #expect(!store.contains(new) && letter() == "o")
        // ... and a composite asked for before the change, arriving now, is dropped (also as a stand-in).
        #expect(!store.store(Composite(image: RGBAImage(width: 3, height: 3)), for: old))
        store.storeProvisional(Composite(image: RGBAImage(width: 3, height: 3)), for: old)
        #expect(letter() == "o")
        #expect(store.store(Composite(image: RGBAImage(width: 2, height: 2)), for: new))
        #expect(store.contains(new) && letter() == "n")
    }

    @Test func aLatePreviewKeepsThePreviousPreviewRatherThanTheListAvatarThatArrivedAfterIt() {
        // Each composite is drawn as cells of the letter its width names.
        let store = CompositeStore(renderImage: { image, columns, rows in
            CellGrid(width: columns, height: rows, fill: Cell(["", "p", "l", "g"][image.width]))
        })
        let group = ViewFixtures.groups(1)[0]
        var preview = CompositionParameters(scale: 4), list = CompositionParameters(scale: 3)
        func letter(_ parameters: CompositionParameters) -> String? {
            store.cells(for: .avatar(groupID: group.id), parameters: parameters, columns: 1, rows: 1)?[0, 0].text
        }
        // The preview at the raised scale arrives, then the same parameters' list avatar.
        store.store(
            Composite(image: RGBAImage(width: 1, height: 1)), for: store.key(for: group.id, parameters: preview))
        store.store(Composite(image: RGBAImage(width: 2, height: 2)), for: store.key(for: group.id, parameters: list))
        // A key: the new preview and list avatar are not there yet; each keeps its own scale's picture.
        preview.margin = 9
        list.margin = 9
        #expect(letter(preview) == "p")
        #expect(letter(list) == "l")
        // A scale nothing has arrived at takes the layout's latest; another layout, the group's latest.
        #expect(letter(CompositionParameters(scale: 2)) == "l")
        store.store(
            Composite(image: RGBAImage(width: 3, height: 3)),
            for: store.key(for: group.id, parameters: CompositionParameters(layout: .grid, scale: 4)))
        #expect(letter(CompositionParameters(layout: .qq, scale: 1)) == "g")
        #expect(letter(preview) == "p")
    }

    @Test func aListPictureForSixelCarriesItsEncodedBytes() throws {
        let request = PictureRequest(
            columns: 4, rows: 2, cell: CellPixelSize(width: 8, height: 16), scale: .fit(zoomPercent: 100))
        var composite = RGBAImage(width: 32, height: 32, fill: RGBA8(r: 200, g: 10, b: 10))
        composite[3, 3] = RGBA8(r: 10, g: 200, b: 10)
        let sixel = GraphicsSetup(
            graphicsProtocol: .sixel, reason: "test", cellPixelSize: request.cell, cellSizeIsKnown: true,
            sixelColors: 16)
        let made = try #require(CompositeStore.readyPicture(composite, request: request, graphics: sixel))
        #expect(made.image == CompositeStore.framedPicture(composite, request: request)?.image)
        #expect(made.encoded == (try EncodedPicture.sixel(made.image, colors: 16)))
        // For kitty and iTerm2, the base64 PNG of the picture fitted to its cells; half blocks: nothing.
        var other = sixel
        for graphicsProtocol in [GraphicsProtocol.kitty, .iterm] {
            other.graphicsProtocol = graphicsProtocol
            let made = try #require(CompositeStore.readyPicture(composite, request: request, graphics: other))
            let placed = PixelPicture(
                id: 1, area: made.area, image: made.image, shown: (made.shownWidth, made.shownHeight))
            #expect(made.encoded == (try EncodedPicture.png(placed, cell: request.cell)))
        }
        other.graphicsProtocol = .halfblock
        #expect(CompositeStore.readyPicture(composite, request: request, graphics: other)?.encoded == nil)
    }

    @Test func aListPictureMadeOffTheLoopIsServedAsItIsOnlyForItsComposite() throws {
        let store = CompositeStore(renderImage: { _, columns, rows in CellGrid(width: columns, height: rows) })
        let group = ViewFixtures.groups(1)[0]
        let parameters = CompositionParameters()
        let key = store.key(for: group.id, parameters: parameters)
        let request = PictureRequest(
            columns: 4, rows: 2, cell: CellPixelSize(width: 8, height: 16), scale: .fit(zoomPercent: 100))
        let composite = RGBAImage(width: 32, height: 32, fill: RGBA8(r: 200, g: 10, b: 10))
        let made = try #require(CompositeStore.framedPicture(composite, request: request))
        #expect(made.image.width == 32 && made.image.height == 32)
        #expect(made.area == CellRect(x: 0, y: 0, width: 4, height: 2))
        // A picture for a composite not stored is not kept.
        let marked = PixelPicture(
            id: 0, area: made.area, image: RGBAImage(width: 32, height: 32, fill: RGBA8(r: 1, g: 2, b: 3)))
        store.storePicture(marked, for: key, request: request)
        #expect(store.store(Composite(image: composite), for: key))
        #expect(store.picture(for: .avatar(groupID: group.id), parameters: parameters, request: request) == made)
        // Kept with its composite, it is what the list gets, not made again on the loop.
        store.storePicture(marked, for: key, request: request)
        #expect(store.picture(for: .avatar(groupID: group.id), parameters: parameters, request: request) == marked)
    }
}
