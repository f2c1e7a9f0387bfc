import Foundation
import Imaging
import Support

/// What a member placeholder shows.
public enum PlaceholderStyle: String, CaseIterable, Hashable, Sendable {
    /// The member's initials or name characters (`PlaceholderLabel`), or the silhouette when there are none
    /// or no font can draw them.
    case initials
    /// Always the head-and-shoulders silhouette.
    case silhouette
}

/// The stand-in avatar of a member without a photo: a colour chosen from the member's id, with the member's
/// `PlaceholderLabel` in white (an emoji in its own colours), or a white head-and-shoulders silhouette. Also
/// the default avatar of a group without members (`groupImage`).
public enum Placeholder {
    /// Twelve mid-saturation colours under which white text stays legible.
    public static let palette: [RGBA8] = [
        RGBA8(r: 0xE5, g: 0x73, b: 0x73), RGBA8(r: 0xF0, g: 0x62, b: 0x92), RGBA8(r: 0xBA, g: 0x68, b: 0xC8),
        RGBA8(r: 0x95, g: 0x75, b: 0xCD), RGBA8(r: 0x79, g: 0x86, b: 0xCB), RGBA8(r: 0x42, g: 0xA5, b: 0xF5),
        RGBA8(r: 0x26, g: 0xA6, b: 0x9A), RGBA8(r: 0x66, g: 0xBB, b: 0x6A), RGBA8(r: 0xFF, g: 0xA7, b: 0x26),
        RGBA8(r: 0xFF, g: 0x70, b: 0x43), RGBA8(r: 0x8D, g: 0x6E, b: 0x63), RGBA8(r: 0x78, g: 0x90, b: 0x9C),
    ]

    /// The fonts (file path, face index, byte size, modification time) and FreeType/HarfBuzz versions that
    /// draw labels on this machine, "text=none; emoji=none" when fontconfig found no font (every placeholder
    /// is then a silhouette). Placeholders depend on it, so cache keys of anything containing them must too.
    /// The first use looks the fonts up through fontconfig (tens of milliseconds, once per process).
    public static var fontIdentity: String { TextRasterizer.shared.identity }

    /// What placeholders drew as a silhouette for want of a font since the last call: one warning per missing
    /// font, naming the fontconfig query that found none, each once per process (a tool prints them once per
    /// run, however many placeholders fell back).
    public static func takeFontFallbackWarnings() -> [String] { TextRasterizer.shared.takeFallbackWarnings() }

    /// The `side` x `side` placeholder of a member (sides below 1 count as 1). The same id, name, side and
    /// style give the same pixels in every process on a machine with the same `fontIdentity`.
    public static func image(memberID: String, name: String, side: Int, style: PlaceholderStyle = .initials)
        -> RGBAImage
    {
        image(memberID: memberID, name: name, side: side, style: style, rasterizer: .shared)
    }

    /// `image(memberID:name:side:style:)` drawn with the given fonts.
    static func image(
        memberID: String, name: String, side: Int, style: PlaceholderStyle,
        rasterizer: TextRasterizer
    ) -> RGBAImage {
        let side = max(1, side)
        let label = style == .initials ? PlaceholderLabel(name: name) : nil
        let ink = label.flatMap { rasterizer.ink(for: $0, side: side) } ?? .coverage(silhouette(side: side))
        let background = backgroundColor(memberID: memberID)
        let base = SIMD4<Float>(Float(background.r), Float(background.g), Float(background.b), 255)
        var pixels = [SIMD4<Float>](repeating: base, count: side * side)
        switch ink {
        case .coverage(let coverage):
            let towardsWhite = SIMD4<Float>(255, 255, 255, 255) - base
            pixels.withUnsafeMutableBufferPointer { out in
                coverage.withUnsafeBufferPointer { coverage in
                    for i in 0..<out.count { out[i] += towardsWhite * coverage[i] }
                }
            }
        case .color(let glyphs):
            // Premultiplied "source over" the opaque member colour.
            let box = glyphs.box
            pixels.withUnsafeMutableBufferPointer { out in
                glyphs.values.withUnsafeBufferPointer { color in
                    for row in 0..<box.height {
                        for column in 0..<box.width {
                            let source = color[row * box.width + column]
                            let i = (box.y + row) * side + box.x + column
                            out[i] = source + out[i] * (1 - source[3] / 255)
                        }
                    }
                }
            }
        }
        return PremultipliedPixels(box: PixelBox(x: 0, y: 0, width: side, height: side), values: pixels)
            .straightImage() ?? RGBAImage(width: side, height: side, fill: background)
    }

    /// What a member's tile shows while their photo is still downloading, `side` pixels square: the
    /// silhouette in a lighter grey on light grey, the same for every member (their colour and initials would
    /// flash by before the photo replaces them).
    public static func loading(side: Int) -> RGBAImage {
        let side = max(1, side)
        let base = SIMD4<Float>(0xD6, 0xD6, 0xD6, 255)
        let towards = SIMD4<Float>(0xEC, 0xEC, 0xEC, 255) - base
        let pixels = silhouette(side: side).map { base + towards * $0 }
        return PremultipliedPixels(box: PixelBox(x: 0, y: 0, width: side, height: side), values: pixels)
            .straightImage() ?? RGBAImage(width: side, height: side, fill: RGBA8(r: 0xD6, g: 0xD6, b: 0xD6))
    }

    /// The default avatar of a group without members, `side` pixels square: the group glyph (three
    /// head-and-shoulders busts) in `groupGlyphColor(on: background)` over `background`. A composite of
    /// 0 members shows the same glyph (`Compositor.compose`).
    public static func groupImage(side: Int, background: RGBA8) -> RGBAImage {
        let side = max(1, side)
        var layer = groupGlyphLayer(side: side, background: background)
        let fill = Compositor.premultiplied(background)
        layer.withUnsafeMutableBufferPointer { layer in
            for i in 0..<layer.count { layer[i] += fill * (1 - layer[i][3] / 255) }
        }
        return PremultipliedPixels(box: PixelBox(x: 0, y: 0, width: side, height: side), values: layer)
            .straightImage() ?? RGBAImage(width: side, height: side, fill: background)
    }

    /// The group glyph alone as premultiplied pixels (`side * side`, row-major, transparent around it), in
    /// its colour for `background`, ready to go over that background.
    static func groupGlyphLayer(side: Int, background: RGBA8) -> [SIMD4<Float>] {
        let color = Compositor.premultiplied(groupGlyphColor(on: background))
        return groupGlyph(side: side).map { color * $0 }
    }

    /// The colour of the group glyph on a group avatar's background: near-white on mid and dark fills (the
    /// default light grey among them), darker grey on very light ones, mid grey on a (mostly) transparent
    /// canvas, so it shows on both light and dark chat lists. Always opaque.
    public static func groupGlyphColor(on background: RGBA8) -> RGBA8 {
        guard background.a >= 128 else { return RGBA8(r: 0x9E, g: 0x9E, b: 0x9E) }
        let luminance = 0.2126 * Double(background.r) + 0.7152 * Double(background.g) + 0.0722 * Double(background.b)
        let (target, share) = luminance > 200 ? (0.0, 0.35) : (255.0, 0.85)
        func mix(_ channel: UInt8) -> UInt8 { UInt8((Double(channel) + (target - Double(channel)) * share).rounded()) }
        return RGBA8(r: mix(background.r), g: mix(background.g), b: mix(background.b))
    }

    /// Coverage (0...1, `side * side`, row-major) of the group glyph: three head-and-shoulders busts, the
    /// middle one in front and larger, separated from the two behind it by a thin gap. Its ink spans about
    /// 70 % x 37 % of the side around the centre, clear of rounded canvas corners.
    static func groupGlyph(side: Int) -> [Float] {
        let s = Double(side)
        let front = Bust(centreX: 0.5 * s, bottom: 0.685 * s, scale: s)
        let behind = [0.31, 0.69].map { Bust(centreX: $0 * s, bottom: 0.685 * s, scale: 0.78 * s) }
        let gap = 0.035 * s
        return coverage(side: side) { point in
            let frontDistance = front.signedDistance(to: point)
            let behindDistance = min(behind[0].signedDistance(to: point), behind[1].signedDistance(to: point))
            // The busts behind are cut back by the gap around the one in front: a distance-field difference.
            return min(frontDistance, max(behindDistance, gap - frontDistance))
        }
    }

    /// Coverage of the single-member silhouette: a head (circle) above shoulders (a larger circle cut off by
    /// the bottom edge).
    static func silhouette(side: Int) -> [Float] {
        let s = Double(side)
        let person = Bust(
            head: Point(x: 0.5 * s, y: 0.4 * s), headRadius: 0.18 * s,
            shoulders: Point(x: 0.5 * s, y: 1.08 * s), shouldersRadius: 0.42 * s, bottom: .infinity)
        return coverage(side: side, of: person.signedDistance)
    }

    /// Anti-aliased coverage of a region given by its signed distance in pixels (negative inside), sampled at
    /// pixel centres as `Coverage` does. The distances used here (discs, half-planes and their min/max
    /// combinations) change by at most one pixel per pixel step, so one sample that far inside or outside
    /// settles a run of pixels, and only the edges are evaluated pixel by pixel.
    private static func coverage(side: Int, of distance: (Point) -> Double) -> [Float] {
        var values = [Float](repeating: 0, count: side * side)
        values.withUnsafeMutableBufferPointer { out in
            for y in 0..<side {
                var x = 0
                while x < side {
                    let d = distance(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    let run = d.isFinite ? max(1, Int(min(abs(d) + 0.5, Double(side - x)))) : 1
                    let value = Float(min(max(0.5 - d, 0), 1))
                    for i in y * side + x..<y * side + x + run { out[i] = value }
                    x += run
                }
            }
        }
        return values
    }

    /// The palette colour of a member: FNV-1a of the id's UTF-8 bytes picks it, a hash that (unlike Swift's
    /// per-process seeded `Hasher`) is the same in every run.
    public static func backgroundColor(memberID: String) -> RGBA8 {
        palette[Int(StableHash.fnv1a64(memberID) % UInt64(palette.count))]
    }

    /// A head-and-shoulders figure: a head disc above a shoulders disc cut off by a horizontal line.
    private struct Bust {
        var head: Point
        var headRadius: Double
        var shoulders: Point
        var shouldersRadius: Double
        /// Where the shoulders end (y down); `.infinity` leaves that to the image's edge.
        var bottom: Double

        init(head: Point, headRadius: Double, shoulders: Point, shouldersRadius: Double, bottom: Double) {
            self.head = head; self.headRadius = headRadius; self.shoulders = shoulders
            self.shouldersRadius = shouldersRadius; self.bottom = bottom
        }

        /// A bust of the group glyph standing on `bottom`, its proportions in units of `scale` pixels: a head
        /// of radius 0.10 centred 0.27 above the bottom, shoulders 0.14 high and 0.40 wide at the cut (a disc
        /// of radius 0.21), 0.37 tall in all.
        init(centreX: Double, bottom: Double, scale: Double) {
            let shouldersTop = bottom - 0.14 * scale, radius = 0.21 * scale
            self.init(
                head: Point(x: centreX, y: bottom - 0.27 * scale), headRadius: 0.10 * scale,
                shoulders: Point(x: centreX, y: shouldersTop + radius), shouldersRadius: radius, bottom: bottom)
        }

        /// Negative inside, positive outside, in pixels.
        func signedDistance(to p: Point) -> Double {
            let toHead = ((p.x - head.x) * (p.x - head.x) + (p.y - head.y) * (p.y - head.y)).squareRoot() - headRadius
            let toShoulders =
                ((p.x - shoulders.x) * (p.x - shoulders.x) + (p.y - shoulders.y) * (p.y - shoulders.y))
                .squareRoot() - shouldersRadius
            return min(toHead, max(toShoulders, p.y - bottom))
        }
    }
}
