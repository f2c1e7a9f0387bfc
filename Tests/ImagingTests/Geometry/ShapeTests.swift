import Foundation
import Testing

@testable import Imaging

@Suite struct ShapeTests {
    @Test func circleDistanceIsExact() {
        let circle = Shape.circle(center: Point(x: 10, y: 10), radius: 5)
        #expect(abs(circle.signedDistance(to: Point(x: 10, y: 10)) + 5) < 1e-12)
        #expect(abs(circle.signedDistance(to: Point(x: 18, y: 10)) - 3) < 1e-12)
    }

    @Test func notchPointsDownAtZeroDegreesAndTurnsClockwise() {
        // The QQ reference: 0 = +y (down); 90 = left (clockwise on a y-down screen).
        let down = Notch(degrees: 0, cutRadius: 1, cutDistance: 1).direction
        #expect(abs(down.x) < 1e-12 && abs(down.y - 1) < 1e-12)
        let left = Notch(degrees: 90, cutRadius: 1, cutDistance: 1).direction
        #expect(abs(left.x + 1) < 1e-12 && abs(left.y) < 1e-12)
    }

    @Test func roundedRectCornerIsRounded() {
        let shape = Shape.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 4)
        // The corner point (0,0) lies outside a radius-4 corner by 4*sqrt(2) - 4.
        #expect(abs(shape.signedDistance(to: Point(x: 0, y: 0)) - (4 * 2.0.squareRoot() - 4)) < 1e-9)
        #expect(shape.signedDistance(to: Point(x: 5, y: 0)) == 0)
    }

    @Test func notchedCircleDistanceIsTheCircleMinusItsBites() {
        // The distance the rasteriser uses (bite centres worked out once) against the definition, evaluated
        // with the notch's angle at every point.
        let notches = [
            Notch(degrees: 0, cutRadius: 9, cutDistance: 15),
            Notch(degrees: 127.5, cutRadius: 7, cutDistance: 12),
        ]
        let centre = Point(x: 20, y: 30)
        let shape = Shape.notchedCircle(center: centre, radius: 10, notches: notches)
        for y in stride(from: 15.0, through: 45, by: 1.7) {
            for x in stride(from: 5.0, through: 35, by: 1.3) {
                var expected = hypot(x - centre.x, y - centre.y) - 10
                for notch in notches {
                    let radians = notch.degrees * .pi / 180
                    let bite = Point(
                        x: centre.x - sin(radians) * notch.cutDistance,
                        y: centre.y + cos(radians) * notch.cutDistance)
                    expected = max(expected, notch.cutRadius - hypot(x - bite.x, y - bite.y))
                }
                #expect(abs(shape.signedDistance(to: Point(x: x, y: y)) - expected) < 1e-9, "at \(x), \(y)")
            }
        }
    }
}
