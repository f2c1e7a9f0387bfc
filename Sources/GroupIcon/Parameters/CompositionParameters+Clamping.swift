// How the layouts read parameters that a user can set to anything. The CLI validates and the interactive app
// clamps before we get here, but a layout must still never crash or produce NaN geometry, so:
// - a size that is NaN, infinite or not positive means an empty canvas (side 0, no tiles);
// - a NaN margin or padding counts as unset (the layout's default);
// - margin and padding are clamped to 0...side/4, which keeps every tile side of every layout >= 0;
// - a NaN or negative tile radius is 0, and it never exceeds half the tile side.
extension CompositionParameters {
    /// The canvas side the layouts work with: `size`, or 0 when it is NaN, infinite or not positive.
    var layoutSide: Double {
        size.isFinite && size > 0 ? size : 0
    }

    /// `margin` (or `fallback` when it is unset or NaN), clamped to `0...layoutSide/4`.
    func clampedMargin(default fallback: Double) -> Double {
        Self.clampedLength(margin, default: fallback, side: layoutSide)
    }

    /// `padding` (or `fallback` when it is unset or NaN), clamped to `0...layoutSide/4`.
    func clampedPadding(default fallback: Double) -> Double {
        Self.clampedLength(padding, default: fallback, side: layoutSide)
    }

    /// `tileRadius` made usable for a square tile of side `tileSide`: `0...tileSide/2`, NaN as 0.
    func clampedTileRadius(tileSide: Double) -> Double {
        // Swift's max(NaN, 0) is NaN, so NaN is mapped first; infinities clamp like any other value.
        let radius = tileRadius.isNaN ? 0 : tileRadius
        return min(max(radius, 0), max(0, tileSide / 2))
    }

    private static func clampedLength(_ value: Double?, default fallback: Double, side: Double) -> Double {
        let chosen = value.flatMap { $0.isNaN ? nil : $0 } ?? fallback
        return min(max(chosen, 0), side / 4)
    }
}
