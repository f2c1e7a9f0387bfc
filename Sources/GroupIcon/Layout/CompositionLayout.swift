/// One composition algorithm: where each member's photo goes, given the number of members and the parameters.
///
/// A layout is a caseless type with static members, listed once in `LayoutRegistry`; everything that offers
/// a choice of layouts (the `--layout` values and help text, the interactive app's `l` cycle and comparison
/// strip, `layout --json` and `layout --list`, the golden-image and README scripts) reads that list.
///
/// Every layout is total: any count (negative counts give no tiles, counts above `maximumMembers` show the
/// first members) and any parameter values give a result without crashing; see `CompositionParameters` for
/// how unusable sizes, margins, paddings and radii are clamped.
public protocol CompositionLayout: Sendable {
    /// The layout's name.
    static var kind: LayoutKind { get }
    /// The name shown to people (titles, the comparison strip), e.g. "WeChat".
    static var displayName: String { get }
    /// One line on what the layout draws and which reference it follows, for `--help` and `layout --list`.
    static var summary: String { get }
    /// How many members the layout draws; members beyond that are left out.
    static var maximumMembers: Int { get }
    /// The canvas fill when none is given.
    static var defaultBackground: RGBA8 { get }
    /// How `layout --json` writes each tile.
    static var tileForm: TileForm { get }
    /// The parameters only this layout reads (stored in `CompositionParameters.options`).
    static var options: [ParameterField] { get }
    /// The tiles of `count` members, in member order, in points from the canvas's top-left corner.
    static func tiles(count: Int, parameters: CompositionParameters) -> [Tile]
    /// The margin the layout uses for `count` members after its default and clamping, in points.
    static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double
    /// The outer padding the layout uses for `count` members after its default and clamping, in points.
    static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double
}

/// How a layout's tiles are described in `layout --json` (README.md, "Headless").
public enum TileForm: Hashable, Sendable {
    /// `{"x":..,"y":..,"width":..,"height":..}`: the tile's frame.
    case rectangle
    /// `{"cx":..,"cy":..,"diameter":..,"notch":DEGREES|null}`: a circle and its seed 001 notch angle.
    case circle
}

extension CompositionLayout {
    public static var tileForm: TileForm { .rectangle }
    public static var options: [ParameterField] { [] }

    /// The rectangular grids' rule (seed 000): the padding is the margin unless set. Layouts whose padding
    /// defaults to something else (QQ, DingTalk: none) say so.
    public static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedPadding(default: resolvedMargin(count: count, parameters: parameters))
    }

    /// How many members the layout draws: `count` limited to `0...maximumMembers`.
    static func shownMembers(_ count: Int) -> Int {
        min(max(count, 0), maximumMembers)
    }
}
