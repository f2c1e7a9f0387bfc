import Foundation
import Imaging
import Testing

@testable import TerminalUI

/// The placement and removal rules of pixel pictures, per protocol, on the layer a driver runs.
@Suite struct PictureLayerTests {
    private static let cell = GraphicsSetup.testCell

    private func layer(_ graphicsProtocol: GraphicsProtocol) -> PictureLayer {
        PictureLayer(setup: .forTests(graphicsProtocol))
    }

    /// A picture of `columns` x `rows` cells at (x, y) whose pixels are one colour (`shade`), `shortBy` pixels
    /// short of its last column and row.
    private func picture(
        id: UInt32 = 1, x: Int = 10, y: Int = 2, columns: Int = 5, rows: Int = 3, shade: UInt8 = 200,
        shortBy: Int = 0
    ) -> PixelPicture {
        let (width, height) = Self.cell.imagePixels(columns: columns, rows: rows)
        return PixelPicture(
            id: id, area: CellRect(x: x, y: y, width: columns, height: rows),
            image: RGBAImage(
                width: width - shortBy, height: height - shortBy,
                fill: RGBA8(r: shade, g: 40, b: 90)))
    }

    private func paint(_ x: Int, _ y: Int) -> ChangedCells.Paint { ChangedCells.Paint(x: x, y: y, cell: Cell("x")) }

    @Test func kittyPicturesAreSentOnceReplacedByIdAndDeleted() {
        var layer = layer(.kitty)
        let first = layer.update(to: [picture()], painted: [], fullRepaint: true)
        #expect(first.sent == [1])
        #expect(first.output.hasPrefix("\u{1B}7\u{1B}[3;11H\u{1B}_Ga=T,f=100,i=1,c=5,r=3,"))
        #expect(first.output.hasSuffix("\u{1B}8"))
        #expect(first.rowsToRepaint.isEmpty)
        // Unchanged, even with text painted under it (kitty keeps images apart from the text): nothing.
        let same = layer.update(to: [picture()], painted: [paint(11, 3)], fullRepaint: false)
        #expect(same.output.isEmpty && same.sent.isEmpty)
        // New pixels: the old placement is deleted, the new picture sent.
        let changed = layer.update(to: [picture(shade: 10)], painted: [], fullRepaint: false)
        #expect(changed.output.contains(KittyGraphics.delete(id: 1)) && changed.sent == [1])
        // Gone (an overlay opened): deleted, nothing sent.
        let gone = layer.update(to: [], painted: [], fullRepaint: false)
        #expect(gone.output == "\u{1B}7" + KittyGraphics.delete(id: 1) + "\u{1B}8")
        #expect(layer.shown.isEmpty)
        #expect(layer.update(to: [], painted: [], fullRepaint: false).output.isEmpty)
    }

    @Test func aFullRepaintSendsEveryPictureAgain() {
        var layer = layer(.kitty)
        _ = layer.update(to: [picture(id: 1), picture(id: 2, x: 20)], painted: [], fullRepaint: true)
        let resized = layer.update(to: [picture(id: 1), picture(id: 2, x: 20)], painted: [], fullRepaint: true)
        #expect(resized.sent == [1, 2])
        #expect(
            resized.output.contains(KittyGraphics.delete(id: 1)) && resized.output.contains(KittyGraphics.delete(id: 2))
        )
        var sixel = self.layer(.sixel)
        _ = sixel.update(to: [picture()], painted: [], fullRepaint: true)
        #expect(sixel.update(to: [picture()], painted: [], fullRepaint: true).sent == [1])
    }

    @Test func kittyAndITermImagesFillTheirCellsExactly() throws {
        var kitty = layer(.kitty)
        // Two pixels short of its last column and row, like a 1:1 picture.
        let short = picture(shortBy: 2)
        let output = kitty.update(to: [short], painted: [], fullRepaint: true).output
        let payload = output.components(separatedBy: "\u{1B}_G").dropFirst().map { chunk in
            String(chunk.split(separator: ";", maxSplits: 1).last?.split(separator: "\u{1B}").first ?? "")
        }.joined()
        let decoded = try PNGCodec.decode(Array(try #require(Data(base64Encoded: payload))))
        #expect(decoded.width == 20 && decoded.height == 24)
        #expect(decoded[0, 0] == short.image[0, 0] && decoded[17, 21] == short.image[17, 21])
        #expect(decoded[18, 5].a == 0 && decoded[5, 22].a == 0, "the rest of the cells is transparent")

        var iterm = layer(.iterm)
        let text = iterm.update(to: [short], painted: [], fullRepaint: true).output
        #expect(text.contains("\u{1B}[3;11H\u{1B}]1337;File=inline=1;"))
        #expect(text.contains(";width=5;height=3;"))
    }

    /// The PNG payloads of the kitty sequences in `output`, each decoded, with the keys of its first chunk.
    private func kittyImages(_ output: String) throws -> [(keys: String, image: RGBAImage)] {
        var images: [(keys: String, image: RGBAImage)] = []
        var keys = "", payload = ""
        for chunk in output.components(separatedBy: "\u{1B}_G").dropFirst() {
            let body = String(chunk.split(separator: "\u{1B}", maxSplits: 1).first ?? "")
            let parts = body.split(separator: ";", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if payload.isEmpty { keys = String(parts[0]) }
            payload += parts[1]
            if parts[0].hasSuffix("m=0") || parts[0] == "m=0" {
                let png = try #require(Data(base64Encoded: payload))
                images.append((keys, try PNGCodec.decode(Array(png))))
                payload = ""
            }
        }
        return images
    }

    /// A 5 x 3 cell picture (20 x 24 px) shown 18 x 24 px large from an image of half those pixels.
    private func scaledPicture() -> PixelPicture {
        var image = RGBAImage(width: 9, height: 12, fill: RGBA8(r: 200, g: 40, b: 90))
        image[8, 11] = RGBA8(r: 10, g: 250, b: 30)
        return PixelPicture(
            id: 1, area: CellRect(x: 10, y: 2, width: 5, height: 3), image: image, shown: (18, 24))
    }

    @Test func kittyScalesAPictureOfFewerPixelsIntoItsCells() throws {
        let picture = scaledPicture()
        #expect(picture.isScaledByTerminal)
        var kitty = layer(.kitty)
        let output = kitty.update(to: [picture], painted: [], fullRepaint: true).output
        let sent = try #require(try kittyImages(output).first)
        // The image's own pixels, padded by the share of the cells the shown size leaves (2 of 20 px across:
        // 1 image pixel), placed over the 5 x 3 cells, which kitty stretches it across.
        #expect(sent.keys.hasPrefix("a=T,f=100,i=1,c=5,r=3,"))
        #expect(sent.image.width == 10 && sent.image.height == 12)
        #expect(sent.image[8, 11] == picture.image[8, 11] && sent.image[0, 0] == picture.image[0, 0])
        #expect(sent.image[9, 0].a == 0, "the padding is transparent")

        // Shown by Unicode placeholders: the same image, the virtual placement over the same cells.
        var setup = GraphicsSetup.forTests(.kitty)
        setup.usesUnicodePlaceholders = true
        var placeholders = PictureLayer(setup: setup)
        let text = placeholders.update(to: [picture], painted: [], fullRepaint: true).output
        let transmitted = try #require(try kittyImages(text).first)
        #expect(transmitted.keys.hasPrefix("a=t,") && transmitted.image == sent.image)
        #expect(text.contains(KittyGraphics.virtualPlacement(id: 16, columns: 5, rows: 3)))
    }

    @Test func sixelResamplesAPictureOfFewerPixelsToItsShownSize() throws {
        // Sixel cannot scale: the layer enlarges such a picture itself rather than draw it too small.
        let picture = scaledPicture()
        let layer = layer(.sixel)
        let image = layer.fitted(picture, filling: false)
        #expect(image.width == 18 && image.height == 24)
        #expect(image == Resampler.resample(picture.image, width: 18, height: 24))
    }

    @Test func sixelBytesEncodedOffTheLoopAreWrittenUnchanged() throws {
        var avatar = picture()
        let encoded = try EncodedPicture.sixel(avatar.image, colors: 256)
        #expect(encoded.bytes == (try SixelEncoder.encode(avatar.image, backdrop: .checkerboard, colors: 256)))
        // A marker in place of the bytes shows they are written as they are, not encoded again.
        avatar.encoded = EncodedPicture(format: .sixel(colors: 256), bytes: "\u{1B}Pq#marker\u{1B}\\")
        var sixel = layer(.sixel)
        let output = sixel.update(to: [avatar], painted: [], fullRepaint: true).output
        #expect(output == "\u{1B}7\u{1B}[3;11H\u{1B}Pq#marker\u{1B}\\\u{1B}8")
        // Encoded for another palette size than this terminal's, or for kitty: encoded again here.
        for format in [
            EncodedPicture.Format.sixel(colors: 16), .png(cell: sixel.setup.cellPixelSize, columns: 3, rows: 2),
        ] {
            avatar.encoded?.format = format
            var other = layer(.sixel)
            #expect(!other.update(to: [avatar], painted: [], fullRepaint: true).output.contains("#marker"))
        }
        // Drawn on after it was encoded (the preview's guides): the bytes no longer go with it.
        avatar.encoded?.format = .sixel(colors: 256)
        avatar.image[0, 0] = RGBA8(r: 255, g: 0, b: 0)
        #expect(avatar.encoded == nil)
    }

    @Test func pngPayloadsEncodedOffTheLoopAreSentUnchanged() throws {
        var avatar = picture()
        let kitty = layer(.kitty)
        let encoded = try EncodedPicture.png(avatar, cell: kitty.setup.cellPixelSize)
        // The payload is the PNG of the picture fitted to its cells, which is what the layer would send.
        #expect(encoded.bytes == (try PNGPayload.base64(kitty.fitted(avatar, filling: true))))
        var plain = layer(.kitty)
        let sentHere = plain.update(to: [avatar], painted: [], fullRepaint: true).output
        #expect(sentHere.contains(String(encoded.bytes.prefix(64))))
        // A marker in place of the payload shows it is sent as it is.
        avatar.encoded = EncodedPicture(format: encoded.format, bytes: "bWFya2Vy")
        var marked = layer(.kitty)
        #expect(marked.update(to: [avatar], painted: [], fullRepaint: true).output.contains(";bWFya2Vy\u{1B}\\"))
        // iTerm2 carries the same payload, with the PNG's length ("marker": 6 bytes).
        var iTerm = layer(.iterm)
        #expect(
            iTerm.update(to: [avatar], painted: [], fullRepaint: true).output.contains(
                "size=6;width=5;height=3;preserveAspectRatio=0:bWFya2Vy\u{07}"))
        // Made for cells of another size, or for a picture over other cells: encoded again here.
        let cell = kitty.setup.cellPixelSize
        for format in [
            EncodedPicture.Format.png(
                cell: CellPixelSize(width: cell.width + 1, height: cell.height), columns: avatar.area.width,
                rows: avatar.area.height),
            .png(cell: cell, columns: avatar.area.width + 1, rows: avatar.area.height), .sixel(colors: 256),
        ] {
            avatar.encoded?.format = format
            var other = layer(.kitty)
            #expect(!other.update(to: [avatar], painted: [], fullRepaint: true).output.contains("bWFya2Vy"))
        }
    }

    @Test func sixelPicturesGoAsTheyAreAndComeBackWhenTextIsPaintedOverThem() throws {
        var layer = layer(.sixel)
        let shown = picture(shortBy: 2)
        let first = layer.update(to: [shown], painted: [], fullRepaint: true)
        #expect(first.sent == [1])
        let body = try #require(first.output.range(of: "\u{1B}P")).lowerBound
        #expect(first.output[..<body] == "\u{1B}7\u{1B}[3;11H")
        let decoded = try SixelDecoder.decode(String(first.output[body...]), width: 18, height: 22, background: .black)
        // Sixel colours are whole percentages: within 2 of each 8-bit value.
        func near(_ a: RGBA8, _ b: RGBA8) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2
        }
        #expect(near(decoded[0, 0], shown.image[0, 0]) && near(decoded[17, 21], shown.image[17, 21]))
        // Text painted beside it changes nothing; text painted into it wipes those cells' pixels: sent again.
        #expect(layer.update(to: [shown], painted: [paint(9, 2), paint(15, 2)], fullRepaint: false).sent.isEmpty)
        #expect(layer.update(to: [shown], painted: [paint(14, 4)], fullRepaint: false).sent == [1])
    }

    @Test func sixelPicturesThatGoOrMoveHaveTheirRowsRepainted() {
        var layer = layer(.sixel)
        _ = layer.update(to: [picture(id: 1), picture(id: 2, x: 30, y: 3, rows: 4)], painted: [], fullRepaint: true)
        // New pixels in the same place cover the old ones: no repaint.
        let recolored = layer.update(
            to: [picture(id: 1, shade: 10), picture(id: 2, x: 30, y: 3, rows: 4)], painted: [],
            fullRepaint: false)
        #expect(recolored.rowsToRepaint.isEmpty && recolored.sent == [1])
        // Picture 1 moves down: its old rows are repainted, which wipes picture 2 on rows 3 and 4 too.
        let moved = layer.update(
            to: [picture(id: 1, y: 8, shade: 10), picture(id: 2, x: 30, y: 3, rows: 4)],
            painted: [], fullRepaint: false)
        #expect(moved.rowsToRepaint == [2, 3, 4])
        #expect(moved.sent == [1, 2])
        // A picture one pixel smaller leaves pixels behind in its cells: repainted as well.
        let smaller = layer.update(
            to: [picture(id: 1, y: 8, shade: 10, shortBy: 1), picture(id: 2, x: 30, y: 3, rows: 4)],
            painted: [], fullRepaint: false)
        #expect(smaller.rowsToRepaint == [8, 9, 10] && smaller.sent == [1])
        // Everything goes (the app quits): both areas' rows, nothing to send.
        let removal = layer.removeAll()
        #expect(removal.rowsToRepaint == [3, 4, 5, 6, 8, 9, 10] && removal.output.isEmpty)
    }

    @Test func aSixelPictureSentIntoTheCellsOfOneThatLeftRepaintsNoRows() {
        var layer = layer(.sixel)
        // A preview on rows 0...11 beside a list avatar on rows 2...4.
        let preview = picture(id: 1, x: 20, y: 0, columns: 10, rows: 12)
        _ = layer.update(to: [preview, picture(id: 100, x: 1, y: 2)], painted: [], fullRepaint: true)
        // The next page: another group's avatar in exactly those cells, at the same size, hides every pixel of
        // the one that left; no row is repainted and the preview beside it is not sent again.
        let scrolled = layer.update(
            to: [preview, picture(id: 101, x: 1, y: 2, shade: 90)], painted: [paint(3, 3)], fullRepaint: false)
        #expect(scrolled.rowsToRepaint.isEmpty)
        #expect(scrolled.sent == [101])
        #expect(!scrolled.output.isEmpty)
        // A smaller one would leave pixels of it behind: its rows are repainted, and the preview, whose rows
        // 2...4 are wiped, goes again whole (one palette), from its first row.
        let shorter = layer.update(
            to: [preview, picture(id: 102, x: 1, y: 2, shortBy: 1)], painted: [], fullRepaint: false)
        #expect(shorter.rowsToRepaint == [2, 3, 4])
        #expect(Set(shorter.sent) == [1, 102])
        #expect(shorter.output.contains("\u{1B}[1;21H\u{1B}Pq\"1;1;40;96#"))
    }

    @Test func halfBlocksDrawNoPicturesAndDuplicateIdsAreDrawnOnce() {
        var cells = PictureLayer(setup: .halfBlocks)
        let update = cells.update(to: [picture()], painted: [], fullRepaint: true)
        #expect(update == PictureLayer.Update())
        #expect(cells.shown.isEmpty)
        var kitty = layer(.kitty)
        #expect(kitty.update(to: [picture(), picture(x: 40)], painted: [], fullRepaint: true).sent == [1])
        #expect(kitty.shown.map(\.area.x) == [10])
        // Empty pictures are not pictures.
        #expect(kitty.update(to: [picture(columns: 0)], painted: [], fullRepaint: false).sent.isEmpty)
    }

    @Test func picturesLargerThanTheirCellsAreCut() throws {
        var layer = layer(.sixel)
        var large = picture()
        large.image = RGBAImage(width: 50, height: 50, fill: .white)
        let output = layer.update(to: [large], painted: [], fullRepaint: true).output
        let raster = try #require(output.range(of: "\"1;1;"))
        #expect(output[raster.upperBound...].hasPrefix("20;24"), "the sixel is the 5 x 3 cells' 20 x 24 pixels")
    }
}
