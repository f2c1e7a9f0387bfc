import Foundation
import Imaging

/// The raster test resources written by scripts/make-raster-references.py.
package enum RasterResources {
    package struct Case: Decodable {
        package let name: String
        package let source: String
        package let reference: String
        package let frame: [Double]
        package let region: [Int]
    }

    private struct Manifest: Decodable { let cases: [Case] }

    package static var folder: URL? {
        Bundle.module.url(forResource: "Resources", withExtension: nil)?.appendingPathComponent("raster")
    }

    package static func cases() throws -> [Case] {
        guard let folder else { return [] }
        return try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json"))
        ).cases
    }

    /// Reads a `.raw` file: UInt32 LE width, height, channels (3 or 4), then pixel bytes; RGB becomes opaque RGBA.
    package static func image(_ name: String) throws -> RGBAImage? {
        guard let folder else { return nil }
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        guard bytes.count >= 12 else { return nil }
        func word(_ offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let width = word(0), height = word(4), channels = word(8)
        guard channels == 3 || channels == 4, bytes.count == 12 + width * height * channels else { return nil }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for i in 0..<(width * height) {
            let base = 12 + i * channels
            pixels += [bytes[base], bytes[base + 1], bytes[base + 2], channels == 4 ? bytes[base + 3] : 255]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// Peak signal-to-noise ratio in dB between two equally sized images, over premultiplied R, G, B and A, so
/// that colours under low alpha count as little as they show.
package func premultipliedPSNR(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var squaredError = 0.0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
        let alphaA = Double(a.pixels[i + 3]), alphaB = Double(b.pixels[i + 3])
        for channel in 0..<3 {
            let difference = Double(a.pixels[i + channel]) * alphaA / 255 - Double(b.pixels[i + channel]) * alphaB / 255
            squaredError += difference * difference
        }
        squaredError += (alphaA - alphaB) * (alphaA - alphaB)
    }
    let meanSquaredError = squaredError / Double(a.pixels.count)
    return meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
}
