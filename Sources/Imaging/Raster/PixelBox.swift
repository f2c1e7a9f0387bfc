/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// Raster work happens on whole pixels, while tiles and shapes are placed at fractional positions; a
/// `PixelBox` is the integer window that such work visits.
package struct PixelBox: Hashable, Sendable {
    /// First column.
    package var x: Int
    /// First row.
    package var y: Int
    /// Number of columns (never negative).
    package var width: Int
    /// Number of rows (never negative).
    package var height: Int

    /// A box at column `x`, row `y`; negative sides count as 0.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The smallest box of whole pixels that contains `rect` (pixel coordinates); empty for an empty or
    /// non-finite rectangle.
    package init(enclosing rect: Rect) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
            rect.maxX.isFinite, rect.maxY.isFinite,
            max(abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY)) < 1e9
        else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = Int(rect.minX.rounded(.down)), y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up)), y1 = Int(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// One past the last column.
    package var maxX: Int { x + width }
    /// One past the last row.
    package var maxY: Int { y + height }
    /// True when the box holds no pixel.
    package var isEmpty: Bool { width == 0 || height == 0 }
    /// Number of pixels in the box.
    package var pixelCount: Int { width * height }

    /// The box's pixels in rows `rows` (possibly none).
    package func rows(_ rows: Range<Int>) -> PixelBox {
        let top = max(y, rows.lowerBound)
        return PixelBox(x: x, y: top, width: width, height: min(maxY, rows.upperBound) - top)
    }

    /// Whether every pixel of `other` is in this box (an empty box is in any).
    package func contains(_ other: PixelBox) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The pixels in both boxes (possibly empty).
    package func intersection(_ other: PixelBox) -> PixelBox {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return PixelBox(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }
}
