import Foundation
import Testing

@testable import GroupIcon

@Suite struct CompactNineGridLayoutTests {
    /// the compact WeChat reference's `imageCompose:size:cornerRadius:` transcribed line by line (Objective-C integer and CGFloat
    /// arithmetic kept as written), returning the rectangles it draws into instead of drawing. `nil` where
    /// the reference returns no image (an empty array).
    static func seed003(count arrayCount: Int, width: Double, height: Double, margin: Double) -> [Rect]? {
        guard arrayCount > 0 else { return nil }
        var rects: [Rect] = []
        var count = arrayCount
        if count > 9 { count = 9 }
        let maxCol = 3
        let maxRow = 3
        var column = Int(ceil(Double(count) / 2.0))
        if column > maxCol { column = maxCol } else if column < 1 { column = 1 }
        var row = Int(ceil(Double(count) / Double(column)))
        if row > maxRow { row = maxRow }
        if row < 1 { row = 1 }
        let imgsize = (width - Double(max(column, row) + 1) * margin) / Double(max(column, row))
        let rowcount = Int(ceil(Double(count) / Double(row)))
        var k = 0
        for i in 0..<row {
            let rowmargin = (height - imgsize * Double(row) - margin * Double(max(row - 1, 1))) / Double(row)
            var y = Double(i) * imgsize + Double(i + 1) * rowmargin
            if i > 0 { y = rowmargin + Double(i) * imgsize + Double(i) * margin }
            if count < row * column && i == 0 {
                let count1 = rowcount - (row * column - count)
                let margin1 = (width - imgsize * Double(count1) - margin * Double(max(count1 - 1, 1))) / 2.0
                for j in 0..<count1 {
                    var x = margin1
                    if j > 0 { x = margin1 + Double(j) * imgsize + Double(j) * margin }
                    rects.append(Rect(x: x, y: y, width: imgsize, height: imgsize))
                    k += 1
                }
            } else {
                let margin1 = (width - imgsize * Double(rowcount)) / Double(rowcount + 1)
                for j in 0..<rowcount {
                    rects.append(
                        Rect(
                            x: Double(j) * imgsize + Double(j + 1) * margin1, y: y, width: imgsize,
                            height: imgsize))
                    k += 1
                }
            }
        }
        #expect(k == count)
        return rects
    }

    @Test(arguments: tableSizes + [64, 8], [nil, 0, 5] as [Double?])
    func matchesTheSeedForEveryCount(size: Double, margin: Double?) {
        for count in 0...12 {
            let parameters = CompositionParameters(layout: .wechatCompact, size: size, margin: margin)
            let tiles = CompactNineGridLayout.tiles(count: count, parameters: parameters)
            // The reference's 2 points, except on canvases too small for four of them (see the layout).
            let expected =
                Self.seed003(
                    count: count, width: size, height: size,
                    margin: min(margin ?? min(2, size * 3 / 16), size / 4)) ?? []
            #expect(tiles.count == expected.count, "count \(count) size \(size)")
            for (tile, rect) in zip(tiles, expected) {
                #expect(isClose(tile.frame, rect, 1e-9), "count \(count) size \(size): \(tile.frame) != \(rect)")
                #expect(tile.shape == .rect(tile.frame))
                #expect(isInsideCanvas(tile.frame, side: size))
            }
        }
    }

    @Test func sevenMembersAt100MatchTheIssuesNumbers() {
        // s = (100 - 4·2)/3 = 30.6667; rows at 2m/3 = 1.3333, then + s + m: 34 and 66.6667. The single top
        // tile starts at (100 - s - 2)/2 = 33.6667, one point left of centre (34.6667).
        let frames = CompactNineGridLayout.tiles(
            count: 7,
            parameters: CompositionParameters(
                layout: .wechatCompact,
                size: 100)
        ).map(\.frame)
        #expect(frames.count == 7)
        #expect(isClose(frames[0], Rect(x: 33.6667, y: 1.3333, width: 30.6667, height: 30.6667), 1e-4))
        #expect(frames[1...3].allSatisfy { isClose($0.minY, 34, 1e-9) })
        #expect(frames[4...6].allSatisfy { isClose($0.minY, 66.6667, 1e-4) })
        #expect(isClose(frames[1].minX, 2, 1e-9) && isClose(frames[3].minX, 67.3333, 1e-4))
    }

    @Test func twoMembersAreStackedVertically() {
        // One column of two rows: s = (100 - 3·2)/2 = 47, centred horizontally at 26.5, rows at 2 and 51.
        let frames = CompactNineGridLayout.tiles(
            count: 2,
            parameters: CompositionParameters(
                layout: .wechatCompact,
                size: 100)
        ).map(\.frame)
        #expect(frames == [Rect(x: 26.5, y: 2, width: 47, height: 47), Rect(x: 26.5, y: 51, width: 47, height: 47)])
    }

    @Test func paddingDrawsTheSeedGridOnTheInsetCanvas() {
        var padded = CompositionParameters(layout: .wechatCompact, size: 132, padding: 10)
        padded.tileRadius = 3
        let tiles = CompactNineGridLayout.tiles(count: 5, parameters: padded)
        let expected = Self.seed003(count: 5, width: 112, height: 112, margin: 2) ?? []
        #expect(
            tiles.map(\.frame)
                == expected.map {
                    Rect(
                        x: $0.minX + 10, y: $0.minY + 10, width: $0.width,
                        height: $0.height)
                })
        #expect(tiles.allSatisfy { $0.shape == .roundedRect($0.frame, cornerRadius: 3) })
    }

    @Test func defaultsAreTheSeeds() {
        let parameters = CompositionParameters(layout: .wechatCompact)
        #expect(Layouts.resolvedMargin(count: 9, parameters: parameters) == 2)
        #expect(parameters.resolvedBackground == .lightGrey)
        #expect(CompactNineGridLayout.maximumMembers == 9)
    }
}
