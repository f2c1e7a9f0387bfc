import Imaging
import ImagingTestSupport
import Testing

/// Colour profiles of every colour model, and the TIFF and BMP variants read beyond their libraries'
/// ordinary layouts (files from scripts/make-format-corpus.py `variants`).
@Suite struct FormatVariantTests {
    /// The mean difference of the colour samples of two images of the same size, in levels.
    static func meanLevelDifference(_ image: RGBAImage, _ reference: RGBAImage) -> Double {
        guard image.pixels.count == reference.pixels.count else { return .infinity }
        var total = 0
        for index in image.pixels.indices where index % 4 != 3 {
            total += abs(Int(image.pixels[index]) - Int(reference.pixels[index]))
        }
        return Double(total) / Double(image.pixels.count / 4 * 3)
    }

    /// Grey profiles on grey PNG, JPEG and TIFF files, and a CMYK profile on a TIFF, are converted as Little
    /// CMS converts the same samples (Pillow's ImageCms, perceptual): within a level or two. The profiles
    /// matter: the grey one (a linear curve) moves the samples by up to 73 levels.
    @Test(arguments: [
        ("gray-profiled.png", 0), ("gray-profiled.tiff", 0), ("gray-profiled.jpg", 1), ("cmyk-profiled.tiff", 2),
        ("cmyk16-profiled.tiff", 2),
    ])
    func greyAndCMYKProfilesAreConverted(name: String, maxDifference: Int) throws {
        let decoded = try FormatCorpus.image(name)
        let reference = try FormatCorpus.image(name.replacingOccurrences(of: "16", with: "") + ".reference.png")
        let mean = Self.meanLevelDifference(decoded, reference)
        #expect(mean <= 1, "\(name): \(mean) levels from Little CMS's rendering on average")
        if name.hasSuffix(".jpg") {
            // TurboJPEG and Pillow's libjpeg may round a sample differently, which the linear curve magnifies
            // near black.
            #expect(CodecCorpus.maxDifference(decoded, reference.pixels) <= 16)
        } else {
            #expect(CodecCorpus.maxDifference(decoded, reference.pixels) <= maxDifference, "\(name)")
        }
    }

    @Test func ignoringTheGreyProfileIsFarOff() throws {
        let reference = try FormatCorpus.image("gray-profiled.png.reference.png")
        let unmanaged = try FormatCorpus.image("gray-profiled.png.unmanaged.png")
        #expect(CodecCorpus.maxDifference(unmanaged, reference.pixels) > 40)
    }

    /// A 16-bit grey PNG with a grey profile, at 16 bits and at 8: the 8-bit file's reference (its samples are
    /// that file's times 257).
    @Test func aSixteenBitGreyPNGIsConvertedThroughItsProfile() throws {
        let png = try FormatCorpus.bytes("gray16-profiled.png")
        let reference = try FormatCorpus.image("gray-profiled.png.reference.png")
        let deep = try #require(try PNGCodec.decodeDeep(png))
        #expect(CodecCorpus.maxDifference(deep.quantised(), reference.pixels) <= 1)
        #expect(CodecCorpus.maxDifference(try PNGCodec.decode(png), reference.pixels) <= 1)
    }

    /// Layouts libtiff's RGBA interface refuses ("Sorry, can not handle ..."): 12-bit (in a strip, in 32 px
    /// tiles, in planes) and 4-bit RGB and 32-bit float RGB, read sample by sample.
    @Test(arguments: [
        ("rgb12.tiff", "original.png"), ("rgb12-tiled.tiff", "original.png"), ("rgb12-planar.tiff", "original.png"),
        ("rgb-float.tiff", "original.png"), ("rgb4.tiff", "rgb4.tiff.reference.png"),
    ])
    func tiffLayoutsBeyondLibtiffsRGBAInterfaceDecode(name: String, expected: String) throws {
        let decoded = try FormatCorpus.image(name)
        #expect(decoded == (try FormatCorpus.image(expected)), "\(name)")
    }

    /// 16-bit CMYK without a profile: the naive ink model, as libtiff converts 8-bit CMYK.
    @Test func sixteenBitCMYKWithoutAProfileDecodes() throws {
        var tiff = try FormatCorpus.bytes("cmyk16-profiled.tiff")
        let profiled = try FormatCorpus.image("cmyk16-profiled.tiff")
        // The big-endian IFD's ICC profile entry (tag 34675) renamed to a private tag libtiff skips.
        let ifd = tiff[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let count = Int(tiff[ifd]) << 8 | Int(tiff[ifd + 1])
        let entry = try #require(
            (0..<count).map { ifd + 2 + $0 * 12 }.first { Int(tiff[$0]) << 8 | Int(tiff[$0 + 1]) == 34675 })
        tiff[entry + 1] = 0x74
        let naive = try ImageDecoder.decode(tiff)
        #expect(naive.width == 96 && naive.height == 96)
        #expect(Self.meanLevelDifference(naive, profiled) > 3, "no profile, so not Little CMS's rendering")
    }

    /// A layout read by neither is named: the sample format, not "truncated or corrupt".
    @Test func anUnreadTIFFLayoutIsNamed() throws {
        var tiff = try FormatCorpus.bytes("rgb12.tiff")
        // The big-endian IFD's SampleFormat entry (tag 339, three SHORTs stored at an offset): signed.
        let ifd = tiff[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let count = Int(tiff[ifd]) << 8 | Int(tiff[ifd + 1])
        let entry = try #require(
            (0..<count).map { ifd + 2 + $0 * 12 }.first { Int(tiff[$0]) << 8 | Int(tiff[$0 + 1]) == 339 })
        let values = tiff[entry + 8..<entry + 12].reduce(0) { $0 << 8 | Int($1) }
        for sample in 0..<3 { tiff[values + sample * 2 + 1] = 2 }
        #expect(throws: CodecError.unsupportedVariant(format: "TIFF", detail: "RGB with 12-bit signed integer samples"))
        {
            try ImageDecoder.decode(tiff)
        }
    }

    /// Damaged fields of the layouts read sample by sample (depths, sample formats, planes, tiles, strip
    /// offsets) fail with a message or decode; they never trap or read outside the file.
    @Test(arguments: [
        "rgb12.tiff", "rgb12-tiled.tiff", "rgb12-planar.tiff", "rgb4.tiff", "rgb-float.tiff", "cmyk16-profiled.tiff",
        "cmyk-profiled.tiff",
    ])
    func damagedSampleLayoutsNeverTrap(name: String) throws {
        let bytes = try FormatCorpus.bytes(name)
        var random = DeterministicRandom(seed: 39)
        for _ in 0..<100 {
            var damaged = bytes
            for _ in 0...random.next(3) { damaged[random.next(min(damaged.count, 256))] = UInt8(random.next(256)) }
            if let image = try? ImageDecoder.decode(damaged) {
                #expect(image.pixels.count == image.width * image.height * 4)
            }
        }
    }

    /// A BMP whose info header has a size no version of the format defines (1024 bytes) is still a BMP: its
    /// first 40 bytes hold every field the decoder reads.
    @Test func aBMPWithAnUnknownHeaderSizeDecodes() throws {
        let bmp = try FormatCorpus.bytes("rgb24.bmp")
        let padding = 1024 - 40
        func uint32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let pixelOffset = Int(bmp[10]) | Int(bmp[11]) << 8 | Int(bmp[12]) << 16 | Int(bmp[13]) << 24
        var larger = Array(bmp[0..<54]) + [UInt8](repeating: 0, count: padding) + Array(bmp[54...])
        larger.replaceSubrange(2..<6, with: uint32(larger.count))
        larger.replaceSubrange(10..<14, with: uint32(pixelOffset + padding))
        larger.replaceSubrange(14..<18, with: uint32(1024))
        #expect(ImageDecoder.sniff(larger) == .bmp)
        #expect(try ImageDecoder.decode(larger) == (try FormatCorpus.image("original.png")))
        // Cut inside that header: a BMP cut short, not "binary data of an unknown kind".
        #expect(throws: CodecError.corruptImage(format: "BMP", detail: "the file ends inside its header")) {
            try ImageDecoder.decode(Array(larger[0..<600]))
        }
    }
}
