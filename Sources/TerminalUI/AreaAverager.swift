import Imaging

/// Downscales an image by area averaging (a box filter with fractional coverage weights) after compositing it
/// over an opaque backdrop (one colour, or a checkerboard laid on the output pixels).
///
/// Averaging happens in sRGB values, like Pillow's `BOX` resize that the quality scores compare with, so the
/// drawn colours match the reference as closely as possible. Compositing is linear in the colour values, so
/// averaging premultiplied colour and alpha first and compositing the average once gives exactly the average of
/// the composited pixels, at a fraction of the work. A checkerboard's squares are whole output pixels, so the
/// backdrop is one colour under each output pixel and the same holds; its edges stay crisp at any scale.
package enum AreaAverager {
    /// Source pixels and weights that make up each output pixel along one axis.
    package struct AxisWeights: Sendable {
        /// First source pixel of output pixel `i`.
        package let starts: [Int]
        /// Offset of output pixel `i`'s weights in `weights`; `offsets[i + 1] - offsets[i]` is the span length.
        package let offsets: [Int]
        /// Fraction of each output pixel covered by each source pixel of its span; they sum to 1 per output pixel.
        package let weights: [Float]

        /// Weights for scaling `sourceCount` pixels to `outputCount` (both positive).
        package init(sourceCount: Int, outputCount: Int) {
            let scale = Double(sourceCount) / Double(outputCount)
            var starts: [Int] = [], offsets: [Int] = [0], weights: [Float] = []
            starts.reserveCapacity(outputCount)
            offsets.reserveCapacity(outputCount + 1)
            for output in 0..<outputCount {
                let low = Double(output) * scale, high = Double(output + 1) * scale
                let first = min(Int(low), sourceCount - 1)
                let end = min(max(Int(high.rounded(.up)), first + 1), sourceCount)
                starts.append(first)
                for source in first..<end {
                    let covered = min(high, Double(source + 1)) - max(low, Double(source))
                    weights.append(Float(max(covered, 0) / scale))
                }
                offsets.append(weights.count)
            }
            self.starts = starts; self.offsets = offsets; self.weights = weights
        }
    }

    /// The image composited over `backdrop` (a solid colour's alpha is ignored) and averaged down to `width` x
    /// `height` pixels: 3 bytes (R, G, B) per pixel, rows top to bottom. Empty when either side is not positive.
    /// Checkerboard squares are `Checkerboard.squareSide(width:height:)` output pixels.
    package static func average(_ image: RGBAImage, width: Int, height: Int, backdrop: Backdrop) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let columns = AxisWeights(sourceCount: image.width, outputCount: width)
        let rows = AxisWeights(sourceCount: image.height, outputCount: height)
        let sourceWidth = image.width
        let board = backdrop.board
        let square = Checkerboard.squareSide(width: width, height: height)
        let light = SIMD3<Float>(Float(board.light.r), Float(board.light.g), Float(board.light.b))
        let dark = SIMD3<Float>(Float(board.dark.r), Float(board.dark.g), Float(board.dark.b))
        var output = [UInt8](repeating: 0, count: width * height * 3)
        // One source-width row of premultiplied R, G, B and alpha (0...1), already weighted vertically.
        var rowSums = [SIMD4<Float>](repeating: .zero, count: sourceWidth)
        // An opaque image needs no premultiplying: its rows are summed as plain bytes.
        let opaque = image.isOpaque

        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { output in
                rowSums.withUnsafeMutableBufferPointer { sums in
                    // `pixels` is mutable, so its length is checked before the unchecked loads below.
                    guard let pixels = UnsafeRawPointer(source.baseAddress),
                        source.count >= sourceWidth * image.height * 4
                    else { return }
                    for outputRow in 0..<height {
                        sums.update(repeating: .zero)
                        for span in rows.offsets[outputRow]..<rows.offsets[outputRow + 1] {
                            let sourceRow = rows.starts[outputRow] + span - rows.offsets[outputRow]
                            let rowStart = sourceRow * sourceWidth * 4
                            if opaque {
                                accumulateOpaque(
                                    pixels + rowStart, byteCount: sourceWidth * 4,
                                    weight: rows.weights[span], into: sums)
                                continue
                            }
                            let alphaScale = rows.weights[span] / 255
                            // Whole pixels as vectors: (r a, g a, b a, a) with a = alpha * weight / 255.
                            for column in 0..<sourceWidth {
                                let bytes = pixels.loadUnaligned(
                                    fromByteOffset: rowStart &+ column &* 4,
                                    as: SIMD4<UInt8>.self)
                                var pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
                                let alpha = pixel[3] * alphaScale
                                pixel[3] = 1
                                sums[column] += pixel * alpha
                            }
                        }
                        for outputColumn in 0..<width {
                            var total = SIMD4<Float>.zero
                            var sum = columns.starts[outputColumn]
                            for span in columns.offsets[outputColumn]..<columns.offsets[outputColumn + 1] {
                                total += sums[sum] * columns.weights[span]
                                sum += 1
                            }
                            let red = total[0], green = total[1], blue = total[2], alpha = total[3]
                            let uncovered = max(0, 1 - alpha)
                            let under = (outputColumn / square + outputRow / square) % 2 == 0 ? light : dark
                            let index = (outputRow * width + outputColumn) * 3
                            output[index] = byte(red + under.x * uncovered)
                            output[index + 1] = byte(green + under.y * uncovered)
                            output[index + 2] = byte(blue + under.z * uncovered)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Adds `weight` times every byte of one opaque source row to `sums`: R, G and B as the premultiplied sums
    /// would be, and 255 times the weight for alpha, which leaves no part of the backdrop uncovered. A plain
    /// loop over bytes, which the compiler vectorises (the generic SIMD conversions are not specialised).
    private static func accumulateOpaque(
        _ row: UnsafeRawPointer, byteCount: Int, weight: Float,
        into sums: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        guard let base = sums.baseAddress, sums.count * 4 >= byteCount else { return }
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        UnsafeMutableRawPointer(base).withMemoryRebound(to: Float.self, capacity: byteCount) { floats in
            for index in 0..<byteCount {
                floats[index] += Float(bytes[index]) * weight
            }
        }
    }

    /// Rounds a 0...255 channel value to a byte, clamping rounding overshoot.
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}
