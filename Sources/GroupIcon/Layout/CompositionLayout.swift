import Imaging

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
    /// The canvas of `count` members in points, never larger than `size` on either side; `size` × `size`
    /// unless the layout grows its canvas to fit (the grid with a fixed item size and spacing).
    static func canvas(count: Int, parameters: CompositionParameters) -> Size
    /// The margin the layout uses for `count` members after its default and clamping, in points.
    static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double
    /// The region `gapColor` fills under `tiles` (this layout's tiles): the block the members span, so
    /// that the gaps between tiles show the gap colour and the rest of the canvas the background.
    static func gapRegion(tiles: [Tile]) -> [Shape]
    /// The outer padding the layout uses for `count` members after its default and clamping, in points.
    static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double
    /// Why the parameter called `name` changes nothing in this layout's composites of `count` members (a
    /// tile radius where the tiles are circles), in words that end "tile-radius has no effect: ..."; nil when
    /// it is used. `ParameterUse` adds the rules every layout shares.
    static func unusedReason(_ name: String, count: Int, parameters: CompositionParameters) -> String?
}

/// How a layout's tiles are described in `layout --json` (README.md, "Headless").
public enum TileForm: Hashable, Sendable {
    /// `{"x":..,"y":..,"width":..,"height":..}`: the tile's frame.
    case rectangle
    /// `{"cx":..,"cy":..,"diameter":..,"notch":DEGREES|null}`: a circle and its the QQ reference notch angle.
    case circle
}

extension CompositionLayout {
    public static var tileForm: TileForm { .rectangle }
    public static func unusedReason(_ name: String, count: Int, parameters: CompositionParameters) -> String? { nil }
    public static var options: [ParameterField] { [] }

    public static func canvas(count: Int, parameters: CompositionParameters) -> Size {
        Size(width: parameters.layoutSide, height: parameters.layoutSide)
    }

    /// For rows of rectangular tiles: each row's band from its first tile to its last (with the tiles'
    /// corner radius, so rounded outer corners stay background) and, between two consecutive rows, the band
    /// over the width they share. Beside a short row the background shows, as it does without a gap colour.
    public static func gapRegion(tiles: [Tile]) -> [Shape] {
        var rows: [[Rect]] = []
        for frame in tiles.map(\.frame).sorted(by: { ($0.minY, $0.minX) < ($1.minY, $1.minX) }) {
            if let last = rows.last?.first, abs(last.minY - frame.minY) < 1e-6 {
                rows[rows.count - 1].append(frame)
            } else {
                rows.append([frame])
            }
        }
        let radius =
            tiles.first.map { tile -> Double in
                if case .roundedRect(_, let radius) = tile.shape { return radius }
                return 0
            } ?? 0
        let bands = rows.map { row -> Rect in
            let left = row.map(\.minX).min() ?? 0, right = row.map(\.maxX).max() ?? 0
            return Rect(x: left, y: row[0].minY, width: right - left, height: row.map(\.height).max() ?? 0)
        }
        var region = bands.map { Shape.roundedRect($0, cornerRadius: radius) }
        for (upper, lower) in zip(bands, bands.dropFirst()) {
            let left = max(upper.minX, lower.minX), right = min(upper.maxX, lower.maxX)
            guard right > left, lower.minY > upper.maxY else { continue }
            region.append(.rect(Rect(x: left, y: upper.maxY, width: right - left, height: lower.minY - upper.maxY)))
        }
        return region
    }

    /// The rectangular grids' rule (the WeChat reference): the padding is the margin unless set. Layouts whose padding
    /// defaults to something else (QQ, DingTalk: none) say so.
    public static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedPadding(default: resolvedMargin(count: count, parameters: parameters))
    }

    /// How many members the layout draws: `count` limited to `0...maximumMembers`.
    static func shownMembers(_ count: Int) -> Int {
        min(max(count, 0), maximumMembers)
    }
}
