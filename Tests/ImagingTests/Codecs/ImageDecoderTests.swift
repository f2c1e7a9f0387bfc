import Imaging
import Testing

@Suite struct ImageDecoderTests {
    @Test func sniffsByMagicBytes() throws {
        #expect(ImageDecoder.sniff(try CodecCorpus.bytes("interlaced.png")) == .png)
        #expect(ImageDecoder.sniff(try CodecCorpus.bytes("baseline.jpg")) == .jpeg)
        #expect(ImageDecoder.sniff(Array("GIF89a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(ImageDecoder.sniff(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)) == .webp)
        #expect(ImageDecoder.sniff([0, 0, 0, 0x18] + Array("ftypheic".utf8)) == .heif)
        #expect(ImageDecoder.sniff([0, 0, 0, 0x18] + Array("ftypavif".utf8)) == .avif)
        #expect(ImageDecoder.sniff([0xFF, 0x0A, 0xFA, 0x7F]) == .unsupported(name: "JPEG XL"))
        #expect(ImageDecoder.sniff(Array("<html>".utf8)) == .unknown)
        #expect(ImageDecoder.sniff([]) == .unknown)
    }

    @Test func dispatchesOnContentNotName() throws {
        let png = try CodecCorpus.bytes("palette-4bit.png")
        #expect(try ImageDecoder.decode(png) == PNGCodec.decode(png))
        let jpeg = try CodecCorpus.bytes("large-256x192.jpg")
        let scaled = try ImageDecoder.decode(jpeg, minimumSide: 24)
        #expect(scaled.width == 32 && scaled.height == 24)
    }

    /// The memory budget reserves what a decode will hold from the header alone, before reading the file.
    @Test func decodedByteCountComesFromTheHeader() throws {
        for name in ["interlaced.png", "large-256x192.jpg", "progressive.jpg", "cmyk.jpg", "rgb-16bit.png"] {
            let bytes = try CodecCorpus.bytes(name)
            for minimumSide in [nil, 24, 100] as [Int?] {
                let decoded = try ImageDecoder.decode(bytes, minimumSide: minimumSide)
                let header = Array(bytes.prefix(4096))
                #expect(
                    ImageDecoder.decodedByteCount(header: header, minimumSide: minimumSide) == decoded.pixels.count,
                    "\(name) at \(String(describing: minimumSide))")
            }
        }
        let png = try CodecCorpus.bytes("interlaced.png")
        #expect(ImageDecoder.decodedByteCount(header: Array(png.prefix(20)), minimumSide: nil) == nil)
        #expect(ImageDecoder.decodedByteCount(header: Array("hello".utf8), minimumSide: nil) == nil)
        #expect(ImageDecoder.decodedByteCount(header: [0xFF, 0xD8, 0xFF, 0xC0, 0, 4, 8, 0], minimumSide: nil) == nil)
        // A PNG whose first chunk is no IHDR, or whose IHDR says 0 pixels (found by FuzzImageHeaders).
        var zeroHigh = Array(png.prefix(24))
        zeroHigh.replaceSubrange(20..<24, with: [0, 0, 0, 0])
        #expect(ImageDecoder.decodedByteCount(header: zeroHigh, minimumSide: nil) == nil)
        var noHeader = Array(png.prefix(24))
        noHeader.replaceSubrange(12..<16, with: Array("iTXt".utf8))
        #expect(ImageDecoder.decodedByteCount(header: noHeader, minimumSide: nil) == nil)
    }

    @Test func reportsWhatIsWrongWithTheBytes() {
        #expect(throws: CodecError.emptyFile) { try ImageDecoder.decode([]) }
        #expect(throws: CodecError.unsupportedFormat(name: "JPEG XL")) {
            try ImageDecoder.decode([0xFF, 0x0A, 0xFA, 0x7F, 0])
        }
        #expect(throws: CodecError.unrecognizedFormat(guess: "text")) {
            try ImageDecoder.decode(Array("hello world".utf8))
        }
        #expect(
            CodecError.unrecognizedFormat(guess: "text").description
                == "not a supported image format (it looks like text): use PNG, JPEG, WebP, GIF, HEIC, AVIF, TIFF or BMP"
        )
    }

    /// Messages say what a file seems to be and never quote its bytes: a fixture can name any readable file,
    /// and `/etc/shadow` came out as "starts with 72 6F 6F 74" ("root").
    @Test func unrecognisedFilesAreDescribedNotQuoted() {
        let cases: [(String, String)] = [
            ("root:$y$j9T$abc:19000:0:99999:7:::\n", "text"), ("<!DOCTYPE html><html>", "an HTML or XML document"),
            ("\u{FEFF}  <?xml version=\"1.0\"?>", "an HTML or XML document"), ("%PDF-1.7", "a PDF document"),
            ("PK\u{3}\u{4}data", "a ZIP archive"), ("名前\n", "text"),
        ]
        for (content, guess) in cases {
            #expect(throws: CodecError.unrecognizedFormat(guess: guess)) {
                try ImageDecoder.decode(Array(content.utf8))
            }
        }
        #expect(ImageDecoder.describeContent([0x1F, 0x8B, 8, 0]) == "gzip-compressed data")
        #expect(ImageDecoder.describeContent([0x00, 0x01, 0xFE, 0x80]) == "binary data of an unknown kind")
        #expect(
            ImageDecoder.describeContent(Array(repeating: 0x41, count: 511) + [0xE5]) == "text",
            "a character cut by the window")
        let message = CodecError.unrecognizedFormat(guess: ImageDecoder.describeContent(Array("root:x:0:0".utf8)))
            .description
        #expect(!message.contains("72") && !message.contains("root"))
    }

    /// A file that stops inside a signature is that format cut short, not "not a JPEG" (a 2-byte `FF D8`).
    @Test func filesCutInsideTheSignatureAreTruncated() {
        #expect(ImageDecoder.sniff([0xFF, 0xD8]) == .truncated(name: "JPEG"))
        #expect(ImageDecoder.sniff([0x89, 0x50, 0x4E]) == .truncated(name: "PNG"))
        #expect(ImageDecoder.sniff([0xFF]) == .truncated(name: "JPEG"))
        #expect(throws: CodecError.truncatedSignature(format: "JPEG", bytes: 2)) {
            try ImageDecoder.decode([0xFF, 0xD8])
        }
        #expect(
            CodecError.truncatedSignature(format: "JPEG", bytes: 2).description
                == "JPEG file cut short: it ends after 2 bytes, inside the JPEG signature")
    }

    @Test func fileSizeLimitIsCheckedFirst() throws {
        let jpeg = try CodecCorpus.bytes("baseline.jpg")
        #expect(throws: CodecError.fileTooLarge(bytes: jpeg.count, maxBytes: 100)) {
            try ImageDecoder.decode(jpeg, limits: ImageLimits(maxFileBytes: 100))
        }
        #expect(
            CodecError.fileTooLarge(bytes: 70 << 20, maxBytes: 64 << 20).description
                == "file is 70 MiB: larger than the 64 MiB limit")
    }

    @Test func limitsRejectOverflowingSizes() throws {
        let limits = ImageLimits(maxSide: .max, maxPixels: .max)
        #expect(throws: CodecError.self) { try limits.checkDimensions(width: 1 << 40, height: 1 << 40) }
        #expect(throws: CodecError.self) { try limits.checkDimensions(width: 1 << 31, height: 1 << 31) }
        #expect(throws: CodecError.emptyImage(width: 0, height: 5)) { try limits.checkDimensions(width: 0, height: 5) }
        let byteCount = try limits.checkDimensions(width: 3, height: 5)
        #expect(byteCount == 60)
    }

    @Test(arguments: ["bomb-20000.png", "bomb-20000.jpg"])
    func decompressionBombsAreRefusedFromTheHeader(_ file: String) throws {
        #expect(throws: CodecError.imageTooLarge(width: 20000, height: 20000, maxSide: 16384, maxPixels: 64_000_000)) {
            try ImageDecoder.decode(CodecCorpus.bytes(file))
        }
    }

    /// Damaged copies of real files (bytes overwritten, cut short) must decode or throw, never trap.
    @Test(arguments: ["interlaced.png", "palette-trns.png", "progressive.jpg", "exif-orientation-6.jpg", "cmyk.jpg"])
    func damagedFilesNeverTrap(_ file: String) throws {
        let original = try CodecCorpus.bytes(file)
        var random = DeterministicRandom(seed: 0x2545_F491_4F6C_DD1D)
        for round in 0..<300 {
            var bytes = original
            for _ in 0...random.next(6) { bytes[random.next(bytes.count)] = UInt8(random.next(256)) }
            if round % 3 == 0 { bytes.removeLast(random.next(bytes.count)) }
            // Damage confined to pixel data can still decode; whatever decodes must be a consistent image.
            if let image = try? ImageDecoder.decode(bytes, minimumSide: 8) {
                #expect(image.pixels.count == image.width * image.height * 4)
            }
        }
    }
}
