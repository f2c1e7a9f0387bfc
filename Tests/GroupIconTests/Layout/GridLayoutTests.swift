import Testing

@testable import GroupIcon

/// The square grid of earlier versions, kept behind `--grid-square` (the general-grid reference in full: GridLayoutSeedTests).
@Suite struct GridLayoutTests {
    /// `parameters` with `--grid-square`.
    private static func square(_ parameters: CompositionParameters) -> CompositionParameters {
        var parameters = parameters
        parameters.options[GridLayout.square] = true
        return parameters
    }

    /// Columns ceil(sqrt(n)) for n = 1...9, written out.
    private static let automaticColumns = [1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 3]

    @Test(arguments: tableSizes, Array(0...10))
    func squareGridIsTopLeftAnchored(size: Double, count: Int) {
        // Square items with spacing m = size/18 and insets m: side (W - 2m - (c-1)m)/c,
        // item i at (m + col (s + m), m + row (s + m)).
        let tiles = GridLayout.tiles(
            count: count, parameters: Self.square(CompositionParameters(layout: .grid, size: size)))
        let shown = min(count, GridLayout.maximumMembers)
        #expect(tiles.count == shown)
        guard let columns = Self.automaticColumns[shown] else { return }
        let m = size / 18
        let s = (size - Double(columns + 1) * m) / Double(columns)
        for (index, tile) in tiles.enumerated() {
            let column = Double(index % columns), row = Double(index / columns)
            let expected = Rect(x: m + column * (s + m), y: m + row * (s + m), width: s, height: s)
            #expect(isClose(tile.frame, expected), "count \(count) size \(size) tile \(index)")
            #expect(tile.shape == .rect(tile.frame))
            #expect(isInsideCanvas(tile.frame, side: size))
        }
    }

    @Test func fiveMembersAt132MatchHandNumbers() {
        // c = 3, m = 7.3333, s = (132 - 4m)/3 = 34.2222; two rows from the top-left inset.
        let frames = GridLayout.tiles(
            count: 5, parameters: Self.square(CompositionParameters(layout: .grid, size: 132))
        )
        .map(\.frame)
        let s = 34.2222
        let expected = [
            Rect(x: 7.3333, y: 7.3333, width: s, height: s),
            Rect(x: 48.8889, y: 7.3333, width: s, height: s),
            Rect(x: 90.4444, y: 7.3333, width: s, height: s),
            Rect(x: 7.3333, y: 48.8889, width: s, height: s),
            Rect(x: 48.8889, y: 48.8889, width: s, height: s),
        ]
        #expect(frames.count == 5)
        for (frame, rect) in zip(frames, expected) { #expect(isClose(frame, rect, 1e-4), "\(frame)") }
    }

    @Test func explicitColumnsMarginAndPadding() {
        // c = 2, m = 4, p = 0 at 132: s = (132 - 4)/2 = 64.
        var parameters = CompositionParameters(layout: .grid, size: 132, margin: 4, padding: 0)
        parameters.options[GridLayout.columns] = 2
        let frames = GridLayout.tiles(count: 3, parameters: parameters).map(\.frame)
        #expect(
            frames == [
                Rect(x: 0, y: 0, width: 64, height: 64), Rect(x: 68, y: 0, width: 64, height: 64),
                Rect(x: 0, y: 68, width: 64, height: 64),
            ])
    }

    @Test func moreRowsThanColumnsShrinkToFit() {
        // One column of three at 100, m = p = 5.5556: width would allow 88.8889, but three rows need
        // (100 - 4m)/3 = 25.9259; rows at y = m, m + s + m = 37.0370, ...
        var parameters = Self.square(CompositionParameters(layout: .grid, size: 100))
        parameters.options[GridLayout.columns] = 1
        let frames = GridLayout.tiles(count: 3, parameters: parameters).map(\.frame)
        #expect(frames.count == 3)
        #expect(isClose(frames[0], Rect(x: 5.5556, y: 5.5556, width: 25.9259, height: 25.9259), 1e-4))
        #expect(isClose(frames[1].minY, 37.0370, 1e-4))
        #expect(frames.allSatisfy { isInsideCanvas($0, side: 100) })
    }

    @Test func columnCountIsClampedToOneThroughCount() {
        let base = Self.square(CompositionParameters(layout: .grid, size: 132, margin: 4, padding: 0))
        var tooMany = base, tooFew = base, four = base, one = base
        tooMany.options[GridLayout.columns] = 20
        four.options[GridLayout.columns] = 4
        tooFew.options[GridLayout.columns] = -3
        one.options[GridLayout.columns] = 1
        #expect(GridLayout.tiles(count: 4, parameters: tooMany) == GridLayout.tiles(count: 4, parameters: four))
        #expect(GridLayout.tiles(count: 2, parameters: tooFew) == GridLayout.tiles(count: 2, parameters: one))
        // Four columns of 4 members: s = (132 - 12)/4 = 30 in a single row.
        #expect(GridLayout.tiles(count: 4, parameters: four).map(\.frame.minY) == [0, 0, 0, 0])
        #expect(GridLayout.tiles(count: 4, parameters: four).map(\.frame.width) == [30, 30, 30, 30])
    }

    @Test func tileRadiusRoundsItems() {
        let tiles = GridLayout.tiles(count: 4, parameters: CompositionParameters(layout: .grid, tileRadius: 5))
        #expect(tiles.allSatisfy { $0.shape == .roundedRect($0.frame, cornerRadius: 5) })
    }
}
