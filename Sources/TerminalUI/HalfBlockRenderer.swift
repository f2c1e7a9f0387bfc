import GroupIcon

/// Turns an image into terminal cells: pure, no I/O, fast enough to run every frame.
///
/// With UTF-8, every cell shows two pixels stacked: `▀` in the upper pixel's colour (foreground) over the lower
/// pixel's colour (background). A terminal cell is about twice as tall as wide, so a cell is 1 x 2 pixels and
/// pixels come out square.
package enum HalfBlockRenderer {
    /// The upper half block U+2580.
    package static let upperHalfBlock = "▀"
    /// Shade characters from darkest to lightest for monochrome output with UTF-8.
    package static let unicodeShades = [" ", "░", "▒", "▓", "█"]
    /// ASCII characters from darkest to lightest for monochrome output without UTF-8.
    package static let asciiShades = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// Draws `image` into `columns` x `rows` cells after compositing it over `backdrop` (so transparent pixels
    /// show the UI background) and area-averaging it to the cells' pixel grid.
    ///
    /// - Parameters:
    ///   - mode: how colours are expressed; `.monochrome` draws shade characters in the default colours.
    ///   - utf8: false for a non-UTF-8 locale, where `▀` would not show: then each cell is one pixel, a space on a
    ///     background colour (an ASCII shade character in monochrome).
    /// - Returns: a `columns` x `rows` grid; empty when either is not positive.
    package static func render(_ image: RGBAImage, columns: Int, rows: Int, mode: ColorMode, backdrop: RGBA8,
                       utf8: Bool = true) -> CellGrid {
        guard columns > 0, rows > 0 else { return CellGrid(width: 0, height: 0) }
        let pixelRowsPerCell = utf8 ? 2 : 1
        let pixels = AreaAverager.average(image, width: columns, height: rows * pixelRowsPerCell,
                                          backdrop: backdrop)
        var grid = CellGrid(width: columns, height: rows)
        pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    let upper = ((row * pixelRowsPerCell) * columns + column) * 3
                    let lower = upper + (pixelRowsPerCell - 1) * columns * 3
                    grid[column, row] = cell(upper: (pixels[upper], pixels[upper + 1], pixels[upper + 2]),
                                             lower: (pixels[lower], pixels[lower + 1], pixels[lower + 2]),
                                             mode: mode, utf8: utf8)
                }
            }
        }
        return grid
    }

    private typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    /// The cell for one upper/lower pixel pair (the same pixel twice without UTF-8).
    private static func cell(upper: RGB, lower: RGB, mode: ColorMode, utf8: Bool) -> Cell {
        if mode == .monochrome {
            let lightness = (OKLab(r: upper.r, g: upper.g, b: upper.b).lightness
                + OKLab(r: lower.r, g: lower.g, b: lower.b).lightness) / 2
            let shades = utf8 ? unicodeShades : asciiShades
            let level = Int((min(max(lightness, 0), 1) * Float(shades.count - 1)).rounded())
            return Cell(shades[level])
        }
        let top = mode.color(r: upper.r, g: upper.g, b: upper.b)
        let bottom = mode.color(r: lower.r, g: lower.g, b: lower.b)
        // A space needs no glyph drawn; its foreground is set to the same colour so it never matters.
        if !utf8 || top == bottom { return Cell(" ", foreground: bottom, background: bottom) }
        return Cell(upperHalfBlock, foreground: top, background: bottom)
    }
}
