import Foundation
import Imaging

/// CIE76 colour differences between sRGB images, for comparing decodes with references (the terminal's Lab
/// conversion lives in TerminalUI, above Imaging, so the tests carry their own).
enum ColorDifference {
    /// CIELAB (D65) of an 8-bit sRGB colour.
    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double, Double) {
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

    /// The mean CIE76 ΔE over the pixels both images show at least half opaque; infinity when the sizes differ.
    static func meanDeltaE76(_ image: RGBAImage, _ reference: RGBAImage) -> Double {
        guard image.width == reference.width, image.height == reference.height else { return .infinity }
        var total = 0.0, count = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4)
        where image.pixels[index + 3] >= 128 && reference.pixels[index + 3] >= 128 {
            let a = lab(image.pixels[index], image.pixels[index + 1], image.pixels[index + 2])
            let b = lab(reference.pixels[index], reference.pixels[index + 1], reference.pixels[index + 2])
            total += ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
            count += 1
        }
        return count == 0 ? .infinity : total / Double(count)
    }

    /// The largest difference of any alpha sample.
    static func maxAlphaDifference(_ image: RGBAImage, _ reference: RGBAImage) -> Int {
        guard image.pixels.count == reference.pixels.count else { return Int.max }
        return stride(from: 3, to: image.pixels.count, by: 4).map {
            abs(Int(image.pixels[$0]) - Int(reference.pixels[$0]))
        }.max() ?? 0
    }
}
