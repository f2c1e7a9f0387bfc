import Foundation

/// A colour in CIELAB (D65), used to pick palette entries by CIEDE2000, the difference that best matches
/// perception and that the quality scores use.
package struct CIELAB: Sendable {
    package var lightness: Double
    package var a: Double
    package var b: Double
    /// C*ab, the distance from the grey axis.
    package var chroma: Double { (a * a + b * b).squareRoot() }

    /// Converts an 8-bit sRGB colour.
    package init(r: UInt8, g: UInt8, b: UInt8) {
        let red = SRGB.linearLight[Int(r)], green = SRGB.linearLight[Int(g)], blue = SRGB.linearLight[Int(b)]
        let x = CIELAB.f((0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047)
        let y = CIELAB.f(0.2126729 * red + 0.7151522 * green + 0.0721750 * blue)
        let z = CIELAB.f((0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883)
        lightness = 116 * y - 16
        a = 500 * (x - y)
        self.b = 200 * (y - z)
    }

    /// CIEDE2000 colour difference (Sharma, Wu & Dalal 2005) with kL = kC = kH = 1.
    ///
    /// Written for speed (it runs 4 million times while a palette table is built): powers are multiplied out and
    /// the hue weighting's four cosines come from one sine/cosine pair through multiple-angle identities.
    package func deltaE2000(to other: CIELAB) -> Double {
        let radiansPerDegree = Double.pi / 180
        let pow25To7 = 6_103_515_625.0
        func seventhPowerRatio(_ chroma: Double) -> Double {
            let cube = chroma * chroma * chroma
            let seventh = cube * cube * chroma
            return (seventh / (seventh + pow25To7)).squareRoot()
        }
        let g = 0.5 * (1 - seventhPowerRatio((chroma + other.chroma) / 2))
        let a1 = (1 + g) * a, a2 = (1 + g) * other.a
        let chroma1 = (a1 * a1 + b * b).squareRoot(), chroma2 = (a2 * a2 + other.b * other.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            let degrees = atan2(b, a) / radiansPerDegree
            return degrees < 0 ? degrees + 360 : degrees
        }
        let hue1 = hue(b, a1), hue2 = hue(other.b, a2)
        let chromaProduct = chroma1 * chroma2
        var hueDifference = hue2 - hue1
        if hueDifference > 180 { hueDifference -= 360 } else if hueDifference < -180 { hueDifference += 360 }
        if chromaProduct == 0 { hueDifference = 0 }
        let deltaL = other.lightness - lightness
        let deltaC = chroma2 - chroma1
        let deltaH = 2 * chromaProduct.squareRoot() * sin(hueDifference / 2 * radiansPerDegree)
        let meanL = (lightness + other.lightness) / 2
        let meanC = (chroma1 + chroma2) / 2
        var meanHue = (hue1 + hue2) / 2
        if chromaProduct == 0 {
            meanHue = hue1 + hue2
        } else if abs(hue1 - hue2) > 180 {
            meanHue += hue1 + hue2 < 360 ? 180 : -180
        }
        // T = 1 - 0.17 cos(h - 30°) + 0.24 cos(2h) + 0.32 cos(3h + 6°) - 0.20 cos(4h - 63°).
        let cos1 = cos(meanHue * radiansPerDegree), sin1 = sin(meanHue * radiansPerDegree)
        let cos2 = cos1 * cos1 - sin1 * sin1, sin2 = 2 * sin1 * cos1
        let cos3 = cos2 * cos1 - sin2 * sin1, sin3 = sin2 * cos1 + cos2 * sin1
        let cos4 = cos2 * cos2 - sin2 * sin2, sin4 = 2 * sin2 * cos2
        let t =
            1 - 0.17 * (cos1 * CIELAB.cos30 + sin1 * CIELAB.sin30) + 0.24 * cos2
            + 0.32 * (cos3 * CIELAB.cos6 - sin3 * CIELAB.sin6) - 0.20 * (cos4 * CIELAB.cos63 + sin4 * CIELAB.sin63)
        let hueOffset = (meanHue - 275) / 25
        let hueRotation = 30 * exp(-hueOffset * hueOffset)
        let rotation = -2 * seventhPowerRatio(meanC) * sin(2 * hueRotation * radiansPerDegree)
        let lightnessOffset = (meanL - 50) * (meanL - 50)
        let lightnessTerm = deltaL / (1 + 0.015 * lightnessOffset / (20 + lightnessOffset).squareRoot())
        let chromaTerm = deltaC / (1 + 0.045 * meanC)
        let hueTerm = deltaH / (1 + 0.015 * meanC * t)
        return
            (lightnessTerm * lightnessTerm + chromaTerm * chromaTerm + hueTerm * hueTerm
            + rotation * chromaTerm * hueTerm).squareRoot()
    }

    private static let cos30 = cos(Double.pi / 6), sin30 = 0.5
    private static let cos6 = cos(Double.pi / 30), sin6 = sin(Double.pi / 30)
    private static let cos63 = cos(63 * Double.pi / 180), sin63 = sin(63 * Double.pi / 180)

    private static func f(_ t: Double) -> Double {
        t > 216.0 / 24389 ? cbrt(t) : t * 841 / 108 + 4.0 / 29
    }

}
