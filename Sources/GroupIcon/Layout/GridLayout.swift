import Imaging

/// The general-grid reference in full (`PYLayoutSudokuViewHandler`): members in columns between the insets,
/// with fixed spacing, fixed item size or both (a canvas that grows, bounded by `size`), and `gridSquare` for
/// the square grid of earlier versions. The three modes, their formulas and deviations are in
/// docs/GEOMETRY.md, section "`grid`".
public enum GridLayout: CompositionLayout {
    public static let kind = LayoutKind.grid
    public static let displayName = "Grid"
    public static let summary = "the general grid: N columns, fixed spacing or fixed items, first 64 members"
    public static let maximumMembers = 64
    public static let defaultBackground = RGBA8.lightGrey

    /// Number of columns; nil = ceil(sqrt(count)).
    public static let columns = LayoutOption<Int?>("grid-columns", default: nil)
    /// Horizontal and vertical spacing (one value: both); nil = the margin.
    public static let spacing = LayoutOption<[Double]?>("grid-spacing", default: nil)
    /// The spacing as a share of the canvas, both ways (`--grid-spacing 5%`); kept under `spacing`'s name, so
    /// that setting one unsets the other.
    public static let relativeSpacing = LayoutOption<RelativeLength?>("grid-spacing", default: nil)
    /// Item width and height (one value: both); nil = items adapt to the canvas.
    public static let item = LayoutOption<[Double]?>("grid-item", default: nil)
    /// Top, left, bottom and right insets (one value: all four); nil = the padding.
    public static let insets = LayoutOption<[Double]?>("grid-insets", default: nil)
    /// Square items from the top-left inset, as before the general-grid reference was followed in full.
    public static let square = LayoutOption("grid-square", default: false)

    public static let options: [ParameterField] = [
        .lengths(
            spacing, relative: relativeSpacing, label: "Grid spacing",
            help: "grid: fixed spacing H[,V] between items, or a percentage of the canvas (default: the margin)",
            valueName: "H[,V]", count: 2, expectation: "one or two lengths in points (H[,V])",
            limits: { 0...max(0, $0.size / 4) }, automatic: { parameters, _ in [defaultSpacing(parameters)] }),
        .lengths(
            item, label: "Grid item",
            help: "grid: fixed item size W[,H]; the spacing stretches (both: the canvas grows)",
            valueName: "W[,H]", count: 2, expectation: "one or two lengths in points (W[,H])",
            limits: { _ in 1...CompositionParameters.sizeRange.upperBound },
            automatic: { parameters, count in
                // The adaptive items' size: one number when they are square.
                tiles(count: count, parameters: parameters).first.map { tile in
                    tile.frame.width == tile.frame.height ? [tile.frame.width] : [tile.frame.width, tile.frame.height]
                }
            }),
        .lengths(
            insets, label: "Grid insets", help: "grid: insets T,L,B,R or one value (default: the padding)",
            valueName: "T,L,B,R", count: 4, expectation: "one or four lengths in points (T,L,B,R)",
            limits: { 0...max(0, $0.size / 4) },
            automatic: { parameters, _ in [parameters.clampedPadding(default: defaultSpacing(parameters))] }),
        .flag(square, label: "Grid square", help: "grid: square items from the top-left, no padding cells"),
        .count(
            columns, label: "Grid columns", help: "columns of the grid layout (default: ceil(sqrt(count)))",
            range: 1...maximumMembers, automatic: { _, count in automaticColumns(shown: shownMembers(count)) }),
    ]

    /// The column count when none is set: ceil(sqrt(shown)), at least 1.
    static func automaticColumns(shown: Int) -> Int {
        max(1, Int(Double(shown).squareRoot().rounded(.up)))
    }

    /// The tiles of the first (up to) 64 members; no tiles for a count of zero or less.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        guard let grid = Geometry(count: count, parameters: parameters) else { return [] }
        let cornerRadius = parameters.clampedTileRadius(tileSide: min(grid.itemWidth, grid.itemHeight))
        return (0..<grid.shown).map { index in
            let frame = Rect(
                x: grid.columnX(index % grid.columns), y: grid.rowY(index / grid.columns),
                width: grid.itemWidth, height: grid.itemHeight)
            return .rectangular(frame, cornerRadius: cornerRadius)
        }
    }

    /// The canvas: `size` square, except when both an item size and a spacing are set (see the type).
    public static func canvas(count: Int, parameters: CompositionParameters) -> Size {
        let side = parameters.layoutSide
        return Geometry(count: count, parameters: parameters)?.canvas ?? Size(width: side, height: side)
    }

    /// The horizontal spacing between items: the fixed one (`gridSpacing`, else the explicit margin or size/18,
    /// clamped to `0...size/4`), or in the fixed-item mode the stretched one.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        Geometry(count: count, parameters: parameters)?.horizontalSpacing ?? defaultSpacing(parameters)
    }

    private static func defaultSpacing(_ parameters: CompositionParameters) -> Double {
        parameters.clampedMargin(default: parameters.layoutSide / 18)
    }

    /// Where the items of one grid go.
    private struct Geometry {
        let shown: Int
        let columns: Int
        let canvas: Size
        let itemWidth: Double
        let itemHeight: Double
        /// Left edge of column 0 and the step to the next column; top of row 0 and the step to the next row.
        let left: Double, columnStep: Double
        let top: Double, rowStep: Double

        var horizontalSpacing: Double { max(0, columnStep - itemWidth) }
        func columnX(_ column: Int) -> Double { left + Double(column) * columnStep }
        func rowY(_ row: Int) -> Double { top + Double(row) * rowStep }

        init?(count: Int, parameters: CompositionParameters) {
            shown = GridLayout.shownMembers(count)
            let side = parameters.layoutSide
            guard shown > 0, side > 0 else { return nil }
            let options = parameters.options
            let square = options[GridLayout.square]
            let asked = min(
                max(options[GridLayout.columns] ?? GridLayout.automaticColumns(shown: shown), 1),
                GridLayout.maximumMembers)
            // The reference pads a short row with empty cells; the square grid of earlier versions does not.
            columns = square ? min(asked, shown) : asked
            let rows = (max(shown, square ? 0 : columns) + columns - 1) / columns

            let margin = GridLayout.defaultSpacing(parameters)
            let padding = parameters.clampedPadding(default: margin)
            // Lengths set through the library bypass the parameter limits: NaN counts as 0, the rest is
            // clamped like the margin; an item side that is not a positive number leaves items adaptive, and
            // one beyond the largest size is that size.
            let clamp = { (value: Double) in min(max(value.isNaN ? 0 : value, 0), side / 4) }
            let given = options[GridLayout.relativeSpacing].map { [$0.points(canvas: side, tile: side)] }
            let spacing = (given ?? options[GridLayout.spacing]).flatMap { Self.pair($0.map(clamp)) }
            let (horizontal, vertical) = spacing ?? (margin, margin)
            let inset =
                options[GridLayout.insets].flatMap { Self.edges($0.map(clamp)) }
                ?? [padding, padding, padding, padding]
            let (insetTop, insetLeft, insetBottom, insetRight) = (inset[0], inset[1], inset[2], inset[3])
            let item = options[GridLayout.item].flatMap { values in
                values.allSatisfy { $0.isFinite && $0 > 0 }
                    ? Self.pair(values.map { min($0, CompositionParameters.sizeRange.upperBound) }) : nil
            }

            let c = Double(columns), r = Double(rows)
            let roomWidth = side - insetLeft - insetRight, roomHeight = side - insetTop - insetBottom
            // Items adapting to the room: a spacing the room cannot hold is reduced until the items are 0 wide
            // (or tall), so that no item is placed outside the canvas.
            let fittedHorizontal = columns > 1 ? min(horizontal, roomWidth / (c - 1)) : horizontal
            let fittedVertical = rows > 1 ? min(vertical, roomHeight / (r - 1)) : vertical
            let adaptiveWidth = max(0, (roomWidth - (c - 1) * fittedHorizontal) / c)
            let adaptiveHeight = max(0, (roomHeight - (r - 1) * fittedVertical) / r)
            switch (item, spacing) {
            case (let (width, height)?, _?):
                // The canvas grows to fit, within `size` × `size`.
                let natural = Size(
                    width: insetLeft + c * width + (c - 1) * horizontal + insetRight,
                    height: insetTop + r * height + (r - 1) * vertical + insetBottom)
                let longer = max(natural.width, natural.height)
                let factor = longer > side ? side / longer : 1
                canvas = Size(width: min(side, natural.width * factor), height: min(side, natural.height * factor))
                (itemWidth, itemHeight) = (width * factor, height * factor)
                (left, top) = (insetLeft * factor, insetTop * factor)
                (columnStep, rowStep) = ((width + horizontal) * factor, (height + vertical) * factor)
            case (let (width, height)?, nil):
                // Spacing stretches between the pinned first and last columns and rows.
                canvas = Size(width: side, height: side)
                itemWidth = min(width, max(0, roomWidth) / c)
                itemHeight = min(height, max(0, roomHeight) / r)
                (left, top) = (insetLeft, insetTop)
                columnStep = columns > 1 ? (roomWidth - itemWidth) / (c - 1) : 0
                rowStep = rows > 1 ? (roomHeight - itemHeight) / (r - 1) : 0
            case (nil, _) where square:
                let itemSide = min(adaptiveWidth, adaptiveHeight)
                canvas = Size(width: side, height: side)
                (itemWidth, itemHeight) = (itemSide, itemSide)
                (left, top) = (insetLeft, insetTop)
                (columnStep, rowStep) = (itemSide + fittedHorizontal, itemSide + fittedVertical)
            case (nil, _):
                canvas = Size(width: side, height: side)
                (itemWidth, itemHeight) = (adaptiveWidth, adaptiveHeight)
                (left, top) = (insetLeft, insetTop)
                (columnStep, rowStep) = (adaptiveWidth + fittedHorizontal, adaptiveHeight + fittedVertical)
            }
        }

        /// `[a]` as (a, a) and `[a, b]` as (a, b); nil for other lengths.
        private static func pair(_ values: [Double]) -> (Double, Double)? {
            switch values.count {
            case 1: return (values[0], values[0])
            case 2: return (values[0], values[1])
            default: return nil
            }
        }

        /// `[a]` as four equal edges and `[t, l, b, r]` as given; nil for other lengths.
        private static func edges(_ values: [Double]) -> [Double]? {
            switch values.count {
            case 1: return Array(repeating: values[0], count: 4)
            case 4: return values
            default: return nil
            }
        }
    }
}

extension LayoutKind {
    /// The general grid (`GridLayout`).
    public static let grid = LayoutKind(declaring: "grid")
}
