/// The entry point to every composition layout: member count and parameters in, tiles in points out.
///
/// Each layout is a caseless enum with the same two functions; this namespace picks one by
/// `CompositionParameters.layout`. Every layout is total: any count (negative counts give no tiles, counts
/// above `LayoutKind.maximumMembers` show the first members) and any parameter values give a result without
/// crashing: a size that is NaN, infinite or not positive draws no tiles; a NaN margin or padding counts as
/// unset; margin and padding are clamped to `0...size/4`; a NaN or negative tile radius is 0 and a radius
/// never exceeds half the tile side.
public enum Layouts {
    /// The tiles of `count` members, in member order, in points from the canvas's top-left corner.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        switch parameters.layout {
        case .wechat: return NineGridLayout.tiles(count: count, parameters: parameters)
        case .qq: return FiveCircleLayout.tiles(count: count, parameters: parameters)
        case .grid: return GridLayout.tiles(count: count, parameters: parameters)
        case .dingtalk: return DingTalkLayout.tiles(count: count, parameters: parameters)
        }
    }

    /// The margin the layout actually uses for `count` members after defaults and clamping, in points
    /// (for display and for the layout JSON). For QQ it is the notch gap.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        switch parameters.layout {
        case .wechat: return NineGridLayout.resolvedMargin(count: count, parameters: parameters)
        case .qq: return FiveCircleLayout.resolvedMargin(count: count, parameters: parameters)
        case .grid: return GridLayout.resolvedMargin(count: count, parameters: parameters)
        case .dingtalk: return DingTalkLayout.resolvedMargin(count: count, parameters: parameters)
        }
    }

    /// How many members a layout draws: `count` limited to `0...kind.maximumMembers`.
    static func shownMembers(_ count: Int, for kind: LayoutKind) -> Int {
        min(max(count, 0), kind.maximumMembers)
    }
}

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

extension Tile {
    /// A rectangular tile (nine-grid and grid layouts): a plain rect, or a rounded one when
    /// `cornerRadius > 0`.
    static func rectangular(_ frame: Rect, cornerRadius: Double) -> Tile {
        Tile(frame: frame, shape: cornerRadius > 0 ? .roundedRect(frame, cornerRadius: cornerRadius) : .rect(frame))
    }
}
