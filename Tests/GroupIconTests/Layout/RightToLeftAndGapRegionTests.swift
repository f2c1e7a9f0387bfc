import Testing

@testable import GroupIcon

@Suite struct RightToLeftAndGapRegionTests {
    @Test(arguments: LayoutKind.allCases)
    func rightToLeftMirrorsEveryLayout(kind: LayoutKind) {
        for count in 1...6 {
            var parameters = CompositionParameters(layout: kind, size: 120, tileRadius: 3)
            let leftToRight = Layouts.tiles(count: count, parameters: parameters)
            parameters.rightToLeft = true
            let rightToLeft = Layouts.tiles(count: count, parameters: parameters)
            #expect(rightToLeft.count == leftToRight.count)
            for (mirrored, tile) in zip(rightToLeft, leftToRight) {
                #expect(
                    isClose(
                        mirrored.frame,
                        Rect(
                            x: 120 - tile.frame.maxX, y: tile.frame.minY, width: tile.frame.width,
                            height: tile.frame.height)))
                #expect(mirrored.shape == tile.shape.mirrored(width: 120))
            }
        }
    }

    @Test func mirroringReflectsNotchesAndIsItsOwnInverse() {
        let notched = Shape.notchedCircle(
            center: Point(x: 30, y: 40), radius: 10,
            notches: [Notch(degrees: 135, cutRadius: 10, cutDistance: 17)])
        #expect(
            notched.mirrored(width: 100)
                == .notchedCircle(
                    center: Point(x: 70, y: 40), radius: 10,
                    notches: [Notch(degrees: 225, cutRadius: 10, cutDistance: 17)]))
        #expect(notched.mirrored(width: 100).mirrored(width: 100) == notched)
        // Reflected distances agree point for point.
        let point = Point(x: 24, y: 47)
        #expect(
            isClose(
                notched.signedDistance(to: point),
                notched.mirrored(width: 100).signedDistance(to: Point(x: 76, y: 47)), 1e-9))
        // The first member of a QQ pair sits at the top right.
        var parameters = CompositionParameters(layout: .qq, size: 140)
        parameters.rightToLeft = true
        #expect(
            LayoutDescription.json(count: 2, parameters: parameters).contains(
                "{\"cx\":98.9949,\"cy\":41.0051,\"diameter\":82.0101,\"notch\":null}"))
    }

    @Test func aGrownGridMirrorsAcrossItsOwnWidth() {
        var parameters = CompositionParameters(layout: .grid, rightToLeft: true)
        parameters.options[GridLayout.item] = [20]
        parameters.options[GridLayout.spacing] = [2]
        parameters.options[GridLayout.insets] = [4]
        parameters.options[GridLayout.columns] = 3
        // Three columns: 4 + 60 + 4 + 4 = 72 wide; the first member at 72 - 4 - 20 = 48.
        let tiles = Layouts.tiles(count: 3, parameters: parameters)
        #expect(tiles.map(\.frame.minX) == [48, 26, 4])
    }

    @Test func gapRegionOfRowsIsTheBlockTheyShare() {
        // WeChat, three members at 132: one tile on top (38.5...93.5), two below (7.33...124.67). The region
        // is each row's band and, between the rows, the width both rows cover.
        let tiles = Layouts.tiles(count: 3, parameters: CompositionParameters(size: 132))
        let region = NineGridLayout.gapRegion(tiles: tiles)
        let m = 132.0 / 18, s = (132 - 3 * m) / 2
        #expect(region.count == 3)
        #expect(region[0] == .roundedRect(tiles[0].frame, cornerRadius: 0))
        guard case .roundedRect(let bottomRow, 0) = region[1], case .rect(let between) = region[2] else {
            Issue.record("\(region)")
            return
        }
        #expect(isClose(bottomRow, Rect(x: m, y: 2 * m + s, width: 2 * s + m, height: s)))
        #expect(isClose(between, Rect(x: tiles[0].frame.minX, y: m + s, width: s, height: m)))
    }

    @Test func circleLayoutsFillTheirCircles() {
        let qq = Layouts.tiles(count: 3, parameters: CompositionParameters(layout: .qq, size: 140))
        #expect(FiveCircleLayout.gapRegion(tiles: qq) == qq.map { .circle(center: $0.frame.center, radius: 35) })
        let dingtalk = Layouts.tiles(
            count: 4, parameters: CompositionParameters(layout: .dingtalk, size: 132, padding: 6))
        #expect(DingTalkLayout.gapRegion(tiles: dingtalk) == [.circle(center: Point(x: 66, y: 66), radius: 60)])
        #expect(DingTalkLayout.gapRegion(tiles: []).isEmpty)
    }
}
