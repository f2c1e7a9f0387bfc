import Foundation
import Imaging
import ImagingTestSupport
import Testing

@Suite struct FormatDecoderTests {
    @Test(arguments: [
        ("lossless.webp", ImageDecoder.Format.webp), ("still.gif", .gif), ("photo.heic", .heif), ("photo.avif", .avif),
        ("rgb.tiff", .tiff), ("rgb24.bmp", .bmp), ("palette8.bmp", .bmp), ("original.png", .png),
        ("adobe-rgb.jpg", .jpeg),
    ])
    func recognisesEachFormatByContent(name: String, format: ImageDecoder.Format) throws {
        #expect(ImageDecoder.sniff(try FormatCorpus.bytes(name)) == format)
    }

    /// Lossless encodings come back as the original's exact pixels.
    @Test(arguments: ["lossless.webp", "animated.webp", "rgb.tiff", "orientation-6.tiff", "cmyk.tiff", "rgb24.bmp"])
    func losslessFormatsDecodeToTheOriginalPixels(name: String) throws {
        let original = try FormatCorpus.image("original.png")
        let decoded = try FormatCorpus.image(name)
        #expect(decoded.width == original.width && decoded.height == original.height)
        #expect(decoded == original, "\(name): mean ΔE76 \(ColorDifference.meanDeltaE76(decoded, original))")
    }

    /// Transparency survives: WebP and BMP exactly; TIFF through libtiff's premultiplied RGBA, so colours of
    /// half-transparent pixels may move by rounding.
    @Test(arguments: [("alpha.webp", 0.0), ("rgba32.bmp", 0.0), ("alpha.tiff", 0.5)])
    func alphaSurvives(name: String, maxDeltaE: Double) throws {
        let original = try FormatCorpus.image("original-alpha.png")
        let decoded = try FormatCorpus.image(name)
        #expect(ColorDifference.maxAlphaDifference(decoded, original) == 0)
        #expect(ColorDifference.meanDeltaE76(decoded, original) <= maxDeltaE)
    }

    /// GIF: the first frame with its palette, transparent colour and interlacing, exactly as Pillow reads it.
    @Test(arguments: ["still.gif", "interlaced.gif", "transparent.gif", "animated.gif"])
    func gifMatchesPillow(name: String) throws {
        let reference = try FormatCorpus.image(name + ".reference.png")
        let decoded = try FormatCorpus.image(name)
        #expect(CodecCorpus.maxDifference(decoded, reference.pixels) == 0)
    }

    /// Lossy encodings: within a small ΔE of the sRGB original, and of Pillow's (pillow-heif's) decode. Bounds,
    /// measured: quality 95 at 96 px with 4:2:0 chroma costs 2.0 to 2.6 against the original; libheif here and
    /// pillow-heif's newer libheif agree within 1.0 on HEIC, libheif/dav1d and Pillow's libavif within 2.0 on AVIF
    /// (their chroma upsampling differs).
    @Test(arguments: [("lossy.webp", 0.0), ("photo.heic", 1.0), ("alpha.heic", 1.0), ("photo.avif", 2.0)])
    func lossyFormatsDecodeCloseToTheOriginal(name: String, maxDeltaEAgainstPillow: Double) throws {
        let original = try FormatCorpus.image(name.hasPrefix("alpha") ? "original-alpha.png" : "original.png")
        let decoded = try FormatCorpus.image(name)
        #expect(ColorDifference.meanDeltaE76(decoded, original) < 3.0)
        if maxDeltaEAgainstPillow > 0 {
            let reference = try FormatCorpus.image(name + ".reference.png")
            #expect(ColorDifference.meanDeltaE76(decoded, reference) < maxDeltaEAgainstPillow)
        }
    }

    /// Colour-profiled photos are converted to sRGB: they match Little CMS's colour-managed rendering of the same
    /// file through Pillow's ImageCms (same perceptual intent) within mean ΔE76 0.5. Against the sRGB original
    /// the bound is the encoding's own loss: 2.0 for lossless files (8-bit quantisation in the wider space),
    /// 3.5 for JPEG (4:2:0 chroma at 96 px), 2.5 for HEIC, and 8.5 for CMYK, whose gamut the perceptual
    /// conversion into it compresses.
    @Test(arguments: [
        ("adobe-rgb.jpg", 3.5), ("adobe-rgb.png", 2.0), ("prophoto.jpg", 3.5), ("prophoto.png", 2.0),
        ("cmyk-profiled.jpg", 8.5), ("display-p3.heic", 2.5), ("display-p3.png", 2.0), ("display-p3.webp", 2.0),
        ("adobe-rgb.tiff", 2.0), ("adobe-rgb-chrm.png", 2.0),
    ])
    func profiledPhotosMatchTheColorManagedReference(name: String, maxDeltaEAgainstOriginal: Double) throws {
        let decoded = try FormatCorpus.image(name)
        let reference = try FormatCorpus.image(name + ".reference.png")
        let original = try FormatCorpus.image("original.png")
        let againstReference = ColorDifference.meanDeltaE76(decoded, reference)
        let againstOriginal = ColorDifference.meanDeltaE76(decoded, original)
        #expect(againstReference < 0.5, "\(name): mean ΔE76 \(againstReference) against ImageCms")
        #expect(
            againstOriginal < maxDeltaEAgainstOriginal, "\(name): mean ΔE76 \(againstOriginal) against the original")
    }

    /// The profile matters: the same PNG with its iCCP chunk removed decodes as sRGB, far from the reference.
    @Test func profileIsWhatMakesTheDifference() throws {
        let png = try FormatCorpus.bytes("prophoto.png")
        let stripped = try #require(Self.removingChunk("iCCP", from: png))
        let reference = try FormatCorpus.image("prophoto.png.reference.png")
        #expect(ColorDifference.meanDeltaE76(try ImageDecoder.decode(stripped), reference) > 5)
        #expect(ColorDifference.meanDeltaE76(try ImageDecoder.decode(png), reference) < 0.5)
    }

    /// A PNG tagged by `cHRM` (Adobe RGB primaries) and `gAMA` alone is converted through a profile built from
    /// them; the chunks rank as the PNG specification says: an `sRGB` chunk wins over `cHRM` (the pixels are
    /// left as they are), an `iCCP` profile wins over both.
    @Test func chromaticitiesAreHonouredBelowSRGBAndICCP() throws {
        let png = try FormatCorpus.bytes("adobe-rgb-chrm.png")
        let reference = try FormatCorpus.image("adobe-rgb-chrm.png.reference.png")
        let chromaticities = try #require(PNGCodec.chromaticities(in: png))
        #expect(chromaticities.red == .init(x: 0.64, y: 0.33) && chromaticities.green == .init(x: 0.21, y: 0.71))
        #expect(!chromaticities.isClose(to: .sRGB) && ColorManagement.Chromaticities.sRGB.isClose(to: .sRGB))
        let unmanaged = try ImageDecoder.decode(try #require(Self.removingChunk("cHRM", from: png)))
        #expect(ColorDifference.meanDeltaE76(unmanaged, reference) > 3)
        #expect(ColorDifference.meanDeltaE76(try ImageDecoder.decode(png), reference) < 0.5)

        // After IHDR (8 + 25 bytes), before the image data.
        func inserting(_ chunk: [UInt8]) -> [UInt8] { Array(png.prefix(33)) + chunk + png.dropFirst(33) }
        #expect(try ImageDecoder.decode(inserting(PNGWriter.chunk(type: "sRGB", data: [0]))) == unmanaged)
        let sRGBProfile = try ColorManagement.outputProfile(.srgb).withUnsafeBytes { bytes in
            try Libdeflate.zlibStream(of: bytes, level: 6)
        }
        let iccp = PNGWriter.chunk(type: "iCCP", data: Array("sRGB".utf8) + [0, 0] + sRGBProfile)
        #expect(CodecCorpus.maxDifference(try ImageDecoder.decode(inserting(iccp)), unmanaged.pixels) <= 1)
    }

    /// Hostile `cHRM` values (a white at y = 0, primaries on one line, a short chunk) leave the pixels as
    /// they are: no crash, no NaN.
    @Test func unusableChromaticitiesAreIgnored() throws {
        let png = try #require(Self.removingChunk("cHRM", from: try FormatCorpus.bytes("adobe-rgb-chrm.png")))
        let plain = try ImageDecoder.decode(png)
        let collinear: [UInt32] = [31270, 32900, 10000, 10000, 20000, 20000, 30000, 30000]
        let blackWhite: [UInt32] = [31270, 0, 64000, 33000, 21000, 71000, 15000, 6000]
        for values in [collinear, blackWhite] {
            let data = values.flatMap { value in
                (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
            }
            let tagged = Array(png.prefix(33)) + PNGWriter.chunk(type: "cHRM", data: data) + png.dropFirst(33)
            #expect(try ImageDecoder.decode(tagged) == plain, "\(values)")
        }
        let short = Array(png.prefix(33)) + PNGWriter.chunk(type: "cHRM", data: [1, 2, 3]) + png.dropFirst(33)
        #expect(PNGCodec.chromaticities(in: short) == nil)
        #expect(try ImageDecoder.decode(short) == plain)
    }

    /// An `nclx` box with primaries libheif does not know (code 3 is reserved) leaves the pixels as they are.
    /// libheif allocates that profile before refusing it; the sanitized test run's leak check fails if the
    /// decoder does not free it (as the fuzzer found).
    @Test func unknownNCLXPrimariesAreLeftAlone() throws {
        let decoded = try FormatCorpus.image("nclx-unknown-primaries.heic")
        #expect(decoded == (try FormatCorpus.image("photo.heic")))
    }

    /// `png` without its chunks of `type`.
    static func removingChunk(_ type: String, from png: [UInt8]) -> [UInt8]? {
        var output = Array(png.prefix(8))
        var index = 8
        while index + 12 <= png.count {
            let length = png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            guard index + 12 + length <= png.count else { return nil }
            if !png[index + 4..<index + 8].elementsEqual(type.utf8) { output += png[index..<index + 12 + length] }
            index += 12 + length
        }
        return output
    }

    @Test func headersGiveTheDecodedSize() throws {
        for name in [
            "lossless.webp", "animated.webp", "still.gif", "photo.heic", "photo.avif", "rgb24.bmp", "palette8.bmp",
        ] {
            let bytes = try FormatCorpus.bytes(name)
            #expect(
                ImageDecoder.decodedByteCount(header: Array(bytes.prefix(4096)), minimumSide: nil) == 96 * 96 * 4,
                "\(name)")
        }
    }

    /// Every decoder checks the declared size against the limits before it allocates the image.
    @Test(arguments: ["lossless.webp", "still.gif", "photo.heic", "photo.avif", "rgb.tiff", "rgb24.bmp"])
    func limitsAreCheckedBeforeDecoding(name: String) throws {
        let limits = ImageLimits(maxSide: 64)
        #expect(throws: CodecError.imageTooLarge(width: 96, height: 96, maxSide: 64, maxPixels: limits.maxPixels)) {
            try ImageDecoder.decode(try FormatCorpus.bytes(name), limits: limits)
        }
    }

    /// Decompression bombs: tiny files whose headers claim 60000x60000 are refused from the header.
    @Test func bombsAreRefusedFromTheHeader() throws {
        // GIF: a logical screen of 60000x60000 and nothing else.
        let gif = Array("GIF89a".utf8) + [0x60, 0xEA, 0x60, 0xEA, 0, 0, 0] + [0x3B]
        #expect(throws: CodecError.imageTooLarge(width: 60000, height: 60000, maxSide: 16384, maxPixels: 64_000_000)) {
            try ImageDecoder.decode(gif)
        }
        // BMP: a 24-bit 60000x60000 header without pixels.
        var bmp = try FormatCorpus.bytes("rgb24.bmp")
        bmp.replaceSubrange(18..<26, with: [0x60, 0xEA, 0, 0, 0x60, 0xEA, 0, 0])
        #expect(throws: CodecError.imageTooLarge(width: 60000, height: 60000, maxSide: 16384, maxPixels: 64_000_000)) {
            try ImageDecoder.decode(Array(bmp.prefix(200)))
        }
    }

    @Test func animationsBeyondTheFrameLimitAreRefused() throws {
        #expect(throws: CodecError.tooManyFrames(format: "WebP", frames: 2, maxFrames: 1)) {
            try ImageDecoder.decode(try FormatCorpus.bytes("animated.webp"), limits: ImageLimits(maxFrames: 1))
        }
    }

    /// A file cut anywhere is an error, never a trap or a half image passed off as whole.
    @Test(arguments: [
        "lossless.webp", "still.gif", "photo.heic", "photo.avif", "rgb.tiff", "rgb24.bmp", "palette8.bmp",
    ])
    func truncatedFilesAreErrors(name: String) throws {
        let bytes = try FormatCorpus.bytes(name)
        for fraction in [0.1, 0.5, 0.9] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            #expect(throws: CodecError.self, "\(name) cut to \(cut.count) bytes") { try ImageDecoder.decode(cut) }
        }
    }

    /// Random damage never traps: every decoder returns an image or a `CodecError`.
    @Test(arguments: ["lossless.webp", "still.gif", "photo.heic", "rgb.tiff", "rgb24.bmp", "palette8.bmp"])
    func damagedFilesNeverTrap(name: String) throws {
        let bytes = try FormatCorpus.bytes(name)
        var random = DeterministicRandom(seed: 25)
        for _ in 0..<40 {
            var damaged = bytes
            for _ in 0..<4 { damaged[random.next(min(damaged.count, 512))] = UInt8(random.next(256)) }
            if let image = try? ImageDecoder.decode(damaged) {
                #expect(image.pixels.count == image.width * image.height * 4)
            }
        }
    }

    @Test func runLengthBitmapsAreRefusedByName() throws {
        var bmp = try FormatCorpus.bytes("palette8.bmp")
        bmp[30] = 1  // BI_RLE8
        #expect(throws: CodecError.unsupportedVariant(format: "BMP", detail: "run-length coded pixels")) {
            try ImageDecoder.decode(bmp)
        }
    }

    /// The sample fixture's "formats" group: one member photo in each further format, all decoded.
    @Test(arguments: [
        ("wen.webp", 160), ("gus.gif", 128), ("hana.heic", 192), ("ava.avif", 192), ("tom.tiff", 128),
        ("bea.bmp", 96),
    ])
    func sampleFixturePhotosDecode(name: String, side: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent("sample-data/avatars/\(name)")))
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == side && image.height == side && image.isOpaque)
    }

    @Test func everyFormatNamesItsLibraryVersion() {
        let formats = ImageDecoder.supportedFormats
        #expect(formats.compactMap(\.format.name) == ["PNG", "JPEG", "WebP", "GIF", "HEIC", "AVIF", "TIFF", "BMP"])
        for entry in formats {
            #expect(!entry.library.name.isEmpty)
            #expect(
                entry.library.version.first?.isNumber == true || entry.library.version == "built in",
                "\(entry.library.name) \(entry.library.version)")
        }
        #expect(formats.last?.library.name == "lcms2")
    }
}
