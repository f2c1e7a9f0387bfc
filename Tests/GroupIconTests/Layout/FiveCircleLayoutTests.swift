import Foundation
import Testing

@testable import GroupIcon

/// One cell of the QQ reference: centre, diameter and `degrees` (nil where `isClip` is false).
private struct SeedCell {
    var center: Point
    var diameter: Double
    var degrees: Double?
}

/// the QQ reference's `createCells1`...`createCells5`, transcribed as the oracle (Double `sqrt` for its `sqrtf`).
private func seedCells(count: Int, wh: Double) -> [SeedCell] {
    func rad(_ degrees: Double) -> Double { degrees / 180 * Double.pi }
    switch count {
    case 0:
        return []
    case 1:
        return [SeedCell(center: Point(x: wh / 2, y: wh / 2), diameter: wh, degrees: nil)]
    case 2:
        let d = wh + wh - sqrt(2) * wh, r = d / 2
        return [
            SeedCell(center: Point(x: r, y: r), diameter: d, degrees: nil),
            SeedCell(center: Point(x: r + sqrt(2) * d / 2, y: r + sqrt(2) * d / 2), diameter: d, degrees: 135),
        ]
    case 3:
        let d = wh / 2
        let c0 = Point(x: d, y: d / 2)
        let c1 = Point(x: c0.x - d * sin(rad(30)), y: d / 2 + d * cos(rad(30)))
        let c2 = Point(x: c1.x + d, y: c1.y)
        return [
            SeedCell(center: c0, diameter: d, degrees: 30), SeedCell(center: c1, diameter: d, degrees: 270),
            SeedCell(center: c2, diameter: d, degrees: 150),
        ]
    case 4:
        let d = wh / 2, r = d / 2
        let c0 = Point(x: r, y: r)
        let c1 = Point(x: c0.x, y: c0.y + d)
        let c2 = Point(x: c1.x + d, y: c1.y)
        let c3 = Point(x: c2.x, y: c2.y - d)
        return [
            SeedCell(center: c0, diameter: d, degrees: 0), SeedCell(center: c1, diameter: d, degrees: 270),
            SeedCell(center: c2, diameter: d, degrees: 180), SeedCell(center: c3, diameter: d, degrees: 90),
        ]
    default:
        let r = wh / 2 / (2 * sin(rad(54)) + 1), d = r * 2
        let c0 = Point(x: wh / 2, y: r)
        let c1 = Point(x: c0.x - d * sin(rad(54)), y: c0.y + d * cos(rad(54)))
        let c2 = Point(x: c1.x + d * cos(rad(72)), y: c1.y + d * sin(rad(72)))
        let c3 = Point(x: c2.x + d, y: c2.y)
        let c4 = Point(x: c3.x + d * cos(rad(72)), y: c3.y - d * sin(rad(72)))
        return [
            SeedCell(center: c0, diameter: d, degrees: 54), SeedCell(center: c1, diameter: d, degrees: 342),
            SeedCell(center: c2, diameter: d, degrees: 270), SeedCell(center: c3, diameter: d, degrees: 198),
            SeedCell(center: c4, diameter: d, degrees: 126),
        ]
    }
}

/// The circle of a tile: centre, radius and notches (none for a whole circle).
private func circle(of tile: Tile) -> (center: Point, radius: Double, notches: [Notch])? {
    switch tile.shape {
    case .circle(let center, let radius): return (center, radius, [])
    case .notchedCircle(let center, let radius, let notches): return (center, radius, notches)
    default: return nil
    }
}

@Suite struct FiveCircleLayoutTests {
    @Test(arguments: tableSizes, Array(0...6))
    func defaultsReproduceSeed001(size: Double, count: Int) throws {
        let tiles = FiveCircleLayout.tiles(count: count, parameters: CompositionParameters(layout: .qq, size: size))
        let expected = seedCells(count: min(count, 5), wh: size)
        #expect(tiles.count == expected.count)
        for (tile, cell) in zip(tiles, expected) {
            let shape = try #require(circle(of: tile))
            #expect(
                isClose(shape.center.x, cell.center.x) && isClose(shape.center.y, cell.center.y),
                "count \(count) size \(size): \(shape.center) != \(cell.center)")
            #expect(isClose(2 * shape.radius, cell.diameter))
            #expect(isClose(tile.frame, Rect(center: cell.center, side: cell.diameter)))
            #expect(shape.notches.map(\.degrees) == (cell.degrees.map { [$0] } ?? []))
            for notch in shape.notches {
                // the QQ reference's clip: a concave arc of the cell's own radius, sqrt3 r from the centre.
                #expect(isClose(notch.cutRadius, shape.radius))
                #expect(isClose(notch.cutDistance, 3.0.squareRoot() * shape.radius))
            }
            #expect(isInsideCanvas(tile.frame, side: size))
        }
    }

    @Test func twoMembersAt140MatchHandNumbers() throws {
        // d = 140(2 - sqrt2) = 82.0101, r = 41.0051; second centre r + sqrt2 r = 98.9949 on both axes.
        let tiles = FiveCircleLayout.tiles(count: 2, parameters: CompositionParameters(layout: .qq, size: 140))
        #expect(tiles.count == 2)
        let first = try #require(circle(of: tiles[0])), second = try #require(circle(of: tiles[1]))
        #expect(isClose(first.radius, 41.0051, 1e-4) && isClose(first.center.x, 41.0051, 1e-4))
        #expect(isClose(first.center.y, 41.0051, 1e-4) && first.notches.isEmpty)
        #expect(isClose(second.center.x, 98.9949, 1e-4) && isClose(second.center.y, 98.9949, 1e-4))
        #expect(second.notches.map(\.degrees) == [135])
        #expect(isClose(second.notches[0].cutDistance, 71.0228, 1e-4))
    }

    @Test func fiveMembersAt140MatchHandNumbers() throws {
        // r = 70/(2 sin54° + 1) = 26.7376; c1 = (r, 58.1696), c2 = (43.2624, 109.0276), c3 = (96.7376, ...),
        // c4 = (113.2624, 58.1696): the ring touches both sides of the canvas.
        let tiles = FiveCircleLayout.tiles(count: 5, parameters: CompositionParameters(layout: .qq, size: 140))
        let centers = try tiles.map { try #require(circle(of: $0)).center }
        let expected = [
            Point(x: 70, y: 26.7376), Point(x: 26.7376, y: 58.1696), Point(x: 43.2624, y: 109.0276),
            Point(x: 96.7376, y: 109.0276), Point(x: 113.2624, y: 58.1696),
        ]
        #expect(centers.count == 5)
        for (center, point) in zip(centers, expected) {
            #expect(isClose(center.x, point.x, 1e-4) && isClose(center.y, point.y, 1e-4), "\(center)")
        }
        #expect(isClose(tiles[0].frame.width, 53.4752, 1e-4))
    }

    @Test(arguments: tableSizes, Array(2...5))
    func notchesPointAtANeighbourTwoRadiiAway(size: Double, count: Int) throws {
        let tiles = FiveCircleLayout.tiles(count: count, parameters: CompositionParameters(layout: .qq, size: size))
        let circles = try tiles.map { try #require(circle(of: $0)) }
        for (index, cell) in circles.enumerated() {
            for notch in cell.notches {
                let direction = notch.direction
                let target = Point(
                    x: cell.center.x + 2 * cell.radius * direction.x,
                    y: cell.center.y + 2 * cell.radius * direction.y)
                let hit = circles.indices.contains { other in
                    other != index && isClose(circles[other].center.x, target.x, 1e-9)
                        && isClose(circles[other].center.y, target.y, 1e-9)
                }
                #expect(hit, "count \(count) cell \(index): notch \(notch.degrees) points at no neighbour")
            }
        }
        // Every cell but the first of two has exactly one notch.
        #expect(circles.map(\.notches.count) == (count == 2 ? [0, 1] : Array(repeating: 1, count: count)))
    }

    @Test func explicitMarginSetsTheGapAlongTheNotchAxis() throws {
        // n = 4 at 140: r = 35. With g = 5 the notch arc crosses the axis at r - g = 30 from the centre
        // (the neighbour's near edge is at 2r - r = 35), so cutDistance = 2r - g = 65.
        let parameters = CompositionParameters(layout: .qq, size: 140, margin: 5)
        let tile = try #require(FiveCircleLayout.tiles(count: 4, parameters: parameters).first)
        let cell = try #require(circle(of: tile))
        #expect(cell.notches == [Notch(degrees: 0, cutRadius: 35, cutDistance: 65)])
        // The outline crosses the notch axis (straight down from (35, 35)) at y = 35 + 30.
        #expect(abs(tile.shape.signedDistance(to: Point(x: 35, y: 65))) < 1e-9)
        #expect(tile.shape.signedDistance(to: Point(x: 35, y: 64.9)) < 0)
        #expect(tile.shape.signedDistance(to: Point(x: 35, y: 65.1)) > 0)
        #expect(FiveCircleLayout.resolvedMargin(count: 4, parameters: parameters) == 5)
    }

    @Test func defaultGapIsTwoMinusSqrt3Radii() {
        // n = 2 at 140: (2 - sqrt3) * 41.0051 = 10.9873.
        let margin = FiveCircleLayout.resolvedMargin(
            count: 2,
            parameters: CompositionParameters(
                layout: .qq,
                size: 140))
        #expect(isClose(margin, 10.9873, 1e-4))
        #expect(FiveCircleLayout.resolvedMargin(count: 1, parameters: CompositionParameters(layout: .qq)) == 0)
    }

    @Test func gapIsClampedToTheRadius() throws {
        // n = 5 at 140: r = 26.7376 < 140/4, so a margin of 1000 becomes r and the bite reaches the centre.
        let parameters = CompositionParameters(layout: .qq, size: 140, margin: 1000)
        #expect(isClose(FiveCircleLayout.resolvedMargin(count: 5, parameters: parameters), 26.7376, 1e-4))
        let cell = try #require(FiveCircleLayout.tiles(count: 5, parameters: parameters).first.flatMap(circle(of:)))
        #expect(isClose(cell.notches[0].cutDistance, cell.radius))
    }

    @Test func centreRingsCentresThreeAndFiveVertically() throws {
        // n = 3 at 140: the ring is (2 + sqrt3)/4 * 140 = 130.6218 high, so it moves down by 4.6891.
        var parameters = CompositionParameters(layout: .qq, size: 140)
        parameters.options[FiveCircleLayout.centreRings] = true
        let three = FiveCircleLayout.tiles(count: 3, parameters: parameters).map(\.frame)
        #expect(isClose(three[0].minY, 4.6891, 1e-4) && isClose(three[0].minX, 35, 1e-9))
        #expect(isClose(140 - three[1].maxY, 4.6891, 1e-4))
        // n = 5: bottom at 135.7652, so the ring moves down by 2.1174 and keeps its x.
        let five = FiveCircleLayout.tiles(count: 5, parameters: parameters).map(\.frame)
        #expect(isClose(five[0].minY, 2.1174, 1e-4) && isClose(140 - five[2].maxY, 2.1174, 1e-4))
        #expect(isClose(five[1].minX, 0, 1e-9))
        // Four members are unaffected.
        #expect(
            FiveCircleLayout.tiles(count: 4, parameters: parameters)
                == FiveCircleLayout.tiles(count: 4, parameters: CompositionParameters(layout: .qq, size: 140)))
    }

    @Test func paddingShrinksTheArrangementIntoTheInset() throws {
        // n = 4 at 140 with padding 10: the reference's layout for 120, moved by 10: d = 60, centres 40 and 100.
        let parameters = CompositionParameters(layout: .qq, size: 140, padding: 10)
        let frames = FiveCircleLayout.tiles(count: 4, parameters: parameters).map(\.frame)
        let expected = [
            Rect(x: 10, y: 10, width: 60, height: 60), Rect(x: 10, y: 70, width: 60, height: 60),
            Rect(x: 70, y: 70, width: 60, height: 60), Rect(x: 70, y: 10, width: 60, height: 60),
        ]
        #expect(frames.count == 4)
        for (frame, rect) in zip(frames, expected) { #expect(isClose(frame, rect), "\(frame)") }
    }

    @Test func tileRadiusDoesNotApplyToCircles() {
        let plain = FiveCircleLayout.tiles(count: 3, parameters: CompositionParameters(layout: .qq))
        let rounded = FiveCircleLayout.tiles(count: 3, parameters: CompositionParameters(layout: .qq, tileRadius: 9))
        #expect(plain == rounded)
    }
}
