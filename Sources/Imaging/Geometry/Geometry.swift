/// A point in canvas coordinates: points from the top-left corner, y pointing down.
public struct Point: Hashable, Sendable, Codable {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge, growing downwards.
    public var y: Double
    /// The point `x` points right of and `y` points below the top-left corner.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in points.
public struct Size: Hashable, Sendable, Codable {
    /// Extent along x, in points.
    public var width: Double
    /// Extent along y, in points.
    public var height: Double
    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An axis-aligned rectangle; `origin` is its top-left corner.
public struct Rect: Hashable, Sendable, Codable {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size
    /// The rectangle of `size` whose top-left corner is `origin`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rectangle of `width` by `height` whose top-left corner is at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The square of side `side` centred on `center` (the references' `getRect(center:size:)`).
    public init(center: Point, side: Double) {
        self.init(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, in points.
    public var width: Double { size.width }
    /// The height, in points.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// This rectangle with every coordinate multiplied by `factor` (points to pixels).
    public func scaled(by factor: Double) -> Rect {
        Rect(x: minX * factor, y: minY * factor, width: width * factor, height: height * factor)
    }
    /// This rectangle reflected in the vertical line halfway across a canvas `width` wide (x becomes
    /// `width - x`), for right-to-left layouts.
    public func mirrored(width canvasWidth: Double) -> Rect {
        Rect(x: canvasWidth - maxX, y: minY, width: width, height: height)
    }
    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
