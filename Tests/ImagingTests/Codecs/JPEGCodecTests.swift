import ImagingTestSupport
import Testing

@testable import Imaging

@Suite struct JPEGCodecTests {
    static let red = RGBA8(r: 255, g: 0, b: 0)
    static let green = RGBA8(r: 0, g: 255, b: 0)
    static let blue = RGBA8(r: 0, g: 0, b: 255)

    /// JPEG is lossy: solid quadrants come back within this many levels per channel at their centres.
    static let tolerance = 12

    /// The quadrant centres (top-left, top-right, bottom-left, bottom-right) of `image` that are not near
    /// `colours`, described for the failure message; empty when all match.
    static func quadrantMismatches(_ image: RGBAImage, _ colors: [RGBA8]) -> [String] {
        let centres = [(1, 1), (3, 1), (1, 3), (3, 3)].map { (image.width * $0.0 / 4, image.height * $0.1 / 4) }
        return zip(centres, colors).compactMap { centre, color in
            let (x, y) = centre
            if CodecCorpus.pixel(image, x: x, y: y, isNear: color, tolerance: tolerance) { return nil }
            return "(\(x), \(y)) is \(image[x, y].hexString), expected \(color.hexString)"
        }
    }

    @Test(arguments: ["baseline.jpg", "progressive.jpg"])
    func colorJPEGDecodesToQuadrants(_ file: String) throws {
        let image = try JPEGCodec.decode(CodecCorpus.bytes(file))
        #expect(image.width == 32 && image.height == 32)
        #expect(Self.quadrantMismatches(image, [Self.red, Self.green, Self.blue, .white]) == [])
    }

    @Test func greyscaleJPEGDecodesToOpaqueGrey() throws {
        let image = try JPEGCodec.decode(CodecCorpus.bytes("grey.jpg"))
        #expect(image.width == 32 && image.height == 32)
        let greys = [0, 85, 170, 255].map { RGBA8(r: $0, g: $0, b: $0) }
        #expect(Self.quadrantMismatches(image, greys) == [])
    }

    @Test func adobeCMYKJPEGDecodesToInkColors() throws {
        // Quadrant inks: 100% cyan, 100% magenta, 100% yellow, 50% black (128/255).
        let image = try JPEGCodec.decode(CodecCorpus.bytes("cmyk.jpg"))
        #expect(image.width == 32 && image.height == 32)
        let expected = [
            RGBA8(r: 0, g: 255, b: 255), RGBA8(r: 255, g: 0, b: 255), RGBA8(r: 255, g: 255, b: 0),
            RGBA8(r: 127, g: 127, b: 127),
        ]
        #expect(Self.quadrantMismatches(image, expected) == [])
    }

    /// Every file shows a 64x32 image upright: red top-left, green top-right, blue bottom-left, white
    /// bottom-right; what is stored is that image transformed by the inverse of its orientation.
    @Test(arguments: [
        "exif-orientation-1.jpg", "exif-orientation-2.jpg", "exif-orientation-3.jpg",
        "exif-orientation-4.jpg", "exif-orientation-5.jpg", "exif-orientation-6.jpg",
        "exif-orientation-7.jpg", "exif-orientation-8.jpg", "exif-orientation-6-motorola.jpg",
    ])
    func exifOrientationIsApplied(_ file: String) throws {
        let image = try JPEGCodec.decode(CodecCorpus.bytes(file))
        #expect(image.width == 64 && image.height == 32)
        #expect(Self.quadrantMismatches(image, [Self.red, Self.green, Self.blue, .white]) == [])
    }

    @Test(
        arguments: [
            (nil, 256, 192), (24, 32, 24), (25, 64, 48), (48, 64, 48), (49, 96, 72),
            (191, 256, 192), (192, 256, 192), (5000, 256, 192), (0, 256, 192),
        ] as [(Int?, Int, Int)])
    func minimumSidePicksSmallestCoveringScale(minimumSide: Int?, width: Int, height: Int) throws {
        let image = try JPEGCodec.decode(CodecCorpus.bytes("large-256x192.jpg"), minimumSide: minimumSide)
        #expect(image.width == width && image.height == height)
        #expect(Self.quadrantMismatches(image, [Self.red, Self.green, Self.blue, .white]) == [])
    }

    @Test func decodedSizeForLargePhotos() {
        // TurboJPEG offers n/8 for n = 1...8; sizes round up.
        #expect(JPEGCodec.decodedSize(width: 4000, height: 3000, minimumSide: 40) == (500, 375))
        #expect(JPEGCodec.decodedSize(width: 100, height: 100, minimumSide: 40) == (50, 50))
        #expect(JPEGCodec.decodedSize(width: 100, height: 100, minimumSide: 38) == (38, 38))
        #expect(JPEGCodec.decodedSize(width: 30, height: 4000, minimumSide: 40) == (30, 4000))
        #expect(JPEGCodec.decodedSize(width: 4000, height: 3000, minimumSide: nil) == (4000, 3000))
    }

    @Test func truncatedJPEGIsReportedAsCorrupt() throws {
        let jpeg = try CodecCorpus.bytes("baseline.jpg")
        for length in [3, 20, jpeg.count / 2, jpeg.count - 2] {
            #expect {
                _ = try JPEGCodec.decode(Array(jpeg.prefix(length)))
            } throws: { error in
                guard case CodecError.corruptJPEG(let detail) = error else { return false }
                return !detail.isEmpty
            }
        }
    }

    @Test func strayBytesBetweenMarkersLoseNothing() throws {
        // libjpeg warns "extraneous bytes before marker" and carries on; browsers and Pillow show such files.
        let jpeg = try CodecCorpus.bytes("baseline.jpg")
        let original = try JPEGCodec.decode(jpeg)
        let frame = try #require(zip(jpeg, jpeg.dropFirst()).enumerated().first { $1 == (0xFF, 0xC0) }?.offset)
        let beforeFrame = Array(jpeg[..<frame]) + [0x12, 0x34] + Array(jpeg[frame...])
        let beforeEnd = Array(jpeg.dropLast(2)) + [0x12, 0x34, 0x56, 0xFF, 0xD9]
        for bytes in [beforeFrame, beforeEnd] {
            #expect(try JPEGCodec.decode(bytes) == original)
        }
        // The same stray bytes do not excuse a file that also ends early.
        #expect(throws: CodecError.self) { try JPEGCodec.decode(Array(beforeFrame.prefix(jpeg.count / 2))) }
    }

    @Test func headerClaimingHugeSizeFailsBeforeDecoding() throws {
        #expect(throws: CodecError.imageTooLarge(width: 20000, height: 20000, maxSide: 16384, maxPixels: 64_000_000)) {
            try JPEGCodec.decode(CodecCorpus.bytes("bomb-20000.jpg"), minimumSide: 40)
        }
    }

    @Test(arguments: [
        [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: 64),
        [0xFF, 0xD8, 0xFF, 0xD9],
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9],
        [0xFF, 0xD8] + Array("garbage that is not a JPEG at all".utf8),
    ])
    func garbageAfterSignatureIsAnError(_ bytes: [UInt8]) {
        #expect(throws: CodecError.self) { try JPEGCodec.decode(bytes) }
    }

    @Test func emptyInputIsReported() {
        #expect(throws: CodecError.emptyFile) { try JPEGCodec.decode([]) }
    }
}

/// Embedded ICC profiles split over APP2 segments, read from hostile headers.
@Suite struct JPEGProfileChunkTests {
    /// SOI, one APP2 `ICC_PROFILE` segment with the given sequence number and chunk count, EOI.
    private func jpeg(sequence: UInt8, count: UInt8) -> [UInt8] {
        let payload = Array("ICC_PROFILE".utf8) + [0, sequence, count] + [UInt8](repeating: 7, count: 20)
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xD9]
    }

    @Test func aChunkCountOfZeroIsNoProfileNotACrash() {
        // Found by FuzzImageDecoder: a count of 0 made the range of sequence numbers 1...0, which traps.
        #expect(JPEGCodec.iccProfile(in: jpeg(sequence: 1, count: 0)) == nil)
        #expect(JPEGCodec.iccProfile(in: jpeg(sequence: 0, count: 0)) == nil)
        #expect((try? ImageDecoder.decode(jpeg(sequence: 1, count: 0))) == nil)
    }

    @Test func aSingleChunkIsTheProfile() {
        #expect(JPEGCodec.iccProfile(in: jpeg(sequence: 1, count: 1)) == [UInt8](repeating: 7, count: 20))
        #expect(JPEGCodec.iccProfile(in: jpeg(sequence: 2, count: 1)) == nil)
    }
}

/// HEIF headers whose `ispe` sides are hostile.
@Suite struct HEIFHeaderSizeTests {
    @Test func sidesWhoseAreaOverflowsAreNoTrap() {
        // Found by FuzzImageDecoder: two 32-bit sides near 2^32 multiplied past Int.max in the size estimate.
        let ftyp: [UInt8] = [0, 0, 0, 0x14] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("heic".utf8)
        let ispe = Array("ispe".utf8) + [0, 0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0xFF, 0xF0]
        let header = ftyp + [0, 0, 0, 0x14] + ispe
        let size = HEIFCodec.decodedSize(header: header, minimumSide: nil)
        #expect(size?.width == 0xFFFF_FFF0 && size?.height == 0xFFFF_FFF0)
        #expect(ImageDecoder.decodedByteCount(header: header, minimumSide: nil) != 0)
    }
}

/// The header's marker segments, read once for the EXIF orientation, the ICC profile and the Adobe mark.
@Suite struct JPEGHeaderReadingTests {
    /// `jpeg` with `segments` (marker, payload) inserted right after its SOI.
    static func inserting(_ segments: [(marker: UInt8, payload: [UInt8])], into jpeg: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        for segment in segments {
            let length = segment.payload.count + 2
            header += [0xFF, segment.marker, UInt8(length >> 8), UInt8(length & 0xFF)] + segment.payload
        }
        var bytes = jpeg
        bytes.insert(contentsOf: header, at: 2)
        return bytes
    }

    @Test func orientationAndProfileAreBothHonoured() throws {
        let profiled = try FormatCorpus.bytes("adobe-rgb.jpg")
        let app2 = try #require(JPEGMarkers.headerSegments(in: profiled).first { $0.marker == 0xE2 })
        var untagged = profiled
        untagged.removeSubrange((app2.payload.lowerBound - 4)..<app2.payload.upperBound)
        let upright = try JPEGCodec.decode(profiled)
        // The profile is applied: the same file without it decodes to other colours.
        #expect(try JPEGCodec.decode(untagged).pixels != upright.pixels)
        let exif = EXIFOrientationTests.exif(
            bigEndian: false, entries: [EXIFOrientationTests.orientationEntry(6, bigEndian: false)])
        let rotated = try JPEGCodec.decode(Self.inserting([(JPEGMarkers.app1, exif)], into: profiled))
        #expect(rotated == EXIFOrientation.apply(6, to: upright))
        #expect(rotated.width == upright.height && rotated.height == upright.width)
    }

    @Test func aProfileChainLargerThanLittleCMSTakesIsIgnored() throws {
        let baseline = try CodecCorpus.bytes("baseline.jpg")
        // 65 full chunks: 4.26 MB, over ColorManagement.maxProfileBytes (4 MiB) but a consistent chain.
        let chunk = [UInt8](repeating: 0x5A, count: 65_519)
        let chain = (1...65).map { sequence in
            (marker: UInt8(0xE2), payload: Array("ICC_PROFILE".utf8) + [0, UInt8(sequence), 65] + chunk)
        }
        let bytes = Self.inserting(chain, into: baseline)
        #expect(JPEGCodec.iccProfile(in: bytes)?.count == 65 * 65_519)
        #expect(try JPEGCodec.decode(bytes) == JPEGCodec.decode(baseline))
    }
}
