import Imaging

/// The compact WeChat reference's nine-grid (`imageCompose:size:cornerRadius:`): a tighter WeChat-style grid
/// with a fixed 2-point gap, with that helper's own shapes kept on purpose. The formulas and worked numbers are
/// in docs/GEOMETRY.md, section "`wechat-compact`".
public enum CompactNineGridLayout: CompositionLayout {
    public static let kind = LayoutKind.wechatCompact
    public static let displayName = "WeChat compact"
    public static let summary = "WeChat's compact nine-grid: 2 pt gaps, two members stacked, first 9 members"
    public static let maximumMembers = 9
    /// UIKit's `lightGrayColor`, the compact WeChat reference's fill.
    public static let defaultBackground = RGBA8.lightGrey
    /// the compact WeChat reference's `margin`, in points at every size.
    public static let seedMargin = 2.0

    /// The tiles of the first (up to) nine members; no tiles for a count of zero or less.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        let shown = shownMembers(count)
        let canvas = parameters.layoutSide
        guard shown > 0, canvas > 0 else { return [] }
        let margin = resolvedMargin(count: count, parameters: parameters)
        let padding = parameters.clampedPadding(default: 0)
        let side = canvas - 2 * padding

        let columns = min(max((shown + 1) / 2, 1), 3)
        let rows = min(max((shown + columns - 1) / columns, 1), 3)
        let cells = Double(max(columns, rows))
        let tileSide = max(0, (side - (cells + 1) * margin) / cells)
        let perRow = (shown + rows - 1) / rows
        let cornerRadius = parameters.clampedTileRadius(tileSide: tileSide)
        // The reference's `rowmargin`: the offset of the first row, the same expression for every row.
        let top = (side - tileSide * Double(rows) - margin * Double(max(rows - 1, 1))) / Double(rows)

        var tiles: [Tile] = []
        tiles.reserveCapacity(shown)
        for row in 0..<rows {
            let y = top + Double(row) * (tileSide + margin)
            let xs: [Double]
            if shown < rows * columns && row == 0 {
                let length = perRow - (rows * columns - shown)
                let start = (side - tileSide * Double(length) - margin * Double(max(length - 1, 1))) / 2
                xs = (0..<length).map { start + Double($0) * (tileSide + margin) }
            } else {
                let gap = (side - tileSide * Double(perRow)) / Double(perRow + 1)
                xs = (0..<perRow).map { Double($0) * tileSide + Double($0 + 1) * gap }
            }
            for x in xs {
                let frame = Rect(x: padding + x, y: padding + y, width: tileSide, height: tileSide)
                tiles.append(.rectangular(frame, cornerRadius: cornerRadius))
            }
        }
        return tiles
    }

    /// The gap between tiles: the explicit margin, or the compact WeChat reference's 2 points (at most `3W/16`: see the type),
    /// clamped to `0...size/4`.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedMargin(default: min(seedMargin, parameters.layoutSide * 3 / 16))
    }
}

extension LayoutKind {
    /// the compact WeChat reference's nine-grid (`CompactNineGridLayout`).
    public static let wechatCompact = LayoutKind(declaring: "wechat-compact")
}
