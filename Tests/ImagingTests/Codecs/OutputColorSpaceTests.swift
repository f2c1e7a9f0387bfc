import ImagingTestSupport
import Testing

@testable import Imaging

/// Output files say their colour space: PNG by an `sRGB` chunk or an `iCCP` profile, JPEG by APP2 and WebP by
/// an ICCP chunk holding Little CMS's profile of the space.
@Suite struct OutputColorSpaceTests {
    /// Every 8-bit level of each channel once, opaque.
    private static let ramp: RGBAImage = {
        var image = RGBAImage(width: 256, height: 3)
        for x in 0..<256 {
            let v = UInt8(x)
            image[x, 0] = RGBA8(r: v, g: 255 - v, b: 128)
            image[x, 1] = RGBA8(r: 40, g: v, b: 255 - v)
            image[x, 2] = RGBA8(r: 255 - v, g: 200, b: v)
        }
        return image
    }()

    @Test func outputProfilesAreSmallValidAndTheSameEveryTime() throws {
        for space in ColorSpace.allCases {
            let profile = ColorManagement.outputProfile(space)
            #expect(profile.count >= 128 && profile.count < 1024, "\(space): \(profile.count) bytes")
            // ICC header: the size, the 'acsp' signature, an RGB device space and the XYZ connection space.
            #expect(profile.prefix(4).reduce(0) { $0 << 8 | Int($1) } == profile.count)
            #expect(profile[36..<40].elementsEqual("acsp".utf8) && profile[16..<20].elementsEqual("RGB ".utf8))
            #expect(profile[20..<24].elementsEqual("XYZ ".utf8))
            // The creation date is fixed, so an export's bytes depend on the image alone.
            #expect(Array(profile[24..<36]) == [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
            #expect(ColorManagement.outputProfile(space) == profile)
        }
        #expect(ColorManagement.outputProfile(.srgb) != ColorManagement.outputProfile(.displayP3))
    }

    /// The sRGB profile is sRGB: converting through it changes nothing (beyond lcms2's rounding); the P3
    /// profile is the same space as the CICP Display P3 the HEIF decoder converts from.
    @Test func theProfilesDescribeTheirSpaces() throws {
        var image = Self.ramp
        #expect(ColorManagement.convertToSRGB(&image, profile: ColorManagement.outputProfile(.srgb)))
        #expect(CodecCorpus.maxDifference(image, Self.ramp.pixels) <= 1)

        var fromProfile = Self.ramp, fromPrimaries = Self.ramp
        #expect(ColorManagement.convertToSRGB(&fromProfile, profile: ColorManagement.outputProfile(.displayP3)))
        ColorManagement.convertToSRGB(&fromPrimaries, primaries: .displayP3)
        #expect(CodecCorpus.maxDifference(fromProfile, fromPrimaries.pixels) <= 1)
        #expect(CodecCorpus.maxDifference(fromProfile, Self.ramp.pixels) > 10)
    }

    @Test func pngSaysSRGBWithAPerceptualIntent() throws {
        let png = try PNGCodec.encode(Self.ramp, text: [("Title", "ramp")])
        #expect(PNGCodec.sRGBIntent(in: png) == 0)
        #expect(PNGCodec.iccProfile(in: png) == nil)
        // After the text, before the image data, as the specification asks.
        #expect(PNGCodecTests.chunks(in: png).map(\.type) == ["IHDR", "tEXt", "sRGB", "IDAT", "IEND"])
        #expect(try PNGCodec.decode(png) == Self.ramp)
    }

    @Test func displayP3PNGCarriesItsProfile() throws {
        let png = try PNGCodec.encode(Self.ramp, colorSpace: .displayP3)
        #expect(PNGCodec.sRGBIntent(in: png) == nil)
        #expect(PNGCodec.iccProfile(in: png) == ColorManagement.outputProfile(.displayP3))
        #expect(PNGCodecTests.chunks(in: png).map(\.type) == ["IHDR", "iCCP", "IDAT", "IEND"])
        #expect(png[33 + 8..<33 + 8 + 11].elementsEqual("Display P3\0".utf8))
    }

    /// An `iCCP` chunk after long text chunks (as exports write them) is found: the reader once compared the
    /// chunk's position in the file with its length and missed every profile past the first few hundred bytes.
    @Test func aProfileAfterLongTextChunksIsRead() throws {
        let text = [("Comment", String(repeating: "layout=wechat ", count: 100))]
        let png = try PNGCodec.encode(Self.ramp, text: text, colorSpace: .displayP3)
        #expect(PNGCodecTests.chunks(in: png).map(\.type) == ["IHDR", "tEXt", "iCCP", "IDAT", "IEND"])
        #expect(PNGCodec.iccProfile(in: png) == ColorManagement.outputProfile(.displayP3))
        var expected = Self.ramp
        ColorManagement.convertToSRGB(&expected, profile: ColorManagement.outputProfile(.displayP3))
        #expect(try PNGCodec.decode(png) == expected)
    }

    @Test func jpegEmbedsTheProfileAfterJFIF() throws {
        for space in ColorSpace.allCases {
            let jpeg = try JPEGCodec.encode(Self.ramp, quality: 90, colorSpace: space)
            #expect(JPEGCodec.iccProfile(in: jpeg) == ColorManagement.outputProfile(space))
            let segments = JPEGMarkers.headerSegments(in: jpeg)
            #expect(segments.first?.marker == 0xE0 && segments.dropFirst().first?.marker == 0xE2)
        }
    }

    @Test func webpEmbedsTheProfileInTheExtendedFormat() throws {
        for (space, quality) in [(ColorSpace.srgb, nil), (.displayP3, 80)] as [(ColorSpace, Int?)] {
            let webp = try WebPCodec.encode(Self.ramp, quality: quality, colorSpace: space)
            let profile = try #require(WebPChunks.payload(of: "ICCP", in: webp))
            #expect(Array(profile) == ColorManagement.outputProfile(space))
            let header = try #require(WebPChunks.payload(of: "VP8X", in: webp))
            #expect(header[header.startIndex] & 0x20 != 0)  // ICC profile flag
        }
    }

    /// Profiles too long for one JPEG segment are split, and the decoder's reader joins them back.
    @Test func longProfilesSpanSeveralSegments() throws {
        let profile = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let segments = try JPEGCodec.iccProfileSegments(profile)
        #expect(segments.count == 3 && segments.allSatisfy { $0.count <= 65_537 })
        let jpeg = Array(JPEGCodec.signature.prefix(2)) + segments.joined() + [0xFF, 0xD9]
        #expect(JPEGCodec.iccProfile(in: jpeg) == profile)
        #expect(try JPEGCodec.iccProfileSegments([]).isEmpty)
    }

    // MARK: - Display P3 output

    /// sRGB's red is (234, 51, 35) in Display P3 (the primaries' matrices; Apple's and Little CMS's figure).
    @Test func sRGBColorsKeepTheirAppearanceInDisplayP3() {
        var image = RGBAImage(width: 3, height: 1)
        image[0, 0] = RGBA8(r: 255, g: 0, b: 0, a: 200)
        image[1, 0] = RGBA8(r: 0, g: 255, b: 0)
        image[2, 0] = RGBA8(r: 128, g: 128, b: 128)
        ColorManagement.convertFromSRGB(&image, to: .displayP3)
        #expect(abs(Int(image[0, 0].r) - 234) <= 1 && abs(Int(image[0, 0].g) - 51) <= 1)
        #expect(abs(Int(image[0, 0].b) - 35) <= 1 && image[0, 0].a == 200)
        #expect(abs(Int(image[1, 0].r) - 117) <= 1 && abs(Int(image[1, 0].g) - 252) <= 1)
        // Neutral greys stay neutral (same white, same tone curve).
        #expect(abs(Int(image[2, 0].r) - 128) <= 1 && abs(Int(image[2, 0].b) - 128) <= 1)
        var unchanged = Self.ramp
        ColorManagement.convertFromSRGB(&unchanged, to: .srgb)
        #expect(unchanged == Self.ramp)
    }

    /// A photo converted to Display P3 and written with the P3 profile reads back, through the decoders'
    /// colour management, as the sRGB original: mean CIEDE2000 within 0.5 for PNG (8-bit quantisation in P3;
    /// measured 0.07),
    /// and for JPEG and lossy WebP within 0.5 of what the sRGB file's reading costs (their loss is about the
    /// same in both spaces).
    @Test func displayP3FilesReadBackAsTheSRGBOriginal() throws {
        let original = try FormatCorpus.image("original.png")
        var p3 = original
        ColorManagement.convertFromSRGB(&p3, to: .displayP3)
        // The pixels themselves changed: read without the profile, as sRGB, they would look washed out.
        #expect(ColorDifference.meanDeltaE2000(p3, original) > 1)

        let png = try ImageDecoder.decode(try PNGCodec.encode(p3, colorSpace: .displayP3))
        #expect(ColorDifference.meanDeltaE2000(png, original) < 0.5)
        let jpeg = try ImageDecoder.decode(try JPEGCodec.encode(p3, quality: 90, colorSpace: .displayP3))
        let sRGBJPEG = try ImageDecoder.decode(try JPEGCodec.encode(original, quality: 90))
        let jpegCost = ColorDifference.meanDeltaE2000(sRGBJPEG, original)
        #expect(ColorDifference.meanDeltaE2000(jpeg, original) < jpegCost + 0.5, "sRGB JPEG: \(jpegCost)")
        let webp = try ImageDecoder.decode(try WebPCodec.encode(p3, quality: 90, colorSpace: .displayP3))
        let sRGBWebP = try ImageDecoder.decode(try WebPCodec.encode(original, quality: 90))
        let webpCost = ColorDifference.meanDeltaE2000(sRGBWebP, original)
        #expect(ColorDifference.meanDeltaE2000(webp, original) < webpCost + 0.5, "sRGB WebP: \(webpCost)")
    }
}
