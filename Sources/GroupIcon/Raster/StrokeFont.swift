import Foundation

/// A tiny stroke font for placeholder initials: A-Z and 0-9, each a few polylines on a 4 x 6 grid
/// (x right, y down, cap height 6), drawn as round-capped strokes. There is no font library to lean on, and
/// initials need nothing more.
enum StrokeFont {
    /// Glyph cell width and cap height in grid units.
    static let width = 4.0
    static let height = 6.0
    /// Half the stroke width in grid units (a stroke is 15 % of the cap height: a bold, legible weight).
    static let halfStroke = 0.45

    /// The polylines of `character` (an uppercase ASCII letter or a digit), nil for any other character.
    static func strokes(for character: Character) -> [[SIMD2<Double>]]? { glyphs[character] }

    private static let glyphs: [Character: [[SIMD2<Double>]]] = {
        var table: [Character: [[SIMD2<Double>]]] = [
            "A": [line(0, 6, 2, 0, 4, 6), line(0.67, 4, 3.33, 4)],
            "B": [line(0, 6, 0, 0, 2.5, 0) + arc(2.5, 1.5, 1.4, 1.5, -90, 90) + line(0, 3),
                  line(0, 3, 2.6, 3) + arc(2.6, 4.5, 1.4, 1.5, -90, 90) + line(0, 6)],
            "C": [arc(2.2, 3, 2.2, 3, 40, 320)],
            "D": [line(0, 0, 0, 6, 1.6, 6) + arc(1.6, 3, 2.4, 3, 90, -90) + line(0, 0)],
            "E": [line(4, 0, 0, 0, 0, 6, 4, 6), line(0, 3, 3.2, 3)],
            "F": [line(4, 0, 0, 0, 0, 6), line(0, 3, 3.2, 3)],
            "G": [arc(2, 3, 2, 3, 315, 10) + line(4, 3.4, 2.3, 3.4)],
            "H": [line(0, 0, 0, 6), line(4, 0, 4, 6), line(0, 3, 4, 3)],
            "I": [line(2, 0, 2, 6), line(1, 0, 3, 0), line(1, 6, 3, 6)],
            "J": [line(4, 0, 4, 4.2) + arc(2.2, 4.2, 1.8, 1.8, 0, 180)],
            "K": [line(0, 0, 0, 6), line(4, 0, 0, 4), line(1.35, 2.65, 4, 6)],
            "L": [line(0, 0, 0, 6, 4, 6)],
            "M": [line(0, 6, 0, 0, 2, 4, 4, 0, 4, 6)],
            "N": [line(0, 6, 0, 0, 4, 6, 4, 0)],
            "O": [arc(2, 3, 2, 3, 0, 360)],
            "P": [line(0, 6, 0, 0, 2.4, 0) + arc(2.4, 1.6, 1.6, 1.6, -90, 90) + line(0, 3.2)],
            "S": [arc(2, 1.5, 2, 1.5, 340, 90) + arc(2, 4.5, 2, 1.5, -90, 160)],
            "T": [line(0, 0, 4, 0), line(2, 0, 2, 6)],
            "U": [line(0, 0, 0, 4) + arc(2, 4, 2, 2, 180, 0) + line(4, 0)],
            "V": [line(0, 0, 2, 6, 4, 0)],
            "W": [line(0, 0, 1, 6, 2, 2, 3, 6, 4, 0)],
            "X": [line(0, 0, 4, 6), line(4, 0, 0, 6)],
            "Y": [line(0, 0, 2, 3, 4, 0), line(2, 3, 2, 6)],
            "Z": [line(0, 0, 4, 0, 0, 6, 4, 6)],
            "0": [arc(2, 3, 2, 3, 0, 360), line(3.2, 1, 0.8, 5)],
            "1": [line(0.8, 1.2, 2.2, 0, 2.2, 6), line(0.8, 6, 3.6, 6)],
            "2": [arc(2, 1.8, 2, 1.8, 200, 380) + line(0, 6, 4, 6)],
            "3": [arc(2, 1.5, 2, 1.5, 200, 450) + arc(2, 4.5, 2, 1.5, 270, 520)],
            "4": [line(3, 6, 3, 0, 0, 4.2, 4, 4.2)],
            "5": [line(3.8, 0, 0.4, 0, 0.2, 2.8) + arc(2, 4.1, 2, 1.9, 235, 520)],
            "6": [arc(2.9, 4.1, 2.9, 4.1, 285, 180), arc(2, 4.1, 2, 1.9, 0, 360)],
            "7": [line(0, 0, 4, 0, 1.4, 6)],
            "8": [arc(2, 1.45, 1.7, 1.45, 0, 360), arc(2, 4.45, 2, 1.55, 0, 360)],
        ]
        table["Q"] = (table["O"] ?? []) + [line(2.5, 4.3, 4.2, 6.2)]
        table["R"] = (table["P"] ?? []) + [line(2.2, 3.2, 4, 6)]
        // A 9 is a 6 turned half way round.
        table["9"] = table["6"]?.map { $0.map { SIMD2(width - $0.x, height - $0.y) } }
        return table
    }()

    /// A polyline through the points given as x, y pairs.
    private static func line(_ coordinates: Double...) -> [SIMD2<Double>] {
        stride(from: 0, to: coordinates.count - 1, by: 2).map { SIMD2(coordinates[$0], coordinates[$0 + 1]) }
    }

    /// Points along an elliptical arc from angle `from` to `to` (degrees; 0 = +x, 90 = down), at most 12°
    /// apart, which the stroke width smooths into a curve.
    private static func arc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double,
                            _ from: Double, _ to: Double) -> [SIMD2<Double>] {
        let steps = max(1, Int((abs(to - from) / 12).rounded(.up)))
        return (0...steps).map { step in
            let radians = (from + (to - from) * Double(step) / Double(steps)) * Double.pi / 180
            return SIMD2(cx + rx * cos(radians), cy + ry * sin(radians))
        }
    }
}
