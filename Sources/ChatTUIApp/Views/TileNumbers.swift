import Imaging

/// Tile numbers drawn into pixels (the guides on a pixel picture): a built-in 3 x 5 digit font scaled by a
/// whole number, each lit square in the guides' colour over a black outline, so a number reads at any preview
/// size and on any photo without a text font (`TextLine` needs one) or any work beyond a few rectangles.
enum TileNumbers {
    /// Each digit's five rows of three squares, top first; `#` is lit.
    private static let digits: [[String]] = [
        ["###", "#.#", "#.#", "#.#", "###"], [".#.", "##.", ".#.", ".#.", "###"],
        ["###", "..#", "###", "#..", "###"], ["###", "..#", "###", "..#", "###"],
        ["#.#", "#.#", "###", "..#", "..#"], ["###", "#..", "###", "..#", "###"],
        ["###", "#..", "###", "#.#", "###"], ["###", "..#", "..#", "..#", "..#"],
        ["###", "#.#", "###", "#.#", "###"], ["###", "#.#", "###", "..#", "###"],
    ]

    /// The lit squares of `number` (digits one square apart) as (column, row) in font squares.
    static func squares(of number: Int) -> [(x: Int, y: Int)] {
        String(max(0, number)).compactMap(\.wholeNumberValue).enumerated().flatMap { index, digit in
            digits[digit].enumerated().flatMap { row, pattern in
                pattern.enumerated().filter { $0.element == "#" }.map { (x: index * 4 + $0.offset, y: row) }
            }
        }
    }

    /// The font square's side in pixels for a tile `width` x `height` pixels: a number about a fifth of the
    /// tile high, but at least two pixels a square (one is mostly outline) where that is at most half the tile.
    static func scale(width: Int, height: Int) -> Int {
        let side = min(width, height)
        return max(1, min(side / 10, max(2, side / 24)))
    }

    /// Draws `number` into `image` with its top-left font square at (`x`, `y`), squares `scale` pixels wide,
    /// each lit square outlined in black `max(1, scale / 2)` pixels wide; clipped to the image.
    static func draw(_ number: Int, x: Int, y: Int, scale: Int, color: RGBA8, into image: inout RGBAImage) {
        let lit = squares(of: number)
        let outline = max(1, scale / 2)
        for square in lit {
            let (left, top) = (x + square.x * scale, y + square.y * scale)
            fill(left - outline, top - outline, left + scale + outline, top + scale + outline, .black, &image)
        }
        for square in lit {
            let (left, top) = (x + square.x * scale, y + square.y * scale)
            fill(left, top, left + scale, top + scale, color, &image)
        }
    }

    private static func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: RGBA8, _ image: inout RGBAImage) {
        let (minX, maxX) = (max(0, x0), min(image.width, x1))
        let (minY, maxY) = (max(0, y0), min(image.height, y1))
        guard minX < maxX, minY < maxY else { return }
        for row in minY..<maxY {
            for column in minX..<maxX { image[column, row] = color }
        }
    }
}
