// How the layouts read parameters that a user can set to anything. The CLI validates and the interactive app
// clamps before we get here, but a layout must still never crash or produce NaN geometry, so:
// - a size that is NaN, infinite or not positive means an empty canvas (side 0, no tiles);
// - a NaN margin or padding counts as unset (the layout's default);
// - margin and padding are clamped to 0...side/4, which keeps every tile side of every layout >= 0;
// - a NaN or negative tile radius is 0, and it never exceeds half the tile side;
// - a relative length (`relativeLengths`) is resolved against `layoutSide` (or the tile side for a tile radius
//   of the tile) first and then clamped like one in points; margin, padding and corner radius have no tile, so
//   a tile base counts as the canvas for them.
extension CompositionParameters {
    /// The canvas side the layouts work with: `size`, or 0 when it is NaN, infinite or not positive.
    var layoutSide: Double {
        size.isFinite && size > 0 ? size : 0
    }

    /// The margin (relative or in points; `fallback` when it is unset or NaN), clamped to `0...layoutSide/4`.
    func clampedMargin(default fallback: Double) -> Double {
        Self.clampedLength(onCanvas(relativeLengths.margin) ?? margin, default: fallback, side: layoutSide)
    }

    /// The padding (relative or in points; `fallback` when it is unset or NaN), clamped to `0...layoutSide/4`.
    func clampedPadding(default fallback: Double) -> Double {
        Self.clampedLength(onCanvas(relativeLengths.padding) ?? padding, default: fallback, side: layoutSide)
    }

    /// The canvas's corner radius in points: a relative one resolved, else `cornerRadius` (the rounded-rect
    /// mask clamps it).
    var resolvedCornerRadius: Double {
        onCanvas(relativeLengths.cornerRadius) ?? cornerRadius
    }

    /// The tile radius made usable for a tile whose shorter side is `tileSide`: a relative one resolved against
    /// the canvas or that side, then clamped to `0...tileSide/2`, NaN as 0.
    func clampedTileRadius(tileSide: Double) -> Double {
        let given = relativeLengths.tileRadius.map { $0.points(canvas: layoutSide, tile: max(0, tileSide)) }
        // Swift's max(NaN, 0) is NaN, so NaN is mapped first; infinities clamp like any other value.
        let radius = (given ?? tileRadius).isNaN ? 0 : given ?? tileRadius
        return min(max(radius, 0), max(0, tileSide / 2))
    }

    /// `length` in points on this canvas (a tile base counts as the canvas); nil when there is none.
    private func onCanvas(_ length: RelativeLength?) -> Double? {
        length.map { $0.points(canvas: layoutSide, tile: layoutSide) }
    }

    private static func clampedLength(_ value: Double?, default fallback: Double, side: Double) -> Double {
        let chosen = value.flatMap { $0.isNaN ? nil : $0 } ?? fallback
        return min(max(chosen, 0), side / 4)
    }
}
