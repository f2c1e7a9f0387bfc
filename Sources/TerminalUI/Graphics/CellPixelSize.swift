/// The size of one terminal cell in screen pixels, which turns a cell rectangle into an image size.
package struct CellPixelSize: Hashable, Sendable {
    package var width: Int
    package var height: Int

    /// What most terminals use at common font sizes, for when the terminal does not say.
    package static let fallback = CellPixelSize(width: 8, height: 16)

    /// Sizes a terminal can plausibly report; anything else (0 from a terminal that fills the fields with
    /// zeros, garbage from a broken reply) is ignored.
    package static let plausibleWidths = 2...128
    package static let plausibleHeights = 4...256

    /// The cell size from the `CSI 16 t` reply when there is a plausible one, else from the window's pixel
    /// size (`TIOCGWINSZ`'s `ws_xpixel` x `ws_ypixel`) over its `columns` x `rows`, else `fallback`.
    package static func resolve(reply: CellPixelSize?, windowPixels: (width: Int, height: Int)?, columns: Int,
                        rows: Int) -> CellPixelSize {
        if let reply, reply.isPlausible { return reply }
        if let windowPixels, columns > 0, rows > 0 {
            let derived = CellPixelSize(width: windowPixels.width / columns, height: windowPixels.height / rows)
            if derived.isPlausible { return derived }
        }
        return fallback
    }

    package var isPlausible: Bool { Self.plausibleWidths.contains(width) && Self.plausibleHeights.contains(height) }

    /// The exact pixel size of an image covering `columns` x `rows` cells (0 for non-positive counts).
    package func imagePixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (max(0, columns) * width, max(0, rows) * height)
    }
}
