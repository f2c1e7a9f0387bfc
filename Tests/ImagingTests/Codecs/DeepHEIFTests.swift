import Imaging
import ImagingTestSupport
import Testing

/// 10- and 12-bit HEICs and a 10-bit AVIF (scripts/make-format-corpus.py's `deep_heifs` and `deep_avif`: a lossless
/// 256 x 8 ramp from 20000 to 30000 of 65535, about 39 levels of 8-bit grey) keep their samples at 16 bits (`HEIFCodec.decodeDeep`), in
/// sRGB, within a level of libheif's 8-bit decoding.
@Suite struct DeepHEIFTests {
    private static let width = 256, height = 8

    /// The ramp's red samples as `deep_ramp` writes them, reduced to `bits` and scaled back to 16.
    private static func storedRed(column: Int, bits: Int) -> Int {
        let value = (20000 + Double(column) * 10000 / Double(width - 1)).rounded()
        let top = Double(1 << bits - 1)
        return Int((Double(Int(value) >> (16 - bits)) * 65535 / top).rounded())
    }

    private static func reds(_ image: RGBA16Image) -> [UInt16] {
        stride(from: 0, to: image.width * 4, by: 4).map { image.samples[$0] }
    }

    private static func largestDifference(_ deep: RGBA16Image, _ eightBit: RGBAImage) -> Int {
        zip(deep.quantised().pixels, eightBit.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 99
    }

    @Test(arguments: [("ramp-10bit.heic", 10), ("ramp-12bit.heic", 12), ("ramp-10bit.avif", 10)])
    func aDeepHEICKeepsItsSamplesScaledToSixteenBits(name: String, bits: Int) throws {
        let bytes = try FormatCorpus.bytes(name)
        let deep = try #require(try HEIFCodec.decodeDeep(bytes))
        #expect(deep.width == Self.width && deep.height == Self.height)
        let reds = Self.reds(deep)
        for column in [0, 1, 100, 255] {
            #expect(abs(Int(reds[column]) - Self.storedRed(column: column, bits: bits)) <= 1, "column \(column)")
        }
        #expect(deep.samples[3] == 65535, "opaque without an alpha plane")
        let eightBit = try ImageDecoder.decode(bytes)
        #expect(Self.largestDifference(deep, eightBit) <= 1)
        let eightBitReds = stride(from: 0, to: Self.width * 4, by: 4).map { eightBit.pixels[$0] }
        // 39 levels at 8 bits; 10 bits have four times as many, 12 bits a value per column.
        #expect(Set(eightBitReds).count <= 41)
        #expect(Set(reds).count >= (bits == 10 ? 140 : Self.width - 2))
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func alphaIsScaledAndPremultiplied() throws {
        let bytes = try FormatCorpus.bytes("ramp-10bit-alpha.heic")
        let deep = try #require(try HEIFCodec.decodeDeep(bytes))
        let last = (Self.width - 1) * 4
        #expect(deep.samples[3] == 65535 && abs(Int(deep.samples[last + 3]) - 32768) <= 64, "opaque to half")
        #expect(deep.samples[last] <= deep.samples[last + 3])
        #expect(abs(Int(deep.samples[last]) - Self.storedRed(column: 255, bits: 10) / 2) <= 64)
        #expect(Self.largestDifference(deep, try ImageDecoder.decode(bytes)) <= 1)
    }

    @Test func nclxDisplayP3IsConvertedToSRGBAtSixteenBits() throws {
        let tagged = try #require(try HEIFCodec.decodeDeep(try FormatCorpus.bytes("display-p3-10bit.heic")))
        let untagged = try #require(try HEIFCodec.decodeDeep(try FormatCorpus.bytes("ramp-10bit.heic")))
        #expect(tagged != untagged, "converted, not read as sRGB")
        #expect(
            Self.largestDifference(tagged, try ImageDecoder.decode(FormatCorpus.bytes("display-p3-10bit.heic"))) <= 1)
        #expect(Set(Self.reds(tagged)).count >= 140)
    }

    @Test func theIrotTransformationIsAppliedAsAtEightBits() throws {
        let bytes = try FormatCorpus.bytes("ramp-10bit-irot.heic")
        let deep = try #require(try HEIFCodec.decodeDeep(bytes))
        #expect(deep.width == Self.height && deep.height == Self.width, "stored sideways, shown upright")
        #expect(Self.largestDifference(deep, try ImageDecoder.decode(bytes)) <= 1)
        // Turned a quarter clockwise: the ramp runs down the picture, the stored first column at the top.
        let reds = (0..<deep.height).map { Int(deep.samples[$0 * deep.width * 4]) }
        #expect(abs(reds[0] - Self.storedRed(column: 0, bits: 10)) <= 1)
        #expect(abs(reds[Self.width - 1] - Self.storedRed(column: Self.width - 1, bits: 10)) <= 1)
    }

    @Test func eightBitImagesAreLeftToTheEightBitDecoder() throws {
        #expect(try HEIFCodec.decodeDeep(try FormatCorpus.bytes("photo.heic")) == nil)
        #expect(try HEIFCodec.decodeDeep(try FormatCorpus.bytes("photo.avif")) == nil)
        #expect(try HEIFCodec.decodeDeep(try FormatCorpus.bytes("rgb.tiff")) == nil)
    }

    @Test func limitsAreCheckedAtEightBytesAPixelAndDamageIsAnError() throws {
        let bytes = try FormatCorpus.bytes("ramp-10bit.heic")
        // The estimate is the largest `ispe` (the coded size, before the `clap` crop), at 12 bytes a pixel (the
        // samples and their 8-bit rendering).
        let estimate = try #require(ImageDecoder.decodedByteCount(header: bytes, minimumSide: nil))
        #expect(ImageDecoder.sourceByteCount(header: bytes, minimumSide: nil) == estimate * 3)
        let photo = try FormatCorpus.bytes("photo.heic")
        #expect(
            ImageDecoder.sourceByteCount(header: photo, minimumSide: nil)
                == ImageDecoder.decodedByteCount(header: photo, minimumSide: nil))
        #expect(throws: CodecError.self) {
            try HEIFCodec.decodeDeep(bytes, limits: ImageLimits(maxPixels: Self.width * Self.height - 1))
        }
        #expect(throws: CodecError.self) { try HEIFCodec.decodeDeep(Array(bytes.prefix(bytes.count / 2))) }
        #expect(try ImageDecoder.decodeDeep(bytes) == (try HEIFCodec.decodeDeep(bytes)))
    }
}
