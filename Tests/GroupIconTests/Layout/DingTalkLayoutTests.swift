import Testing

@testable import GroupIcon

@Suite struct DingTalkLayoutTests {
    /// Hand-derived pieces at 132 with the default gap 132/44 = 3: halves 64.5 wide, the right side from 67.5.
    private static let expected132: [Int: [Rect]] = [
        1: [Rect(x: 0, y: 0, width: 132, height: 132)],
        2: [Rect(x: 0, y: 0, width: 64.5, height: 132), Rect(x: 67.5, y: 0, width: 64.5, height: 132)],
        3: [
            Rect(x: 0, y: 0, width: 64.5, height: 132), Rect(x: 67.5, y: 0, width: 64.5, height: 64.5),
            Rect(x: 67.5, y: 67.5, width: 64.5, height: 64.5),
        ],
        4: [
            Rect(x: 0, y: 0, width: 64.5, height: 64.5), Rect(x: 67.5, y: 0, width: 64.5, height: 64.5),
            Rect(x: 0, y: 67.5, width: 64.5, height: 64.5), Rect(x: 67.5, y: 67.5, width: 64.5, height: 64.5),
        ],
    ]

    @Test(arguments: Array(0...10))
    func piecesAt132(count: Int) {
        let tiles = DingTalkLayout.tiles(count: count, parameters: CompositionParameters(layout: .dingtalk))
        let expected = Self.expected132[min(count, 4)] ?? []
        #expect(tiles.map(\.frame) == expected)
        let circle = Shape.circle(center: Point(x: 66, y: 66), radius: 66)
        for tile in tiles {
            #expect(tile.shape == (count == 1 ? circle : .intersection(circle, .rect(tile.frame))))
        }
    }

    @Test(arguments: [100.0, 140.0], Array(1...4))
    func piecesScaleWithTheCanvas(size: Double, count: Int) {
        // Gap size/44; the left/top pieces end at size/2 - gap/2, the right/bottom ones start at size/2 + gap/2.
        let tiles = DingTalkLayout.tiles(
            count: count,
            parameters: CompositionParameters(
                layout: .dingtalk,
                size: size))
        let near = size / 2 - size / 88, far = size / 2 + size / 88
        let left = Rect(x: 0, y: 0, width: near, height: size)
        let right = Rect(x: far, y: 0, width: size - far, height: size)
        let topLeft = Rect(x: 0, y: 0, width: near, height: near)
        let topRight = Rect(x: far, y: 0, width: size - far, height: near)
        let bottomLeft = Rect(x: 0, y: far, width: near, height: size - far)
        let bottomRight = Rect(x: far, y: far, width: size - far, height: size - far)
        let expected: [Rect] =
            switch count {
            case 1: [Rect(x: 0, y: 0, width: size, height: size)]
            case 2: [left, right]
            case 3: [left, topRight, bottomRight]
            default: [topLeft, topRight, bottomLeft, bottomRight]
            }
        #expect(tiles.count == expected.count)
        for (tile, rect) in zip(tiles, expected) { #expect(isClose(tile.frame, rect), "\(tile.frame)") }
        if size == 100 { #expect(isClose(tiles.last?.frame.maxX ?? 0, 100) && isClose(near, 48.8636, 1e-4)) }
    }

    @Test func explicitMarginAndPadding() {
        // Padding 10, gap 4 at 132: circle centre 66, radius 56, bounds 10...122; left half 10...64, right 68...122.
        let parameters = CompositionParameters(layout: .dingtalk, size: 132, margin: 4, padding: 10)
        let tiles = DingTalkLayout.tiles(count: 2, parameters: parameters)
        #expect(
            tiles.map(\.frame) == [
                Rect(x: 10, y: 10, width: 54, height: 112),
                Rect(x: 68, y: 10, width: 54, height: 112),
            ])
        // The gap between the halves is painted by neither piece; a point inside the circle is.
        let inGap = Point(x: 66, y: 66), inLeft = Point(x: 40, y: 66), outsideCircle = Point(x: 12, y: 12)
        #expect(tiles.allSatisfy { $0.shape.signedDistance(to: inGap) > 0 })
        #expect(tiles[0].shape.signedDistance(to: inLeft) < 0)
        #expect(tiles[0].shape.signedDistance(to: outsideCircle) > 0)
        #expect(DingTalkLayout.resolvedMargin(count: 2, parameters: parameters) == 4)
    }
}
