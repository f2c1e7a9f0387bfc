import GroupIcon

/// Downscales an image by area averaging (a box filter with fractional coverage weights) after compositing it
/// over an opaque backdrop.
///
/// Averaging happens in sRGB values, like Pillow's `BOX` resize that `ansi_quality.py` scores against, so the
/// drawn colours match the reference as closely as possible. Compositing is linear in the colour values, so
/// averaging premultiplied colour and alpha first and compositing the average once gives exactly the average of
/// the composited pixels, at a fraction of the work.
enum AreaAverager {
    /// Source pixels and weights that make up each output pixel along one axis.
    struct AxisWeights: Sendable {
        /// First source pixel of output pixel `i`.
        let starts: [Int]
        /// Offset of output pixel `i`'s weights in `weights`; `offsets[i + 1] - offsets[i]` is the span length.
        let offsets: [Int]
        /// Fraction of each output pixel covered by each source pixel of its span; they sum to 1 per output pixel.
        let weights: [Float]

        /// Weights for scaling `sourceCount` pixels to `outputCount` (both positive).
        init(sourceCount: Int, outputCount: Int) {
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

    /// The image composited over `backdrop` (whose alpha is ignored) and averaged down to `width` x `height`
    /// pixels: 3 bytes (R, G, B) per pixel, rows top to bottom. Empty when either side is not positive.
    static func average(_ image: RGBAImage, width: Int, height: Int, backdrop: RGBA8) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let columns = AxisWeights(sourceCount: image.width, outputCount: width)
        let rows = AxisWeights(sourceCount: image.height, outputCount: height)
        let sourceWidth = image.width
        let backdropColour = (Float(backdrop.r), Float(backdrop.g), Float(backdrop.b))
        var output = [UInt8](repeating: 0, count: width * height * 3)
        // One source-width row of premultiplied R, G, B and alpha (0...1), already weighted vertically.
        var rowSums = [Float](repeating: 0, count: sourceWidth * 4)

        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { output in
                rowSums.withUnsafeMutableBufferPointer { sums in
                    for outputRow in 0..<height {
                        sums.update(repeating: 0)
                        for span in rows.offsets[outputRow]..<rows.offsets[outputRow + 1] {
                            let sourceRow = rows.starts[outputRow] + span - rows.offsets[outputRow]
                            let alphaScale = rows.weights[span] / 255
                            var pixel = sourceRow * sourceWidth * 4
                            for sum in stride(from: 0, to: sourceWidth * 4, by: 4) {
                                let alpha = Float(source[pixel + 3]) * alphaScale
                                sums[sum] += Float(source[pixel]) * alpha
                                sums[sum + 1] += Float(source[pixel + 1]) * alpha
                                sums[sum + 2] += Float(source[pixel + 2]) * alpha
                                sums[sum + 3] += alpha
                                pixel += 4
                            }
                        }
                        for outputColumn in 0..<width {
                            var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                            var sum = columns.starts[outputColumn] * 4
                            for span in columns.offsets[outputColumn]..<columns.offsets[outputColumn + 1] {
                                let weight = columns.weights[span]
                                red += sums[sum] * weight
                                green += sums[sum + 1] * weight
                                blue += sums[sum + 2] * weight
                                alpha += sums[sum + 3] * weight
                                sum += 4
                            }
                            let uncovered = max(0, 1 - alpha)
                            let index = (outputRow * width + outputColumn) * 3
                            output[index] = byte(red + backdropColour.0 * uncovered)
                            output[index + 1] = byte(green + backdropColour.1 * uncovered)
                            output[index + 2] = byte(blue + backdropColour.2 * uncovered)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Rounds a 0...255 channel value to a byte, clamping rounding overshoot.
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}
