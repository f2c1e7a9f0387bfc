import Testing

@testable import GroupIcon

/// the WeChat reference's `stitchingOn` + `matrixFor` for the default margin (size/18), transcribed line by line as the
/// independent oracle: the implementation centres rows instead, which must give the same frames.
private func seedStitching(count: Int, side w: Double) -> [Rect] {
    let margin = w / 18
    let side: Double
    if count == 1 {
        side = (w - margin * 2) / 1.3
    } else if count >= 2 && count <= 4 {
        side = (w - margin * 3) / 2
    } else {
        side = (w - margin * 4) / 3
    }
    func square(_ x: Double, _ y: Double) -> Rect { Rect(x: x, y: y, width: side, height: side) }
    func matrix(_ originY: Double) -> [Rect] {
        let (maxRow, maxColumn, ignore, cellCount) = count <= 4 ? (2, 2, count % 2, 4) : (3, 3, count % 3, 9)
        var result: [Rect] = []
        for i in 0..<cellCount {
            if i > count - 1 { break }
            if i < ignore { continue }
            let row = Double((i - ignore) / maxRow)
            let column = Double((i - ignore) % maxColumn)
            result.append(square(margin + side * column + margin * column, originY + side * row + margin * row))
        }
        return result
    }
    switch count {
    case 1:
        let origin = (w - side) / 2
        return [square(origin, origin)]
    case 2:
        return matrix((w - side) / 2)
    case 3:
        let y = (w - side * 2) / 3
        return [square((w - side) / 2, y)] + matrix(y + side + margin)
    case 4:
        return matrix((w - side * 2) / 3)
    case 5:
        let y = (w - side * 2 - margin) / 2
        let first = square((w - 2 * side - margin) / 2, y)
        return [first, square(first.minX + side + margin, y)] + matrix(y + side + margin)
    case 6:
        return matrix((w - side * 2 - margin) / 2)
    case 7:
        let y = (w - side * 3) / 4
        return [square((w - side) / 2, y)] + matrix(y + side + margin)
    case 8:
        let y = (w - side * 3) / 4
        let first = square((w - 2 * side - margin) / 2, y)
        return [first, square(first.minX + side + margin, y)] + matrix(y + side + margin)
    case 9:
        return matrix((w - side * 3) / 4)
    default:
        return []
    }
}

@Suite struct NineGridLayoutTests {
    @Test(arguments: tableSizes, Array(0...10))
    func defaultsReproduceSeed000(size: Double, count: Int) {
        let tiles = NineGridLayout.tiles(count: count, parameters: CompositionParameters(size: size))
        let expected = seedStitching(count: min(count, 9), side: size)
        #expect(tiles.count == expected.count)
        for (tile, rect) in zip(tiles, expected) {
            #expect(isClose(tile.frame, rect), "count \(count) size \(size): \(tile.frame) != \(rect)")
            #expect(tile.shape == .rect(tile.frame))
            #expect(isInsideCanvas(tile.frame, side: size))
        }
        for i in tiles.indices {
            for j in tiles.indices where j > i { #expect(!overlaps(tiles[i].frame, tiles[j].frame)) }
        }
    }

    @Test func fiveMembersAt132MatchHandNumbers() {
        // m = 132/18 = 7.3333, s = (132 - 4m)/3 = 34.2222, first row y = x1 = (132 - 2s - m)/2 = 28.1111,
        // second row y = 28.1111 + s + m = 69.6667 with x = m, 2m + s, 3m + 2s.
        let frames = NineGridLayout.tiles(count: 5, parameters: CompositionParameters(size: 132)).map(\.frame)
        let s = 34.2222
        let expected = [
            Rect(x: 28.1111, y: 28.1111, width: s, height: s),
            Rect(x: 69.6667, y: 28.1111, width: s, height: s),
            Rect(x: 7.3333, y: 69.6667, width: s, height: s),
            Rect(x: 48.8889, y: 69.6667, width: s, height: s),
            Rect(x: 90.4444, y: 69.6667, width: s, height: s),
        ]
        #expect(frames.count == 5)
        for (frame, rect) in zip(frames, expected) { #expect(isClose(frame, rect, 1e-4), "\(frame)") }
        #expect(
            isClose(
                NineGridLayout.resolvedMargin(count: 5, parameters: CompositionParameters(size: 132)),
                7.3333, 1e-4))
    }

    @Test func explicitMarginIsHonouredForFourMembers() {
        // The WeChat reference would switch to size/15 here; we keep 4: p = m = 4, s = (132 - 8 - 4)/2 = 60.
        let frames = NineGridLayout.tiles(count: 4, parameters: CompositionParameters(size: 132, margin: 4))
            .map(\.frame)
        #expect(
            frames == [
                Rect(x: 4, y: 4, width: 60, height: 60), Rect(x: 68, y: 4, width: 60, height: 60),
                Rect(x: 4, y: 68, width: 60, height: 60), Rect(x: 68, y: 68, width: 60, height: 60),
            ])
    }

    @Test func paddingSeparateFromMargin() {
        // m = 4, p = 10, n = 3: s = (132 - 20 - 4)/2 = 54; block 2*54 + 4 = 112 high, so it starts at 10;
        // top tile centred at x = (132 - 54)/2 = 39; bottom row at x = 10 and 68, y = 68.
        let parameters = CompositionParameters(size: 132, margin: 4, padding: 10)
        let frames = NineGridLayout.tiles(count: 3, parameters: parameters).map(\.frame)
        #expect(
            frames == [
                Rect(x: 39, y: 10, width: 54, height: 54), Rect(x: 10, y: 68, width: 54, height: 54),
                Rect(x: 68, y: 68, width: 54, height: 54),
            ])
    }

    @Test func fullBleedSingleFillsTheCanvasInsideThePadding() {
        // p = m = 132/18 = 7.3333; side 132 - 2p = 117.3333.
        var parameters = CompositionParameters(size: 132)
        parameters.options[NineGridLayout.fullBleedSingle] = true
        let frames = NineGridLayout.tiles(count: 1, parameters: parameters).map(\.frame)
        #expect(frames.count == 1)
        #expect(isClose(frames[0], Rect(x: 7.3333, y: 7.3333, width: 117.3333, height: 117.3333), 1e-4))
    }

    @Test func shortRowAtBottom() {
        // n = 7: full rows first at y = m and m + (s + m), then the single tile centred at the bottom:
        // y = m + 2(s + m) = 90.4444, x = (132 - s)/2 = 48.8889.
        var parameters = CompositionParameters(size: 132)
        parameters.options[NineGridLayout.shortRowAtBottom] = true
        let frames = NineGridLayout.tiles(count: 7, parameters: parameters).map(\.frame)
        #expect(frames.count == 7)
        #expect(isClose(frames[0], Rect(x: 7.3333, y: 7.3333, width: 34.2222, height: 34.2222), 1e-4))
        #expect(isClose(frames[5], Rect(x: 90.4444, y: 48.8889, width: 34.2222, height: 34.2222), 1e-4))
        #expect(isClose(frames[6], Rect(x: 48.8889, y: 90.4444, width: 34.2222, height: 34.2222), 1e-4))
    }

    @Test func tileRadiusRoundsTilesAndIsClampedToHalfTheSide() {
        let rounded = NineGridLayout.tiles(count: 2, parameters: CompositionParameters(size: 100, tileRadius: 6))
        #expect(rounded.map(\.shape) == rounded.map { Shape.roundedRect($0.frame, cornerRadius: 6) })
        let huge = NineGridLayout.tiles(
            count: 4,
            parameters: CompositionParameters(
                size: 132, margin: 4,
                tileRadius: 500))
        #expect(huge.first?.shape == .roundedRect(Rect(x: 4, y: 4, width: 60, height: 60), cornerRadius: 30))
    }

    @Test func moreThanNineMembersShowTheFirstNine() {
        let parameters = CompositionParameters(size: 132)
        #expect(
            NineGridLayout.tiles(count: 15, parameters: parameters)
                == NineGridLayout.tiles(count: 9, parameters: parameters))
        #expect(NineGridLayout.tiles(count: 15, parameters: parameters).count == 9)
    }
}
