import Foundation
import Imaging

/// Colour differences between sRGB images (CIE76 and CIEDE2000), for comparing decodes and composites with
/// references (the terminal's Lab conversion lives in TerminalUI, above Imaging, so the tests carry their own).
package enum ColorDifference {
    /// A CIELAB colour.
    package typealias Lab = (l: Double, a: Double, b: Double)

    /// CIELAB (D65) of an 8-bit sRGB colour.
    package static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Lab {
        func linear(_ value: UInt8) -> Double {
            let v = Double(value) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// The CIE76 difference: the Euclidean distance in CIELAB.
    package static func deltaE76(_ first: Lab, _ second: Lab) -> Double {
        let (dl, da, db) = (first.l - second.l, first.a - second.a, first.b - second.b)
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// The CIEDE2000 difference (Sharma, Wu and Dalal's formulation; kL = kC = kH = 1), which weighs
    /// differences as the eye sees them: less in saturated colours, more in blues and neutrals.
    package static func deltaE2000(_ first: Lab, _ second: Lab) -> Double {
        let degrees = 180 / Double.pi
        let chromaMean =
            ((first.a * first.a + first.b * first.b).squareRoot()
                + (second.a * second.a + second.b * second.b).squareRoot()) / 2
        let chromaMean7 = pow(chromaMean, 7)
        let g = 0.5 * (1 - (chromaMean7 / (chromaMean7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
        let c1 = (a1 * a1 + first.b * first.b).squareRoot(), c2 = (a2 * a2 + second.b * second.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            guard b != 0 || a != 0 else { return 0 }
            let h = atan2(b, a) * degrees
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
        let dl = second.l - first.l, dc = c2 - c1
        var dh = 0.0
        if c1 * c2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (c1 * c2).squareRoot() * sin(dh / 2 / degrees)
        let lMean = (first.l + second.l) / 2, cMean = (c1 + c2) / 2
        var hMean = h1 + h2
        if c1 * c2 != 0 {
            if abs(h1 - h2) <= 180 {
                hMean /= 2
            } else {
                hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((hMean - 30) / degrees) + 0.24 * cos(2 * hMean / degrees)
            + 0.32 * cos((3 * hMean + 6) / degrees) - 0.20 * cos((4 * hMean - 63) / degrees)
        let rotation = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cMean7 = pow(cMean, 7)
        let rc = 2 * (cMean7 / (cMean7 + pow(25, 7))).squareRoot()
        let lOffset = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
        let sc = 1 + 0.045 * cMean, sh = 1 + 0.015 * cMean * t
        let rt = -sin(2 * rotation / degrees) * rc
        let (tl, tc, th) = (dl / sl, dc / sc, dH / sh)
        return (tl * tl + tc * tc + th * th + rt * tc * th).squareRoot()
    }

    /// The mean CIE76 ΔE over the pixels both images show at least half opaque; infinity when the sizes differ.
    package static func meanDeltaE76(_ image: RGBAImage, _ reference: RGBAImage) -> Double {
        meanDifference(image, reference, where: { _, _ in true }, deltaE76)
    }

    /// The mean CIEDE2000 ΔE over the pixels both images show at least half opaque and `include(x, y)` picks;
    /// infinity when the sizes differ or no pixel counts.
    package static func meanDeltaE2000(
        _ image: RGBAImage, _ reference: RGBAImage, where include: (Int, Int) -> Bool = { _, _ in true }
    ) -> Double {
        meanDifference(image, reference, where: include, deltaE2000)
    }

    private static func meanDifference(
        _ image: RGBAImage, _ reference: RGBAImage, where include: (Int, Int) -> Bool,
        _ difference: (Lab, Lab) -> Double
    ) -> Double {
        guard image.width == reference.width, image.height == reference.height else { return .infinity }
        var total = 0.0, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where include(x, y) {
                let index = (y * image.width + x) * 4
                guard image.pixels[index + 3] >= 128 && reference.pixels[index + 3] >= 128 else { continue }
                let a = lab(image.pixels[index], image.pixels[index + 1], image.pixels[index + 2])
                let b = lab(reference.pixels[index], reference.pixels[index + 1], reference.pixels[index + 2])
                total += difference(a, b)
                count += 1
            }
        }
        return count == 0 ? .infinity : total / Double(count)
    }

    /// The largest difference of any alpha sample.
    package static func maxAlphaDifference(_ image: RGBAImage, _ reference: RGBAImage) -> Int {
        guard image.pixels.count == reference.pixels.count else { return Int.max }
        return stride(from: 3, to: image.pixels.count, by: 4).map {
            abs(Int(image.pixels[$0]) - Int(reference.pixels[$0]))
        }.max() ?? 0
    }
}
