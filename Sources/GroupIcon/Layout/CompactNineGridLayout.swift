import Imaging

/// The compact WeChat reference's nine-grid (`imageCompose:size:cornerRadius:`): a tighter WeChat-style grid with a fixed 2-point
/// gap, as that Objective-C helper draws it.
///
/// For `n` members (at most 9) on a canvas of side `W`: columns `c = ceil(n/2)` limited to `1...3`, rows
/// `r = ceil(n/c)` limited to `1...3`, tile side `s = (W - (k+1)m) / k` with `k = max(c, r)`, and `q =
/// ceil(n/r)` tiles per full row. Every row's top is `t + i(s + m)` where the first row's offset
/// `t = (W - rs - m max(r-1, 1)) / r`. When the rows are not full (`n < rc`) the first row holds the
/// remainder `q - (rc - n)` tiles starting at `(W - s n₁ - m max(n₁-1, 1)) / 2`, spaced by `m`; full rows
/// spread their `q` tiles with equal gaps `(W - qs) / (q+1)`.
///
/// Those rules give the compact WeChat reference's particular shapes, which this layout keeps: two members stacked vertically
/// (one column of two rows), the single top tile of three and seven sitting `m/2` left of centre (the reference
/// subtracts one margin for a row of one tile), and for seven to nine members rows at `t = 2m/3` (1.33,
/// 34 and 66.67 on a 100-point canvas).
///
/// The gap `m` is the margin, 2 points unless set (the reference hard-codes 2 whatever the size; only canvases under
/// 10.67 points, where four 2-point gaps would leave tiles under a twelfth of the side, get `3W/16` instead, so
/// that the default is never degenerate). The compact WeChat reference has
/// no separate padding: with one set, the whole grid is drawn as the reference would on a canvas of side
/// `W - 2p`, moved in by `p`. The background (light grey) and the canvas corner clip are the common ones.
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
