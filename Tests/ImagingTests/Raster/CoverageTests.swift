import Foundation
import Testing

@testable import Imaging

@Suite struct CoverageTests {
    /// Relative error of a measured area against the analytic one.
    private func relativeError(_ measured: Double, _ expected: Double) -> Double { abs(measured - expected) / expected }

    @Test(arguments: [
        (6.0, 20.0, 20.0), (6.0, 20.37, 19.81), (9.5, 31.25, 12.6), (17.3, 40.5, 40.5), (48.0, 60.13, 55.77),
    ])
    func circleAreaMatchesPiRSquared(radius: Double, cx: Double, cy: Double) {
        let mask = Coverage.mask(of: .circle(center: Point(x: cx, y: cy), radius: radius), scale: 1)
        #expect(relativeError(mask.area, Double.pi * radius * radius) < 0.005)
    }

    @Test func circleAreaScalesWithScale() {
        // Radius 6 points at scale 3 is radius 18 pixels.
        let mask = Coverage.mask(of: .circle(center: Point(x: 10.1, y: 9.7), radius: 6), scale: 3)
        #expect(relativeError(mask.area, Double.pi * 18 * 18) < 0.005)
    }

    @Test(arguments: [
        (Rect(x: 3.3, y: 4.6, width: 40.2, height: 30.9), 6.0),
        (Rect(x: 0, y: 0, width: 12, height: 12), 6.0),
        (Rect(x: 10.71, y: 2.2, width: 102.67, height: 102.67), 14.5),
        (Rect(x: 1.5, y: 1.25, width: 20.5, height: 8.5), 3.0),
    ])
    func roundedRectAreaMatchesAnalyticArea(rect: Rect, radius: Double) {
        let mask = Coverage.mask(of: .roundedRect(rect, cornerRadius: radius), scale: 1)
        let expected = rect.width * rect.height - (4 - Double.pi) * radius * radius
        #expect(relativeError(mask.area, expected) < 0.005)
    }

    @Test func maskBoxIsTheShapesPixelBoundingBox() {
        let mask = Coverage.mask(of: .rect(Rect(x: 2.5, y: 3.2, width: 4, height: 5.1)), scale: 2)
        #expect(mask.box == PixelBox(x: 5, y: 6, width: 8, height: 11))
        #expect(mask.values.count == 88)
    }

    @Test func notchIsEmptyAndTheRestOpaque() {
        // the QQ reference's notch: a disc of radius r, sqrt(3) r away from the centre, pointing right (270 degrees).
        let center = Point(x: 40.3, y: 39.6), r = 30.0
        let notch = Notch(degrees: 270, cutRadius: r, cutDistance: 3.0.squareRoot() * r)
        #expect(abs(notch.direction.x - 1) < 1e-9)
        let mask = Coverage.mask(of: .notchedCircle(center: center, radius: r, notches: [notch]), scale: 1)
        let cut = Point(x: center.x + 3.0.squareRoot() * r, y: center.y)
        var inNotch = 0, inBody = 0
        for y in mask.box.y..<mask.box.maxY {
            for x in mask.box.x..<mask.box.maxX {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let fromCentre = hypot(px - center.x, py - center.y), fromCut = hypot(px - cut.x, py - cut.y)
                if fromCentre < r - 1, fromCut < r - 1 {
                    inNotch += 1
                    #expect(mask[x, y] == 0)
                } else if fromCentre < r - 1, fromCut > r + 1 {
                    inBody += 1
                    #expect(mask[x, y] == 1)
                }
            }
        }
        #expect(inNotch > 50 && inBody > 1500)
        // The notch removes the lens where two discs of radius r, sqrt(3) r apart, overlap:
        // 2 r^2 acos(sqrt(3)/2) - sqrt(3) r^2 / 2.
        let lens = 2 * r * r * acos(3.0.squareRoot() / 2) - 3.0.squareRoot() * r * r / 2
        #expect(relativeError(mask.area, Double.pi * r * r - lens) < 0.005)
    }

    @Test(arguments: [10.3, 10.5, 10.0, 7.77])
    func rectsSharingAnEdgeLeaveNoSeam(edge: Double) {
        let left = Coverage.mask(of: .rect(Rect(x: 2, y: 1, width: edge - 2, height: 8)), scale: 1)
        let right = Coverage.mask(of: .rect(Rect(x: edge, y: 1, width: 20 - edge, height: 8)), scale: 1)
        for y in 1..<9 {
            for x in 2..<20 {
                #expect(abs(left[x, y] + right[x, y] - 1) < 1e-6, "pixel \(x),\(y)")
            }
        }
    }

    @Test func everyPixelFollowsTheDistanceRule() {
        // The run-skipping must give exactly clamp(0.5 - d, 0, 1) at every pixel, for every kind of shape.
        let shapes: [Shape] = [
            .circle(center: Point(x: 20.2, y: 18.9), radius: 15.3),
            .roundedRect(Rect(x: 1.7, y: 2.1, width: 37.5, height: 21.2), cornerRadius: 7),
            .intersection(
                .circle(center: Point(x: 30, y: 30), radius: 25),
                .rect(Rect(x: 30, y: 5, width: 25, height: 25))),
            .notchedCircle(
                center: Point(x: 25, y: 25), radius: 20,
                notches: [Notch(degrees: 45, cutRadius: 20, cutDistance: 34.64)]),
        ]
        for shape in shapes {
            let scale = 1.5
            let mask = Coverage.mask(of: shape, scale: scale)
            for y in mask.box.y..<mask.box.maxY {
                for x in mask.box.x..<mask.box.maxX {
                    let d =
                        shape.signedDistance(
                            to: Point(
                                x: (Double(x) + 0.5) / scale,
                                y: (Double(y) + 0.5) / scale)) * scale
                    let expected = Float(min(1, max(0, 0.5 - d)))
                    #expect(abs(mask[x, y] - expected) < 1e-6)
                }
            }
        }
    }

    @Test func emptyAndDegenerateShapesGiveEmptyMasks() {
        #expect(Coverage.mask(of: .rect(Rect(x: 1, y: 1, width: 0, height: 5)), scale: 1).area == 0)
        #expect(Coverage.mask(of: .circle(center: Point(x: .nan, y: 0), radius: 3), scale: 1).values.isEmpty)
        #expect(Coverage.mask(of: .circle(center: Point(x: 5, y: 5), radius: 3), scale: 0).values.isEmpty)
    }
}

@Suite struct CoverageCacheTests {
    @Test func cachedMasksAreTheRasterisedOnesPerShapeScaleAndRows() {
        let cache = CoverageCache(byteBudget: 1 << 20)
        let shapes: [Shape] = [
            .roundedRect(Rect(x: 0.5, y: 1.25, width: 30.3, height: 20), cornerRadius: 4),
            .circle(center: Point(x: 12, y: 9.5), radius: 7.3),
            .intersection(
                .circle(center: Point(x: 10, y: 10), radius: 8), .rect(Rect(x: 4, y: 0, width: 9, height: 20))),
        ]
        for shape in shapes {
            for (scale, rows) in [(1.0, nil), (3, nil), (3, 5..<17)] as [(Double, Range<Int>?)] {
                let expected = Coverage.mask(of: shape, scale: scale, rows: rows)
                #expect(cache.mask(of: shape, scale: scale, rows: rows) == expected)
                // The second time from the cache: still the same mask, and no new entry.
                let count = cache.count
                #expect(cache.mask(of: shape, scale: scale, rows: rows) == expected)
                #expect(cache.count == count)
            }
        }
        #expect(cache.count == shapes.count * 3)
    }

    @Test func aFullCacheStartsAgainAndLargeMasksAreNotKept() {
        // 100 values (400 bytes) per 10 × 10 mask: two fit in 1000 bytes, the third starts the cache again.
        let cache = CoverageCache(byteBudget: 1000)
        let squares = (0..<3).map { Shape.rect(Rect(x: Double($0), y: 0, width: 10, height: 10)) }
        for square in squares { _ = cache.mask(of: square, scale: 1) }
        #expect(cache.count == 1)
        _ = cache.mask(of: .rect(Rect(x: 0, y: 0, width: 40, height: 40)), scale: 1)
        #expect(cache.count == 1)
        #expect(cache.mask(of: squares[2], scale: 1) == Coverage.mask(of: squares[2], scale: 1))
    }

    @Test func shapesAreKeyedByNumbersThatTellEveryShapeApart() {
        let circle = Shape.circle(center: Point(x: 10, y: 10), radius: 8)
        let square = Shape.rect(Rect(x: 4, y: 0, width: 9, height: 20))
        let notch = Notch(degrees: 60, cutRadius: 8, cutDistance: 13.9)
        let shapes: [Shape] = [
            circle, square, .roundedRect(Rect(x: 4, y: 0, width: 9, height: 20), cornerRadius: 0),
            .intersection(circle, square), .intersection(square, circle),
            .intersection(.intersection(circle, square), square), .intersection(circle, .intersection(square, square)),
            .notchedCircle(center: Point(x: 10, y: 10), radius: 8, notches: []),
            .notchedCircle(center: Point(x: 10, y: 10), radius: 8, notches: [notch]),
            .notchedCircle(center: Point(x: 10, y: 10), radius: 8, notches: [notch, notch]),
        ]
        for (i, a) in shapes.enumerated() {
            for (j, b) in shapes.enumerated() { #expect((a.numbers == b.numbers) == (i == j), "\(a) against \(b)") }
        }
        // A cache that mixed two shapes up would hand one's mask out for the other.
        let cache = CoverageCache(byteBudget: 1 << 20)
        for shape in shapes { #expect(cache.mask(of: shape, scale: 2) == Coverage.mask(of: shape, scale: 2)) }
        #expect(cache.count == shapes.count)
    }
}
