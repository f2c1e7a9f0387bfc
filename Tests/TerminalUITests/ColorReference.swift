import Foundation
import Imaging

@testable import TerminalUI

/// Reference colour science for tests, written independently of the renderer: CIELAB (D65) and CIEDE2000
/// (Sharma, Wu, Dalal 2005), plus a naive area average to compare cells with.
enum ColorReference {
    typealias Lab = (l: Double, a: Double, b: Double)

    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Lab {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let red = linear(r), green = linear(g), blue = linear(b)
        let x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
        let y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
        let z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883
        func f(_ t: Double) -> Double {
            let delta = 6.0 / 29
            return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29
        }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func deltaE2000(_ first: Lab, _ second: Lab) -> Double {
        func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let c1 = hypot(first.a, first.b), c2 = hypot(second.a, second.b)
        let meanC = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))))
        let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
        let c1p = hypot(a1, first.b), c2p = hypot(a2, second.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            let h = degrees(atan2(b, a)).truncatingRemainder(dividingBy: 360)
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
        let deltaL = second.l - first.l, deltaC = c2p - c1p
        var deltaH = h2 - h1
        if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        if c1p * c2p == 0 { deltaH = 0 }
        let deltaBigH = 2 * sqrt(c1p * c2p) * sin(radians(deltaH / 2))
        let meanL = (first.l + second.l) / 2, meanCp = (c1p + c2p) / 2
        var meanH = abs(h1 - h2) > 180 ? (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2) : (h1 + h2) / 2
        if c1p * c2p == 0 { meanH = h1 + h2 }
        let t =
            1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH))
            + 0.32 * cos(radians(3 * meanH + 6)) - 0.20 * cos(radians(4 * meanH - 63))
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let rc = 2 * sqrt(pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
        let sc = 1 + 0.045 * meanCp, sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * deltaTheta)) * rc
        let terms =
            pow(deltaL / sl, 2) + pow(deltaC / sc, 2) + pow(deltaBigH / sh, 2)
            + rt * (deltaC / sc) * (deltaBigH / sh)
        return sqrt(terms)
    }

    static func deltaE2000(_ first: RGBA8, _ second: RGBA8) -> Double {
        deltaE2000(lab(first.r, first.g, first.b), lab(second.r, second.g, second.b))
    }

    /// Area average of `image` composited over `backdrop`, straight from the definition: every output pixel is
    /// the mean of the source square it covers, each source pixel weighted by the area it shares with it.
    static func boxAverage(_ image: RGBAImage, width: Int, height: Int, backdrop: RGBA8) -> [RGBA8] {
        let scaleX = Double(image.width) / Double(width), scaleY = Double(image.height) / Double(height)
        var result: [RGBA8] = []
        for y in 0..<height {
            for x in 0..<width {
                let left = Double(x) * scaleX, right = Double(x + 1) * scaleX
                let top = Double(y) * scaleY, bottom = Double(y + 1) * scaleY
                var sum = (0.0, 0.0, 0.0), area = 0.0
                for sy in Int(top)..<min(image.height, Int(bottom.rounded(.up))) {
                    let coverY = min(bottom, Double(sy + 1)) - max(top, Double(sy))
                    for sx in Int(left)..<min(image.width, Int(right.rounded(.up))) {
                        let weight = coverY * (min(right, Double(sx + 1)) - max(left, Double(sx)))
                        let pixel = image[sx, sy]
                        let alpha = Double(pixel.a) / 255
                        sum.0 += weight * (Double(pixel.r) * alpha + Double(backdrop.r) * (1 - alpha))
                        sum.1 += weight * (Double(pixel.g) * alpha + Double(backdrop.g) * (1 - alpha))
                        sum.2 += weight * (Double(pixel.b) * alpha + Double(backdrop.b) * (1 - alpha))
                        area += weight
                    }
                }
                func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value / area).rounded()))) }
                result.append(RGBA8(r: byte(sum.0), g: byte(sum.1), b: byte(sum.2)))
            }
        }
        return result
    }

    /// A deterministic photo-like test image: smooth gradients, soft and hard-edged shapes, skin-like and
    /// saturated areas, and pixel noise.
    static func photoLike(side: Int = 512) -> RGBAImage {
        var image = RGBAImage(width: side, height: side, fill: .black)
        var seed: UInt32 = 12345
        func noise() -> Double {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Double(seed >> 8) / Double(1 << 24) - 0.5
        }
        let s = Double(side)
        for y in 0..<side {
            for x in 0..<side {
                let u = Double(x) / s, v = Double(y) / s
                // Sky-to-ground gradient.
                var r = 40 + 160 * v, g = 90 + 120 * (1 - v) * u, b = 200 - 150 * v
                // A soft skin-toned disc (a face).
                let face = hypot(u - 0.4, v - 0.45) / 0.22
                if face < 1 {
                    let mix = min(1, (1 - face) * 4)
                    r = r * (1 - mix) + 224 * mix; g = g * (1 - mix) + 172 * mix; b = b * (1 - mix) + 140 * mix
                }
                // A hard-edged saturated square and a dark stripe.
                if u > 0.7 && u < 0.9 && v > 0.1 && v < 0.3 { r = 230; g = 30; b = 40 }
                if abs(u + v - 1.3) < 0.04 { r *= 0.3; g *= 0.3; b *= 0.3 }
                // Fine texture so area averaging matters.
                let texture = 24 * sin(Double(x) * 0.9) * sin(Double(y) * 1.3) + 30 * noise()
                func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value + texture).rounded()))) }
                image[x, y] = RGBA8(r: byte(r), g: byte(g), b: byte(b))
            }
        }
        return image
    }

    /// Linear light of an 8-bit sRGB channel.
    static func linear(_ channel: UInt8) -> Double {
        let value = Double(channel) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The 8-bit sRGB value of a linear channel value (clamped to 0...1).
    static func encoded(_ value: Double) -> UInt8 {
        let value = min(max(value, 0), 1)
        let encoded = value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }

    /// Björn Ottosson's OKLab from his published matrices, in double precision.
    static func oklab(_ color: RGBA8) -> (l: Double, a: Double, b: Double) {
        let r = linear(color.r), g = linear(color.g), b = linear(color.b)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    /// `pixels` (`width` wide, rows top to bottom) after a 3x3 binomial blur,
    /// done in linear light with edges repeated.
    static func blurred(_ pixels: [RGBA8], width: Int) -> [RGBA8] {
        let height = pixels.count / width
        let weights = [1.0, 2.0, 1.0]
        return (0..<pixels.count).map { index in
            let x = index % width, y = index / width
            var sum = (0.0, 0.0, 0.0)
            for dy in -1...1 {
                for dx in -1...1 {
                    let pixel = pixels[min(max(y + dy, 0), height - 1) * width + min(max(x + dx, 0), width - 1)]
                    let weight = weights[dx + 1] * weights[dy + 1] / 16
                    sum.0 += weight * linear(pixel.r); sum.1 += weight * linear(pixel.g);
                    sum.2 += weight * linear(pixel.b)
                }
            }
            return RGBA8(r: encoded(sum.0), g: encoded(sum.1), b: encoded(sum.2))
        }
    }

    /// The pixel colours a grid of half-block cells shows, two rows of pixels per cell row (indices in xterm's
    /// palette); the default colours show as magenta, which no test image has.
    static func pixels(of grid: CellGrid) -> [RGBA8] {
        func value(_ color: TerminalColor) -> RGBA8 {
            switch color {
            case .rgb(let r, let g, let b): return RGBA8(r: r, g: g, b: b)
            case .indexed(let index): return XtermPalette.color(ofIndex: index)
            case .terminalDefault: return RGBA8(r: 255, g: 0, b: 255)
            }
        }
        var result = [RGBA8](repeating: .black, count: grid.width * grid.height * 2)
        for row in 0..<grid.height {
            for column in 0..<grid.width {
                let cell = grid[column, row]
                result[row * 2 * grid.width + column] = value(cell.text == " " ? cell.background : cell.foreground)
                result[(row * 2 + 1) * grid.width + column] = value(cell.background)
            }
        }
        return result
    }
}
