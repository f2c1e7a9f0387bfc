/// The size of one terminal cell in screen pixels, which turns a cell rectangle into an image size.
package struct CellPixelSize: Hashable, Sendable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) { self.width = width; self.height = height }

    /// What most terminals use at common font sizes, for when the terminal does not say.
    package static let fallback = CellPixelSize(width: 8, height: 16)

    /// A cell of half blocks: two pixels stacked (`▀`), so that pictures framed in pixels map onto cells.
    package static let halfBlock = CellPixelSize(width: 1, height: 2)
    /// A cell that shows one pixel (text without UTF-8: a space on a background colour).
    package static let singlePixel = CellPixelSize(width: 1, height: 1)

    /// Sizes a terminal can plausibly report; anything else (0 from a terminal that fills the fields with
    /// zeros, garbage from a broken reply, a size no font has) is ignored. Real cells stay well inside: about
    /// 7x14 px at small fonts, 20x40 at large ones, some 45x90 for a very large font on a HiDPI screen; the
    /// limits leave room above that and keep a picture's pixels (cells times cell size) within reach.
    package static let plausibleWidths = 2...64
    package static let plausibleHeights = 4...128

    /// The cell size from the `CSI 16 t` reply when there is a plausible one, else from the window's pixel
    /// size (`TIOCGWINSZ`'s `ws_xpixel` x `ws_ypixel`) over its `columns` x `rows`, else `fallback`.
    package static func resolve(
        reply: CellPixelSize?, windowPixels: (width: Int, height: Int)?, columns: Int,
        rows: Int
    ) -> CellPixelSize {
        reported(reply: reply, windowPixels: windowPixels, columns: columns, rows: rows) ?? fallback
    }

    /// What `resolve` finds before it falls back: nil when the terminal said nothing plausible.
    package static func reported(
        reply: CellPixelSize?, windowPixels: (width: Int, height: Int)?, columns: Int,
        rows: Int
    ) -> CellPixelSize? {
        if let reply, reply.isPlausible { return reply }
        if let windowPixels, columns > 0, rows > 0 {
            let derived = CellPixelSize(width: windowPixels.width / columns, height: windowPixels.height / rows)
            if derived.isPlausible { return derived }
        }
        return nil
    }

    package var isPlausible: Bool { Self.plausibleWidths.contains(width) && Self.plausibleHeights.contains(height) }

    /// The exact pixel size of an image covering `columns` x `rows` cells (0 for non-positive counts).
    package func imagePixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (max(0, columns) * width, max(0, rows) * height)
    }
}
