import Testing

@testable import Imaging

/// Progressive JPEGs are refused from their scan count before decoding when scans × pixels is too much work
/// (issue 11: a 220 KB file burned 4 s of CPU before TurboJPEG's 500-scan limit rejected it).
@Suite struct JPEGScanLimitTests {
    @Test func scansAreCountedByWalkingMarkers() throws {
        #expect(JPEGMarkers.scanCount(in: try CodecCorpus.bytes("baseline.jpg")) == 1)
        #expect(JPEGMarkers.scanCount(in: try CodecCorpus.bytes("progressive.jpg")) == 10)
        #expect(JPEGMarkers.scanCount(in: try CodecCorpus.bytes("scans-200.jpg")) == 200)
        // An EXIF segment holding a whole thumbnail JPEG (with its own SOS) adds no scan.
        let baseline = try CodecCorpus.bytes("baseline.jpg")
        let thumbnail = Array(baseline.prefix(200))
        let app1 = [0xFF, 0xE1, UInt8((thumbnail.count + 2) >> 8), UInt8((thumbnail.count + 2) & 0xFF)] + thumbnail
        #expect(JPEGMarkers.scanCount(in: Array(baseline.prefix(2)) + app1 + baseline.dropFirst(2)) == 1)
        #expect(JPEGMarkers.scanCount(in: []) == 0)
        #expect(JPEGMarkers.scanCount(in: [0xFF, 0xD8, 0xFF, 0xDA, 0x00]) == 0)
    }

    @Test func scansAreCountedOnlyWhereTurboJPEGsOwnLimitIsNotEnough() {
        // 500 scans of a 512 px photo are within the default 2^31 scan-pixels: TJFLAG_LIMITSCANS bounds it.
        #expect(!JPEGCodec.needsScanCount(width: 512, height: 512, limits: ImageLimits()))
        #expect(!JPEGCodec.needsScanCount(width: 2048, height: 2048, limits: ImageLimits()))
        // Above 2^31 / 500 pixels (4.3 megapixels), or under a tighter limit, the scans are counted first.
        #expect(JPEGCodec.needsScanCount(width: 2100, height: 2100, limits: ImageLimits()))
        #expect(JPEGCodec.needsScanCount(width: 256, height: 256, limits: ImageLimits(maxScanPixels: 100 * 256 * 256)))
        #expect(JPEGCodec.needsScanCount(width: Int.max, height: Int.max, limits: ImageLimits()))
    }

    @Test func tooManyScansForTheSizeAreRefusedBeforeDecoding() throws {
        let bytes = try CodecCorpus.bytes("scans-200.jpg")
        let image = try JPEGCodec.decode(bytes)
        #expect(image.width == 256 && image[10, 10] == RGBA8(r: 128, g: 128, b: 128))
        let limits = ImageLimits(maxScanPixels: 100 * 256 * 256)
        #expect(throws: CodecError.tooManyScans(scans: 200, width: 256, height: 256, maxScans: 100)) {
            try JPEGCodec.decode(bytes, limits: limits)
        }
        #expect(
            CodecError.tooManyScans(scans: 499, width: 7936, height: 7936, maxScans: 34).description
                == "progressive JPEG has 499 scans at 7936x7936 px, more than the 34 that can be decoded in reasonable time at that size: re-save it as a baseline JPEG"
        )
        // Ordinary progressive files at the largest allowed size stay well inside the default limit.
        #expect(ImageLimits().maxScanPixels / 64_000_000 >= 30)
    }
}
