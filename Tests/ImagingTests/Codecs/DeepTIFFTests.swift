import Imaging
import ImagingTestSupport
import Testing

/// 16-bit RGB and RGBA TIFFs keep their samples (`TIFFCodec.decodeDeep`), upright and in sRGB, and agree with
/// libtiff's 8-bit reading of them within a level.
@Suite struct DeepTIFFTests {
    /// The 16-bit RGB samples of `DeepPNG.levelGridSamples` (alpha dropped).
    private static func rgb(_ rgba: [UInt16]) -> [UInt16] {
        rgba.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
    }

    private static func expectWithinALevel(_ deep: RGBA16Image, _ eightBit: RGBAImage) {
        #expect(deep.width == eightBit.width && deep.height == eightBit.height)
        let differences = zip(deep.quantised().pixels, eightBit.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 99 <= 1, "within a level of libtiff's 8-bit reading")
    }

    @Test func aSixteenBitRGBTIFFDecodesToItsSamples() throws {
        let samples: [UInt16] = [1000, 30001, 65535, 7, 40000, 20000]
        let tiff = DeepTIFF.encode(width: 2, height: 1, samples: samples)
        let image = try #require(try TIFFCodec.decodeDeep(tiff))
        #expect(image.samples == [1000, 30001, 65535, 65535, 7, 40000, 20000, 65535])
        let side = 16
        let grid = DeepTIFF.encode(width: side, height: side, samples: Self.rgb(DeepPNG.levelGridSamples(side: side)))
        Self.expectWithinALevel(try #require(try TIFFCodec.decodeDeep(grid)), try ImageDecoder.decode(grid))
    }

    @Test func unassociatedAlphaIsPremultipliedAndAssociatedKept() throws {
        let samples: [UInt16] = [40000, 20000, 0, 32768, 65535, 65535, 65535, 0]
        let unassociated = try #require(
            try TIFFCodec.decodeDeep(DeepTIFF.encode(width: 2, height: 1, samples: samples, samplesPerPixel: 4)))
        #expect(unassociated.samples == [20000, 10000, 0, 32768, 0, 0, 0, 0])
        let premultiplied: [UInt16] = [20000, 10000, 0, 32768, 100, 200, 300, 65535]
        let associated = try #require(
            try TIFFCodec.decodeDeep(
                DeepTIFF.encode(width: 2, height: 1, samples: premultiplied, samplesPerPixel: 4, alphaKind: 1)))
        #expect(associated.samples == premultiplied)
        let tiff = DeepTIFF.encode(width: 2, height: 1, samples: samples, samplesPerPixel: 4)
        Self.expectWithinALevel(unassociated, try ImageDecoder.decode(tiff))
    }

    @Test func theOrientationTagIsAppliedAsAtEightBits() throws {
        let side = 8
        let samples = Self.rgb(DeepPNG.levelGridSamples(side: side))
        let wide = Array(samples[0..<(side * 3 * side / 2)])  // 8 x 4
        for orientation: UInt16 in [3, 6, 8] {
            let tiff = DeepTIFF.encode(width: side, height: side / 2, samples: wide, orientation: orientation)
            let deep = try #require(try TIFFCodec.decodeDeep(tiff))
            #expect(orientation == 3 ? deep.width == side : deep.width == side / 2)
            Self.expectWithinALevel(deep, try ImageDecoder.decode(tiff))
        }
    }

    @Test func anICCProfileIsConvertedAtSixteenBitsKeepingSubLevelSteps() throws {
        let profile = try #require(PNGCodec.iccProfile(in: try FormatCorpus.bytes("adobe-rgb.png")))
        let side = 16
        let grid = DeepTIFF.encode(
            width: side, height: side, samples: Self.rgb(DeepPNG.levelGridSamples(side: side)), profile: profile)
        let deep = try #require(try TIFFCodec.decodeDeep(grid))
        Self.expectWithinALevel(deep, try ImageDecoder.decode(grid))
        #expect(
            deep
                != (try TIFFCodec.decodeDeep(
                    DeepTIFF.encode(
                        width: side, height: side, samples: Self.rgb(DeepPNG.levelGridSamples(side: side))))))
        let width = 640
        let ramp = DeepTIFF.encode(
            width: width, height: 1, samples: Self.rgb(DeepPNG.rampSamples(width: width, height: 1)), profile: profile)
        let deepRamp = try #require(try TIFFCodec.decodeDeep(ramp))
        let reds = stride(from: 0, to: deepRamp.samples.count, by: 4).map { deepRamp.samples[$0] }
        let eightBitRamp = try ImageDecoder.decode(ramp)
        #expect(Set(stride(from: 0, to: eightBitRamp.pixels.count, by: 4).map { eightBitRamp.pixels[$0] }).count <= 14)
        #expect(Set(reds).count > width / 2 && zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func otherLayoutsAreLeftToTheEightBitReader() throws {
        #expect(try TIFFCodec.decodeDeep(try FormatCorpus.bytes("rgb.tiff")) == nil)
        #expect(try TIFFCodec.decodeDeep(try FormatCorpus.bytes("cmyk.tiff")) == nil)
        #expect(try TIFFCodec.decodeDeep(try DeepPNG.encode(width: 1, height: 1, samples: [1, 2, 3, 4])) == nil)
    }

    @Test func limitsAreCheckedAtEightBytesAPixelAndDamageIsAnError() throws {
        let width = 64, height = 16
        let tiff = DeepTIFF.encode(
            width: width, height: height, samples: Self.rgb(DeepPNG.rampSamples(width: width, height: height)))
        #expect(try TIFFCodec.decodeDeep(tiff)?.byteCount == width * height * 8)
        #expect(throws: CodecError.self) {
            try TIFFCodec.decodeDeep(tiff, limits: ImageLimits(maxPixels: width * height - 1))
        }
        #expect(throws: CodecError.self) { try TIFFCodec.decodeDeep(Array(tiff.prefix(tiff.count / 2))) }
    }

    @Test func theImageDecoderSendsEachDeepFormatToItsReader() throws {
        let samples = DeepPNG.rampSamples(width: 4, height: 2)
        let png = try DeepPNG.encode(width: 4, height: 2, samples: samples)
        let tiff = DeepTIFF.encode(width: 4, height: 2, samples: Self.rgb(samples))
        #expect(try ImageDecoder.decodeDeep(png) == (try PNGCodec.decodeDeep(png)))
        #expect(try ImageDecoder.decodeDeep(tiff)?.samples == samples)
        #expect(try ImageDecoder.decodeDeep(try FormatCorpus.bytes("adobe-rgb.jpg")) == nil)
    }
}
