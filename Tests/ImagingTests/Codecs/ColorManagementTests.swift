import ImagingTestSupport
import Testing

@testable import Imaging

/// Profile conversions skipped because they would change nothing, and those that still run.
@Suite struct ColorManagementTests {
    /// 256 x 256 opaque pixels: red along x, green along y, blue their exclusive or, so every value of each
    /// channel occurs with many partners.
    static func gradient() -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 { pixels += [UInt8(x), UInt8(y), UInt8(x ^ y), 255] }
        }
        return RGBAImage(width: 256, height: 256, pixels: pixels)!
    }

    @Test func anSRGBProfileLeavesEveryPixelAsItIs() {
        let original = Self.gradient()
        // Twice: the first call makes (and probes) the transform, the second takes it from the cache.
        for _ in 0..<2 {
            var image = original
            #expect(ColorManagement.convertToSRGB(&image, profile: ColorManagement.outputProfile(.srgb)))
            #expect(image.pixels == original.pixels)
        }
    }

    @Test func aWideGamutProfileStillConverts() {
        var expected = Self.gradient()
        ColorManagement.convertToSRGB(&expected, primaries: .displayP3)
        for _ in 0..<2 {
            var image = Self.gradient()
            #expect(ColorManagement.convertToSRGB(&image, profile: ColorManagement.outputProfile(.displayP3)))
            #expect(image.pixels != Self.gradient().pixels)
            // The same conversion as the nclx path's (Display P3 primaries, the sRGB curve), within a level.
            #expect(CodecCorpus.maxDifference(image, expected.pixels) <= 1)
        }
    }

    @Test func aJPEGTaggedSRGBDecodesToTheSamePixelsAsUntagged() throws {
        let tagged = try JPEGCodec.encode(FormatCorpus.image("original.png"), quality: 90)
        #expect(JPEGCodec.iccProfile(in: tagged) == ColorManagement.outputProfile(.srgb))
        let app2 = try #require(JPEGMarkers.headerSegments(in: tagged).first { $0.marker == 0xE2 })
        // The segment from its marker (4 bytes before the payload) to its end.
        var untagged = tagged
        untagged.removeSubrange((app2.payload.lowerBound - 4)..<app2.payload.upperBound)
        #expect(JPEGCodec.iccProfile(in: untagged) == nil)
        #expect(try JPEGCodec.decode(tagged).pixels == JPEGCodec.decode(untagged).pixels)
    }

    /// A 16-bit PNG tagged with a lookup-table profile: lcms2 samples the conversion once into a table instead
    /// of evaluating every stage for every pixel (17 s of CPU for a 0.4 MB file), and stays within two levels
    /// of Little CMS's rendering of the same samples at 8 bits.
    @Test func aLookupTableProfileIsNotEvaluatedPixelByPixelAtSixteenBits() throws {
        let png = try FormatCorpus.bytes("lut-profile-16.png")
        let profile = try #require(PNGCodec.iccProfile(in: png))
        let deep = try #require(try PNGCodec.decodeDeep(png))
        #expect(ColorManagement.stageByStagePixels(deepProfile: profile) == 0)
        let reference = try FormatCorpus.image("lut-profile.png.reference.png")
        let unmanaged = try FormatCorpus.image("lut-profile.png.unmanaged.png")
        #expect(CodecCorpus.maxDifference(deep.quantised(), reference.pixels) <= 2)
        #expect(CodecCorpus.maxDifference(unmanaged, reference.pixels) > 10, "the profile changes the pixels")
    }
}
