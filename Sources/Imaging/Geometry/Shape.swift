import Foundation

/// A concave bite out of a circle, as in the QQ reference's `GroupIconCell` clip path.
///
/// The bite is a disc of radius `cutRadius` whose centre lies `cutDistance` from the circle's centre in the
/// direction `degrees` (the QQ reference's convention: 0 = pointing down, +y; increasing clockwise on screen).
/// The QQ reference itself uses `cutRadius = r` and `cutDistance = sqrt(3) * r`, which replaces the 60° arc facing
/// the neighbour with a concave arc of the cell's own radius.
public struct Notch: Hashable, Sendable, Codable {
    /// The direction of the bite from the circle's centre: 0 points down (+y), growing clockwise.
    public var degrees: Double
    /// The radius of the disc bitten out.
    public var cutRadius: Double
    /// How far the bitten disc's centre lies from the circle's centre.
    public var cutDistance: Double
    /// A bite of radius `cutRadius`, `cutDistance` from the centre in the direction `degrees`.
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
    /// The rectangle itself.
    case rect(Rect)
    /// The rectangle with its corners rounded by `cornerRadius` (clamped to half the shorter side).
    case roundedRect(Rect, cornerRadius: Double)
    /// The disc of `radius` around `center`.
    case circle(center: Point, radius: Double)
    /// The disc with `notches` bitten out of it (the QQ layout's overlapping avatars).
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

    /// The shape reflected in the vertical line halfway across a canvas `width` wide, for right-to-left
    /// layouts. A notch's angle is reflected too (the QQ reference's angles run clockwise from straight down).
    public func mirrored(width: Double) -> Shape {
        func mirrored(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        switch self {
        case .rect(let r): return .rect(r.mirrored(width: width))
        case .roundedRect(let r, let radius): return .roundedRect(r.mirrored(width: width), cornerRadius: radius)
        case .circle(let c, let radius): return .circle(center: mirrored(c), radius: radius)
        case .notchedCircle(let c, let radius, let notches):
            return .notchedCircle(
                center: mirrored(c), radius: radius,
                notches: notches.map { notch in
                    Notch(
                        degrees: (360 - notch.degrees).truncatingRemainder(dividingBy: 360), cutRadius: notch.cutRadius,
                        cutDistance: notch.cutDistance)
                })
        case .intersection(let a, let b): return .intersection(a.mirrored(width: width), b.mirrored(width: width))
        }
    }
}

/// A shape set up for many distance queries, as the rasteriser makes one per pixel.
///
/// Every shape is the set of points inside all of a few terms (rounded rects, discs, and the outsides of
/// notches' discs), so its distance is the largest of the terms' distances: kept as a flat list of plain
/// values, with each notch's disc centre worked out once, instead of walking the indirect `Shape` enum and
/// calling a sine and a cosine per notch on every query.
package struct DistanceField {
    private enum Term {
        /// A rounded rect by its centre, its half sides less the corner radius, and that radius (clamped to
        /// half the shorter side).
        case roundedRect(center: Point, innerHalfWidth: Double, innerHalfHeight: Double, radius: Double)
        case disc(center: Point, radius: Double)
        /// The outside of a disc: a notch's bite.
        case bite(center: Point, radius: Double)
    }

    private let terms: [Term]

    package init(_ shape: Shape) {
        var terms: [Term] = []
        Self.collect(shape, into: &terms)
        self.terms = terms
    }

    private static func collect(_ shape: Shape, into terms: inout [Term]) {
        switch shape {
        case .rect(let r): terms.append(roundedRect(r, radius: 0))
        case .roundedRect(let r, let radius): terms.append(roundedRect(r, radius: radius))
        case .circle(let c, let radius): terms.append(.disc(center: c, radius: radius))
        case .notchedCircle(let c, let radius, let notches):
            terms.append(.disc(center: c, radius: radius))
            for notch in notches {
                let direction = notch.direction
                terms.append(
                    .bite(
                        center: Point(
                            x: c.x + direction.x * notch.cutDistance,
                            y: c.y + direction.y * notch.cutDistance),
                        radius: notch.cutRadius))
            }
        case .intersection(let a, let b):
            collect(a, into: &terms)
            collect(b, into: &terms)
        }
    }

    private static func roundedRect(_ r: Rect, radius: Double) -> Term {
        let clamped = max(0, min(radius, r.width / 2, r.height / 2))
        return .roundedRect(
            center: Point(x: r.midX, y: r.midY), innerHalfWidth: r.width / 2 - clamped,
            innerHalfHeight: r.height / 2 - clamped, radius: clamped)
    }

    /// Signed distance from `p` to the outline: negative inside, positive outside.
    package func signedDistance(to p: Point) -> Double {
        var distance = -Double.infinity
        for term in terms {
            switch term {
            case .roundedRect(let c, let innerHalfWidth, let innerHalfHeight, let radius):
                let qx = abs(p.x - c.x) - innerHalfWidth, qy = abs(p.y - c.y) - innerHalfHeight
                distance = max(distance, Self.length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius)
            case .disc(let c, let radius):
                distance = max(distance, Self.length(p.x - c.x, p.y - c.y) - radius)
            case .bite(let c, let radius):
                distance = max(distance, radius - Self.length(p.x - c.x, p.y - c.y))
            }
        }
        return distance
    }

    /// The Euclidean length of (x, y). `hypot` also guards against overflow, which canvas coordinates cannot
    /// reach, at several times the cost of a square root; the rasteriser calls this for most edge pixels.
    @inline(__always)
    private static func length(_ x: Double, _ y: Double) -> Double {
        (x * x + y * y).squareRoot()
    }
}
