import Foundation
import GroupIcon

/// The xterm 256-colour palette and perceptual nearest-colour search in it.
///
/// Indices 0...15 are the ANSI colours, which terminals let the user theme; their values here are xterm's
/// defaults and are only used in `palette16` mode. Indices 16...231 are the 6x6x6 cube, 232...255 the grey ramp:
/// those are the same everywhere, so 256-colour images use them alone.
enum XtermPalette {
    /// xterm's default values of the 16 ANSI colours.
    static let ansi16: [RGBA8] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ].map { RGBA8(r: $0.0, g: $0.1, b: $0.2) }

    /// The channel levels of the 6x6x6 cube.
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour of palette entry `index` (xterm's defaults for 0...15).
    static func color(ofIndex index: UInt8) -> RGBA8 {
        switch index {
        case 0..<16:
            return ansi16[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return RGBA8(r: cubeLevels[cube / 36], g: cubeLevels[(cube / 6) % 6], b: cubeLevels[cube % 6])
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGBA8(r: level, g: level, b: level)
        }
    }

    /// The index in 16...255 perceptually nearest (OKLab distance) to the colour, through a lookup table over
    /// 6 bits per channel.
    static func nearestExtendedIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        extendedLookup[lookupKey(r: r, g: g, b: b)]
    }

    /// The index in 0...15 perceptually nearest (OKLab distance) to the colour, assuming xterm's defaults.
    static func nearestANSIIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        ansiCandidates.nearest(to: OKLab(r: r, g: g, b: b))
    }

    /// The lookup table's slot for a colour: the top 6 bits of each channel.
    static func lookupKey(r: UInt8, g: UInt8, b: UInt8) -> Int {
        Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
    }

    /// The colour a lookup slot stands for: the middle of its 4-value bin in every channel.
    static func representative(ofLookupKey key: Int) -> RGBA8 {
        func channel(_ bits: Int) -> UInt8 { UInt8((bits & 63) << 2 | 2) }
        return RGBA8(r: channel(key >> 12), g: channel(key >> 6), b: channel(key))
    }

    /// Nearest index in 16...255 for every 6-bit-per-channel colour (262 144 bytes), built on first use.
    ///
    /// A `static let` is initialised once, thread-safely, and `[UInt8]` is Sendable.
    private static let extendedLookup: [UInt8] = {
        let candidates = PaletteCandidates(indices: 16...255)
        var table = [UInt8](repeating: 0, count: 1 << 18)
        table.withUnsafeMutableBufferPointer { slots in
            for key in 0..<slots.count {
                let colour = representative(ofLookupKey: key)
                slots[key] = candidates.nearest(to: OKLab(r: colour.r, g: colour.g, b: colour.b))
            }
        }
        return table
    }()

    private static let ansiCandidates = PaletteCandidates(indices: 0...15)
}

/// A colour in Björn Ottosson's OKLab space, where Euclidean distance approximates perceived difference.
struct OKLab: Sendable {
    var lightness: Float
    var a: Float
    var b: Float

    /// Converts an 8-bit sRGB colour.
    init(r: UInt8, g: UInt8, b: UInt8) {
        let red = OKLab.linear[Int(r)], green = OKLab.linear[Int(g)], blue = OKLab.linear[Int(b)]
        let l = cbrtf(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue)
        let m = cbrtf(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue)
        let s = cbrtf(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// The squared Euclidean distance to `other`.
    func squaredDistance(to other: OKLab) -> Float {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// sRGB byte -> linear light, the standard sRGB transfer function.
    private static let linear: [Float] = (0..<256).map { byte in
        let value = Float(byte) / 255
        return value <= 0.04045 ? value / 12.92 : powf((value + 0.055) / 1.055, 2.4)
    }
}

/// A set of palette entries searched for the nearest colour in OKLab.
///
/// Entries are sorted by lightness so a search can walk outwards from the query's lightness and stop as soon
/// as the lightness difference alone exceeds the best distance found: exact, and far fewer comparisons.
private struct PaletteCandidates: Sendable {
    private let colours: [OKLab]
    private let indices: [UInt8]

    init(indices range: ClosedRange<UInt8>) {
        let entries = range.map { index in
            let colour = XtermPalette.color(ofIndex: index)
            return (index: index, lab: OKLab(r: colour.r, g: colour.g, b: colour.b))
        }.sorted { $0.lab.lightness < $1.lab.lightness }
        colours = entries.map(\.lab)
        indices = entries.map(\.index)
    }

    func nearest(to target: OKLab) -> UInt8 {
        colours.withUnsafeBufferPointer { colours in
            // First entry not darker than the target: the walk starts on both sides of it.
            var low = 0, high = colours.count
            while low < high {
                let middle = (low + high) / 2
                if colours[middle].lightness < target.lightness { low = middle + 1 } else { high = middle }
            }
            var best = Float.infinity, bestPosition = 0
            var down = low - 1, up = low
            while down >= 0 || up < colours.count {
                if up < colours.count {
                    let dl = colours[up].lightness - target.lightness
                    if dl * dl >= best {
                        up = colours.count
                    } else {
                        let distance = colours[up].squaredDistance(to: target)
                        if distance < best { best = distance; bestPosition = up }
                        up += 1
                    }
                }
                if down >= 0 {
                    let dl = target.lightness - colours[down].lightness
                    if dl * dl >= best {
                        down = -1
                    } else {
                        let distance = colours[down].squaredDistance(to: target)
                        if distance < best { best = distance; bestPosition = down }
                        down -= 1
                    }
                }
            }
            return indices[bestPosition]
        }
    }
}
