import Imaging
import ImagingTestSupport
import Testing

/// 16-bit PNGs keep their samples (`PNGCodec.decodeDeep`) and are resampled from them, rounded to 8 bits
/// once: closer to an exact resampling than the same file reduced to 8 bits first.
@Suite struct DeepPNGTests {
    private static let width = 640, height = 16

    private static func rampPNG() throws -> [UInt8] {
        try DeepPNG.encode(width: width, height: height, samples: DeepPNG.rampSamples(width: width, height: height))
    }

    @Test func aSixteenBitPNGDecodesToItsSamplesPremultiplied() throws {
        // Two pixels: opaque, and half-transparent (straight 40000 at alpha 32768).
        let samples: [UInt16] = [1000, 30001, 65535, 65535, 40000, 20000, 0, 32768]
        let png = try DeepPNG.encode(width: 2, height: 1, samples: samples)
        let image = try #require(try PNGCodec.decodeDeep(png))
        #expect(image.width == 2 && image.height == 1 && image.byteCount == 16)
        #expect(Array(image.samples[0..<4]) == [1000, 30001, 65535, 65535])
        let translucent = image.samples[4..<8].map(Int.init)
        #expect(translucent[3] == 32768)
        #expect(abs(translucent[0] - 40000 * 32768 / 65535) <= 1 && abs(translucent[1] - 20000 * 32768 / 65535) <= 1)
        #expect(image.quantised() == (try PNGCodec.decode(png)), "its 8-bit rendering is the 8-bit decoder's")
    }

    @Test func eightBitPNGsAreLeftToTheEightBitDecoder() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 3, height: 2, fill: RGBA8(r: 10, g: 20, b: 30)))
        #expect(try PNGCodec.decodeDeep(png) == nil)
    }

    @Test func aGammaChunkIsReencodedToTheEightBitDecodersCurve() throws {
        // gAMA 1/2.2: libpng linearises the samples; re-encoded, they come back within a 16-bit step or two.
        let gamma = PNGWriter.chunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        let samples = DeepPNG.rampSamples(width: 64, height: 1)
        let png = try DeepPNG.encode(width: 64, height: 1, samples: samples, chunks: [gamma])
        let image = try #require(try PNGCodec.decodeDeep(png))
        for (decoded, stored) in zip(image.samples, samples) { #expect(abs(Int(decoded) - Int(stored)) <= 3) }
        let eightBit = try PNGCodec.decode(png)
        for (a, b) in zip(image.quantised().pixels, eightBit.pixels) { #expect(abs(Int(a) - Int(b)) <= 1) }
    }

    private static func adobeRGBProfile() throws -> [UInt8] {
        try #require(PNGCodec.iccProfile(in: try FormatCorpus.bytes("adobe-rgb.png")))
    }

    @Test func anAdobeRGBProfileIsConvertedToSRGBAtSixteenBits() throws {
        let side = 16
        let samples = DeepPNG.levelGridSamples(side: side)
        let png = try DeepPNG.encode(
            width: side, height: side, samples: samples, chunks: [try DeepPNG.iccProfileChunk(Self.adobeRGBProfile())])
        let deep = try #require(try PNGCodec.decodeDeep(png))
        let eightBit = try PNGCodec.decode(png)
        let differences = zip(deep.quantised().pixels, eightBit.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 99 <= 1, "the 8-bit colour-managed decode, within a level")
        #expect(Self.largestChange(from: samples, to: deep) > 20 * 257, "converted, not read as sRGB")
    }

    /// The largest difference of a colour sample from `samples` (opaque, so premultiplying changes nothing).
    private static func largestChange(from samples: [UInt16], to image: RGBA16Image) -> Int {
        zip(samples, image.samples).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test func aProfiledSixteenBitRampKeepsItsSubLevelSteps() throws {
        let png = try DeepPNG.encode(
            width: Self.width, height: 1, samples: DeepPNG.rampSamples(width: Self.width, height: 1),
            chunks: [try DeepPNG.iccProfileChunk(Self.adobeRGBProfile())])
        let deep = try #require(try PNGCodec.decodeDeep(png))
        let eightBit = try PNGCodec.decode(png)
        let reds = stride(from: 0, to: deep.samples.count, by: 4).map { deep.samples[$0] }
        let eightBitReds = stride(from: 0, to: eightBit.pixels.count, by: 4).map { eightBit.pixels[$0] }
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 }, "still a ramp")
        // 12 levels of 8-bit grey: the 8-bit decode has about that many values, the 16-bit one nearly a value
        // per column.
        #expect(Set(eightBitReds).count <= 14)
        #expect(Set(reds).count > Self.width / 2)
        for (a, b) in zip(deep.quantised().pixels, eightBit.pixels) { #expect(abs(Int(a) - Int(b)) <= 1) }
    }

    @Test func chromaticitiesAreConvertedToSRGBAtSixteenBits() throws {
        // Adobe RGB's primaries and D65 white (100000 times x and y) with gAMA 1/2.2, as adobe-rgb-chrm.png.
        let points = [31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000]
        let chrm = PNGWriter.chunk(
            type: "cHRM",
            data: points.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } })
        let gamma = PNGWriter.chunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        let side = 16
        let samples = DeepPNG.levelGridSamples(side: side)
        let png = try DeepPNG.encode(width: side, height: side, samples: samples, chunks: [chrm, gamma])
        let deep = try #require(try PNGCodec.decodeDeep(png))
        let eightBit = try PNGCodec.decode(png)
        let differences = zip(deep.quantised().pixels, eightBit.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 99 <= 1)
        #expect(Self.largestChange(from: samples, to: deep) > 20 * 257, "converted, not read as sRGB")
    }

    @Test func limitsAreCheckedAtEightBytesAPixelBeforeAllocating() throws {
        let png = try Self.rampPNG()
        // The source cache holds the samples and their 8-bit rendering.
        #expect(ImageDecoder.sourceByteCount(header: png, minimumSide: nil) == Self.width * Self.height * 12)
        let deep = try #require(try PNGCodec.decodeDeep(png))
        #expect(deep.byteCount == Self.width * Self.height * 8)
        let eightBit = try PNGCodec.encode(RGBAImage(width: 5, height: 3))
        #expect(ImageDecoder.sourceByteCount(header: eightBit, minimumSide: nil) == 5 * 3 * 4)
        #expect(try ImageLimits().checkDimensions(width: 100, height: 10, bytesPerPixel: 8) == 8000)
        // A header claiming 30000 x 30000 (a bomb): refused from the header, nothing allocated.
        var bomb = png
        bomb.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        #expect(throws: CodecError.self) { try PNGCodec.decodeDeep(bomb) }
        #expect(throws: CodecError.self) {
            try PNGCodec.decodeDeep(png, limits: ImageLimits(maxPixels: Self.width * Self.height - 1))
        }
    }

    @Test func aTruncatedSixteenBitPNGIsAnError() throws {
        let png = try Self.rampPNG()
        #expect(throws: CodecError.self) { try PNGCodec.decodeDeep(Array(png.prefix(png.count / 2))) }
    }

    /// Mean absolute difference (8-bit units) from the exact resampling over the interior columns (the
    /// filter's window is cut at the edges).
    private static func error(of values: (Int) -> Double, outputWidth: Int) -> Double {
        let interior = 4..<(outputWidth - 4)
        let total = interior.reduce(0.0) { sum, column in
            sum
                + abs(
                    values(column)
                        - DeepPNG.referenceValue(column: column, sourceWidth: width, outputWidth: outputWidth))
        }
        return total / Double(interior.count)
    }

    @Test func resamplingFromSixteenBitsBeatsReducingToEightBitsFirst() throws {
        let png = try Self.rampPNG()
        let deep = try #require(try PNGCodec.decodeDeep(png))
        let eightBit = try PNGCodec.decode(png)
        let outputWidth = 40, outputHeight = 1
        let box = PixelBox(x: 0, y: 0, width: outputWidth, height: outputHeight)
        let frame = Rect(x: 0, y: 0, width: Double(outputWidth), height: Double(outputHeight))
        let deepValues = Resampler.premultiplied(deep, frame: frame, region: box).values
        let eightBitValues = Resampler.premultiplied(eightBit, frame: frame, region: box).values
        let deepError = Self.error(of: { Double(deepValues[$0][0]) }, outputWidth: outputWidth)
        let eightBitError = Self.error(of: { Double(eightBitValues[$0][0]) }, outputWidth: outputWidth)
        #expect(deepError < 0.01, "the working values are the exact ones")
        #expect(eightBitError > 10 * deepError)
        // Rounded to 8 bits once, in the tile: never further from the exact value than rounding allows.
        let tile = try #require(Resampler.premultiplied(deep, frame: frame, region: box).straightImage())
        for column in 4..<(outputWidth - 4) {
            let exact = DeepPNG.referenceValue(column: column, sourceWidth: Self.width, outputWidth: outputWidth)
            #expect(abs(Double(tile[column, 0].r) - exact) <= 0.51)
        }
    }
}
