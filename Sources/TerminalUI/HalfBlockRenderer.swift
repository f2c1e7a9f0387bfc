import Imaging

/// Turns an image into terminal cells: pure, no I/O, fast enough to run every frame.
///
/// With UTF-8, every cell shows two pixels stacked: `▀` in the upper pixel's colour (foreground) over the lower
/// pixel's colour (background). A terminal cell is about twice as tall as wide, so a cell is 1 x 2 pixels and
/// pixels come out square.
package enum HalfBlockRenderer {
    /// The upper half block U+2580.
    package static let upperHalfBlock = "▀"
    /// ASCII characters from darkest to lightest for monochrome output without UTF-8.
    package static let asciiShades = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// The glyphs monochrome output draws with UTF-8, each with the share of ink (the default foreground) in
    /// its upper and lower half. Half blocks keep an edge between a cell's two pixels that a shade, which
    /// averages them, would lose.
    package static let monochromeGlyphs: [(text: String, upper: Float, lower: Float)] = [
        (" ", 0, 0), ("░", 0.25, 0.25), ("▒", 0.5, 0.5), ("▓", 0.75, 0.75), ("█", 1, 1),
        ("▀", 1, 0), ("▄", 0, 1),
    ]

    /// How much monochrome output exaggerates a pixel's difference from its neighbours (an unsharp mask on
    /// lightness): a two-pixel gap between tiles that is only a little lighter than the photos beside it would
    /// otherwise fall into the same shade as they do and vanish.
    package static let monochromeEdgeGain: Float = 1.5

    /// Draws `image` into `columns` x `rows` cells after compositing it over `backdrop` (a colour, or a
    /// checkerboard that shows transparent parts as such) and area-averaging it to the cells' pixel grid.
    ///
    /// - Parameters:
    ///   - mode: how colours are expressed; `.monochrome` draws block and shade characters in the default
    ///     colours.
    ///   - dither: how the 256- and 16-colour palettes mix colours they lack; nil for the mode's standard
    ///     (`DitherMode.standard(for:)`). Ignored in truecolor and monochrome.
    ///   - utf8: false for a non-UTF-8 locale, where `▀` would not show: then each cell is one pixel, a space on a
    ///     background colour (an ASCII shade character in monochrome).
    /// - Returns: a `columns` x `rows` grid; empty when either is not positive.
    package static func render(
        _ image: RGBAImage, columns: Int, rows: Int, mode: ColorMode, backdrop: Backdrop,
        dither: DitherMode? = nil, utf8: Bool = true
    ) -> CellGrid {
        guard columns > 0, rows > 0 else { return CellGrid(width: 0, height: 0) }
        let pixelRowsPerCell = utf8 ? 2 : 1
        let pixelRows = rows * pixelRowsPerCell
        let pixels = AreaAverager.average(
            image, width: columns, height: pixelRows,
            backdrop: mode == .palette16 ? backdrop.forSixteenColors : backdrop)
        var grid = CellGrid(width: columns, height: rows)
        func cells(_ pixel: (_ upper: Int, _ lower: Int) -> (TerminalColor, TerminalColor)) {
            for row in 0..<rows {
                for column in 0..<columns {
                    let upper = row * pixelRowsPerCell * columns + column
                    let (top, bottom) = pixel(upper, upper + (pixelRowsPerCell - 1) * columns)
                    // A space needs no glyph drawn; its foreground is set to the same colour so it never matters.
                    grid[column, row] =
                        !utf8 || top == bottom
                        ? Cell(" ", foreground: bottom, background: bottom)
                        : Cell(upperHalfBlock, foreground: top, background: bottom)
                }
            }
        }
        switch mode {
        case .truecolor:
            pixels.withUnsafeBufferPointer { pixels in
                cells { upper, lower in
                    (
                        .rgb(pixels[upper * 3], pixels[upper * 3 + 1], pixels[upper * 3 + 2]),
                        .rgb(pixels[lower * 3], pixels[lower * 3 + 1], pixels[lower * 3 + 2])
                    )
                }
            }
        case .palette256, .palette16:
            let quantiser = mode == .palette256 ? PaletteQuantiser.extended : PaletteQuantiser.ansi
            let indices = quantiser.quantise(
                pixels, width: columns, height: pixelRows,
                dither: dither ?? DitherMode.standard(for: mode))
            indices.withUnsafeBufferPointer { indices in
                cells { upper, lower in (.indexed(indices[upper]), .indexed(indices[lower])) }
            }
        case .monochrome:
            monochrome(pixels, into: &grid, pixelRows: pixelRows, utf8: utf8)
        }
        return grid
    }

    /// Monochrome cells: lightness with edges sharpened, then per cell the glyph whose ink best matches its
    /// two pixels (UTF-8) or the ASCII shade of its one pixel.
    private static func monochrome(_ pixels: [UInt8], into grid: inout CellGrid, pixelRows: Int, utf8: Bool) {
        let columns = grid.width
        var lightness = [Float](repeating: 0, count: columns * pixelRows)
        for pixel in lightness.indices {
            lightness[pixel] =
                OKLab(r: pixels[pixel * 3], g: pixels[pixel * 3 + 1], b: pixels[pixel * 3 + 2])
                .lightness
        }
        let sharpened = sharpen(lightness, width: columns, height: pixelRows)
        for row in 0..<grid.height {
            for column in 0..<columns {
                if utf8 {
                    let upper = sharpened[row * 2 * columns + column],
                        lower = sharpened[(row * 2 + 1) * columns + column]
                    var best = monochromeGlyphs[0].text, bestError = Float.infinity
                    for glyph in monochromeGlyphs {
                        let error =
                            (glyph.upper - upper) * (glyph.upper - upper)
                            + (glyph.lower - lower) * (glyph.lower - lower)
                        if error < bestError { bestError = error; best = glyph.text }
                    }
                    grid[column, row] = Cell(best)
                } else {
                    let value = min(max(sharpened[row * columns + column], 0), 1)
                    grid[column, row] = Cell(asciiShades[Int((value * Float(asciiShades.count - 1)).rounded())])
                }
            }
        }
    }

    /// `values` plus `monochromeEdgeGain` times their difference from the mean of their 3x3 neighbourhood
    /// (edges clamped), clamped to 0...1.
    package static func sharpen(_ values: [Float], width: Int, height: Int) -> [Float] {
        var result = values
        for y in 0..<height {
            for x in 0..<width {
                var sum: Float = 0
                for dy in -1...1 {
                    for dx in -1...1 {
                        sum += values[min(max(y + dy, 0), height - 1) * width + min(max(x + dx, 0), width - 1)]
                    }
                }
                let value = values[y * width + x]
                result[y * width + x] = min(max(value + monochromeEdgeGain * (value - sum / 9), 0), 1)
            }
        }
        return result
    }
}
