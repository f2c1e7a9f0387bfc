/// The general grid of seed 004 in its fixed-item-spacing mode: square items in `columns` columns, laid
/// left to right and top to bottom.
///
/// Columns: `gridColumns`, or `ceil(sqrt(count))`, clamped to `1...count`. The spacing between items is the
/// margin (default size/18), the insets are the padding (default: the margin). The item side is
/// `(W - 2p - (c-1)m) / c`, so full rows span the canvas between the insets exactly.
///
/// Placement is seed-faithful: the first item sits at the top-left inset `(p, p)` and rows stack downwards
/// from there (top aligned, the last row left aligned), so a grid with fewer rows than columns leaves its
/// free space at the bottom. Only an explicit column count can ask for more rows than columns; the item
/// side then shrinks to `(W - 2p - (rows-1)m) / rows` so that every row stays inside the canvas (still
/// anchored at the top-left inset).
public enum GridLayout: CompositionLayout {
    public static let kind = LayoutKind.grid
    public static let displayName = "Grid"
    public static let summary = "the general grid (seed 004): square items in N columns, first 9 members"
    public static let maximumMembers = 9
    public static let defaultBackground = RGBA8.lightGrey

    /// Number of columns; nil = ceil(sqrt(count)).
    public static let columns = LayoutOption<Int?>("grid-columns", default: nil)

    public static let options: [ParameterField] = [
        .count(columns, label: "Grid columns", help: "columns of the grid layout (default: ceil(sqrt(count)))",
               range: 1...9, automatic: { _, count in automaticColumns(shown: shownMembers(count)) }),
    ]

    /// The column count when none is set: ceil(sqrt(shown)), at least 1.
    static func automaticColumns(shown: Int) -> Int {
        max(1, Int(Double(shown).squareRoot().rounded(.up)))
    }

    /// The tiles of the first (up to) nine members; no tiles for a count of zero or less.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        guard let grid = RectangularGrid(count: count, layout: self, parameters: parameters) else { return [] }
        let (shown, margin, padding, inner) = (grid.shown, grid.margin, grid.padding, grid.inner)

        let columns = min(max(parameters.options[Self.columns] ?? automaticColumns(shown: shown), 1), shown)
        let rows = (shown + columns - 1) / columns
        let widthSide = (inner - Double(columns - 1) * margin) / Double(columns)
        let heightSide = (inner - Double(rows - 1) * margin) / Double(rows)
        let side = min(widthSide, heightSide)
        let cornerRadius = parameters.clampedTileRadius(tileSide: side)

        return (0..<shown).map { index in
            let column = Double(index % columns), row = Double(index / columns)
            let frame = Rect(x: padding + column * (side + margin), y: padding + row * (side + margin),
                             width: side, height: side)
            return .rectangular(frame, cornerRadius: cornerRadius)
        }
    }

    /// The spacing between items: the explicit margin, or size/18, clamped to `0...size/4`.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedMargin(default: parameters.layoutSide / 18)
    }
}

extension LayoutKind {
    /// The general grid (`GridLayout`).
    public static let grid = LayoutKind(declaring: "grid")
}
