import Imaging

/// WeChat's nine-grid group avatar: up to nine square tiles in rows of up to three, the short row on top, the
/// block centred; the WeChat reference's geometry exactly by default. The formulas, the deliberate deviation
/// and worked numbers are in docs/GEOMETRY.md, section "`wechat`".
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
