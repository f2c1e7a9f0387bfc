import Foundation
import Imaging

/// QQ's discussion-group avatar: up to five circles, each notched where it meets its neighbour; the QQ
/// reference's geometry exactly by default. Diameters, centres, the notch as a gap along its axis and the
/// angle convention are in docs/GEOMETRY.md, section "`qq`".
public enum FiveCircleLayout: CompositionLayout {
    public static let kind = LayoutKind.qq
    public static let displayName = "QQ"
    public static let summary = "QQ five-circle: circles notched where they meet, first 5 members"
    public static let maximumMembers = 5
    /// the QQ reference's canvas is transparent.
    public static let defaultBackground = RGBA8.transparent
    public static let tileForm = TileForm.circle

    /// The tiles are circles: they have no corners to round.
    public static func unusedReason(_ name: String, count: Int, parameters: CompositionParameters) -> String? {
        name == "tile-radius" ? "qq's tiles are circles, with no corners to round" : nil
    }

    /// Rings of three and five are centred vertically instead of the QQ reference's top alignment.
    public static let centreRings = LayoutOption("centre-rings", default: false)

    public static let options: [ParameterField] = [
        .flag(centreRings, label: "Centre rings", help: "qq: centre 3- and 5-member rings vertically")
    ]

    /// The tiles of the first (up to) five members; each frame is its circle's bounding square.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        let shown = shownMembers(count)
        guard shown > 0, parameters.layoutSide > 0 else { return [] }
        let geometry = Geometry(members: shown, parameters: parameters)
        let gap = notchGap(geometry: geometry, parameters: parameters)
        return geometry.cells.map { cell in
            let frame = Rect(center: cell.center, side: 2 * geometry.radius)
            guard let degrees = cell.notchDegrees else {
                return Tile(frame: frame, shape: .circle(center: cell.center, radius: geometry.radius))
            }
            let notch = Notch(degrees: degrees, cutRadius: geometry.radius, cutDistance: 2 * geometry.radius - gap)
            return Tile(
                frame: frame,
                shape: .notchedCircle(
                    center: cell.center, radius: geometry.radius,
                    notches: [notch]))
        }
    }

    /// The notch gap in points; 0 when fewer than two members are shown (no cell has a neighbour).
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        let shown = shownMembers(count)
        guard shown > 1, parameters.layoutSide > 0 else { return 0 }
        return notchGap(geometry: Geometry(members: shown, parameters: parameters), parameters: parameters)
    }

    /// The whole circles under the notched ones: a notch's bite shows the gap colour.
    public static func gapRegion(tiles: [Tile]) -> [Shape] {
        tiles.map { .circle(center: $0.frame.center, radius: $0.frame.width / 2) }
    }

    /// The inset of the arrangement: the explicit padding, or none (the QQ reference has no padding).
    public static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedPadding(default: 0)
    }

    /// The explicit margin, or the QQ reference's `(2 - sqrt3) r`, clamped to `0...min(size/4, r)`.
    private static func notchGap(geometry: Geometry, parameters: CompositionParameters) -> Double {
        let radius = geometry.radius
        return min(parameters.clampedMargin(default: (2 - 3.0.squareRoot()) * radius), radius)
    }

    /// One circle: its centre and the reference's notch angle (nil = a whole circle).
    private struct Cell {
        var center: Point
        var notchDegrees: Double?
    }

    /// The circles of one arrangement in canvas points.
    private struct Geometry {
        var radius: Double
        var cells: [Cell]

        init(members: Int, parameters: CompositionParameters) {
            let padding = parameters.clampedPadding(default: 0)
            let side = parameters.layoutSide - 2 * padding
            let diameter: Double
            let first: Point
            // Direction of each step to the next centre, and each cell's notch, in the QQ reference's degrees
            // (0 = down, clockwise).
            let steps: [Double]
            let notches: [Double?]
            switch members {
            case 1:
                diameter = side
                first = Point(x: side / 2, y: side / 2)
                steps = []
                notches = [nil]
            case 2:
                diameter = side * (2 - 2.0.squareRoot())
                first = Point(x: diameter / 2, y: diameter / 2)
                steps = [315]
                notches = [nil, 135]
            case 3:
                diameter = side / 2
                first = Point(x: diameter, y: diameter / 2)
                steps = [30, 270]
                notches = [30, 270, 150]
            case 4:
                diameter = side / 2
                first = Point(x: diameter / 2, y: diameter / 2)
                steps = [0, 270, 180]
                notches = [0, 270, 180, 90]
            default:
                diameter = side / (2 * sin(54 * Double.pi / 180) + 1)
                first = Point(x: side / 2, y: diameter / 2)
                steps = [54, 342, 270, 198]
                notches = [54, 342, 270, 198, 126]
            }
            var centers = [first]
            for degrees in steps {
                // `Notch.direction` is the one definition of the QQ reference's angle convention.
                let direction = Notch(degrees: degrees, cutRadius: 0, cutDistance: 0).direction
                let last = centers[centers.count - 1]
                centers.append(Point(x: last.x + diameter * direction.x, y: last.y + diameter * direction.y))
            }
            let radius = diameter / 2
            var dy = padding
            if parameters.options[FiveCircleLayout.centreRings], members == 3 || members == 5 {
                // The QQ reference leaves the empty band at the bottom; centring splits it between top and bottom.
                let top = centers.map(\.y).min() ?? radius
                let bottom = centers.map(\.y).max() ?? radius
                dy += (side - (bottom - top + diameter)) / 2 - (top - radius)
            }
            self.radius = radius
            self.cells = zip(centers, notches).map { center, notch in
                Cell(center: Point(x: center.x + padding, y: center.y + dy), notchDegrees: notch)
            }
        }
    }
}

extension LayoutKind {
    /// QQ's five-circle (`FiveCircleLayout`).
    public static let qq = LayoutKind(declaring: "qq")
}
