import Testing

@testable import GroupIcon

@Suite struct RelativeLengthTests {
    private func field(_ name: String) throws -> ParameterField {
        try #require(ParameterCatalogue.field(named: name))
    }

    /// The composite of `count` members in distinct colours, drawn with `parameters`.
    private func composite(_ parameters: CompositionParameters, count: Int) -> RGBAImage {
        let images = (0..<count).map { index in
            RGBAImage(width: 8, height: 8, fill: RGBA8(r: UInt8(25 * index), g: 200, b: UInt8(255 - 25 * index)))
        }
        return Compositor.compose(
            tiles: Layouts.tiles(count: count, parameters: parameters), images: images, parameters: parameters)
    }

    private func parameters(_ texts: [String: String], size: Double, layout: LayoutKind = .wechat) throws
        -> CompositionParameters
    {
        var parameters = CompositionParameters(layout: layout, size: size)
        for field in ParameterCatalogue.fields(for: layout) {
            if let text = texts[field.name] { try field.set(text, in: &parameters) }
        }
        return parameters
    }

    @Test func spellingsParseToOneValue() {
        #expect(RelativeLength(parsing: "5%") == RelativeLength(percent: 5))
        #expect(RelativeLength(parsing: " 12.5% ") == RelativeLength(percent: 12.5))
        #expect(RelativeLength(parsing: "tile20%") == RelativeLength(percent: 20, of: .tile))
        #expect(RelativeLength(parsing: "tile 20%") == RelativeLength(percent: 20, of: .tile))
        #expect(RelativeLength(parsing: "Tile  20%") == RelativeLength(percent: 20, of: .tile))
        for wrong in ["%5", "5 %", "5%%", "5", "%", "tile%", "20% tile", "tile:20%", "nan%", "inf%", "1e2%", "five%"] {
            #expect(RelativeLength(parsing: wrong) == nil, "\(wrong)")
        }
        #expect(RelativeLength(percent: 20, of: .tile).description == "tile20%")
        #expect(RelativeLength(percent: 5).description == "5%")
    }

    @Test func fieldsTakeTheBasesTheyDocument() throws {
        let parameters = CompositionParameters(size: 100)
        #expect(try field("margin").parse("5%", for: parameters) == .relative(RelativeLength(percent: 5)))
        #expect(try field("padding").parse("2%", for: parameters) == .relative(RelativeLength(percent: 2)))
        #expect(try field("corner-radius").parse("50%", for: parameters) == .relative(RelativeLength(percent: 50)))
        #expect(
            try field("tile-radius").parse("tile 20%", for: parameters)
                == .relative(RelativeLength(percent: 20, of: .tile)))
        // The tile is a base of the tile radius only: every other length decides the tile's size.
        #expect(
            throws: ParameterError(
                parameter: "margin", expected: "a percentage of the canvas from 0% to 25% (5%)", got: "tile5%")
        ) { _ = try field("margin").parse("tile5%", for: parameters) }
        #expect(
            throws: ParameterError(
                parameter: "size", expected: "a size in points from 8 to 2048 (size takes no percentage)", got: "50%")
        ) { _ = try field("size").parse("50%", for: parameters) }
    }

    @Test func percentagesOutsideTheirRangeAreErrorsNamingTheParameter() throws {
        let parameters = CompositionParameters(size: 100)
        #expect(
            throws: ParameterError(
                parameter: "tile-radius",
                expected: "a percentage of the canvas or the tile from 0% to 50% (5% or tile20%)",
                got: "tile60%")
        ) { _ = try field("tile-radius").parse("tile60%", for: parameters) }
        #expect(throws: ParameterError.self) { _ = try field("margin").parse("-5%", for: parameters) }
        #expect(throws: ParameterError.self) { _ = try field("margin").parse("26%", for: parameters) }
        #expect(throws: ParameterError.self) { _ = try field("corner-radius").parse("51%", for: parameters) }
        #expect(throws: ParameterError.self) { _ = try field("margin").parse("5 %", for: parameters) }
        // A value in points keeps its message, without the percentages.
        #expect(throws: ParameterError(parameter: "margin", expected: "a length in points from 0 to 25", got: "26")) {
            _ = try field("margin").parse("26", for: parameters)
        }
        #expect(
            try field("margin").clamped(.relative(RelativeLength(percent: 40)), for: parameters)
                == .relative(RelativeLength(percent: 25)))
    }

    @Test func aCanvasPercentageDrawsTheSamePixelsAsItsPoints() throws {
        for count in [2, 4, 9] {
            let relative = try parameters(["margin": "5%"], size: 100)
            #expect(
                composite(relative, count: count) == composite(try parameters(["margin": "5"], size: 100), count: count)
            )
            let larger = try parameters(["margin": "5%"], size: 200)
            #expect(
                composite(larger, count: count) == composite(try parameters(["margin": "10"], size: 200), count: count))
            // The control: a different margin does change the pixels.
            #expect(
                composite(relative, count: count) != composite(try parameters(["margin": "4"], size: 100), count: count)
            )
        }
        let radii = try parameters(["corner-radius": "10%", "tile-radius": "5%", "padding": "3%"], size: 200)
        let points = try parameters(["corner-radius": "20", "tile-radius": "10", "padding": "6"], size: 200)
        #expect(composite(radii, count: 5) == composite(points, count: 5))
    }

    @Test func aGridSpacingPercentageIsBothSpacingsInPoints() throws {
        let relative = try parameters(["grid-spacing": "5%"], size: 200, layout: .grid)
        #expect(relative.options[GridLayout.relativeSpacing] == RelativeLength(percent: 5))
        #expect(relative.identifier.contains("grid-spacing=5% "))
        let points = try parameters(["grid-spacing": "10"], size: 200, layout: .grid)
        #expect(composite(relative, count: 6) == composite(points, count: 6))
        #expect(composite(relative, count: 6) != composite(try parameters([:], size: 200, layout: .grid), count: 6))
        // One form at a time: a list in points replaces the percentage, and auto unsets both.
        var changed = relative
        let field = try field("grid-spacing")
        try field.set("4,2", in: &changed)
        #expect(changed.options[GridLayout.relativeSpacing] == nil && changed.options[GridLayout.spacing] == [4, 2])
        try field.set("5%", in: &changed)
        try field.set("auto", in: &changed)
        #expect(changed == CompositionParameters(layout: .grid, size: 200))
        #expect(throws: ParameterError.self) { _ = try field.parse("5%,2%", for: changed) }
    }

    @Test func aTilePercentageFollowsEachLayoutsTile() throws {
        for (count, layout) in [(4, LayoutKind.wechat), (9, .wechat), (6, .grid)] {
            let relative = try parameters(["tile-radius": "tile20%"], size: 132, layout: layout)
            let tiles = Layouts.tiles(count: count, parameters: relative)
            let side = try #require(tiles.map { min($0.frame.width, $0.frame.height) }.min())
            for tile in tiles {
                guard case .roundedRect(_, let radius) = tile.shape else {
                    Issue.record("\(layout) \(count): a square tile")
                    continue
                }
                #expect(abs(radius - side / 5) < 1e-9)
            }
            let points = try parameters(["tile-radius": String(side / 5)], size: 132, layout: layout)
            #expect(composite(relative, count: count) == composite(points, count: count))
        }
    }

    @Test func identifiersKeepRelativeAndAbsoluteApart() throws {
        let relative = try parameters(["margin": "5%", "tile-radius": "tile 20%"], size: 100)
        let absolute = try parameters(["margin": "5", "tile-radius": "4"], size: 100)
        #expect(relative.identifier.contains("margin=5% "))
        #expect(relative.identifier.contains("tile-radius=tile20% "))
        #expect(absolute.identifier.contains("margin=5 "))
        #expect(relative.identifier != absolute.identifier)
        #expect(try parameters(["margin": "1.23456%"], size: 100).identifier.contains("margin=1.2346% "))
    }

    @Test func aValueIsRelativeOrInPointsNeverBoth() throws {
        var parameters = CompositionParameters(size: 100)
        let margin = try field("margin"), radius = try field("tile-radius")
        try margin.set("4", in: &parameters)
        try margin.set("5%", in: &parameters)
        #expect(parameters.margin == nil && parameters.relativeLengths.margin == RelativeLength(percent: 5))
        try margin.set("6", in: &parameters)
        #expect(parameters.margin == 6 && parameters.relativeLengths.isEmpty)
        try radius.set("tile10%", in: &parameters)
        #expect(parameters.tileRadius == 0 && radius.text(in: parameters) == "tile10%")
        try radius.set("3", in: &parameters)
        #expect(parameters.tileRadius == 3 && parameters.relativeLengths.isEmpty)
        try margin.set("5%", in: &parameters)
        try margin.set("auto", in: &parameters)
        #expect(parameters == CompositionParameters(size: 100, tileRadius: 3))
    }

    @Test func limitsWorkOnTheResolvedLength() throws {
        // A 24% margin leaves nine tiles of 100 pt too small, as 24 pt does; the panel's range is in percent.
        let wide = try parameters(["margin": "24%"], size: 100)
        #expect(CompositionLimits.problem(wide, memberCounts: [9]) != nil)
        #expect(CompositionLimits.problem(try parameters(["margin": "24"], size: 100), memberCounts: [9]) != nil)
        let relative = try parameters(["margin": "5%"], size: 100)
        let range = try #require(ParameterUse.usableRange(try field("margin"), in: relative, memberCounts: [9]))
        let points = try #require(
            ParameterUse.usableRange(
                try field("margin"), in: try parameters(["margin": "5"], size: 100), memberCounts: [9]))
        #expect(abs(range.upperBound - points.upperBound) < 1e-3)
        let radius = try parameters(["tile-radius": "tile10%"], size: 100)
        #expect(ParameterUse.usableRange(try field("tile-radius"), in: radius, memberCounts: [4]) == 0...50)
    }
}
