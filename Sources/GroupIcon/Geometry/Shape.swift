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
        DistanceField(self).signedDistance(to: p)
    }
}

/// A shape set up for many distance queries, as the rasteriser makes one per pixel: each notch's disc
/// centre is worked out once instead of a sine and a cosine per query.
struct DistanceField {
    private indirect enum Form {
        case roundedRect(Rect, radius: Double)
        case disc(center: Point, radius: Double, bites: [(center: Point, radius: Double)])
        case intersection(Form, Form)
    }

    private let form: Form

    init(_ shape: Shape) {
        form = Self.form(of: shape)
    }

    private static func form(of shape: Shape) -> Form {
        switch shape {
        case .rect(let r): return .roundedRect(r, radius: 0)
        case .roundedRect(let r, let radius): return .roundedRect(r, radius: radius)
        case .circle(let c, let radius): return .disc(center: c, radius: radius, bites: [])
        case .notchedCircle(let c, let radius, let notches):
            return .disc(center: c, radius: radius, bites: notches.map { notch in
                let direction = notch.direction
                return (Point(x: c.x + direction.x * notch.cutDistance, y: c.y + direction.y * notch.cutDistance),
                        notch.cutRadius)
            })
        case .intersection(let a, let b): return .intersection(form(of: a), form(of: b))
        }
    }

    /// Signed distance from `p` to the outline: negative inside, positive outside.
    func signedDistance(to p: Point) -> Double {
        Self.signedDistance(form, p)
    }

    private static func signedDistance(_ form: Form, _ p: Point) -> Double {
        switch form {
        case .roundedRect(let r, let radius):
            let rad = max(0, min(radius, r.width / 2, r.height / 2))
            let qx = abs(p.x - r.midX) - (r.width / 2 - rad)
            let qy = abs(p.y - r.midY) - (r.height / 2 - rad)
            return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - rad
        case .disc(let c, let radius, let bites):
            var d = length(p.x - c.x, p.y - c.y) - radius
            for bite in bites {
                d = max(d, bite.radius - length(p.x - bite.center.x, p.y - bite.center.y))
            }
            return d
        case .intersection(let a, let b):
            return max(signedDistance(a, p), signedDistance(b, p))
        }
    }

    /// The Euclidean length of (x, y). `hypot` also guards against overflow, which canvas coordinates cannot
    /// reach, at several times the cost of a square root; the rasteriser calls this for most edge pixels.
    @inline(__always)
    private static func length(_ x: Double, _ y: Double) -> Double {
        (x * x + y * y).squareRoot()
    }
}
