import Testing

@testable import GroupIcon

@Suite struct LayoutsTests {
    @Test(arguments: LayoutKind.allCases)
    func dispatchesOnTheLayoutKind(kind: LayoutKind) {
        let parameters = CompositionParameters(layout: kind, size: 120)
        let expected: [Tile] =
            switch kind {
            case .wechat: NineGridLayout.tiles(count: 3, parameters: parameters)
            case .qq: FiveCircleLayout.tiles(count: 3, parameters: parameters)
            case .grid: GridLayout.tiles(count: 3, parameters: parameters)
            case .dingtalk: DingTalkLayout.tiles(count: 3, parameters: parameters)
            case .wechatCompact: CompactNineGridLayout.tiles(count: 3, parameters: parameters)
            default: []
            }
        #expect(Layouts.tiles(count: 3, parameters: parameters) == expected)
        #expect(expected.count == 3)
    }

    @Test func resolvedMarginDefaults() {
        // size/18 for the grids, size/44 for DingTalk, (2 - sqrt3) r for QQ (n = 4 at 132: r = 33 -> 8.8423).
        #expect(isClose(Layouts.resolvedMargin(count: 4, parameters: CompositionParameters(size: 132)), 7.3333, 1e-4))
        #expect(
            isClose(Layouts.resolvedMargin(count: 4, parameters: CompositionParameters(layout: .grid, size: 90)), 5))
        #expect(Layouts.resolvedMargin(count: 4, parameters: CompositionParameters(layout: .dingtalk, size: 132)) == 3)
        #expect(
            isClose(
                Layouts.resolvedMargin(count: 4, parameters: CompositionParameters(layout: .qq, size: 132)),
                8.8423, 1e-4))
    }

    @Test(arguments: LayoutKind.allCases)
    func badParametersAreClampedNotFatal(kind: LayoutKind) {
        let nan = Double.nan
        // NaN margin/padding = unset, so the defaults apply.
        let defaults = CompositionParameters(layout: kind, size: 132)
        let nanLengths = CompositionParameters(layout: kind, size: 132, margin: nan, padding: nan, tileRadius: nan)
        #expect(Layouts.tiles(count: 4, parameters: nanLengths) == Layouts.tiles(count: 4, parameters: defaults))
        // Negative margin and padding become 0; huge ones size/4 (33 at 132).
        let negative = CompositionParameters(layout: kind, size: 132, margin: -5, padding: -5, tileRadius: -3)
        #expect(Layouts.resolvedMargin(count: 4, parameters: negative) == 0)
        let huge = CompositionParameters(layout: kind, size: 132, margin: 1e9, padding: 1e9, tileRadius: .infinity)
        #expect(Layouts.resolvedMargin(count: 4, parameters: huge) == (kind == .qq ? 16.5 : 33))
        for parameters in [negative, huge] {
            for count in 0...10 {
                for tile in Layouts.tiles(count: count, parameters: parameters) {
                    #expect(isInsideCanvas(tile.frame, side: 132), "\(kind) \(count) \(tile.frame)")
                    #expect(tile.frame.width.isFinite && tile.frame.height.isFinite)
                }
            }
        }
        // Unusable sizes and counts draw nothing.
        for size in [nan, -10, 0, .infinity] {
            #expect(Layouts.tiles(count: 3, parameters: CompositionParameters(layout: kind, size: size)).isEmpty)
        }
        #expect(Layouts.tiles(count: -2, parameters: defaults).isEmpty)
    }

    @Test func negativeTileRadiusGivesPlainRects() {
        let tiles = Layouts.tiles(count: 2, parameters: CompositionParameters(size: 100, tileRadius: -4))
        #expect(tiles.allSatisfy { $0.shape == .rect($0.frame) })
    }

    @Test(arguments: LayoutKind.allCases)
    func memberCapsPerLayout(kind: LayoutKind) {
        let parameters = CompositionParameters(layout: kind)
        let expectedCap = [LayoutKind.wechat: 9, .qq: 5, .grid: 64, .dingtalk: 4, .wechatCompact: 9][kind]
        #expect(Layouts.tiles(count: 80, parameters: parameters).count == expectedCap)
        #expect(Layouts.tiles(count: 0, parameters: parameters).isEmpty)
    }
}
