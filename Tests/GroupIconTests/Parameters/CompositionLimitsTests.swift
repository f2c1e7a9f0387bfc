import Testing

@testable import GroupIcon

@Suite struct CompositionLimitsTests {
    private func field(_ name: String) throws -> ParameterField {
        try #require(ParameterCatalogue.field(named: name))
    }

    @Test func theLayoutsDefaultsAreNeverDegenerate() {
        for kind in LayoutRegistry.kinds {
            var parameters = CompositionParameters(layout: kind)
            for size in [8.0, 132, 2048] {
                parameters.size = size
                #expect(CompositionLimits.problem(parameters, memberCounts: Array(0...12)) == nil, "\(kind) \(size)")
            }
        }
    }

    @Test func aMarginThatBlanksNineTilesIsAProblemButNotForOneMember() {
        // The issue's case: `export --margin 33` drew a blank square for nine members.
        let parameters = CompositionParameters(margin: 33)
        #expect(CompositionLimits.problem(parameters, memberCounts: [1]) == nil)
        guard
            case .tilesTooSmall(let layout, let count, let side, let minimum)? =
                CompositionLimits.problem(parameters, memberCounts: [1, 9])
        else {
            Issue.record("no tile problem")
            return
        }
        #expect(layout == .wechat && count == 9 && side == 0 && minimum == 11)
        #expect("\(CompositionLimits.problem(parameters, memberCounts: [9])!)".contains("less than the 11 pt minimum"))
        // Counts above what the layout draws count as its maximum.
        #expect(CompositionLimits.problem(parameters, memberCounts: [40]) != nil)
    }

    @Test func closestAllowedStopsExactlyWhereTilesReachTheMinimum() throws {
        let margin = try field("margin")
        // Nine members: (132 - 4m) / 3 >= 11 gives m <= 24.75.
        let stop = CompositionLimits.closestAllowed(
            margin, from: CompositionParameters(), toward: 40, memberCounts: [9])
        #expect(stop == 24.75)
        var at = CompositionParameters()
        at.margin = stop
        #expect(CompositionLimits.problem(at, memberCounts: [9]) == nil)
        // One member: the margin's own range ends first, exactly at a quarter of the size.
        #expect(
            CompositionLimits.closestAllowed(margin, from: CompositionParameters(), toward: 40, memberCounts: [1]) == 33
        )
        #expect(
            CompositionLimits.closestAllowed(margin, from: CompositionParameters(), toward: -3, memberCounts: [9]) == 0)
        // A value that is fine is returned as it is.
        #expect(
            CompositionLimits.closestAllowed(margin, from: CompositionParameters(), toward: 12.5, memberCounts: [9])
                == 12.5)
    }

    @Test func shrinkingTheSizeStopsWhereTheExplicitMarginStillFits() throws {
        let size = try field("size")
        let parameters = CompositionParameters(margin: 20)
        let stop = CompositionLimits.closestAllowed(size, from: parameters, toward: 8, memberCounts: [9])
        var at = parameters
        at.size = stop
        #expect(CompositionLimits.problem(at, memberCounts: [9]) == nil)
        at.size = stop - 0.01
        #expect(CompositionLimits.problem(at, memberCounts: [9]) != nil)
    }

    @Test func pixelsAndRangesAreLimitsToo() throws {
        #expect(
            CompositionLimits.problem(CompositionParameters(size: 2048, scale: 3), memberCounts: [1])
                == .tooManyPixels(size: 2048, scale: 3))
        #expect(
            CompositionLimits.problem(CompositionParameters(size: 100, margin: 30), memberCounts: [1])
                == .outOfRange(parameter: "margin", value: 30, range: 0...25))
        let scale = try field("scale")
        #expect(
            CompositionLimits.closestAllowed(
                scale, from: CompositionParameters(size: 2048, scale: 1), toward: 4,
                memberCounts: [1]) == 2)
    }

    @Test func paddingDefaultsFollowEachLayout() throws {
        let padding = try field("padding")
        func automatic(_ layout: LayoutKind, margin: Double? = nil) -> ParameterValue? {
            padding.automaticValue(in: CompositionParameters(layout: layout, margin: margin), memberCount: 5)
        }
        #expect(automatic(.wechat) == .number(132.0 / 18))
        #expect(automatic(.grid, margin: 4) == .number(4))
        #expect(automatic(.qq) == .number(0))
        #expect(automatic(.dingtalk) == .number(0))
        #expect(padding.automaticValue(in: CompositionParameters(padding: 3), memberCount: 5) == .number(3))
    }

    @Test func automaticMarginIsTheSelectedGroupsOwn() throws {
        // The issue's QQ example: three members show 8.8, which is what stepping must start from.
        let margin = try field("margin")
        guard case .number(let three)? = margin.automaticValue(in: CompositionParameters(layout: .qq), memberCount: 3),
            case .number(let five)? = margin.automaticValue(in: CompositionParameters(layout: .qq), memberCount: 5)
        else {
            Issue.record("no automatic margin")
            return
        }
        #expect(abs(three - 8.84) < 0.01)
        #expect(three > five)
        let columns = try field("grid-columns")
        #expect(columns.automaticValue(in: CompositionParameters(layout: .grid), memberCount: 5) == .integer(3))
    }

    @Test func typedValuesAreClampedAndSaySo() throws {
        let margin = try field("margin")
        let (value, clamped) = try margin.parseClamping("40", for: CompositionParameters())
        #expect(value == .number(33) && clamped)
        #expect(try margin.parseClamping("4", for: CompositionParameters()) == (.number(4), false))
        #expect(try margin.parseClamping("auto", for: CompositionParameters()) == (nil, false))
        #expect(throws: ParameterError.self) { _ = try margin.parseClamping("wide", for: CompositionParameters()) }
    }

    @Test func numbersThatAreNotShortAreWrittenInFull() throws {
        // A margin stepped from 132/18 is handed over exactly, so the pixels are the same.
        let margin = try field("margin")
        var parameters = CompositionParameters()
        parameters.margin = 132.0 / 18 + 1
        var copy = CompositionParameters()
        try margin.set(try #require(margin.text(in: parameters)), in: &copy)
        #expect(copy.margin == parameters.margin)
        parameters.margin = 4.5
        #expect(margin.text(in: parameters) == "4.5")
    }
}

@Suite struct BorderLimitTests {
    @Test func aBorderThatLeavesNoPhotoIsAProblemOnTheTilesItFrames() throws {
        // The issue's case: `--member-style rounded:6:1000 --background transparent` drew no opaque pixel.
        var parameters = CompositionParameters(background: .transparent)
        parameters.memberStyle = .rounded(radius: 6, border: 1000, borderColor: .transparent)
        guard
            case .borderTooWide(let border, let side, let maximum)? =
                CompositionLimits.problem(parameters, memberCounts: [1])
        else {
            Issue.record("no border problem")
            return
        }
        let oneSide = try #require(CompositionLimits.smallestTileSide(parameters, memberCount: 1))
        #expect(border == 1000 && side == oneSide && maximum == oneSide / 4)
        let nineSide = try #require(CompositionLimits.smallestTileSide(parameters, memberCount: 9))
        parameters.memberStyle = .rounded(radius: 6, border: nineSide / 4, borderColor: .transparent)
        #expect(CompositionLimits.problem(parameters, memberCounts: [1, 9]) == nil)
        parameters.memberStyle = .rounded(radius: 6, border: nineSide / 4 + 0.5, borderColor: .transparent)
        #expect(
            "\(try #require(CompositionLimits.problem(parameters, memberCounts: [9])))".contains(
                "(a quarter of its side)"))
        #expect(CompositionLimits.problem(parameters, memberCounts: [1]) == nil, "one member's tile is larger")
    }

    @Test func theWidestAllowedBorderLeavesHalfTheTileToThePhoto() {
        let frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let widest = CompositionLimits.maximumBorderFraction * frame.width
        #expect(
            CompositionLimits.borderProblem(
                .rounded(radius: 0, border: widest, borderColor: .transparent),
                side: frame.width) == nil)
        let placement = MemberStyle.rounded(radius: 0, border: widest, borderColor: .transparent)
            .placement(frame: frame, shape: .rect(frame), photoAspect: 1)
        #expect(
            placement.clip
                == .intersection(
                    .rect(frame),
                    .roundedRect(
                        Rect(x: 10, y: 10, width: 20, height: 20),
                        cornerRadius: 0)))
        for style in [MemberStyle.rectangle, .circle, .original] {
            #expect(CompositionLimits.borderProblem(style, side: 1) == nil)
        }
    }
}
