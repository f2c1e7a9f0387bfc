/// One member's place in a composite, in points.
public struct Tile: Hashable, Sendable {
    /// The rectangle the member's photo is centre-cropped into (never stretched).
    public var frame: Rect
    /// The region of `frame` that is painted; anti-aliased at its edges.
    public var shape: Shape
    public init(frame: Rect, shape: Shape) { self.frame = frame; self.shape = shape }
}
