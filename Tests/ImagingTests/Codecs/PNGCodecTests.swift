import Imaging
import Testing

/// A corpus PNG, its size, and how far (per channel) decoding may stray from the hand-computed reference.
struct PNGVariant: CustomTestStringConvertible, Sendable {
    let file: String
    let width: Int
    let height: Int
    let tolerance: Int
    var testDescription: String { file }
}

@Suite struct PNGCodecTests {
    static let variants = [
        PNGVariant(file: "palette-4bit.png", width: 7, height: 5, tolerance: 0),
        PNGVariant(file: "palette-trns.png", width: 6, height: 4, tolerance: 0),
        PNGVariant(file: "grey-8bit.png", width: 5, height: 3, tolerance: 0),
        PNGVariant(file: "grey-2bit.png", width: 5, height: 3, tolerance: 0),
        PNGVariant(file: "grey-alpha.png", width: 4, height: 4, tolerance: 0),
        PNGVariant(file: "rgb-16bit.png", width: 4, height: 3, tolerance: 0),
        // 16-bit partial alpha passes through libpng's linear, premultiplied path: allow rounding.
        PNGVariant(file: "rgba-16bit.png", width: 4, height: 3, tolerance: 2),
        PNGVariant(file: "interlaced.png", width: 11, height: 9, tolerance: 0),
        PNGVariant(file: "rgb-trns.png", width: 5, height: 4, tolerance: 0),
    ]

    @Test(arguments: variants)
    func decodesVariantToReferencePixels(_ variant: PNGVariant) throws {
        let image = try PNGCodec.decode(CodecCorpus.bytes(variant.file))
        #expect(image.width == variant.width && image.height == variant.height)
        let reference = try CodecCorpus.bytes(variant.file + ".rgba")
        #expect(CodecCorpus.maxDifference(image, reference) <= variant.tolerance)
    }

    @Test func animatedPNGDecodesItsDefaultImage() throws {
        let image = try PNGCodec.decode(CodecCorpus.bytes("animated.png"))
        #expect(image == RGBAImage(width: 6, height: 4, fill: RGBA8(r: 255, g: 0, b: 0)))
    }

    /// A 5x3 image with a different colour and alpha in every pixel.
    static let sample: RGBAImage = {
        var image = RGBAImage(width: 5, height: 3)
        for y in 0..<3 {
            for x in 0..<5 {
                image[x, y] = RGBA8(
                    r: UInt8(x * 50), g: UInt8(y * 100), b: UInt8(255 - x * 30), a: UInt8(40 + x * 40 + y * 10))
            }
        }
        return image
    }()

    @Test func roundTripKeepsEveryPixel() throws {
        let png = try PNGCodec.encode(Self.sample)
        #expect(try PNGCodec.decode(png) == Self.sample)
    }

    @Test func incompressibleImageRoundTrips() throws {
        // Noise does not deflate: the PNG outgrows the raw pixels (stored blocks plus filter bytes and chunks).
        var random = DeterministicRandom(seed: 42)
        let noise = (0..<(1024 * 1024 * 4)).map { _ in UInt8(random.next(256)) }
        let image = try #require(RGBAImage(width: 1024, height: 1024, pixels: noise))
        let png = try PNGCodec.encode(image)
        #expect(png.count > noise.count)
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func textEntriesFollowIHDRWithValidCRCs() throws {
        let png = try PNGCodec.encode(
            Self.sample, text: [("Software", "chat-tui"), ("Comment", "wechat n=5 size=132")])
        #expect(try PNGCodec.decode(png) == Self.sample)
        let entries = PNGCodec.textChunks(in: png)
        #expect(entries.map(\.keyword) == ["Software", "Comment"])
        #expect(entries.map(\.value) == ["chat-tui", "wechat n=5 size=132"])
        // Signature (8) + IHDR chunk (25): the first text chunk starts at 33, its type at 37.
        let chunks = Self.chunks(in: png)
        #expect(chunks.map(\.type).prefix(3) == ["IHDR", "tEXt", "tEXt"])
        #expect(String(decoding: png[37..<41], as: UTF8.self) == "tEXt")
        #expect(chunks.allSatisfy { $0.crcIsValid })
        #expect(chunks[1].data == Array("Software".utf8) + [0] + Array("chat-tui".utf8))
    }

    @Test func nonLatin1ValueIsStoredAsInternationalText() throws {
        let png = try PNGCodec.encode(Self.sample, text: [("Title", "周末骑行群"), ("Author", "Zoë")])
        let entries = PNGCodec.textChunks(in: png)
        #expect(entries.map(\.value) == ["周末骑行群", "Zoë"])
        let chunks = Self.chunks(in: png)
        #expect(chunks.map(\.type).prefix(3) == ["IHDR", "iTXt", "tEXt"])
        #expect(chunks.allSatisfy { $0.crcIsValid })
        // "Zoë" is Latin-1: stored as the single byte 0xEB, not UTF-8.
        #expect(chunks[2].data == Array("Author".utf8) + [0, 0x5A, 0x6F, 0xEB])
    }

    @Test(arguments: ["", String(repeating: "k", count: 80), " lead", "two  spaces", "tab\there", "名前"])
    func invalidKeywordIsRejected(_ keyword: String) {
        #expect(throws: CodecError.self) { try PNGCodec.encode(Self.sample, text: [(keyword, "value")]) }
    }

    @Test func valueWithNULIsRejected() {
        #expect(throws: CodecError.invalidTextEntry(keyword: "Comment", reason: "the value contains a NUL character")) {
            try PNGCodec.encode(Self.sample, text: [("Comment", "a\u{0}b")])
        }
    }

    @Test func textReaderStopsAtTruncationWithoutTrapping() throws {
        let png = try PNGCodec.encode(Self.sample, text: [("Software", "chat-tui")])
        for length in 0..<png.count {
            let entries = PNGCodec.textChunks(in: Array(png.prefix(length)))
            #expect(entries.count <= 1)
        }
    }

    @Test func truncatedPNGIsReportedAsCorrupt() throws {
        let png = try CodecCorpus.bytes("interlaced.png")
        for length in [8, 20, 40, png.count / 2, png.count - 13] {
            #expect {
                _ = try PNGCodec.decode(Array(png.prefix(length)))
            } throws: { error in
                guard case CodecError.corruptPNG(let detail) = error else { return false }
                return !detail.isEmpty
            }
        }
    }

    @Test func headerClaimingHugeSizeFailsBeforeDecoding() throws {
        let bomb = try CodecCorpus.bytes("bomb-20000.png")
        #expect(throws: CodecError.imageTooLarge(width: 20000, height: 20000, maxSide: 16384, maxPixels: 64_000_000)) {
            try PNGCodec.decode(bomb)
        }
        let error = CodecError.imageTooLarge(width: 20000, height: 20000, maxSide: 16384, maxPixels: 64_000_000)
        #expect(error.description == "image is 20000x20000 px: larger than the 16384 px per side / 64 megapixel limit")
    }

    @Test func customLimitsApplyToSidesAndPixelCount() throws {
        let png = try CodecCorpus.bytes("interlaced.png")  // 11x9
        #expect(throws: CodecError.imageTooLarge(width: 11, height: 9, maxSide: 10, maxPixels: 1000)) {
            try PNGCodec.decode(png, limits: ImageLimits(maxSide: 10, maxPixels: 1000))
        }
        #expect(throws: CodecError.imageTooLarge(width: 11, height: 9, maxSide: 100, maxPixels: 98)) {
            try PNGCodec.decode(png, limits: ImageLimits(maxSide: 100, maxPixels: 98))
        }
        #expect(try PNGCodec.decode(png, limits: ImageLimits(maxSide: 11, maxPixels: 99)).width == 11)
    }

    @Test func garbageAfterSignatureIsCorrupt() {
        let bytes = PNGCodec.signature + [UInt8](repeating: 0x41, count: 64)
        #expect { _ = try PNGCodec.decode(bytes) } throws: { error in
            guard case CodecError.corruptPNG = error else { return false }
            return true
        }
    }

    @Test func emptyInputIsReported() {
        #expect(throws: CodecError.emptyFile) { try PNGCodec.decode([]) }
    }

    // MARK: - An independent chunk walker and CRC-32 (bitwise, from the PNG specification's Annex D)

    struct Chunk {
        let type: String
        let data: [UInt8]
        let crcIsValid: Bool
    }

    static func chunks(in png: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var index = 8
        while index + 12 <= png.count {
            let length = png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let typeAndData = Array(png[index + 4..<index + 8 + length])
            let stored = png[index + 8 + length..<index + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            chunks.append(
                Chunk(
                    type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                    data: Array(typeAndData.dropFirst(4)), crcIsValid: crc32(typeAndData) == stored))
            index += 12 + length
        }
        return chunks
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func referenceCRCMatchesKnownAnswer() {
        #expect(Self.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
