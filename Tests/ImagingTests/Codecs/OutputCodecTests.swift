import Testing

@testable import Imaging

/// JPEG and WebP output, and the metadata every output format records (issue 14).
@Suite struct OutputCodecTests {
    /// A 64 x 48 test card: a colour gradient, a transparent band and a half-transparent band.
    private static let card: RGBAImage = {
        var image = RGBAImage(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let alpha: UInt8 = y < 8 ? 0 : (y < 16 ? 128 : 255)
                image[x, y] = RGBA8(r: UInt8(x * 4), g: UInt8(y * 5), b: 200, a: alpha)
            }
        }
        return image
    }()

    private static let metadata = ImageMetadata([
        .init("Software", "chat-tui 0.1.0"), .init("Title", "周末 \"骑行\" <群> & co\u{1}"),
        .init("Comment", "layout=wechat size=132"), .init("Inputs", "sha256:abc"),
    ])

    @Test func jpegFlattensTransparencyAndRecordsMetadata() throws {
        let jpeg = try JPEGCodec.encode(Self.card, quality: 95, background: .white, metadata: Self.metadata)
        let decoded = try JPEGCodec.decode(jpeg)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(CodecCorpus.pixel(decoded, x: 32, y: 2, isNear: .white, tolerance: 6))
        let opaque = Self.card[32, 40]
        #expect(CodecCorpus.pixel(decoded, x: 32, y: 40, isNear: opaque, tolerance: 12))
        let read = try #require(ImageMetadata.read(from: jpeg))
        #expect(read["Inputs"] == "sha256:abc" && read["Comment"] == "layout=wechat size=132")
        #expect(read["Title"] == "周末 \"骑行\" <群> & co")  // the control character cannot travel in XML
        let comment = JPEGMarkers.headerSegments(in: jpeg).first { $0.marker == 0xFE }
        #expect(
            comment.map { String(decoding: jpeg[$0.payload], as: UTF8.self) }?.contains("Inputs: sha256:abc") == true)
        #expect(JPEGMarkers.headerSegments(in: jpeg).first?.marker == 0xE0)  // JFIF stays first
    }

    @Test func jpegQualityTradesSizeForFidelity() throws {
        let low = try JPEGCodec.encode(Self.card, quality: 20)
        let high = try JPEGCodec.encode(Self.card, quality: 98)
        #expect(low.count < high.count)
        #expect(ImageMetadata.read(from: low) == nil)
    }

    @Test func webpLosslessKeepsThePixelsAndRecordsMetadata() throws {
        let webp = try WebPCodec.encode(Self.card, metadata: Self.metadata)
        #expect(webp.starts(with: Array("RIFF".utf8)))
        let header = try #require(WebPChunks.payload(of: "VP8X", in: webp))
        let flags = header[header.startIndex]
        #expect(flags & 0x04 != 0)  // XMP present
        let width = header.dropFirst(4).prefix(3).reversed().reduce(0) { $0 << 8 | Int($1) } + 1
        let height = header.dropFirst(7).prefix(3).reversed().reduce(0) { $0 << 8 | Int($1) } + 1
        #expect(width == 64 && height == 48)
        #expect(WebPChunks.payload(of: "VP8L", in: webp) != nil)
        #expect(ImageMetadata.read(from: webp)?["Inputs"] == "sha256:abc")
    }

    @Test func webpLossyIsSmallerAndStillRecordsMetadata() throws {
        let lossless = try WebPCodec.encode(Self.card)
        let lossy = try WebPCodec.encode(Self.card, quality: 50, metadata: Self.metadata)
        #expect(WebPChunks.payload(of: "VP8 ", in: lossy) != nil && WebPChunks.payload(of: "ALPH", in: lossy) != nil)
        #expect(ImageMetadata.read(from: lossy)?["Software"] == "chat-tui 0.1.0")
        #expect(ImageMetadata.read(from: lossless) == nil)
    }

    /// A value cannot forge another entry or end the attribute early, whatever it holds.
    @Test func xmpValuesCannotForgeEntries() {
        let hostile = ImageMetadata([
            .init("Title", "x\" chattui:Inputs=\"forged"), .init("Inputs", "real"),
            .init("Comment", "a chattui:Inputs=\"b\" &amp; &#x41;"),
        ])
        let read = ImageMetadata(ImageMetadata.parseXMP(hostile.xmpPacket))
        #expect(read == hostile)
        #expect(read["Inputs"] == "real")
    }

    @Test func pngTextCarriesTheSameEntries() throws {
        let png = try PNGCodec.encode(Self.card, text: Self.metadata.pngText)
        #expect(ImageMetadata.read(from: png)?["Inputs"] == "sha256:abc")
        #expect(ImageMetadata.read(from: Array("not an image".utf8)) == nil)
        #expect(ImageMetadata.read(from: Array("RIFF\u{10}\0\0\0WEBPXMP ".utf8)) == nil)
    }
}
