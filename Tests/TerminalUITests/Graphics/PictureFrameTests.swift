import Imaging
import Testing

@testable import TerminalUI

@Suite struct PictureFrameTests {
    private let cell = CellPixelSize(width: 10, height: 20)

    @Test func aFittedImageIsCentredOnACellCornerWithItsProportions() throws {
        // A square image in a 400 x 300 pixel area: 300 x 300, starting at x = 50, snapped down to 50 (5 cells).
        let frame = try #require(
            PictureFrame.fit(
                imageWidth: 528, imageHeight: 528, areaWidth: 400, areaHeight: 300,
                cell: cell, zoom: 1))
        #expect(frame.frame == Rect(x: 50, y: 0, width: 300, height: 300))
        #expect(frame.region == PixelBox(x: 50, y: 0, width: 300, height: 300))
        #expect(frame.cells(cell) == CellRect(x: 5, y: 0, width: 30, height: 15))
        // Off-centre by a few pixels: the start moves left to the cell corner; the last cell is covered in part.
        let odd = try #require(
            PictureFrame.fit(
                imageWidth: 100, imageHeight: 100, areaWidth: 400, areaHeight: 290,
                cell: cell, zoom: 1))
        #expect(odd.region == PixelBox(x: 50, y: 0, width: 290, height: 290))
        #expect(odd.cells(cell) == CellRect(x: 5, y: 0, width: 29, height: 15))
        // A wide image (a grid that grew) in the same area keeps its 2:1 shape.
        let wide = try #require(
            PictureFrame.fit(
                imageWidth: 200, imageHeight: 100, areaWidth: 400, areaHeight: 300,
                cell: cell, zoom: 1))
        #expect(wide.frame.width == 400 && wide.frame.height == 200 && wide.region.y == 40)
    }

    @Test func zoomingInShowsTheCentre() throws {
        let frame = try #require(
            PictureFrame.fit(
                imageWidth: 100, imageHeight: 100, areaWidth: 400, areaHeight: 300,
                cell: cell, zoom: 2))
        #expect(frame.frame == Rect(x: -100, y: -150, width: 600, height: 600))
        #expect(frame.region == PixelBox(x: 0, y: 0, width: 400, height: 300))
        #expect(
            PictureFrame.fit(
                imageWidth: 0, imageHeight: 100, areaWidth: 400, areaHeight: 300, cell: cell,
                zoom: 1) == nil)
    }

    @Test func actualPixelsAreCentredWhenTheyFitAndPannedWhenNot() throws {
        // 132 px at x2 = 264 px: fits 400 across (centred at 60, a cell corner), not 200 down.
        let frame = try #require(
            PictureFrame.actualPixels(
                imageWidth: 132, imageHeight: 132, areaWidth: 400,
                areaHeight: 200, cell: cell, magnification: 2,
                centre: (0.9, 0.5)))
        #expect(frame.frame == Rect(x: 60, y: -32, width: 264, height: 264))
        #expect(frame.region == PixelBox(x: 60, y: 0, width: 264, height: 200))
        // Panned past the bottom: the image's last row meets the area's last row, no empty space below.
        let bottom = try #require(
            PictureFrame.actualPixels(
                imageWidth: 132, imageHeight: 132, areaWidth: 400,
                areaHeight: 200, cell: cell, magnification: 2,
                centre: (0.5, 5)))
        #expect(bottom.frame.minY == -64)
        let shown = PictureFrame.visibleFraction(
            imageWidth: 132, imageHeight: 132, areaWidth: 400, areaHeight: 200,
            magnification: 2)
        #expect(shown.width == 1 && abs(shown.height - 200.0 / 264) < 1e-9)
    }

    @Test func wholeSamplingRepeatsEachPixelAndLaysTheBoardUnderTransparency() throws {
        var image = RGBAImage(width: 3, height: 2, fill: RGBA8(r: 10, g: 20, b: 30))
        image[2, 1] = .transparent
        let frame = try #require(
            PictureFrame.actualPixels(
                imageWidth: 3, imageHeight: 2, areaWidth: 6, areaHeight: 4,
                cell: .halfBlock, magnification: 2, centre: (0.5, 0.5)))
        let picture = frame.render(image, over: .checkerboard)
        #expect(picture.width == 6 && picture.height == 4)
        #expect(picture[0, 0] == image[0, 0] && picture[1, 1] == image[0, 0] && picture[3, 3] == image[1, 1])
        let board = Backdrop.checkerboard.composite(image)
        #expect(picture[4, 2] == board[2, 1] && picture[5, 3] == board[2, 1] && picture[4, 2].a == 255)
    }

    @Test func smoothSamplingIsOpaqueAndKeepsFlatColor() throws {
        let image = RGBAImage(width: 40, height: 40, fill: RGBA8(r: 200, g: 100, b: 50, a: 0))
        let frame = try #require(
            PictureFrame.fit(
                imageWidth: 40, imageHeight: 40, areaWidth: 90, areaHeight: 90,
                cell: cell, zoom: 1))
        let picture = frame.render(image, over: .checkerboard)
        #expect(picture.width == 90 && picture.height == 90)
        // All transparent: the checkerboard's two greys, squares of 90 / 12 = 7 pixels.
        #expect(picture[0, 0] == Checkerboard().light && picture[7, 0] == Checkerboard().dark)
    }

    @Test func anEnlargedPictureIsCubicAndAReducedOneLanczos() throws {
        var image = RGBAImage(width: 40, height: 40, fill: RGBA8(r: 10, g: 20, b: 30))
        for y in 0..<40 { for x in 0..<40 where (x / 3 + y / 5) % 2 == 0 { image[x, y] = RGBA8(r: 240, g: 200, b: 9) } }
        let enlarging = try #require(
            PictureFrame.fit(imageWidth: 40, imageHeight: 40, areaWidth: 90, areaHeight: 90, cell: cell, zoom: 1))
        let enlarged = enlarging.render(image, over: .checkerboard)
        #expect(
            enlarged
                == Resampler.resampleOpaque(
                    image, frame: enlarging.frame, region: enlarging.region, kernel: .catmullRom))
        #expect(enlarged != Resampler.resample(image, frame: enlarging.frame, region: enlarging.region))
        // With a translucent pixel the general path makes it, with the same filter, over the board.
        image[0, 0].a = 100
        #expect(
            enlarging.render(image, over: .checkerboard)
                == Backdrop.checkerboard.composite(
                    try #require(
                        Resampler.resample(
                            image, frame: enlarging.frame, region: enlarging.region, kernel: .catmullRom))))
        let reducing = try #require(
            PictureFrame.fit(imageWidth: 40, imageHeight: 40, areaWidth: 20, areaHeight: 20, cell: cell, zoom: 1))
        #expect(
            reducing.render(image, over: .checkerboard)
                == Backdrop.checkerboard.composite(
                    try #require(Resampler.resample(image, frame: reducing.frame, region: reducing.region))))
    }

    @Test func anImageShownWholeAtItsOwnPixelsIsLaidOverTheBoardAsItIs() throws {
        // A list avatar composed at exactly its pixels: 48 x 48 in an area of whole 8 x 16 cells that holds it.
        var image = RGBAImage(width: 48, height: 48, fill: RGBA8(r: 10, g: 20, b: 30))
        for y in 0..<48 { for x in 0..<48 where (x + y) % 3 == 0 { image[x, y] = RGBA8(r: 240, g: 200, b: 9, a: 90) } }
        let frame = try #require(
            PictureFrame.fit(imageWidth: 48, imageHeight: 48, areaWidth: 48, areaHeight: 48, cell: cell, zoom: 1))
        #expect(frame.showsWholeImage && frame.region == PixelBox(x: 0, y: 0, width: 48, height: 48))
        #expect(frame.render(image, over: .checkerboard) == Backdrop.checkerboard.composite(image))
    }

    /// Whether `frame` stays within the picture budget and inside the area, starting on a cell corner.
    private func isWithinBudget(_ frame: PictureFrame, areaWidth: Int, areaHeight: Int, cell: CellPixelSize) -> Bool {
        let region = frame.region
        return region.width <= PictureFrame.maximumSide && region.height <= PictureFrame.maximumSide
            && region.width * region.height <= PictureFrame.maximumPixels
            && region.x >= 0 && region.y >= 0 && region.maxX <= areaWidth && region.maxY <= areaHeight
            && region.x % cell.width == 0 && region.y % cell.height == 0
    }

    @Test func aHugePictureAreaIsReducedToTheBudget() throws {
        // The largest plausible cells on a 400 x 120 terminal: 25600 x 15360 pixels, 1.5 GB as RGBA.
        let cell = CellPixelSize(width: 64, height: 128)
        let area = cell.imagePixels(columns: 400, rows: 120)
        let fitted = try #require(
            PictureFrame.fit(
                imageWidth: 528, imageHeight: 528, areaWidth: area.width,
                areaHeight: area.height, cell: cell, zoom: 1))
        #expect(isWithinBudget(fitted, areaWidth: area.width, areaHeight: area.height, cell: cell))
        // Scaled down, not cut: the whole image shows, square, in the middle of the area.
        #expect(fitted.frame.width == fitted.frame.height && fitted.frame.width > 1000)
        #expect(
            fitted.frame.minX >= Double(fitted.region.x) && fitted.frame.minY >= Double(fitted.region.y)
                && fitted.frame.maxX <= Double(fitted.region.maxX) && fitted.frame.maxY <= Double(fitted.region.maxY))
        #expect(abs(fitted.frame.midX - Double(area.width) / 2) <= Double(2 * cell.width))
        let zoomed = try #require(
            PictureFrame.fit(
                imageWidth: 528, imageHeight: 528, areaWidth: area.width,
                areaHeight: area.height, cell: cell, zoom: 8))
        #expect(isWithinBudget(zoomed, areaWidth: area.width, areaHeight: area.height, cell: cell))
        let actual = try #require(
            PictureFrame.actualPixels(
                imageWidth: 4000, imageHeight: 4000, areaWidth: area.width,
                areaHeight: area.height, cell: cell, magnification: 16,
                centre: (0.5, 0.5)))
        #expect(isWithinBudget(actual, areaWidth: area.width, areaHeight: area.height, cell: cell))
        // Its cells are inside the terminal's.
        let cells = actual.cells(cell)
        #expect(cells.x >= 0 && cells.y >= 0 && cells.x + cells.width <= 400 && cells.y + cells.height <= 120)
    }

    @Test func anAreaWithinTheBudgetIsUsedWhole() {
        let budget = PictureFrame.budgeted(
            areaWidth: 3200, areaHeight: 1920, cell: CellPixelSize(width: 16, height: 32))
        #expect(budget == PixelBox(x: 0, y: 0, width: 3200, height: 1920))
        // A side beyond maximumSide alone is enough to reduce the area, to whole cells.
        let tall = PictureFrame.budgeted(areaWidth: 100, areaHeight: 20_000, cell: CellPixelSize(width: 10, height: 20))
        #expect(tall.height <= PictureFrame.maximumSide && tall.height % 20 == 0 && tall.width == 100)
    }

    @Test func cellsBeyondTheBudgetAreReducedAlikeWithTheirShapeKept() {
        // `show --width 400` on 64 x 128 px cells: 25600 px square asked; within both limits after, same shape.
        let huge = CellPixelSize(width: 64, height: 128)
        let kept = PictureFrame.budgetedCells(columns: 400, rows: 200, cell: huge)
        #expect(kept.columns * 64 <= PictureFrame.maximumSide && kept.rows * 128 <= PictureFrame.maximumSide)
        #expect(kept.columns * 64 * kept.rows * 128 <= PictureFrame.maximumPixels)
        #expect(abs(kept.columns - 2 * kept.rows) <= 1 && kept.columns >= 40)
        // 1000 columns of 10 x 20 px (10000 px square): the pixel count decides, and little is given away.
        let ordinary = CellPixelSize(width: 10, height: 20)
        let wide = PictureFrame.budgetedCells(columns: 1000, rows: 500, cell: ordinary)
        let pixels = wide.columns * 10 * wide.rows * 20
        #expect(pixels <= PictureFrame.maximumPixels && pixels > PictureFrame.maximumPixels * 95 / 100)
        #expect(abs(Double(wide.columns) / Double(wide.rows) - 2) < 0.02)
        // One long side: only its limit matters; within the budget nothing changes; never below one cell.
        #expect(PictureFrame.budgetedCells(columns: 1000, rows: 1, cell: ordinary) == (409, 1))
        #expect(PictureFrame.budgetedCells(columns: 80, rows: 24, cell: ordinary) == (80, 24))
        #expect(PictureFrame.budgetedCells(columns: 0, rows: 0, cell: huge) == (1, 1))
    }
}
