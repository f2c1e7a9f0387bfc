import ImagingTestSupport
import Testing

@testable import Imaging

/// The precomputed matrix-and-curve conversion is Little CMS's conversion: within one 8-bit level of lcms2's
/// own evaluation of the same profile, on a cube of colours through the whole gamut, with alpha untouched; at
/// 16 bits (`DeepMatrixShaper`) within a sixteenth of a level.
@Suite struct MatrixShaperTests {
    /// Every 17th level of each channel (0, 17, ..., 255) in every combination, with varied alpha, plus the
    /// levels near black where sRGB's curve is steepest.
    private static let cube: RGBAImage = {
        var pixels: [UInt8] = []
        let levels = Array(stride(from: 0, through: 255, by: 17)).map(UInt8.init) + [1, 2, 3, 5, 8, 254]
        for r in levels {
            for g in levels {
                for b in levels { pixels += [r, g, b, UInt8(truncatingIfNeeded: Int(r) &+ Int(b) &* 3)] }
            }
        }
        return RGBAImage(width: pixels.count / 4, height: 1, pixels: pixels)!
    }()

    @Test(arguments: ["adobe-rgb.png", "prophoto.png", "display-p3.png"])
    func tablesMatchLittleCMS(photo: String) throws {
        let profile = try #require(PNGCodec.iccProfile(in: try FormatCorpus.bytes(photo)))
        #expect(ColorManagement.hasMatrixShaper(profile: profile), "\(photo)")
        var fast = Self.cube, reference = Self.cube
        #expect(ColorManagement.convertToSRGB(&fast, profile: profile, matrixShaper: true))
        #expect(ColorManagement.convertToSRGB(&reference, profile: profile, matrixShaper: false))
        let differences = zip(fast.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 0 <= 1, "\(photo)")
        // Alpha passes through both ways.
        #expect(stride(from: 3, to: fast.pixels.count, by: 4).allSatisfy { fast.pixels[$0] == Self.cube.pixels[$0] })
        // The conversion did something: these are no sRGB profiles.
        #expect(zip(fast.pixels, Self.cube.pixels).contains { abs(Int($0) - Int($1)) > 8 })
    }

    /// `cube` at 16 bits, with levels between the 8-bit ones (near black too) and alpha premultiplied.
    private static let deepCube: RGBA16Image = {
        var samples: [UInt16] = []
        let levels = Array(stride(from: 0, through: 65535, by: 4369)).map(UInt16.init) + [1, 40, 300, 700, 65500]
        for r in levels {
            for g in levels {
                for b in levels {
                    let alpha = UInt32(r % 3 == 0 ? 65535 : 20000 + UInt32(b) / 2)
                    samples += [r, g, b].map { UInt16((UInt32($0) * alpha + 32767) / 65535) } + [UInt16(alpha)]
                }
            }
        }
        return RGBA16Image(width: samples.count / 4, height: 1, samples: samples)!
    }()

    @Test(arguments: ["adobe-rgb.png", "prophoto.png", "display-p3.png"])
    func deepTablesMatchLittleCMSAtSixteenBits(photo: String) throws {
        let profile = try #require(PNGCodec.iccProfile(in: try FormatCorpus.bytes(photo)))
        var fast = Self.deepCube, reference = Self.deepCube
        #expect(ColorManagement.convertToSRGB(&fast, profile: profile, matrixShaper: true))
        #expect(ColorManagement.convertToSRGB(&reference, profile: profile, matrixShaper: false))
        let differences = zip(fast.samples, reference.samples).map { abs(Int($0) - Int($1)) }
        let largest = differences.max() ?? 0
        // A sixteenth of an 8-bit level.
        #expect(largest <= 16, "\(photo): \(largest)")
        #expect(
            stride(from: 3, to: fast.samples.count, by: 4).allSatisfy { fast.samples[$0] == Self.deepCube.samples[$0] })
        #expect(zip(fast.samples, Self.deepCube.samples).contains { abs(Int($0) - Int($1)) > 8 * 257 })
    }

    /// A hostile profile's numbers never reach the pixel loop as NaN: an unusable matrix makes no tables (lcms2
    /// then converts, or refuses the profile), curves that give NaN or values outside 0...1 are held to it.
    @Test func unusableNumbersMakeNoTablesOrAreHeldInRange() throws {
        let identity: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        for entry in [Double.nan, .infinity, -.infinity, 1e9] {
            var matrix = identity
            matrix[1][2] = entry
            #expect(MatrixShaper(linearize: { Double($1) / 255 }, matrix: matrix, encode: { $0 }) == nil)
        }
        let wild = try #require(
            MatrixShaper(
                linearize: { channel, sample in [Double.nan, -5, 7][channel] * Double(sample) }, matrix: identity,
                encode: { (0.5..<0.9).contains($0) ? .nan : $0 }))
        var pixels = Self.cube.pixels
        wild.apply(to: &pixels)
        // Red's NaN curve is black, green's negative one black, blue's above 1 full; alpha is untouched.
        for index in stride(from: 0, to: pixels.count, by: 4) {
            #expect(pixels[index] == 0 && pixels[index + 1] == 0)
            #expect(pixels[index + 2] == (Self.cube.pixels[index + 2] == 0 ? 0 : 255))
            #expect(pixels[index + 3] == Self.cube.pixels[index + 3])
        }
    }

    @Test func inverseUndoesTheMatrix() throws {
        let matrix: [[Double]] = [[0.6, 0.2, 0.1], [0.3, 0.7, 0.05], [0.02, 0.1, 0.9]]
        let inverse = try #require(MatrixShaper.inverse(matrix))
        let identity = MatrixShaper.product(matrix, inverse)
        for row in 0..<3 {
            for column in 0..<3 { #expect(abs(identity[row][column] - (row == column ? 1 : 0)) < 1e-12) }
        }
        #expect(MatrixShaper.inverse([[1, 2, 3], [2, 4, 6], [0, 0, 1]]) == nil)
    }
}
