import Foundation

/// A colour in Björn Ottosson's OKLab space, where Euclidean distance approximates perceived difference.
package struct OKLab: Sendable {
    package var lightness: Float
    package var a: Float
    package var b: Float

    /// Converts an 8-bit sRGB colour.
    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.init(linearRed: OKLab.linear[Int(r)], green: OKLab.linear[Int(g)], blue: OKLab.linear[Int(b)])
    }

    /// Converts a colour given in linear light (0...1 per channel).
    package init(linearRed red: Float, green: Float, blue: Float) {
        let l = cbrtf(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue)
        let m = cbrtf(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue)
        let s = cbrtf(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// The squared Euclidean distance to `other`.
    package func squaredDistance(to other: OKLab) -> Float {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// `SRGB.linearLight` in single precision, the precision this type computes in.
    private static let linear: [Float] = SRGB.linearLight.map(Float.init)
}
