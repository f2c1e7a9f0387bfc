import Imaging

/// WeChat's nine-grid group avatar (the WeChat reference's `stitchingOn` / `matrixFor`).
///
/// Up to nine square tiles in rows of 1, 2 (one row), 1+2, 2+2, 2+3, 3+3, 1+3+3, 2+3+3 and 3+3+3; the
/// short row is on top (or at the bottom with `shortRowAtBottom`) and every row is centred horizontally.
///
/// With margin `m` (default size/18) and outer padding `p` (default `m`) the tile side is
/// `(W-2p)/1.3` for one member (`W-2p` with `fullBleedSingle`), `(W-2p-m)/2` for two to four and
/// `(W-2p-2m)/3` for five or more. With `p == m` these are the reference's `(W-2m)/1.3`, `(W-3m)/2` and
/// `(W-4m)/3`.
///
/// Vertically the block of rows is centred. That is exactly what the WeChat reference computes when `p == m` (its only
/// case): for n=3 and 4 it starts at `(H-2s)/3`, which equals `(H-2s-m)/2` because `H-2s = 3m`; for n=7...9
/// at `(H-3s)/4 = m = (H-3s-2m)/2`; for 5 and 6 at `(H-2s-m)/2`; for 1 and 2 at `(W-s)/2`. Centring is the
/// form that stays correct when the padding differs from the margin.
///
/// The WeChat reference replaces an *explicit* margin by size/15 when there are four members (its workaround for its own
/// avatars overlapping). That quirk is deliberately not reproduced: an explicit margin is always honoured.
public enum NineGridLayout: CompositionLayout {
    public static let kind = LayoutKind.wechat
    public static let displayName = "WeChat"
    public static let summary = "WeChat nine-grid: square tiles in rows of up to three, first 9 members"
    public static let maximumMembers = 9
    public static let defaultBackground = RGBA8.lightGrey

    /// A single member fills the canvas inside the padding instead of the WeChat reference's (W-2m)/1.3.
    public static let fullBleedSingle = LayoutOption("full-bleed-single", default: false)
    /// The short row goes at the bottom instead of the top.
    public static let shortRowAtBottom = LayoutOption("short-row-at-bottom", default: false)

    public static let options: [ParameterField] = [
        .flag(fullBleedSingle, label: "Full-bleed single", help: "wechat: one member fills the canvas"),
        .flag(shortRowAtBottom, label: "Short row at bottom", help: "wechat: put the short row at the bottom"),
    ]

    /// The tiles of the first (up to) nine members; no tiles for a count of zero or less.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        guard let grid = RectangularGrid(count: count, layout: self, parameters: parameters) else { return [] }
        let (shown, canvas, margin, inner) = (grid.shown, grid.canvas, grid.margin, grid.inner)

        let columns: Int
        let side: Double
        switch shown {
        case 1:
            columns = 1
            side = parameters.options[fullBleedSingle] ? inner : inner / 1.3
        case 2...4:
            columns = 2
            side = (inner - margin) / 2
        default:
            columns = 3
            side = (inner - 2 * margin) / 3
        }
        let cornerRadius = parameters.clampedTileRadius(tileSide: side)

        let rowLengths = rowLengths(
            members: shown, columns: columns, shortRowAtBottom: parameters.options[shortRowAtBottom])
        let blockHeight = Double(rowLengths.count) * side + Double(rowLengths.count - 1) * margin
        var tiles: [Tile] = []
        tiles.reserveCapacity(shown)
        var y = (canvas - blockHeight) / 2
        for length in rowLengths {
            let rowWidth = Double(length) * side + Double(length - 1) * margin
            var x = (canvas - rowWidth) / 2
            for _ in 0..<length {
                tiles.append(.rectangular(Rect(x: x, y: y, width: side, height: side), cornerRadius: cornerRadius))
                x += side + margin
            }
            y += side + margin
        }
        return tiles
    }

    /// The gap between tiles: the explicit margin, or size/18, clamped to `0...size/4`.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedMargin(default: parameters.layoutSide / 18)
    }

    /// Members per row, top to bottom: the short row (the remainder) first unless it goes to the bottom.
    private static func rowLengths(members: Int, columns: Int, shortRowAtBottom: Bool) -> [Int] {
        let fullRows = Array(repeating: columns, count: members / columns)
        let remainder = members % columns
        guard remainder > 0 else { return fullRows }
        return shortRowAtBottom ? fullRows + [remainder] : [remainder] + fullRows
    }
}

extension LayoutKind {
    /// WeChat's nine-grid (`NineGridLayout`).
    public static let wechat = LayoutKind(declaring: "wechat")
}
