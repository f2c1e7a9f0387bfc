import Imaging
import Testing

@testable import TerminalUI

@Suite struct BackdropTests {
    @Test func transparentPixelsShowTheCheckerboard() {
        let board = Checkerboard()
        let clear = RGBAImage(width: 48, height: 48)
        let grid = HalfBlockRenderer.render(clear, columns: 24, rows: 12, mode: .truecolor, backdrop: .checkerboard)
        // 24x24 pixels: squares of 2 pixels, so two cells wide and one tall.
        #expect(Checkerboard.squareSide(width: 24, height: 24) == 2)
        let light = TerminalColor.rgb(board.light.r, board.light.g, board.light.b)
        let dark = TerminalColor.rgb(board.dark.r, board.dark.g, board.dark.b)
        for row in 0..<12 {
            for column in 0..<24 {
                let expected = (column / 2 + row) % 2 == 0 ? light : dark
                #expect(grid[column, row] == Cell(" ", foreground: expected, background: expected))
            }
        }
    }

    @Test func checkerboardShowsInEveryColorMode() {
        let clear = RGBAImage(width: 40, height: 40)
        for mode in [ColorMode.palette256, .palette16] {
            let grid = HalfBlockRenderer.render(clear, columns: 20, rows: 10, mode: mode, backdrop: .checkerboard)
            #expect(Set(grid.cells.map(\.background)).count >= 2, "\(mode)")
        }
        let mono = HalfBlockRenderer.render(clear, columns: 20, rows: 10, mode: .monochrome, backdrop: .checkerboard)
        #expect(Set(mono.cells.map(\.text)).count >= 2)
    }

    @Test func sixteenColorCheckerboardIsCleanWhiteAndGreySquares() {
        // Both default greys are nearest to ANSI grey and average to it: drawn as they are, tempered diffusion
        // shows transparency flat grey. In 16 colours the board is ANSI white and grey, which need no dither.
        let clear = RGBAImage(width: 40, height: 40)
        let grid = HalfBlockRenderer.render(clear, columns: 20, rows: 10, mode: .palette16, backdrop: .checkerboard)
        #expect(Set(grid.cells.map(\.background)) == [.indexed(7), .indexed(8)])
        #expect(Backdrop.solid(.black).forSixteenColors == .solid(.black))
    }

    @Test func opaquePixelsHideTheBackdrop() {
        let red = RGBAImage(width: 8, height: 8, fill: RGBA8(r: 200, g: 10, b: 10))
        let grid = HalfBlockRenderer.render(red, columns: 4, rows: 2, mode: .truecolor, backdrop: .checkerboard)
        #expect(grid.cells.allSatisfy { $0.background == .rgb(200, 10, 10) })
    }

    @Test func halfTransparentPixelsBlendWithTheSquareBelow() {
        var image = RGBAImage(width: 4, height: 4, fill: RGBA8(r: 255, g: 255, b: 255, a: 128))
        image[0, 0] = RGBA8(r: 255, g: 255, b: 255, a: 128)
        let board = Checkerboard()
        let grid = HalfBlockRenderer.render(image, columns: 4, rows: 2, mode: .truecolor, backdrop: .checkerboard)
        // 255 * 128/255 + light * 127/255 and the same over dark.
        func over(_ under: UInt8) -> UInt8 {
            let blended: Double = (255.0 * 128 + Double(under) * 127) / 255
            return UInt8(blended + 0.5)
        }
        let overLight = over(board.light.r), overDark = over(board.dark.r)
        #expect(grid[0, 0].background == .rgb(overLight, overLight, overLight))
        #expect(grid[2, 0].background == .rgb(overDark, overDark, overDark))
    }

    @Test func compositeForGraphicsIsOpaque() {
        var image = RGBAImage(width: 24, height: 24)
        image[5, 5] = RGBA8(r: 10, g: 200, b: 30)
        let flat = Backdrop.checkerboard.composite(image)
        #expect(flat.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        #expect(flat[5, 5] == RGBA8(r: 10, g: 200, b: 30))
        #expect(flat[0, 0] == Checkerboard().light)
        #expect(flat[2, 0] == Checkerboard().dark)
        let solid = Backdrop.solid(RGBA8(r: 1, g: 2, b: 3)).composite(image)
        #expect(solid[20, 20] == RGBA8(r: 1, g: 2, b: 3))
    }
}
