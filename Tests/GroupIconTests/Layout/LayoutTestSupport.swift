@testable import GroupIcon

/// Whether two numbers agree within `tolerance` (literal expectations are written to 4 decimals).
func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two rectangles agree coordinate by coordinate within `tolerance`.
func isClose(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.minX, b.minX, tolerance) && isClose(a.minY, b.minY, tolerance)
        && isClose(a.width, b.width, tolerance) && isClose(a.height, b.height, tolerance)
}

/// Whether `rect` lies inside the square canvas of side `side` (allowing rounding noise).
func isInsideCanvas(_ rect: Rect, side: Double) -> Bool {
    rect.minX >= -1e-9 && rect.minY >= -1e-9 && rect.maxX <= side + 1e-9 && rect.maxY <= side + 1e-9
        && rect.width >= 0 && rect.height >= 0
}

/// Whether two rectangles overlap by more than rounding noise.
func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    min(a.maxX, b.maxX) - max(a.minX, b.minX) > 1e-9 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 1e-9
}

/// The sizes every geometry table is checked at.
let tableSizes: [Double] = [132, 100, 140]
