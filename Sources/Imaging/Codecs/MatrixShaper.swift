/// A conversion to sRGB from a matrix-and-curve RGB space (Adobe RGB, ProPhoto, Display P3, a PNG's `cHRM`),
/// precomputed for 8-bit samples: the form nearly every profile a photo carries has.
///
/// Little CMS evaluates such a transform through its generic 16-bit pipeline; for 8-bit samples the whole
/// conversion folds into tables (each channel's value times its column of the matrix, and sRGB's encoding of a
/// linear value), so a pixel costs three loads, two vector additions and three loads, several times faster.
/// `ColorManagement` builds it from the profile's curves and colorants and checks it against lcms2 in tests.
struct MatrixShaper: Sendable {
    /// Steps of the linear-to-sRGB encoding table: fine enough that the table's step is under a tenth of an
    /// 8-bit level even where sRGB's curve is steepest (its linear segment near black).
    static let encodingSteps = 16384

    /// For each source channel (red, green, blue; 256 entries each), the linear value of that 8-bit sample
    /// times the channel's column of the matrix, in encoding-table steps.
    private let columns: [SIMD4<Float>]
    /// sRGB-encoded bytes of linear values 0...1 in `encodingSteps` steps.
    private let encoding: [UInt8]

    /// A conversion from the space whose channel curves map an 8-bit sample (0...255) to linear light
    /// (`linearize`, channel 0...2) and whose linear values `matrix` (rows of the destination's red, green and
    /// blue) maps to linear sRGB; `encode` maps linear sRGB 0...1 to sRGB-encoded 0...1. Nil for a matrix with
    /// an entry that is not finite or beyond ±1000 (no real profile's; a hostile one's would make sums that are
    /// not numbers). Linear values are held to 0...1, the range lcms2's pipeline carries.
    init?(linearize: (Int, Int) -> Double, matrix: [[Double]], encode: (Double) -> Double) {
        guard matrix.count == 3, matrix.allSatisfy({ $0.count == 3 && $0.allSatisfy { abs($0) <= 1000 } }) else {
            return nil
        }
        let scale = Double(Self.encodingSteps)
        var columns = [SIMD4<Float>](repeating: .zero, count: 3 * 256)
        for channel in 0..<3 {
            for sample in 0..<256 {
                let value = linearize(channel, sample)
                // `abs(x) <= 1000` above is false for NaN too; here NaN becomes 0.
                let linear = (value.isNaN ? 0 : min(max(value, 0), 1)) * scale
                columns[channel * 256 + sample] = SIMD4(
                    Float(matrix[0][channel] * linear), Float(matrix[1][channel] * linear),
                    Float(matrix[2][channel] * linear), 0)
            }
        }
        self.columns = columns
        self.encoding = (0...Self.encodingSteps).map { step -> UInt8 in
            let encoded = encode(Double(step) / scale)
            return encoded.isNaN ? 0 : UInt8(max(0, min(255, (encoded * 255).rounded())))
        }
    }

    /// Converts 8-bit RGBA pixels in place; alpha (straight) is left as it is.
    func apply(to pixels: inout [UInt8]) {
        columns.withUnsafeBufferPointer { columns in
            encoding.withUnsafeBufferPointer { encoding in
                pixels.withUnsafeMutableBufferPointer { pixels in
                    let top = SIMD4<Float>(repeating: Float(Self.encodingSteps))
                    var index = 0
                    while index + 3 < pixels.count {
                        let sum =
                            columns[Int(pixels[index])] + columns[256 + Int(pixels[index + 1])]
                            + columns[512 + Int(pixels[index + 2])]
                        // Out-of-gamut colours clip to sRGB's cube, as lcms2's 8-bit output does.
                        let steps = sum.clamped(lowerBound: .zero, upperBound: top) + 0.5
                        pixels[index] = encoding[Int(steps.x)]
                        pixels[index + 1] = encoding[Int(steps.y)]
                        pixels[index + 2] = encoding[Int(steps.z)]
                        index += 4
                    }
                }
            }
        }
    }

    /// The inverse of a 3×3 matrix (rows), nil when it is singular.
    static func inverse(_ m: [[Double]]) -> [[Double]]? {
        let cofactors: [[Double]] = [
            [
                m[1][1] * m[2][2] - m[1][2] * m[2][1], m[0][2] * m[2][1] - m[0][1] * m[2][2],
                m[0][1] * m[1][2] - m[0][2] * m[1][1],
            ],
            [
                m[1][2] * m[2][0] - m[1][0] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0],
                m[0][2] * m[1][0] - m[0][0] * m[1][2],
            ],
            [
                m[1][0] * m[2][1] - m[1][1] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1],
                m[0][0] * m[1][1] - m[0][1] * m[1][0],
            ],
        ]
        let determinant = m[0][0] * cofactors[0][0] + m[0][1] * cofactors[1][0] + m[0][2] * cofactors[2][0]
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        return cofactors.map { row in row.map { $0 / determinant } }
    }

    /// The product of two 3×3 matrices (rows).
    static func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } } }
    }
}

/// `MatrixShaper`'s conversion for 16-bit samples, for which whole tables per channel would be megabytes: each
/// channel's curve sampled at `curveSteps` points and the encoding at `MatrixShaper.encodingSteps`, both
/// interpolated, and the matrix applied in Float: about 80 ns a pixel where Little CMS, evaluating the same
/// stages, took 540 (measured on 4 megapixels at a load average of 6). `MatrixShaperTests` checks the two
/// against each other.
struct DeepMatrixShaper: Sendable {
    /// Points of each channel's curve: a 16-bit sample falls between two of them 16 samples apart.
    static let curveSteps = 4096

    /// Each channel's linear values 0...1 at `curveSteps + 1` points, red's first.
    private let curves: [Float]
    /// The matrix's columns, one per source channel.
    private let columns: [SIMD4<Float>]
    /// sRGB-encoded samples (0...65535) of linear values 0...1 in `MatrixShaper.encodingSteps` steps, the last
    /// repeated so that the top value interpolates too.
    private let encoding: [Float]

    /// The conversion `MatrixShaper.init` describes, with `linearize` taking samples as 0...1; nil for the same
    /// unusable matrices, and values held to the same ranges.
    init?(linearize: (Int, Double) -> Double, matrix: [[Double]], encode: (Double) -> Double) {
        guard matrix.count == 3, matrix.allSatisfy({ $0.count == 3 && $0.allSatisfy { abs($0) <= 1000 } }) else {
            return nil
        }
        curves = (0..<3).flatMap { channel in
            (0...Self.curveSteps).map { step -> Float in
                let value = linearize(channel, Double(step) / Double(Self.curveSteps))
                return value.isNaN ? 0 : Float(min(max(value, 0), 1))
            }
        }
        columns = (0..<3).map { column in
            SIMD4(Float(matrix[0][column]), Float(matrix[1][column]), Float(matrix[2][column]), 0)
        }
        let steps = MatrixShaper.encodingSteps
        encoding = (0...steps + 1).map { step -> Float in
            let encoded = encode(Double(min(step, steps)) / Double(steps))
            return encoded.isNaN ? 0 : Float(max(0, min(1, encoded)) * 65535)
        }
    }

    /// Converts straight-alpha 16-bit RGBA samples in place; alpha is left as it is.
    func apply(to samples: UnsafeMutableBufferPointer<UInt16>) {
        curves.withUnsafeBufferPointer { curves in
            encoding.withUnsafeBufferPointer { encoding in
                let red = columns[0], green = columns[1], blue = columns[2]
                let curveScale = Float(Self.curveSteps) / 65535
                let top = SIMD4<Float>(repeating: Float(MatrixShaper.encodingSteps))
                func linear(_ channel: Int, _ sample: UInt16) -> Float {
                    let position = Float(sample) * curveScale
                    let step = min(Int(position), Self.curveSteps - 1)
                    let base = channel * (Self.curveSteps + 1) + step
                    return curves[base] + (curves[base + 1] - curves[base]) * (position - Float(step))
                }
                var index = 0
                while index + 3 < samples.count {
                    let sum =
                        red * linear(0, samples[index]) + green * linear(1, samples[index + 1])
                        + blue * linear(2, samples[index + 2])
                    // Out-of-gamut colours clip to sRGB's cube, as the 8-bit tables do.
                    let positions = (sum * top).clamped(lowerBound: .zero, upperBound: top)
                    for channel in 0..<3 {
                        let position = positions[channel]
                        let step = Int(position)
                        let value = encoding[step] + (encoding[step + 1] - encoding[step]) * (position - Float(step))
                        samples[index + channel] = UInt16(value + 0.5)
                    }
                    index += 4
                }
            }
        }
    }
}
