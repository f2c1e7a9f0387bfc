import Testing

@testable import GroupIcon

/// Which parameters change a composite (issue 24, defect 5: dead controls in qq, dingtalk and wechat).
@Suite struct ParameterUseTests {
    private func field(_ name: String) throws -> ParameterField {
        try #require(ParameterCatalogue.field(named: name))
    }

    @Test func theTileRadiusOfRoundTilesIsUnusedWithAReason() throws {
        let radius = try field("tile-radius")
        for kind in [LayoutKind.qq, .dingtalk] {
            let reason = ParameterUse.unusedReason(radius, in: CompositionParameters(layout: kind), memberCount: 4)
            #expect(reason?.contains(kind.rawValue) == true)
            // Unused means the pixels do not change: the tiles are the same whatever the radius.
            var rounded = CompositionParameters(layout: kind)
            rounded.tileRadius = 20
            #expect(
                Layouts.tiles(count: 4, parameters: rounded)
                    == Layouts.tiles(count: 4, parameters: CompositionParameters(layout: kind)))
        }
        #expect(ParameterUse.unusedReason(radius, in: CompositionParameters(), memberCount: 9) == nil)
        #expect(
            ParameterUse.unusedReason(
                try field("margin"), in: CompositionParameters(layout: .qq),
                memberCount: 4) == nil)
    }

    @Test func anUnusedParameterNeverLimitsAnother() throws {
        // The case: qq with tile radius 20 refused size 5 because of the tile radius.
        var qq = CompositionParameters(layout: .qq)
        qq.tileRadius = 20
        qq.size = 20
        #expect(CompositionLimits.problem(qq, memberCounts: [3]) == nil)
        var wechat = qq
        wechat.layout = .wechat
        #expect(CompositionLimits.problem(wechat, memberCounts: [3]) != nil)
    }

    @Test func aTileRadiusIsUsefulUpToHalfTheWidestTile() throws {
        let radius = try field("tile-radius")
        let parameters = CompositionParameters()
        let side = try #require(CompositionLimits.smallestTileSide(parameters, memberCount: 9))
        #expect(ParameterUse.usefulMaximum(radius, in: parameters, memberCounts: [9]) == side / 2)
        // Beyond it the tiles are the same.
        var large = parameters, larger = parameters
        large.tileRadius = side / 2
        larger.tileRadius = 66
        #expect(Layouts.tiles(count: 9, parameters: large) == Layouts.tiles(count: 9, parameters: larger))
        #expect(ParameterUse.usefulMaximum(try field("margin"), in: parameters, memberCounts: [9]) == nil)
    }

    @Test func theUsableRangeStopsWhereALimitDoes() throws {
        // The panel said 0-33 pt while the margin stops at 24.75 for nine members.
        let range = try #require(
            ParameterUse.usableRange(
                try field("margin"), in: CompositionParameters(),
                memberCounts: [9]))
        #expect(range.lowerBound == 0 && range.upperBound == 24.75)
        let radius = try #require(
            ParameterUse.usableRange(
                try field("tile-radius"), in: CompositionParameters(),
                memberCounts: [9]))
        #expect(radius.upperBound < 20)
    }
}
