import Foundation

/// A concave bite out of a circle, as in seed 001's `GroupIconCell` clip path.
///
/// The bite is a disc of radius `cutRadius` whose centre lies `cutDistance` from the circle's centre in the
/// direction `degrees` (seed 001's convention: 0 = pointing down, +y; increasing clockwise on screen).
/// Seed 001 itself uses `cutRadius = r` and `cutDistance = sqrt(3) * r`, which replaces the 60° arc facing
/// the neighbour with a concave arc of the cell's own radius.
public struct Notch: Hashable, Sendable, Codable {
    public var degrees: Double
    public var cutRadius: Double
    public var cutDistance: Double
    public init(degrees: Double, cutRadius: Double, cutDistance: Double) {
        self.degrees = degrees; self.cutRadius = cutRadius; self.cutDistance = cutDistance
    }
    /// The unit vector the notch points along, in y-down canvas coordinates.
    public var direction: Point {
        let radians = degrees * .pi / 180
        return Point(x: -sin(radians), y: cos(radians))
    }
}

/// The outline of a tile or of the canvas, as a region that the rasteriser covers with anti-aliasing.
///
/// Every shape answers `signedDistance(to:)`: negative inside, positive outside, in the same units as its
/// coordinates. Exact for rects, rounded rects and circles; for notched circles and intersections it is the
/// usual max/min combination, exact near every edge except right at corners, which is what coverage needs.
public indirect enum Shape: Hashable, Sendable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    case circle(center: Point, radius: Double)
    case notchedCircle(center: Point, radius: Double, notches: [Notch])
    /// The points inside both shapes (for example a quarter of a circle in the DingTalk layout).
    case intersection(Shape, Shape)

    /// The smallest rectangle that contains the shape.
    public var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _): return r
        case .circle(let c, let radius), .notchedCircle(let c, let radius, _): return Rect(center: c, side: 2 * radius)
        case .intersection(let a, let b):
            return a.bounds.intersection(b.bounds) ?? Rect(x: a.bounds.minX, y: a.bounds.minY, width: 0, height: 0)
        }
    }

    /// Signed distance from `p` to the outline: negative inside, positive outside.
    public func signedDistance(to p: Point) -> Double {
        switch self {
        case .rect(let r):
            return Shape.roundedRectDistance(p, r, 0)
        case .roundedRect(let r, let radius):
            return Shape.roundedRectDistance(p, r, radius)
        case .circle(let c, let radius):
            return hypot(p.x - c.x, p.y - c.y) - radius
        case .notchedCircle(let c, let radius, let notches):
            var d = hypot(p.x - c.x, p.y - c.y) - radius
            for notch in notches {
                let dir = notch.direction
                let nx = c.x + dir.x * notch.cutDistance, ny = c.y + dir.y * notch.cutDistance
                d = max(d, notch.cutRadius - hypot(p.x - nx, p.y - ny))
            }
            return d
        case .intersection(let a, let b):
            return max(a.signedDistance(to: p), b.signedDistance(to: p))
        }
    }

    private static func roundedRectDistance(_ p: Point, _ r: Rect, _ radius: Double) -> Double {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let qx = abs(p.x - r.midX) - (r.width / 2 - rad)
        let qy = abs(p.y - r.midY) - (r.height / 2 - rad)
        let outside = hypot(max(qx, 0), max(qy, 0))
        let inside = min(max(qx, qy), 0)
        return outside + inside - rad
    }
}
