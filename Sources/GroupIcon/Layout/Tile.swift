import Imaging

/// One member's place in a composite, in points.
public struct Tile: Hashable, Sendable {
    /// The rectangle the member's photo is centre-cropped into (never stretched).
    public var frame: Rect
    /// The region of `frame` that is painted; anti-aliased at its edges.
    public var shape: Shape
    /// A tile whose photo is centre-cropped into `frame` and painted inside `shape` (both in points).
    public init(frame: Rect, shape: Shape) { self.frame = frame; self.shape = shape }
}

extension Tile {
    /// A rectangular tile (nine-grid and grid layouts): a plain rect, or a rounded one when
    /// `cornerRadius > 0`.
    static func rectangular(_ frame: Rect, cornerRadius: Double) -> Tile {
        Tile(frame: frame, shape: cornerRadius > 0 ? .roundedRect(frame, cornerRadius: cornerRadius) : .rect(frame))
    }
}
