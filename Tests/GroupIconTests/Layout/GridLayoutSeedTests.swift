import Testing

@testable import GroupIcon

/// `grid` against the general-grid reference's constraints (`SudokuConstraints`, the reference's Masonry calls transcribed and
/// solved) in its three modes.
@Suite struct GridLayoutSeedTests {
    private struct Case: CustomStringConvertible {
        var size: Double = 132
        var count: Int
        var columns: Int?
        var margin: Double?
        var padding: Double?
        var spacing: [Double]?
        var item: [Double]?
        var insets: [Double]?

        var parameters: CompositionParameters {
            var parameters = CompositionParameters(layout: .grid, size: size, margin: margin, padding: padding)
            parameters.options[GridLayout.columns] = columns
            parameters.options[GridLayout.spacing] = spacing
            parameters.options[GridLayout.item] = item
            parameters.options[GridLayout.insets] = insets
            return parameters
        }

        /// The reference's inputs for the same request: spacing = the margin (size/18) unless given, edges = the
        /// padding (default: the margin) unless given, columns = ceil(sqrt(n)) unless given.
        var seedInputs: SudokuConstraints.Inputs {
            let shown = min(count, GridLayout.maximumMembers)
            let m = margin ?? size / 18
            let spacingPair = spacing.map { ($0[0], $0.count > 1 ? $0[1] : $0[0]) } ?? (m, m)
            let p = padding ?? m
            let e =
                insets.map { $0.count == 4 ? ($0[0], $0[1], $0[2], $0[3]) : ($0[0], $0[0], $0[0], $0[0]) } ?? (
                    p, p, p, p
                )
            let itemPair = item.map { ($0[0], $0.count > 1 ? $0[1] : $0[0]) } ?? (0, 0)
            let fixedSpacing = item == nil || spacing != nil
            return SudokuConstraints.Inputs(
                count: shown, warpCount: columns ?? Int(Double(shown).squareRoot().rounded(.up)), itemSize: itemPair,
                spacing: fixedSpacing ? spacingPair : nil, edges: e,
                superview: item != nil && spacing != nil ? nil : Size(width: size, height: size))
        }

        var description: String {
            "n=\(count) size=\(size) columns=\(columns.map(String.init) ?? "auto") spacing=\(spacing ?? []) "
                + "item=\(item ?? []) insets=\(insets ?? []) margin=\(margin ?? -1) padding=\(padding ?? -1)"
        }
    }

    /// Our tiles and canvas equal the reference's frames and superview.
    private func expectSeed(_ test: Case) throws {
        let seed = try #require(SudokuConstraints.frames(test.seedInputs), "\(test)")
        let tiles = GridLayout.tiles(count: test.count, parameters: test.parameters)
        #expect(tiles.count == min(test.count, GridLayout.maximumMembers), "\(test)")
        for (index, (tile, frame)) in zip(tiles, seed.frames).enumerated() {
            #expect(isClose(tile.frame, frame, 1e-6), "\(test) tile \(index): \(tile.frame) != \(frame)")
        }
        let canvas = GridLayout.canvas(count: test.count, parameters: test.parameters)
        #expect(
            isClose(canvas.width, seed.superview.width, 1e-6) && isClose(canvas.height, seed.superview.height, 1e-6),
            "\(test): canvas \(canvas) != \(seed.superview)")
    }

    @Test(arguments: tableSizes, [nil, 1, 2, 3, 5] as [Int?])
    func fixedSpacingByDefault(size: Double, columns: Int?) throws {
        for count in Array(1...13) + [17] {
            try expectSeed(Case(size: size, count: count, columns: columns))
        }
    }

    @Test func fixedSpacingWithOwnSpacingInsetsAndPadding() throws {
        for count in [1, 2, 3, 5, 8, 10, 12] {
            try expectSeed(Case(count: count, spacing: [4]))
            try expectSeed(Case(count: count, spacing: [6, 2], insets: [2, 4, 6, 8]))
            try expectSeed(Case(count: count, columns: 4, margin: 3, padding: 10))
            try expectSeed(Case(count: count, padding: 0, insets: [5]))
        }
    }

    @Test func fewerMembersThanColumnsArePaddedWithEmptyCells() throws {
        // Two members in four columns: the reference adds two empty views, so items are a quarter wide and as tall
        // as the canvas between the insets.
        try expectSeed(Case(size: 100, count: 2, columns: 4, margin: 4, padding: 0))
        let frames = GridLayout.tiles(
            count: 2,
            parameters: Case(size: 100, count: 2, columns: 4, margin: 4, padding: 0)
                .parameters
        ).map(\.frame)
        #expect(frames == [Rect(x: 0, y: 0, width: 22, height: 100), Rect(x: 26, y: 0, width: 22, height: 100)])
    }

    @Test func sixtyFourMembersAreAllDrawn() throws {
        try expectSeed(Case(count: 64))
        try expectSeed(Case(count: 64, columns: 10, spacing: [1]))
        #expect(GridLayout.tiles(count: 200, parameters: CompositionParameters(layout: .grid)).count == 64)
    }

    @Test func fixedItemSizeStretchesTheSpacing() throws {
        for count in [4, 5, 6, 9, 10, 12, 16] {
            // Two rows or more (one row contradicts itself, below) that fit the 24-point items (the reference would
            // overlap items that do not; we shrink them).
            for columns in [2, 3, 4] where (2...4).contains((count + columns - 1) / columns) {
                try expectSeed(Case(count: count, columns: columns, item: [20]))
                try expectSeed(Case(count: count, columns: columns, item: [24, 16], insets: [3, 5, 7, 9]))
            }
        }
        // 4 in 2 columns, items 30, insets 6 at 132: columns at 6 and 132 - 6 - 30 = 96, rows likewise.
        let frames = GridLayout.tiles(count: 4, parameters: Case(count: 4, padding: 6, item: [30]).parameters).map(
            \.frame)
        #expect(frames.map(\.minX) == [6, 96, 6, 96] && frames.map(\.minY) == [6, 6, 96, 96])
    }

    @Test func aSingleRowOrColumnKeepsTheTopAndLeftInsets() {
        // The reference pins a single row to both the top and the bottom inset with a fixed height: Auto Layout
        // would have to break one; we keep the top (and for a single column, the left) inset.
        let row = Case(count: 3, columns: 3, padding: 5, item: [20])
        #expect(SudokuConstraints.frames(row.seedInputs) == nil)
        #expect(GridLayout.tiles(count: 3, parameters: row.parameters).map(\.frame.minY) == [5, 5, 5])
        #expect(GridLayout.tiles(count: 3, parameters: row.parameters).map(\.frame.minX) == [5, 56, 107])
        let column = Case(count: 3, columns: 1, padding: 5, item: [20])
        #expect(GridLayout.tiles(count: 3, parameters: column.parameters).map(\.frame.minX) == [5, 5, 5])
    }

    @Test func itemsTooLargeForTheRoomAreShrunkRatherThanOverlapping() {
        let tiles = GridLayout.tiles(count: 9, parameters: Case(count: 9, padding: 0, item: [100]).parameters)
        #expect(tiles.allSatisfy { $0.frame.width == 44 && isInsideCanvas($0.frame, side: 132) })
        for (a, b) in zip(tiles, tiles.dropFirst()) { #expect(!overlaps(a.frame, b.frame)) }
    }

    @Test func itemSizeAndSpacingGrowTheCanvas() throws {
        // 5 members in 3 columns of 20 x 10 items, spacing 2,3, insets 4: 4 + 60 + 4 + 4 = 72 wide,
        // 4 + 20 + 3 + 4 = 31 tall, as the reference's superview grows.
        let grow = Case(count: 5, spacing: [2, 3], item: [20, 10], insets: [4])
        try expectSeed(grow)
        #expect(GridLayout.canvas(count: 5, parameters: grow.parameters) == Size(width: 72, height: 31))
        for count in [1, 2, 3, 7, 9] { try expectSeed(Case(count: count, columns: 3, spacing: [1], item: [30, 20])) }
    }

    @Test func aGrownCanvasLargerThanTheSizeIsScaledDownToFit() throws {
        // 9 members of 50 points with spacing 5 and insets 5 need 5 + 150 + 10 + 5 = 170 > 132: everything is
        // scaled by 132/170.
        let big = Case(count: 9, spacing: [5], item: [50], insets: [5])
        var natural = big
        natural.size = 2048
        let seed = try #require(SudokuConstraints.frames(natural.seedInputs))
        let factor = 132.0 / 170
        #expect(isClose(GridLayout.canvas(count: 9, parameters: big.parameters).width, 132))
        for (tile, frame) in zip(GridLayout.tiles(count: 9, parameters: big.parameters), seed.frames) {
            #expect(isClose(tile.frame, frame.scaled(by: factor), 1e-9))
        }
        // Through the entry point too, and in `layout --json`.
        let description = LayoutDescription(
            count: 3, parameters: Case(count: 3, columns: 3, spacing: [2], item: [20], insets: [4]).parameters)
        #expect(
            description.jsonText.hasPrefix("{\"layout\":\"grid\",\"count\":3,\"size\":132,\"width\":72,\"height\":28,"))
    }

    @Test func nonSquareItemsAreCentreCroppedNotStretched() {
        // A 2:1 tile over a square photo with red bands along its top and bottom edges: the crop keeps the
        // middle half, all green; a stretched photo would show the red at the tile's top and bottom.
        var photo = RGBAImage(width: 64, height: 64, fill: RGBA8(r: 0, g: 255, b: 0))
        for x in 0..<64 { for y in [0, 1, 2, 61, 62, 63] { photo[x, y] = RGBA8(r: 255, g: 0, b: 0) } }
        let frame = Rect(x: 0, y: 0, width: 32, height: 16)
        let image = Compositor.compose(
            CompositionInput(
                parameters: CompositionParameters(layout: .grid, size: 32),
                canvas: Size(width: 32, height: 16),
                tiles: [Tile(frame: frame, shape: .rect(frame))], images: [photo]))
        #expect(image.width == 32 && image.height == 16)
        #expect((0..<32).allSatisfy { x in (0..<16).allSatisfy { y in image[x, y] == RGBA8(r: 0, g: 255, b: 0) } })
    }

    @Test func hostileOptionsGiveFiniteGeometryInsideTheCanvas() {
        let lists: [[Double]?] = [nil, [], [.nan], [-5], [.infinity], [1e308], [1, 2, 3], [.nan, 4], [0]]
        for spacing in lists {
            for item in lists {
                for insets in [nil, [.nan], [1e9], [-1, -1, -1, -1], [1, 2]] as [[Double]?] {
                    var parameters = CompositionParameters(layout: .grid, size: 100)
                    parameters.options[GridLayout.spacing] = spacing
                    parameters.options[GridLayout.item] = item
                    parameters.options[GridLayout.insets] = insets
                    for count in [1, 5, 64] {
                        let canvas = GridLayout.canvas(count: count, parameters: parameters)
                        #expect(
                            canvas.width.isFinite && canvas.height.isFinite && canvas.width <= 100
                                && canvas.height <= 100)
                        for tile in GridLayout.tiles(count: count, parameters: parameters) {
                            #expect(
                                tile.frame.minX >= -1e-9 && tile.frame.maxX <= canvas.width + 1e-9
                                    && tile.frame.minY >= -1e-9 && tile.frame.maxY <= canvas.height + 1e-9,
                                "\(String(describing: spacing)) \(String(describing: item)) \(String(describing: insets)) \(count) \(tile.frame) \(canvas)"
                            )
                        }
                    }
                }
            }
        }
    }

    @Test func squareKeepsItsOwnRules() {
        // --grid-square: two members get two squares at the top, not two tall items.
        var parameters = CompositionParameters(layout: .grid, size: 132)
        parameters.options[GridLayout.square] = true
        let frames = GridLayout.tiles(count: 2, parameters: parameters).map(\.frame)
        #expect(frames.allSatisfy { isClose($0.width, $0.height) && isClose($0.minY, 132.0 / 18) })
    }
}
