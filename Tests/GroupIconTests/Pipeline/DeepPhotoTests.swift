import Imaging
import ImagingTestSupport
import Testing

@testable import GroupIcon

/// A 16-bit PNG (or TIFF, or 10-bit HEIC) member photo through the live pipeline: kept at 16 bits in the source
/// cache (8 bytes a pixel, and 4 for its 8-bit rendering, made once), resampled into the tile from its samples
/// and rounded once, in the composite; a broken one is a placeholder with a warning.
@Suite struct DeepPhotoTests {
    private static let side = 640

    private static func rampPNG() throws -> [UInt8] {
        try DeepPNG.encode(width: side, height: side, samples: DeepPNG.rampSamples(width: side, height: side))
    }

    /// Sub-level texture over the rows, repeating every three rows (0.6, 0.6 and 0 of an 8-bit level, as
    /// sensor noise is): rounding each sample to 8 bits first biases the tile's average, which only
    /// resampling the 16-bit samples avoids, since the ramp alone rounds the same either way.
    private static let texture: [UInt16] = [154, 154, 0]

    private static func texturedRampPNG() throws -> [UInt8] {
        var samples = DeepPNG.rampSamples(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                for channel in 0..<3 { samples[(y * side + x) * 4 + channel] += texture[y % 3] }
            }
        }
        return try DeepPNG.encode(width: side, height: side, samples: samples)
    }

    private func pipeline() -> AvatarPipeline {
        AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
    }

    /// Mean absolute difference of the middle row's red channel from the exact resampling (8-bit units),
    /// inside the corner clip and the filter's cut edges.
    private static func error(of image: RGBAImage) -> Double {
        let columns = 4..<(image.width - 4)
        let total = columns.reduce(0.0) { sum, column in
            let textureMean = Double(texture.reduce(0, +)) / Double(texture.count) * 255 / 65535
            let exact =
                DeepPNG.referenceValue(column: column, sourceWidth: side, outputWidth: image.width) + textureMean
            return sum + abs(Double(image[column, image.height / 2].r) - exact)
        }
        return total / Double(columns.count)
    }

    @Test func aSixteenBitRampComposesCloserToTheExactResamplingThanItsEightBitCopy() async throws {
        let deep = try Self.texturedRampPNG()
        // The same file reduced to 8 bits first.
        let eightBit = try PNGCodec.encode(ImageDecoder.decode(deep))
        let parameters = CompositionParameters(size: 40, scale: 1)
        let fromDeep = try await pipeline().photoComposite(
            MemberSource(id: "d", name: "Deep", photoBytes: deep), parameters: parameters)
        let fromEightBit = try await pipeline().photoComposite(
            MemberSource(id: "e", name: "Eight", photoBytes: eightBit), parameters: parameters)
        let deepImage = try #require(fromDeep.response?.composite.image)
        let eightBitImage = try #require(fromEightBit.response?.composite.image)
        #expect(fromDeep.warning == nil && deepImage.width == 40)
        #expect(Self.error(of: deepImage) < 0.3, "rounded once: about a quarter of a level on average")
        #expect(Self.error(of: deepImage) < Self.error(of: eightBitImage))
    }

    @Test func theSourceCacheCostsADeepPhotoAtTwelveBytesAPixel() async throws {
        let pipeline = pipeline()
        let member = MemberSource(id: "d", name: "Deep", photoBytes: try Self.rampPNG())
        let response = try await pipeline.composite(
            members: [member], parameters: CompositionParameters(layout: .wechat, size: 60, scale: 2))
        #expect(response.composite.warnings.isEmpty)
        #expect(pipeline.sourceCache.count == 1)
        #expect(pipeline.sourceCache.totalCost == Self.side * Self.side * 12, "the samples and their 8-bit rendering")
        // Styled avatars and `source` get that rendering (here at full size, another cache entry).
        let (image, warning) = try await pipeline.source(member, minimumSide: nil)
        #expect(warning == nil && pipeline.sourceCache.totalCost == 2 * Self.side * Self.side * 12)
        #expect(image == (try #require(try ImageDecoder.decodeDeep(try Self.rampPNG()))).quantised())
    }

    @Test func aSixteenBitTIFFIsKeptAtSixteenBitsToo() async throws {
        let side = 64
        let rgba = DeepPNG.rampSamples(width: side, height: side)
        let rgb = rgba.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        let pipeline = pipeline()
        let member = MemberSource(
            id: "t", name: "TIFF", photoBytes: DeepTIFF.encode(width: side, height: side, samples: rgb))
        let response = try await pipeline.composite(
            members: [member], parameters: CompositionParameters(layout: .wechat, size: 60, scale: 2))
        #expect(response.composite.warnings.isEmpty)
        #expect(pipeline.sourceCache.totalCost == side * side * 12)
    }

    @Test func aTenBitHEICIsKeptAtSixteenBitsToo() async throws {
        let pipeline = pipeline()
        let member = MemberSource(id: "h", name: "HEIC", photoBytes: try FormatCorpus.bytes("ramp-10bit.heic"))
        let response = try await pipeline.composite(
            members: [member], parameters: CompositionParameters(layout: .wechat, size: 60, scale: 2))
        #expect(response.composite.warnings.isEmpty)
        #expect(pipeline.sourceCache.totalCost == 256 * 8 * 12)
    }

    @Test func aTruncatedSixteenBitPhotoIsAPlaceholderWithAWarning() async throws {
        let png = try Self.rampPNG()
        let member = MemberSource(id: "t", name: "Truncated", photoBytes: Array(png.prefix(png.count / 2)))
        let response = try await pipeline().composite(
            members: [member], parameters: CompositionParameters(layout: .wechat, size: 60, scale: 2))
        let warning = try #require(response.composite.warnings.first)
        #expect(response.composite.warnings.count == 1)
        #expect(warning.memberID == "t" && warning.message.contains("using a placeholder"))
        #expect(warning.message.contains("PNG"), "the warning names the problem: \(warning.message)")
    }
}
