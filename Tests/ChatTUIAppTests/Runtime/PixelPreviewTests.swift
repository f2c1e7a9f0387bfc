import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers every request with the same composite, and records the canvas sides asked for.
private struct FixedProvider: CompositeProvider {
    let image: RGBAImage
    let askedSides = LockedState<[String: Set<Int>]>([:])

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        askedSides.withLock { _ = $0[group.id, default: []].insert(parameters.pixelSize) }
        return Composite(image: image)
    }
}

/// Records the images the half-block renderer is given.
private final class CellLog: @unchecked Sendable {
    var calls: [(image: RGBAImage, columns: Int, rows: Int)] = []
}

/// The preview drawn as pixel pictures through the real controller, views and store, on an in-memory terminal
/// that runs the drivers' `PictureLayer`.
@Suite struct PixelPreviewTests {
    /// 132 x 132 pixels: a gradient with a transparent band at the top, so both the pixels and the checkerboard
    /// under transparency can be checked.
    static let composite: RGBAImage = {
        var image = RGBAImage(width: 132, height: 132)
        for y in 0..<132 {
            for x in 0..<132 {
                image[x, y] = RGBA8(
                    r: UInt8(x * 255 / 131), g: UInt8(y * 255 / 131), b: UInt8((x + y) % 256),
                    a: y < 10 ? 0 : 255)
            }
        }
        return image
    }()
    static let cell = CellPixelSize(width: 8, height: 16)

    private func makeController(
        _ graphicsProtocol: GraphicsProtocol?, log: CellLog = CellLog(), height: Int = 30,
        groups: Int = 3, scale: Int = 1, provider: FixedProvider = FixedProvider(image: composite)
    ) -> (AppController, InMemoryTerminal) {
        let terminal = InMemoryTerminal(width: 100, height: height)
        if let graphicsProtocol {
            terminal.graphics = GraphicsSetup(
                graphicsProtocol: graphicsProtocol, reason: "test", cellPixelSize: Self.cell,
                cellSizeIsKnown: true, sixelColors: 256)
        }
        var options = AppController.Options()
        options.backgroundWork = QueuedWork()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.monotonicNanoseconds = { 0 }
        options.parameters.scale = scale
        let controller = AppController(
            fixture: Fixture(groups: ViewFixtures.groups(groups), baseDirectory: URL(fileURLWithPath: "/")),
            options: options,
            driver: terminal, provider: provider, exporter: { _, _, _ in },
            imageCells: { image, columns, rows in
                log.calls.append((image, columns, rows))
                return CellGrid(width: columns, height: rows, fill: Cell("#"))
            })
        return (controller, terminal)
    }

    /// The preview's pictures on screen (the list's avatars are pictures too).
    private func previewPictures(_ terminal: InMemoryTerminal) -> [PixelPicture] {
        terminal.pictureLayer.shown.filter { PreviewView.pictureIDs.contains($0.id) }
    }

    private func press(_ keys: [Key], _ controller: AppController, _ terminal: InMemoryTerminal) async {
        terminal.pendingKeys = keys
        controller.step(timeoutMilliseconds: 0)
        await controller.driveUntilSettled()
    }

    /// The kitty APC sequences of `output`: each one's keys and payload.
    private func kittyChunks(_ output: String) -> [(keys: [String: String], payload: String)] {
        output.components(separatedBy: "\u{1B}_G").dropFirst().map { sequence in
            let body = sequence.components(separatedBy: "\u{1B}\\")[0]
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                keys[String(keyValue[0])] = keyValue.count > 1 ? String(keyValue[1]) : ""
            }
            return (keys, parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The preview picture the last frame that sent one carried, decoded from its kitty payload, with its cell
    /// counts.
    private func lastKittyPicture(_ terminal: InMemoryTerminal) throws -> (image: RGBAImage, columns: Int, rows: Int) {
        let id = PreviewView.pictureIDs[0]
        let update = try #require(terminal.pictureUpdates.last { $0.sent.contains(id) })
        // Its chunks: from its first (a=T, its id) to the next picture's first.
        let all = kittyChunks(update.output).filter { $0.keys["a"] == "T" || $0.keys["a"] == nil }
        let start = try #require(all.firstIndex { $0.keys["i"] == String(id) })
        let end = all[(start + 1)...].firstIndex { $0.keys["a"] == "T" } ?? all.endIndex
        let chunks = all[start..<end]
        let first = try #require(chunks.first)
        #expect(first.keys["i"] == String(PreviewView.pictureIDs[0]) && first.keys["f"] == "100")
        let png = try #require(Data(base64Encoded: chunks.map(\.payload).joined()))
        return (try PNGCodec.decode(Array(png)), Int(first.keys["c"] ?? "") ?? 0, Int(first.keys["r"] ?? "") ?? 0)
    }

    @Test func theKittyPayloadIsTheCompositePixelForPixelInTheOneToOneView() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press([], controller, terminal)
        await press(chars("1"), controller, terminal)
        let (image, columns, rows) = try lastKittyPicture(terminal)
        // 132 px in 8 x 16 px cells: 17 x 9 cells, the PNG exactly their pixels.
        #expect(columns == 17 && rows == 9 && image.width == 136 && image.height == 144)
        let board = Backdrop.checkerboard.composite(Self.composite)
        var same = true
        for y in 0..<132 {
            for x in 0..<132 where image[x, y] != board[x, y] { same = false }
        }
        #expect(same, "the picture is the composite over the checkerboard")
        #expect(image[70, 70] == Self.composite[70, 70], "opaque pixels are the composite's own")
        #expect(image[5, 5] != Self.composite[5, 5] && image[5, 5].a == 255, "transparent ones show the board")
        #expect(image[133, 20].a == 0 && image[20, 140].a == 0, "the rest of the last cells is left transparent")
        // Its cells hold reserved blanks, so the cell diff never paints over it.
        let shown = try #require(previewPictures(terminal).first)
        #expect(shown.area.width == 17 && shown.area.height == 9)
        #expect(terminal.screen[shown.area.x, shown.area.y] == PreviewView.reservedCell)
    }

    @Test func theFittedKittyPictureIsTheCompositeAtItsOwnSizeScaledByKittyIntoItsCells() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press([], controller, terminal)
        let (image, columns, rows) = try lastKittyPicture(terminal)
        // The pane below its title is 59 x 27 cells = 472 x 432 px: a square of 432 px, 54 x 27 cells, which
        // kitty fills with the 132 px composite (over the checkerboard), not a 432 px resampled copy.
        #expect(columns == 54 && rows == 27 && image.width == 132 && image.height == 132)
        #expect(image == Backdrop.checkerboard.composite(Self.composite))
        let shown = try #require(previewPictures(terminal).first)
        #expect(shown.area.width == 54 && shown.area.height == 27)
        #expect(shown.shownWidth == 432 && shown.shownHeight == 432 && shown.isScaledByTerminal)
    }

    @Test func theFittedSixelPictureIsStillTheCompositeResampledToItsCells() async throws {
        let (controller, terminal) = makeController(.sixel)
        await press([], controller, terminal)
        let shown = try #require(previewPictures(terminal).first)
        #expect(!shown.isScaledByTerminal && shown.image.width == 432 && shown.image.height == 432)
        // Enlarged (132 to 432 px) with the Catmull-Rom cubic, the composite's transparent parts over the board.
        let whole = PixelBox(x: 0, y: 0, width: 432, height: 432)
        let enlarged = Resampler.resample(
            Self.composite, frame: Rect(x: 0, y: 0, width: 432, height: 432), region: whole, kernel: .catmullRom)
        #expect(shown.image == Backdrop.checkerboard.composite(try #require(enlarged)))
    }

    @Test func theSixelPreviewIsEncodedWithItsCompositeOffTheLoopAndWrittenAsItIs() async throws {
        let (controller, terminal) = makeController(.sixel)
        await press([], controller, terminal)
        await press(chars("]"), controller, terminal)
        let shown = try #require(previewPictures(terminal).first)
        // The picture came from the composite's task framed and encoded: its bytes are the sixel of its image,
        // and the frame wrote them as they are.
        let encoded = try #require(shown.encoded)
        #expect(encoded == (try EncodedPicture.sixel(shown.image, colors: 256)))
        let written = terminal.pictureUpdates.map(\.output).joined()
        #expect(written.contains(encoded.bytes))
        // With the guides drawn into its pixels the picture is framed on the loop and encoded with them: no
        // bytes made before the guides go with it.
        await press(chars("i"), controller, terminal)
        let guided = try #require(previewPictures(terminal).first)
        #expect(Guides.shown(in: controller.state) != nil && guided.encoded == nil)
    }

    @Test func kittyPicturesAreEncodedWithTheirCompositeOffTheLoopAndSentAsTheyAre() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press([], controller, terminal)
        await press(chars("]"), controller, terminal)
        // The preview and the list avatars came from their composites' tasks with their payloads: the PNG of
        // each picture fitted to its cells, sent as it is.
        let written = terminal.pictureUpdates.map(\.output).joined()
        let pictures = terminal.pictureLayer.shown
        #expect(pictures.count == 4)
        for picture in pictures {
            let encoded = try #require(picture.encoded, "picture \(picture.id)")
            #expect(encoded == (try EncodedPicture.png(picture, cell: Self.cell)))
            #expect(written.contains(String(encoded.bytes.prefix(4096))))
        }
    }

    @Test func withTheGuidesTheKittyPictureHasItsScreenPixels() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press([], controller, terminal)
        await press(chars("i"), controller, terminal)
        let shown = try #require(previewPictures(terminal).first)
        // The guides are drawn into the picture's screen pixels (the legend under it takes a few rows), so the
        // picture is resampled to them.
        #expect(Guides.shown(in: controller.state) != nil)
        #expect(!shown.isScaledByTerminal && shown.image.width > 132 && shown.image.width == shown.shownWidth)
    }

    @Test func picturesAreSentOnlyWhenTheyChangeAndCutAroundOverlays() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press([], controller, terminal)
        let id = PreviewView.pictureIDs[0]
        #expect(terminal.pictureUpdates.filter { $0.sent.contains(id) }.count == 1)
        let area = try #require(previewPictures(terminal).first?.area)
        // A frame that changes only the status line sends no picture.
        await press(chars("x"), controller, terminal)
        #expect(terminal.lastPaintCount > 0 && terminal.pictureUpdates.last?.output == "")
        // The help covers the preview (all of it at this size): the picture is deleted, and nothing of it is
        // drawn in cells either.
        await press(chars("?"), controller, terminal)
        #expect(terminal.pictureUpdates.last?.output.contains(KittyGraphics.delete(id: id)) == true)
        #expect(terminal.pictureLayer.shown.isEmpty)
        #expect(!(0..<30).contains { terminal.row($0).contains("##########") })
        // Closing it sends the picture again; so does a resize, a full repaint that first deletes every image.
        await press(chars("x"), controller, terminal)
        #expect(terminal.pictureUpdates.last?.sent.contains(id) == true)
        terminal.size = TerminalSize(width: 110, height: 32)
        await press([.resize], controller, terminal)
        let resized = try #require(terminal.pictureUpdates.last { !$0.sent.isEmpty })
        #expect(resized.output.contains(KittyGraphics.deleteAll))
        #expect(previewPictures(terminal).first?.area != area)
        // The warnings' small box: the preview is cut around it, its parts above, below and beside the box
        // stay pixel pictures (none under the box) and none of it is drawn in cells.
        let whole = try #require(previewPictures(terminal).first)
        await press(chars("w"), controller, terminal)
        let layout = controller.screenLayout
        var scratch = CellGrid(width: layout.width, height: layout.height)
        let box = try #require(
            ListOverlay.draw(
                .warnings, state: controller.state, into: &scratch,
                in: ScreenView.overlayRegion(controller.state, layout: layout), context: ViewFixtures.context))
        let parts = terminal.pictureLayer.shown.filter { picture in
            (0..<4).contains { picture.id == PixelPicture.partID(id, part: $0) }
        }
        #expect(!parts.isEmpty && !terminal.pictureLayer.shown.contains { $0.id == id })
        for part in parts {
            #expect(
                part.area.x >= whole.area.x && part.area.y >= whole.area.y
                    && part.area.x + part.area.width <= whole.area.x + whole.area.width
                    && part.area.y + part.area.height <= whole.area.y + whole.area.height)
            let overlapsBox =
                part.area.x < box.x + box.width && box.x < part.area.x + part.area.width
                && part.area.y < box.y + box.height && box.y < part.area.y + part.area.height
            #expect(!overlapsBox, "part \(part.area) under the box \(box)")
        }
        #expect(!(0..<32).contains { terminal.row($0).contains("##########") })
        // Closing it brings the whole picture back; on the way out every picture is deleted.
        await press([.escape], controller, terminal)
        #expect(previewPictures(terminal).count == 1)
        try terminal.start()
        terminal.stop()
        #expect(terminal.pictureUpdates.last?.output.contains(KittyGraphics.delete(id: id)) == true)
    }

    @Test func aPinnedPictureIsASecondPicture() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press(chars("p"), controller, terminal)
        #expect(Set(previewPictures(terminal).map(\.id)) == Set(PreviewView.pictureIDs))
        let areas = previewPictures(terminal).map(\.area)
        #expect(areas.count == 2 && areas[0].x != areas[1].x && areas[0].y == areas[1].y)
    }

    @Test func sixelPicturesLeaveByRepaintingTheirRows() async throws {
        let (controller, terminal) = makeController(.sixel)
        await press([], controller, terminal)
        let area = try #require(previewPictures(terminal).first?.area)
        #expect(terminal.pictureUpdates.last { !$0.sent.isEmpty }?.output.contains("\u{1B}P") == true)
        await press(chars("?"), controller, terminal)
        let removal = try #require(terminal.pictureUpdates.last)
        // The preview's rows (and the list avatars', which leave too).
        #expect(Set(area.y..<area.y + area.height).isSubset(of: removal.rowsToRepaint))
        #expect(removal.output.isEmpty && terminal.pictureLayer.shown.isEmpty)
    }

    @Test func everyVisibleListAvatarIsAPictureSentOnceWhileItStaysOnScreen() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press([], controller, terminal)
        let avatarIDs = (0..<3).map { ChatListView.firstPictureID + UInt32($0) }
        let avatars = terminal.pictureLayer.shown.filter { avatarIDs.contains($0.id) }
        #expect(Set(avatars.map(\.id)) == Set(avatarIDs))
        // 30 rows: 3-row list rows, the avatar 6 x 3 cells of 8 x 16 px beside the selection mark; the cells
        // under it reserved.
        for (index, id) in avatarIDs.enumerated() {
            let avatar = try #require(avatars.first { $0.id == id })
            #expect(avatar.area == CellRect(x: 1, y: 3 * index, width: 6, height: 3))
            #expect(avatar.image.width == 48 && avatar.image.height == 48)
            #expect(terminal.screen[avatar.area.x, avatar.area.y] == PreviewView.reservedCell)
            #expect(terminal.pictureUpdates.filter { $0.sent.contains(id) }.count == 1, "avatar \(index) sent once")
        }
        #expect(
            avatars[0].image
                == Backdrop.checkerboard.composite(
                    Resampler.resample(
                        Self.composite, width: 48,
                        height: 48)))
        // Moving the selection repaints the names, not the avatars: nothing is sent again.
        let sentBefore = terminal.pictureUpdates.flatMap(\.sent).filter { avatarIDs.contains($0) }.count
        await press([.down], controller, terminal)
        #expect(terminal.pictureUpdates.flatMap(\.sent).filter { avatarIDs.contains($0) }.count == sentBefore)
        // The help covers every avatar: each is deleted, none drawn in cells; after it they come back.
        await press(chars("?"), controller, terminal)
        let covered = try #require(terminal.pictureUpdates.last)
        for id in avatarIDs { #expect(covered.output.contains(KittyGraphics.delete(id: id))) }
        #expect(terminal.pictureLayer.shown.isEmpty)
        await press([.escape], controller, terminal)
        #expect(Set(terminal.pictureLayer.shown.map(\.id)).isSuperset(of: avatarIDs))
    }

    @Test func anAvatarThatScrollsAwayIsRemoved() async throws {
        let (controller, terminal) = makeController(.sixel, height: 12, groups: 8)
        await press([], controller, terminal)
        // 11 rows: the 48 px avatar needs 3 rows of 16 px, so rows grow from 2 to 3 and 3 groups show.
        let first = ChatListView.firstPictureID
        #expect(Set(terminal.pictureLayer.shown.map(\.id)).isSuperset(of: (0..<3).map { first + UInt32($0) }))
        #expect(!terminal.pictureLayer.shown.contains { $0.id == first + 3 })
        #expect(controller.screenLayout.rowHeight == 3)
        let before = terminal.pictureUpdates.count
        await press(Array(repeating: .down, count: 5), controller, terminal)
        let ids = Set(terminal.pictureLayer.shown.map(\.id))
        #expect(!ids.contains(first) && ids.contains(first + 5))
        // Sixel pictures are pixels in the cells: the avatars that scroll into a row, at the same size, are
        // sent into exactly the cells of the ones that left it, which hides all their pixels, so no row is
        // repainted; and the preview, whose pixels are the same for every group here, is not sent again.
        let updates = terminal.pictureUpdates[before...]
        #expect(updates.contains { $0.sent.contains(first + 5) })
        #expect(updates.allSatisfy { $0.rowsToRepaint.isEmpty })
        #expect(!updates.contains { $0.sent.contains(where: PreviewView.pictureIDs.contains) })
    }

    @Test func theListAvatarSizeIsInPointsAtTheExportScale() async throws {
        // 48 pt at scale 2: 96 px, 12 x 6 cells of 8 x 16 px, so the rows grow from 3 to 6.
        let (controller, terminal) = makeController(.kitty, scale: 2)
        await press([], controller, terminal)
        #expect(controller.screenLayout.rowHeight == 6)
        let avatar = try #require(terminal.pictureLayer.shown.first { $0.id == ChatListView.firstPictureID + 1 })
        #expect(avatar.area == CellRect(x: 1, y: 6, width: 12, height: 6))
        #expect(avatar.image.width == 96 && avatar.image.height == 96)
        // The name starts after the avatar.
        #expect(terminal.row(6).dropFirst(14).hasPrefix("Group 1"))
    }

    @Test func listAvatarsAreComposedAtTheirOwnPixels() async throws {
        // 48 pt at scale 3 is 144 px: the other groups' 132 pt composites are made at 144 px, not at 396 px and
        // reduced; the selected group's preview is made at its own (raised) scale.
        let provider = FixedProvider(image: Self.composite)
        let (controller, terminal) = makeController(.kitty, scale: 3, provider: provider)
        await press([], controller, terminal)
        #expect(controller.state.parameters.scale == 3)
        let asked = provider.askedSides.withLock { $0 }
        for group in ["g1", "g2"] { #expect(asked[group] == [144], "\(group)") }
        #expect(asked["g0"]?.contains(144) == true && asked["g0"]?.contains { $0 >= 396 } == true)
        let avatar = try #require(terminal.pictureLayer.shown.first { $0.id == ChatListView.firstPictureID + 1 })
        #expect(avatar.image.width == 144)
        // In half blocks the list's composites keep the state's parameters.
        let halfBlocks = FixedProvider(image: Self.composite)
        let (plain, plainTerminal) = makeController(nil, scale: 3, provider: halfBlocks)
        await press([], plain, plainTerminal)
        #expect(halfBlocks.askedSides.withLock { $0["g1"] } == [396])
    }

    @Test func aListAvatarsCompositeIsMadeAtExactlyItsPixels() {
        var context = ViewContext(
            now: ViewFixtures.now,
            graphics: GraphicsSetup(
                graphicsProtocol: .sixel, reason: "test", cellPixelSize: Self.cell, cellSizeIsKnown: true,
                sixelColors: 256))
        var state = AppState(
            groups: ViewFixtures.groups(1), parameters: CompositionParameters(scale: 3), exportDirectory: ".")
        func avatar(size: Double, pixels: Int) -> CompositionParameters {
            state.parameters.size = size
            context.listAvatarPixels = pixels
            return ChatListView.avatarParameters(state, context: context)
        }
        let listed = avatar(size: 132, pixels: 144)
        #expect(listed.exactPixelSize == 144 && listed.pixelSize == 144 && listed.scale == 3)
        #expect(abs(listed.pixelsPerPoint - 144.0 / 132) < 1e-12)
        #expect(avatar(size: 20, pixels: 144).pixelSize == 144, "beyond the largest scale too")
        // An avatar as large as the composite shares its parameters (and so its composite).
        #expect(avatar(size: 48, pixels: 144) == state.parameters)
        // Without pixel pictures: the state's own.
        context.graphics = .halfBlocks
        #expect(avatar(size: 132, pixels: 144) == state.parameters)
    }

    @Test func theComparisonStripIsPicturesToo() async throws {
        let (controller, terminal) = makeController(.kitty)
        await press(chars("c"), controller, terminal)
        let strip = terminal.pictureLayer.shown.filter {
            $0.id >= ComparisonStrip.firstPictureID
                && $0.id < ComparisonStrip.firstPictureID + UInt32(LayoutRegistry.all.count)
        }
        #expect(strip.count == LayoutRegistry.all.count)
        #expect(Set(strip.map(\.area.y)).count == 1, "side by side")
    }

    @Test func theOneToOneViewInHalfBlocksMapsOnePixelToHalfACell() async throws {
        let log = CellLog()
        let (controller, terminal) = makeController(nil, log: log)
        await press([], controller, terminal)
        await press(chars("1"), controller, terminal)
        // The 59 x 27 cell pane shows 59 x 54 of the 132 x 132 pixels, from the middle.
        let call = try #require(log.calls.last)
        #expect(call.columns == 59 && call.rows == 27 && call.image.width == 59 && call.image.height == 54)
        let board = Backdrop.checkerboard.composite(Self.composite)
        #expect(call.image[0, 0] == board[37, 39] && call.image[58, 53] == board[95, 92])
        // A pan right moves by a quarter of what shows (59 / 4 px); the layout is untouched.
        await press(chars("l"), controller, terminal)
        let panned = try #require(log.calls.last)
        #expect(panned.image[0, 0] == board[51, 39])
        #expect(controller.state.parameters.layout == .wechat)
        // x2 keeps the middle: the pixel in the middle of the view is the same image pixel.
        let middle = panned.image[29, 27]
        await press(chars("+"), controller, terminal)
        let enlarged = try #require(log.calls.last)
        #expect(enlarged.image[29, 27] == middle)
        #expect(enlarged.image[28, 27] == middle && enlarged.image[29, 28] == middle, "each pixel is 2 x 2")
        #expect(terminal.row(1).contains("1:1 x2"))
    }
}
