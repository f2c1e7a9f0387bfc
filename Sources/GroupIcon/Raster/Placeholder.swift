import Foundation

/// The stand-in avatar of a member without a photo: a colour chosen from the member's id, with the
/// member's initials in white, or a white head-and-shoulders silhouette when the name does not start with a
/// Latin letter or digit (the stroke font has no other glyphs).
public enum Placeholder {
    /// Twelve mid-saturation colours under which white text stays legible.
    public static let palette: [RGBA8] = [
        RGBA8(r: 0xE5, g: 0x73, b: 0x73), RGBA8(r: 0xF0, g: 0x62, b: 0x92), RGBA8(r: 0xBA, g: 0x68, b: 0xC8),
        RGBA8(r: 0x95, g: 0x75, b: 0xCD), RGBA8(r: 0x79, g: 0x86, b: 0xCB), RGBA8(r: 0x42, g: 0xA5, b: 0xF5),
        RGBA8(r: 0x26, g: 0xA6, b: 0x9A), RGBA8(r: 0x66, g: 0xBB, b: 0x6A), RGBA8(r: 0xFF, g: 0xA7, b: 0x26),
        RGBA8(r: 0xFF, g: 0x70, b: 0x43), RGBA8(r: 0x8D, g: 0x6E, b: 0x63), RGBA8(r: 0x78, g: 0x90, b: 0x9C),
    ]

    /// Cap height of the initials as a fraction of the image side.
    static let textHeight = 0.4
    /// Space between two initials in stroke-font grid units.
    static let letterGap = 1.6

    /// The `side` x `side` placeholder of a member (sides below 1 count as 1). The same id and name give the
    /// same image in every process.
    public static func image(memberID: String, name: String, side: Int) -> RGBAImage {
        let side = max(1, side)
        var coverage = [Float](repeating: 0, count: side * side)
        if let text = initials(of: name) {
            drawText(text, side: side, into: &coverage)
        } else {
            drawSilhouette(side: side, into: &coverage)
        }
        let background = backgroundColour(memberID: memberID)
        let base = SIMD4<Float>(Float(background.r), Float(background.g), Float(background.b), 255)
        let towardsWhite = SIMD4<Float>(255, 255, 255, 255) - base
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            coverage.withUnsafeBufferPointer { coverage in
                for i in 0..<coverage.count {
                    let colour = base + towardsWhite * coverage[i] + 0.5
                    out[4 * i] = UInt8(colour[0]); out[4 * i + 1] = UInt8(colour[1])
                    out[4 * i + 2] = UInt8(colour[2]); out[4 * i + 3] = 255
                }
            }
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
            ?? RGBAImage(width: side, height: side, fill: background)
    }

    /// The palette colour of a member: FNV-1a of the id's UTF-8 bytes picks it, a hash that (unlike Swift's
    /// per-process seeded `Hasher`) is the same in every run.
    public static func backgroundColour(memberID: String) -> RGBA8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in memberID.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return palette[Int(hash % UInt64(palette.count))]
    }

    /// Up to two uppercase initials (the first characters of the first two words), or nil when the name does
    /// not start with a Latin letter or digit. Accents are dropped ("Émile" gives "E"); a second word that
    /// starts with anything else is skipped.
    public static func initials(of name: String) -> String? {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard let first = words.first.flatMap(latinInitial) else { return nil }
        guard words.count > 1, let second = latinInitial(of: words[1]) else { return String(first) }
        return String([first, second])
    }

    /// The first character of `word` as an uppercase ASCII letter or digit, if it is one (after removing
    /// accents).
    private static func latinInitial(of word: Substring) -> Character? {
        guard let character = word.first else { return nil }
        let folded = String(character).folding(options: .diacriticInsensitive, locale: nil).uppercased()
        guard folded.count == 1, let initial = folded.first, initial.isASCII,
              initial.isLetter || initial.isNumber
        else { return nil }
        return initial
    }

    /// Draws `text` (characters the stroke font has) centred, `textHeight` of the side tall.
    private static func drawText(_ text: String, side: Int, into coverage: inout [Float]) {
        let glyphs = text.compactMap(StrokeFont.strokes(for:))
        guard !glyphs.isEmpty else { return }
        let unit = textHeight * Double(side) / StrokeFont.height
        let textWidth = (Double(glyphs.count) * StrokeFont.width + Double(glyphs.count - 1) * letterGap) * unit
        let originX = (Double(side) - textWidth) / 2, originY = (Double(side) - StrokeFont.height * unit) / 2
        let halfStroke = StrokeFont.halfStroke * unit
        for (index, strokes) in glyphs.enumerated() {
            let offset = SIMD2(originX + Double(index) * (StrokeFont.width + letterGap) * unit, originY)
            for polyline in strokes {
                let points = polyline.map { offset + $0 * unit }
                for (a, b) in zip(points, points.dropFirst()) {
                    drawCapsule(from: a, to: b, halfWidth: halfStroke, side: side, into: &coverage)
                }
            }
        }
    }

    /// Adds one round-capped stroke to `coverage` (the union of strokes keeps each pixel's largest coverage).
    private static func drawCapsule(from a: SIMD2<Double>, to b: SIMD2<Double>, halfWidth: Double, side: Int,
                                    into coverage: inout [Float]) {
        let reach = halfWidth + 1
        let x0 = max(0, Int((min(a.x, b.x) - reach).rounded(.down)))
        let x1 = min(side, Int((max(a.x, b.x) + reach).rounded(.up)))
        let y0 = max(0, Int((min(a.y, b.y) - reach).rounded(.down)))
        let y1 = min(side, Int((max(a.y, b.y) + reach).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let direction = b - a
        let lengthSquared = max((direction * direction).sum(), 1e-12)
        coverage.withUnsafeMutableBufferPointer { out in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - a
                    let along = min(max((p * direction).sum() / lengthSquared, 0), 1)
                    let offset = p - direction * along
                    let distance = (offset * offset).sum().squareRoot() - halfWidth
                    let value = Float(min(max(0.5 - distance, 0), 1))
                    let i = y * side + x
                    if value > out[i] { out[i] = value }
                }
            }
        }
    }

    /// Draws a head (circle) above shoulders (a larger circle cut off by the bottom edge).
    private static func drawSilhouette(side: Int, into coverage: inout [Float]) {
        let s = Double(side)
        let head = Shape.circle(center: Point(x: 0.5 * s, y: 0.4 * s), radius: 0.18 * s)
        let shoulders = Shape.circle(center: Point(x: 0.5 * s, y: 1.08 * s), radius: 0.42 * s)
        let image = PixelBox(x: 0, y: 0, width: side, height: side)
        for shape in [head, shoulders] {
            let mask = Coverage.mask(of: shape, scale: 1)
            let visible = mask.box.intersection(image)
            guard !visible.isEmpty else { continue }
            for y in visible.y..<visible.maxY {
                for x in visible.x..<visible.maxX {
                    coverage[y * side + x] = max(coverage[y * side + x], mask[x, y])
                }
            }
        }
    }
}
