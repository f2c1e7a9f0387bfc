import Foundation
import Imaging
import Testing

@testable import TerminalUI

/// Pictures the terminal already has: kitty images placed again instead of sent, freed when no longer needed
/// (a bounded number kept), and sixel pictures always sent whole. Checked on the bytes.
@Suite struct PictureReuseTests {
    private static let cell = GraphicsSetup.testCell

    private func layer(_ graphicsProtocol: GraphicsProtocol) -> PictureLayer {
        PictureLayer(setup: .forTests(graphicsProtocol))
    }

    /// A list avatar: 3 x 2 cells, one colour per id, in list row `row` (rows of 2 cells from the top).
    private func avatar(_ id: UInt32, row: Int) -> PixelPicture {
        let (width, height) = Self.cell.imagePixels(columns: 3, rows: 2)
        return PixelPicture(
            id: id, area: CellRect(x: 1, y: row * 2, width: 3, height: 2),
            image: RGBAImage(
                width: width, height: height, fill: RGBA8(r: UInt8(truncatingIfNeeded: id * 37), g: 90, b: 20)))
    }

    /// The list showing ids `first..<first + count`, from its top row.
    private func page(_ first: UInt32, count: UInt32 = 4) -> [PixelPicture] {
        (0..<count).map { avatar(first + $0, row: Int($0)) }
    }

    /// The kitty APC sequences of `output`, each one's control keys.
    private func kittyCommands(_ output: String) -> [[String: String]] {
        output.components(separatedBy: "\u{1B}_G").dropFirst().map { sequence in
            let control = sequence.components(separatedBy: "\u{1B}\\")[0].split(separator: ";", maxSplits: 1).first
            var keys: [String: String] = [:]
            for pair in (control ?? "").split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                keys[String(keyValue[0])] = keyValue.count > 1 ? String(keyValue[1]) : ""
            }
            return keys
        }
    }

    /// The ids whose pixels `output` transmits (`a=T` or `a=t`).
    private func transmitted(_ output: String) -> [String] {
        kittyCommands(output).filter { $0["a"] == "T" || $0["a"] == "t" }.compactMap { $0["i"] }
    }

    @Test func aScrollByOneRowTransmitsNoPixelsForThumbnailsAlreadyShown() {
        var layer = layer(.kitty)
        let first = layer.update(to: page(1), painted: [], fullRepaint: true)
        #expect(transmitted(first.output) == ["1", "2", "3", "4"])
        // One row down: 2, 3 and 4 move up a row, 5 is new, 1 leaves.
        let scrolled = layer.update(to: page(2), painted: [], fullRepaint: false)
        #expect(transmitted(scrolled.output) == ["5"], "only the new thumbnail's pixels")
        #expect(scrolled.sent == [5] && scrolled.placed == [2, 3, 4])
        let commands = kittyCommands(scrolled.output)
        let placements = commands.filter { $0["a"] == "p" }
        #expect(placements.map { $0["i"] } == ["2", "3", "4"])
        #expect(placements.allSatisfy { $0["c"] == "3" && $0["r"] == "2" && $0["C"] == "1" })
        // Each placement goes to the avatar's new row: id 2 now at the top (row 1, column 2).
        #expect(scrolled.output.contains("\u{1B}[1;2H\u{1B}_Ga=p,i=2,"))
        // The one that left loses its placement, not its image (lowercase d=i keeps the data).
        #expect(scrolled.output.contains(KittyGraphics.delete(id: 1)))
        #expect(!scrolled.output.contains(KittyGraphics.free(id: 1)))
        // Back up a row: 1 is placed from what the terminal holds; nothing is transmitted.
        let back = layer.update(to: page(1), painted: [], fullRepaint: false)
        #expect(transmitted(back.output).isEmpty && back.sent.isEmpty)
        #expect(back.placed == [1, 2, 3, 4])
        #expect(layer.held.map(\.id).sorted() == [1, 2, 3, 4, 5])
    }

    @Test func changedPixelsAreTransmittedAgainUnderTheSameID() {
        var layer = layer(.kitty)
        _ = layer.update(to: page(1), painted: [], fullRepaint: true)
        var changed = page(1)
        changed[2].image = RGBAImage(width: 12, height: 16, fill: .white)
        let update = layer.update(to: changed, painted: [], fullRepaint: false)
        #expect(transmitted(update.output) == ["3"] && update.placed.isEmpty)
        // Placed again after scrolling, the new pixels are the ones held.
        _ = layer.update(to: page(9), painted: [], fullRepaint: false)
        let back = layer.update(to: changed, painted: [], fullRepaint: false)
        #expect(transmitted(back.output).isEmpty && back.placed == [1, 2, 3, 4])
        // The old pixels under that id are not the ones held: sent.
        #expect(transmitted(layer.update(to: page(1), painted: [], fullRepaint: false).output) == ["3"])
    }

    @Test func aFreedImageIsNotPlacedAgain() {
        var layer = layer(.kitty)
        _ = layer.update(to: page(1), painted: [], fullRepaint: true)
        // Page after page, until more images are off the screen than the terminal is asked to keep.
        let pages = PictureLayer.heldImageLimit / 4 + 2
        var freed: [String] = []
        for index in 1...pages {
            let update = layer.update(to: page(UInt32(1 + 4 * index)), painted: [], fullRepaint: false)
            freed += kittyCommands(update.output).filter { $0["a"] == "d" && $0["d"] == "I" }.compactMap { $0["i"] }
        }
        // The first page's images went first, and at most the limit is held beside the page on screen.
        #expect(Array(freed.prefix(4)) == ["1", "2", "3", "4"])
        #expect(layer.held.count <= PictureLayer.heldImageLimit + 4)
        // Coming back, a freed image is transmitted again, never placed.
        let back = layer.update(to: page(1), painted: [], fullRepaint: false)
        #expect(transmitted(back.output) == ["1", "2", "3", "4"] && back.placed.isEmpty)
        #expect(!kittyCommands(back.output).contains { $0["a"] == "p" })
    }

    @Test func anOverlayRemovesThePlacementsAndTheImagesThatDoNotComeBackAreFreed() {
        var layer = layer(.kitty)
        _ = layer.update(to: page(1), painted: [], fullRepaint: true)
        _ = layer.update(to: page(2), painted: [], fullRepaint: false)
        // A frame without pictures (the help covering all of them): every placement goes.
        let covered = layer.update(to: [], painted: [], fullRepaint: false)
        let deleted = kittyCommands(covered.output).filter { $0["a"] == "d" }
        #expect(
            deleted.compactMap { $0["i"] }.sorted() == ["2", "3", "4", "5"] && deleted.allSatisfy { $0["d"] == "i" })
        #expect(layer.shown.isEmpty && layer.held.isEmpty)
        // The pictures come back: they are sent again, and image 1 (held off screen before) is freed.
        let reopened = layer.update(to: page(2), painted: [], fullRepaint: false)
        #expect(transmitted(reopened.output) == ["2", "3", "4", "5"])
        #expect(kittyCommands(reopened.output).filter { $0["d"] == "I" }.map { $0["i"] } == ["1"])
        // On the way out every image is freed as well as taken off the screen.
        let removal = layer.removeAll()
        let freed = kittyCommands(removal.output).filter { $0["d"] == "I" }.compactMap { $0["i"] }
        #expect(freed.sorted() == ["2", "3", "4", "5"])
    }

    @Test func aResizeTransmitsEveryPictureAgain() {
        var layer = layer(.kitty)
        _ = layer.update(to: page(1), painted: [], fullRepaint: true)
        let resized = layer.update(to: page(1), painted: [], fullRepaint: true)
        #expect(transmitted(resized.output) == ["1", "2", "3", "4"] && resized.placed.isEmpty)
    }

    @Test func aSixelPictureIsReplacedWholeWithItsOwnPalette() throws {
        var layer = layer(.sixel)
        // 3 x 4 cells (12 x 32 px) at (2, 1), one colour; a photo reload changes its middle cell rows.
        var picture = PixelPicture(
            id: 7, area: CellRect(x: 2, y: 1, width: 3, height: 4),
            image: RGBAImage(width: 12, height: 32, fill: RGBA8(r: 200, g: 40, b: 90)))
        _ = layer.update(to: [picture], painted: [], fullRepaint: true)
        for y in 10..<20 { for x in 0..<12 { picture.image[x, y] = .white } }
        for update in [
            layer.update(to: [picture], painted: [], fullRepaint: false),
            // Text painted into its last cell row: the picture again, whole.
            layer.update(to: [picture], painted: [ChangedCells.Paint(x: 3, y: 4, cell: Cell("x"))], fullRepaint: false),
        ] {
            #expect(update.sent == [7] && update.rowsToRepaint.isEmpty)
            // From its top-left cell (screen row 2, column 3), all 32 px rows, one palette for all of them.
            let body = try #require(update.output.range(of: "\u{1B}P"))
            #expect(update.output[..<body.lowerBound] == "\u{1B}7\u{1B}[2;3H")
            #expect(update.output[body.lowerBound...].contains("\"1;1;12;32#"))
            #expect(update.output.components(separatedBy: "\u{1B}P").count == 2)
            let sixel = String(update.output[body.lowerBound...].dropLast(2))
            let decoded = try SixelDecoder.decode(sixel, width: 12, height: 32, background: .black)
            #expect(decoded[0, 0].r > 190 && decoded[0, 0].g < 50 && decoded[0, 31] == decoded[0, 0])
            #expect(decoded[0, 12].r > 240 && decoded[0, 12].g > 240, "a changed pixel: white")
        }
    }

    @Test func aPictureEncodedOffTheLoopGoesAsItsBytesHowEverFewRowsChanged() {
        var layer = layer(.sixel)
        // A 3 x 4 cell list avatar (12 x 32 px) with its sixel bytes made off the loop; a marker stands for them.
        func avatar(_ changedRows: Range<Int>) -> PixelPicture {
            var image = RGBAImage(width: 12, height: 32, fill: RGBA8(r: 200, g: 40, b: 90))
            for y in changedRows.lowerBound * 8..<changedRows.upperBound * 8 {
                for x in 0..<12 { image[x, y] = .white }
            }
            var picture = PixelPicture(id: 7, area: CellRect(x: 2, y: 1, width: 3, height: 4), image: image)
            picture.encoded = EncodedPicture(
                format: .sixel(colors: layer.setup.sixelColors), bytes: "\u{1B}Pq#marker\u{1B}\\")
            return picture
        }
        _ = layer.update(to: [avatar(0..<0)], painted: [], fullRepaint: true)
        let one = layer.update(to: [avatar(2..<3)], painted: [], fullRepaint: false)
        #expect(one.sent == [7] && one.output == "\u{1B}7\u{1B}[2;3H\u{1B}Pq#marker\u{1B}\\\u{1B}8")
        // Bytes made for another palette size are not this terminal's: the picture is encoded here, whole.
        var other = avatar(0..<3)
        other.encoded?.format = .sixel(colors: layer.setup.sixelColors / 2)
        let encodedHere = layer.update(to: [other], painted: [], fullRepaint: false)
        #expect(!encodedHere.output.contains("#marker") && encodedHere.output.contains("\"1;1;12;32#"))
    }
}
