import Imaging

/// The entry point to the composition layouts: member count and parameters in, tiles in points out, for
/// whichever layout `parameters.layout` names (see `LayoutRegistry`).
public enum Layouts {
    /// The tiles of `count` members, in member order, in points from the canvas's top-left corner. With
    /// `rightToLeft` the layout is mirrored, so the first member takes the place at the right.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        let tiles = parameters.layout.layout.tiles(count: count, parameters: parameters)
        guard parameters.rightToLeft else { return tiles }
        let width = canvas(count: count, parameters: parameters).width
        return tiles.map { Tile(frame: $0.frame.mirrored(width: width), shape: $0.shape.mirrored(width: width)) }
    }

    /// The canvas of `count` members in points (`size` × `size` except for a grid that grows to fit).
    public static func canvas(count: Int, parameters: CompositionParameters) -> Size {
        parameters.layout.layout.canvas(count: count, parameters: parameters)
    }

    /// The margin the layout actually uses for `count` members after defaults and clamping, in points
    /// (for display and for the layout JSON). For QQ it is the notch gap.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        parameters.layout.layout.resolvedMargin(count: count, parameters: parameters)
    }

    /// The outer padding the layout actually uses for `count` members after defaults and clamping, in points
    /// (what the app shows for an automatic padding and where stepping it starts).
    public static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double {
        parameters.layout.layout.resolvedPadding(count: count, parameters: parameters)
    }
}
