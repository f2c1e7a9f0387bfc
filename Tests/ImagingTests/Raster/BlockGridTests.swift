import Foundation
import Testing

@testable import Imaging

/// The resampler's fast paths against plain, slow computations of the same numbers: block averages (16-bit
/// column sums, partial vectors at row ends, the translucent fallback), the straight-alpha conversion and the
/// filter weights.
@Suite struct BlockGridTests {
    /// A source whose bytes all differ from their neighbours; `translucent` pixels get alpha 0 or 90.
    private static func photo(width: Int, height: Int, translucent: Set<Int> = []) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                image[x, y] = RGBA8(
                    r: UInt8((x * 37 + y * 91) % 256), g: UInt8((x * 11 + y * 53 + 7) % 256),
                    b: UInt8((x * 73 + y * 29 + 19) % 256),
                    a: translucent.contains(index) ? UInt8(index % 2 == 0 ? 0 : 90) : 255)
            }
        }
        return image
    }

    /// The premultiplied mean of the pixels of block (`column`, `row`), in Double.
    private static func expectedAverage(
        _ image: RGBAImage, column: Int, row: Int, blockWidth: Int,
        blockHeight: Int
    ) -> SIMD4<Double> {
        var sum = SIMD4<Double>.zero
        var count = 0.0
        for y in row * blockHeight..<min(row * blockHeight + blockHeight, image.height) {
            for x in column * blockWidth..<min(column * blockWidth + blockWidth, image.width) {
                let pixel = image[x, y], alpha = Double(pixel.a)
                sum += SIMD4(
                    Double(pixel.r) * alpha / 255, Double(pixel.g) * alpha / 255,
                    Double(pixel.b) * alpha / 255, alpha)
                count += 1
            }
        }
        return sum / count
    }

    /// Every block row of `image` through `BlockGrid.premultipliedRow`, for all block columns from `first`.
    private static func checkRows(
        _ image: RGBAImage, blockWidth: Int, blockHeight: Int, firstColumn first: Int,
        comment: Comment
    ) {
        let grid = BlockGrid(source: image, blockWidth: blockWidth, blockHeight: blockHeight)
        guard first < grid.width else { return }
        let columns = first..<grid.width
        let scratch = BlockGrid.Scratch(sourceColumns: columns.count * blockWidth)
        defer { scratch.deallocate() }
        var row = [SIMD4<Float>](repeating: SIMD4(repeating: -1), count: columns.count)
        for blockRow in 0..<grid.height {
            image.pixels.withUnsafeBufferPointer { bytes in
                row.withUnsafeMutableBufferPointer { out in
                    grid.premultipliedRow(blockRow, columns: columns, from: bytes, scratch: scratch, into: out)
                }
            }
            for (offset, column) in columns.enumerated() {
                let expected = expectedAverage(
                    image, column: column, row: blockRow, blockWidth: blockWidth,
                    blockHeight: blockHeight)
                let difference = (0..<4).map { abs(Double(row[offset][$0]) - expected[$0]) }.max() ?? 0
                #expect(difference < 1e-3, "\(comment) block \(column),\(blockRow): \(row[offset]) vs \(expected)")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 5], [1, 2, 3])
    func opaqueBlocksAverageTheirPixels(blockWidth: Int, blockHeight: Int) {
        // Widths 1...13 end rows on every remainder of the four-pixel vectors, and partial edge blocks.
        for width in 1...13 {
            let image = Self.photo(width: width, height: 7)
            for first in [0, 1] {
                Self.checkRows(
                    image, blockWidth: blockWidth, blockHeight: blockHeight, firstColumn: first,
                    comment: "width \(width), from block \(first)")
            }
        }
    }

    @Test(arguments: [1, 2, 3], [1, 2])
    func translucentPixelsArePremultipliedBeforeAveraging(blockWidth: Int, blockHeight: Int) {
        // A translucent pixel inside the first vector, one in a row's partial last vector, one at the very end.
        for translucent: Set<Int> in [[1], [10 * 2 + 9], [10 * 5 + 9]] {
            let image = Self.photo(width: 10, height: 6, translucent: translucent)
            Self.checkRows(
                image, blockWidth: blockWidth, blockHeight: blockHeight, firstColumn: 0,
                comment: "translucent \(translucent)")
        }
    }

    @Test func reductionsBeyondTheLargestBlockStayExact() throws {
        // 1100 source pixels per output pixel: blocks stop at 256 x 256 (whose 16-bit column sums cannot
        // overflow) and Lanczos does the rest.
        let uniform = RGBAImage(width: 1100, height: 1100, fill: RGBA8(r: 12, g: 200, b: 99))
        #expect(Resampler.resample(uniform, width: 1, height: 1)[0, 0] == RGBA8(r: 12, g: 200, b: 99))
        var checkerboard = RGBAImage(width: 1100, height: 1100, fill: .black)
        for y in 0..<1100 { for x in 0..<1100 where (x + y) % 2 == 0 { checkerboard[x, y] = .white } }
        let grey = Resampler.resample(checkerboard, width: 1, height: 1)[0, 0]
        #expect([grey.r, grey.g, grey.b].allSatisfy { $0 == 127 || $0 == 128 } && grey.a == 255, "\(grey)")
    }

    @Test func straightImageRoundsHalfUpAndClamps() throws {
        let samples: [SIMD4<Float>] = [
            SIMD4(127.5, 126.5, 0.49, 255), SIMD4(254.5, 255.49, 300, 255), SIMD4(50, 25, 0, 100),
            SIMD4(0.5, 1.5, 2.5, 3), SIMD4(10, 10, 10, 0), SIMD4(63.5, 0, 127, 127.5), SIMD4(1, 2, 3, 255),
            SIMD4(200, 100, 50, 254.5), SIMD4(0, 0, 0, 0.25),
        ]
        // Every count from 1 to 9 ends on each remainder of the four-pixel vectors.
        for count in 1...samples.count {
            let values = Array(samples.prefix(count))
            let image = try #require(
                PremultipliedPixels(
                    box: PixelBox(x: 0, y: 0, width: count, height: 1),
                    values: values
                ).straightImage())
            for (index, pixel) in values.enumerated() {
                let alpha = pixel[3]
                let straight = alpha > 0 ? (alpha >= 255 ? pixel : pixel * (255 / alpha)) : .zero
                let expected = (0..<4).map { lane in
                    UInt8((min(255, lane == 3 ? (alpha > 0 ? alpha : 0) : straight[lane]) + 0.5).rounded(.down))
                }
                let made = image[index, 0]
                #expect([made.r, made.g, made.b, made.a] == expected, "count \(count), pixel \(index): \(pixel)")
            }
        }
    }

    @Test(arguments: [0.5, 1, 1.37, 2.13, 4, 9.6])
    func filterWeightsAreNormalisedLanczos(scale: Double) {
        let weights = FilterWeights(sourceSize: 300, scale: scale, outputs: 20, firstCentre: 3.3)
        let filterScale = max(scale, 1)
        for output in 0..<20 {
            let centre = 3.3 + Double(output) * scale
            let start = weights.starts[output], count = weights.counts[output]
            let direct = (0..<count).map { tap -> Double in
                let x = (Double(start + tap) - centre + 0.5) / filterScale
                guard x != 0 else { return 1 }
                guard abs(x) < 3 else { return 0 }
                return sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x / 3)
            }
            let total = direct.reduce(0, +)
            var sum: Float = 0
            for tap in 0..<count {
                let weight = weights.weights[output * weights.stride + tap]
                #expect(abs(Double(weight) - direct[tap] / total) < 1e-6, "output \(output), tap \(tap)")
                sum += weight
            }
            #expect(abs(sum - 1) < 1e-5)
        }
    }
}
