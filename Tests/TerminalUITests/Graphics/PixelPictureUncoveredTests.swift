import Imaging
import Testing

@testable import TerminalUI

/// Pictures cut around a box of text over them: the parts outside the box stay pixel pictures, their pixels
/// where they were on screen, and no part reaches under the box.
@Suite struct PixelPictureUncoveredTests {
    private static let cell = CellPixelSize(width: 4, height: 6)

    /// A picture of `columns` x `rows` cells from (`x`, `y`) whose every pixel is distinct: red and green
    /// count its x and y.
    private func picture(x: Int = 2, y: Int = 1, columns: Int = 10, rows: Int = 8) -> PixelPicture {
        let (width, height) = Self.cell.imagePixels(columns: columns, rows: rows)
        var image = RGBAImage(width: width, height: height)
        for py in 0..<height {
            for px in 0..<width {
                let index = (py * width + px) * 4
                image.pixels[index] = UInt8(px)
                image.pixels[index + 1] = UInt8(py)
                image.pixels[index + 3] = 255
            }
        }
        return PixelPicture(id: 0x6374_0001, area: CellRect(x: x, y: y, width: columns, height: rows), image: image)
    }

    /// The cells of `rect`.
    private func cells(_ rect: CellRect) -> Set<[Int]> {
        Set((rect.y..<rect.y + rect.height).flatMap { y in (rect.x..<rect.x + rect.width).map { [$0, y] } })
    }

    @Test func aBoxInsideThePictureLeavesFourPartsThatTileTheRest() {
        let whole = picture()
        let box = CellRect(x: 5, y: 3, width: 4, height: 3)
        let parts = whole.uncovered(by: box, cell: Self.cell)
        #expect(parts.count == 4)
        #expect(Set(parts.map(\.id)).count == 4 && !parts.contains { $0.id == whole.id })
        // No part lies under the box, no two overlap, and together with the box they are the whole picture.
        var covered = Set<[Int]>()
        for part in parts {
            let partCells = cells(part.area)
            #expect(partCells.isDisjoint(with: cells(box)), "part \(part.area) under the box")
            #expect(partCells.isDisjoint(with: covered), "part \(part.area) overlaps another")
            covered.formUnion(partCells)
        }
        #expect(covered.union(cells(box)) == cells(whole.area))
        // Every part's pixels are the whole picture's at the same screen pixels.
        for part in parts {
            #expect(part.image.width == part.area.width * Self.cell.width)
            #expect(part.image.height == part.area.height * Self.cell.height)
            let dx = (part.area.x - whole.area.x) * Self.cell.width
            let dy = (part.area.y - whole.area.y) * Self.cell.height
            for (x, y) in [(0, 0), (part.image.width - 1, part.image.height - 1), (1, part.image.height / 2)] {
                #expect(part.image[x, y] == whole.image[x + dx, y + dy], "part \(part.area) at \(x), \(y)")
            }
        }
    }

    @Test func aBoxOverAnEdgeLeavesOnlyTheUncoveredSides() {
        let whole = picture()
        // Over the right edge and the rows 3...5: the rows above and below, and the columns left of the box.
        let parts = whole.uncovered(by: CellRect(x: 8, y: 3, width: 20, height: 3), cell: Self.cell)
        #expect(
            parts.map(\.area) == [
                CellRect(x: 2, y: 1, width: 10, height: 2), CellRect(x: 2, y: 6, width: 10, height: 3),
                CellRect(x: 2, y: 3, width: 6, height: 3),
            ])
    }

    @Test func aBoxThatMissesLeavesThePictureAndOneThatCoversItLeavesNothing() {
        let whole = picture()
        #expect(whole.uncovered(by: CellRect(x: 12, y: 0, width: 5, height: 20), cell: Self.cell) == [whole])
        #expect(whole.uncovered(by: CellRect(x: 0, y: 0, width: 40, height: 20), cell: Self.cell).isEmpty)
    }

    @Test func aPictureTheTerminalScalesIsCutInItsShownPixels() throws {
        // 10 x 8 cells of 4 x 6 px are 40 x 48 px shown; the image is a quarter of that, enlarged by kitty.
        var whole = picture()
        whole = PixelPicture(
            id: whole.id, area: whole.area, image: Resampler.resample(whole.image, width: 20, height: 24),
            shown: (40, 48))
        let parts = whole.uncovered(by: CellRect(x: 2, y: 5, width: 10, height: 4), cell: Self.cell)
        let top = try #require(parts.first)
        #expect(parts.count == 1 && top.area == CellRect(x: 2, y: 1, width: 10, height: 4))
        // The part is the image's own top half, shown over its cells' 40 x 24 screen pixels: the terminal
        // enlarges it as it did the whole picture, and nothing was resampled.
        #expect(top.image.width == 20 && top.image.height == 12 && top.isScaledByTerminal)
        #expect(top.shownWidth == 40 && top.shownHeight == 24)
        #expect(
            top.image.cropped(x: 0, y: 0, width: 20, height: 12)
                == whole.image.cropped(x: 0, y: 0, width: 20, height: 12))
    }

    @Test func aScaledPicturesSidePartsAreItsOwnPixelsBesideTheBox() throws {
        // 40 x 48 px shown from a 20 x 24 image (2x); a box over cells 4...7 of columns, rows 3...4.
        let source = picture()
        let whole = PixelPicture(
            id: source.id, area: source.area, image: Resampler.resample(source.image, width: 20, height: 24),
            shown: (40, 48))
        let parts = whole.uncovered(by: CellRect(x: 6, y: 3, width: 4, height: 2), cell: Self.cell)
        #expect(
            parts.map(\.area) == [
                CellRect(x: 2, y: 1, width: 10, height: 2), CellRect(x: 2, y: 5, width: 10, height: 4),
                CellRect(x: 2, y: 3, width: 4, height: 2), CellRect(x: 10, y: 3, width: 2, height: 2),
            ])
        // The right part: screen pixels 32...39 x 12...23 of the picture, image pixels 16...19 x 6...11.
        let right = parts[3]
        #expect(right.shownWidth == 8 && right.shownHeight == 12)
        #expect(right.image == whole.image.cropped(x: 16, y: 6, width: 4, height: 6))
        // Shown sizes add up to the whole picture's, so the parts tile it with no gap or overlap.
        #expect(parts[0].shownHeight + parts[2].shownHeight + parts[1].shownHeight == 48)
        #expect(parts[2].shownWidth + 16 + parts[3].shownWidth == 40)
    }

    @Test func aPartBeyondThePicturesPixelsIsLeftOut() throws {
        // The image stops 30 px in, halfway through the eighth of its 10 columns.
        let whole = picture()
        let narrow = PixelPicture(
            id: whole.id, area: whole.area, image: try #require(whole.image.cropped(x: 0, y: 0, width: 30, height: 48)))
        // Right of the box there are cells (column 10 and 11), but no pixels: only the rows above and below.
        let parts = narrow.uncovered(by: CellRect(x: 0, y: 3, width: 10, height: 2), cell: Self.cell)
        #expect(parts.map(\.area.y) == [1, 5])
        #expect(parts.allSatisfy { $0.image.width == 30 })
    }

    @Test func sixelPartsShowTheWholePicturesColours() throws {
        // Many colours (more than the 16 registers asked for): each part alone would get a palette of its own.
        let cell = GraphicsSetup.testCell
        let whole = picture()
        let resized = PixelPicture(
            id: whole.id, area: whole.area,
            image: Resampler.resample(
                whole.image, width: cell.width * whole.area.width, height: cell.height * whole.area.height))
        let parts = resized.uncovered(by: CellRect(x: 4, y: 3, width: 4, height: 3), cell: cell)
        #expect(parts.count == 4 && parts.allSatisfy { $0.paletteSource == resized.image })
        var layer = PictureLayer(setup: .forTests(.sixel, sixelColors: 16))
        let update = layer.update(to: parts, painted: [], fullRepaint: true)
        #expect(update.sent.count == 4)
        func palettes(_ text: String) -> [[Substring]] {
            text.split(separator: "\u{1B}P", omittingEmptySubsequences: false).dropFirst().map { sequence in
                sequence.matches(of: /#[0-9]+;2;[0-9]+;[0-9]+;[0-9]+/).map { sequence[$0.range] }
            }
        }
        let wholePalette = try #require(
            palettes(try SixelEncoder.encode(resized.image, backdrop: .checkerboard, colors: 16)).first)
        #expect(wholePalette.count == 16)
        #expect(palettes(update.output) == Array(repeating: wholePalette, count: 4))
    }

    @Test func croppingClipsToTheImage() throws {
        let image = picture().image
        #expect(image.cropped(x: 0, y: 0, width: image.width, height: image.height) == image)
        let corner = try #require(image.cropped(x: 38, y: 46, width: 10, height: 10))
        #expect(corner.width == 2 && corner.height == 2 && corner[1, 1] == image[39, 47])
        #expect(image.cropped(x: 50, y: 0, width: 4, height: 4) == nil)
    }
}
