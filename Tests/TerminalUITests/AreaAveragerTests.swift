import Imaging
import Testing

@testable import TerminalUI

@Suite struct AreaAveragerTests {
    /// The box average of `image` over a solid `backdrop`, worked out pixel by pixel in doubles: each output pixel
    /// the coverage-weighted mean of the composited source pixels under it.
    private func reference(_ image: RGBAImage, width: Int, height: Int, backdrop: RGBA8) -> [Double] {
        let scaleX = Double(image.width) / Double(width), scaleY = Double(image.height) / Double(height)
        var output: [Double] = []
        for oy in 0..<height {
            for ox in 0..<width {
                var sums = [0.0, 0.0, 0.0]
                for sy in 0..<image.height {
                    let coverY = min(Double(oy + 1) * scaleY, Double(sy + 1)) - max(Double(oy) * scaleY, Double(sy))
                    guard coverY > 0 else { continue }
                    for sx in 0..<image.width {
                        let coverX = min(Double(ox + 1) * scaleX, Double(sx + 1)) - max(Double(ox) * scaleX, Double(sx))
                        guard coverX > 0 else { continue }
                        let pixel = image[sx, sy], alpha = Double(pixel.a) / 255
                        let weight = coverX * coverY / (scaleX * scaleY)
                        sums[0] += weight * (Double(pixel.r) * alpha + Double(backdrop.r) * (1 - alpha))
                        sums[1] += weight * (Double(pixel.g) * alpha + Double(backdrop.g) * (1 - alpha))
                        sums[2] += weight * (Double(pixel.b) * alpha + Double(backdrop.b) * (1 - alpha))
                    }
                }
                output += sums
            }
        }
        return output
    }

    private func image(width: Int, height: Int, alpha: UInt8) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(
                    r: UInt8((x * 37 + y * 11) % 256), g: UInt8((x * x + y * 5) % 256),
                    b: UInt8((y * 23) % 256), a: alpha)
            }
        }
        return image
    }

    /// Opaque images take the sixteen-bytes-at-a-time path (with a pixel-by-pixel tail when a row is not a whole
    /// number of vectors), translucent ones the premultiplied one: both give the reference to within rounding.
    @Test(arguments: [(37, 23, 5, 4), (40, 40, 8, 8), (397, 13, 40, 3), (5, 5, 7, 3)])
    func averagesMatchTheReference(_ size: (Int, Int, Int, Int)) {
        let (sourceWidth, sourceHeight, width, height) = size
        let backdrop = RGBA8(r: 30, g: 200, b: 90)
        for alpha: UInt8 in [255, 128] {
            let source = image(width: sourceWidth, height: sourceHeight, alpha: alpha)
            #expect(source.isOpaque == (alpha == 255))
            let averaged = AreaAverager.average(source, width: width, height: height, backdrop: .solid(backdrop))
            let expected = reference(source, width: width, height: height, backdrop: backdrop)
            #expect(averaged.count == expected.count)
            let worst = zip(averaged, expected).map { abs(Double($0) - $1) }.max() ?? 0
            #expect(worst <= 0.51, "\(size) alpha \(alpha): off by \(worst)")
        }
    }
}
