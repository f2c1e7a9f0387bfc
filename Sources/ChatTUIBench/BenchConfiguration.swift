import GroupIcon

/// What a benchmark run measures and how hard: the full set, or `--tiny` (everything once on small inputs,
/// for CI).
struct BenchConfiguration: Sendable {
    /// Side of the generated JPEG sources in pixels.
    var sourceSide: Int
    /// Canvas side of the measured composites in points, and its scale.
    var compositeSize: Double
    var compositeScale: Int
    /// Cell grids the half-block renderer is measured at (columns, rows).
    var cellSizes: [(columns: Int, rows: Int)]
    /// The interactive screen measured for one frame.
    var screenWidth: Int
    var screenHeight: Int
    /// Groups in the large generated fixture.
    var fixtureGroups: Int
    var timing: BenchTiming

    /// The figures the README quotes: 512 px JPEGs, 132 pt at scale 3 (396 px), 200x60 screen, 10 000 groups.
    static func full(runs: Int) -> BenchConfiguration {
        BenchConfiguration(
            sourceSide: 512, compositeSize: 132, compositeScale: 3,
            cellSizes: [(40, 20), (120, 60)], screenWidth: 200, screenHeight: 60,
            fixtureGroups: 10_000,
            timing: BenchTiming(runs: runs, warmupCalls: 2, minimumSampleSeconds: 0.02))
    }

    /// Every section once on small inputs: checks that the benchmark runs, measures nothing meaningful.
    static let tiny = BenchConfiguration(
        sourceSide: 64, compositeSize: 32, compositeScale: 1,
        cellSizes: [(8, 4)], screenWidth: 80, screenHeight: 24,
        fixtureGroups: 40, timing: .once)

    /// The layouts measured (every registered one), each with the member count it shows in full, up to the
    /// `BenchInputs.memberCount` generated photos (the grid draws up to 64; it is measured with nine).
    static let layouts: [(layout: LayoutKind, members: Int)] = LayoutRegistry.all.map {
        ($0.kind, min($0.maximumMembers, BenchInputs.memberCount))
    }

    /// Parameters of a measured composite: the layout's defaults plus rounded corners on the canvas and on the
    /// tiles (layouts whose tiles are not rectangles ignore the tile radius), so that every composite exercises
    /// anti-aliased masks (the peers draw the same, from geometry.json).
    func parameters(for layout: LayoutKind) -> CompositionParameters {
        CompositionParameters(
            layout: layout, size: compositeSize, scale: compositeScale,
            cornerRadius: compositeSize * 12 / 132, tileRadius: compositeSize * 4 / 132)
    }
}
