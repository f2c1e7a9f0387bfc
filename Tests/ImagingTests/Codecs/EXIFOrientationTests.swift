import Imaging
import Testing

@Suite struct EXIFOrientationTests {
    /// A minimal JPEG header: SOI, the given segments, EOI.
    static func jpeg(segments: [(marker: UInt8, payload: [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in segments {
            let length = segment.payload.count + 2
            bytes += [0xFF, segment.marker, UInt8(length >> 8), UInt8(length & 0xFF)] + segment.payload
        }
        return bytes + [0xFF, 0xD9]
    }

    /// An Exif APP1 payload whose IFD0 holds `entries` (tag, type, count, 4 value bytes), in either byte order.
    static func exif(
        bigEndian: Bool, ifdOffset: UInt32 = 8, declaredCount: UInt16? = nil,
        entries: [(tag: UInt16, type: UInt16, count: UInt32, value: [UInt8])]
    ) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            let be = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) }
            return bigEndian ? be : be.reversed()
        }
        var tiff: [UInt8] = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(ifdOffset)
        tiff += u16(declaredCount ?? UInt16(entries.count))
        for entry in entries { tiff += u16(entry.tag) + u16(entry.type) + u32(entry.count) + entry.value }
        tiff += u32(0)
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    static func orientationEntry(_ value: UInt16, bigEndian: Bool) -> (UInt16, UInt16, UInt32, [UInt8]) {
        (
            0x0112, 3, 1,
            bigEndian
                ? [UInt8(value >> 8), UInt8(value & 0xFF), 0, 0] : [UInt8(value & 0xFF), UInt8(value >> 8), 0, 0]
        )
    }

    @Test func readsBothByteOrders() {
        let intel = Self.jpeg(segments: [
            (0xE1, Self.exif(bigEndian: false, entries: [Self.orientationEntry(6, bigEndian: false)]))
        ])
        let motorola = Self.jpeg(segments: [
            (0xE1, Self.exif(bigEndian: true, entries: [Self.orientationEntry(3, bigEndian: true)]))
        ])
        #expect(EXIFOrientation.read(from: intel) == 6)
        #expect(EXIFOrientation.read(from: motorola) == 3)
    }

    @Test func findsTagAfterOtherEntriesAndSkipsXMPSegment() {
        let entries = [
            (UInt16(0x010F), UInt16(2), UInt32(4), Array("Acme".utf8)), Self.orientationEntry(8, bigEndian: true),
        ]
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x/>".utf8)
        let bytes = Self.jpeg(segments: [
            (0xE0, Array("JFIF".utf8) + [0, 1, 2]), (0xE1, xmp),
            (0xE1, Self.exif(bigEndian: true, entries: entries)),
        ])
        #expect(EXIFOrientation.read(from: bytes) == 8)
    }

    @Test(
        arguments: [
            "exif-orientation-1.jpg": 1, "exif-orientation-2.jpg": 2, "exif-orientation-3.jpg": 3,
            "exif-orientation-4.jpg": 4, "exif-orientation-5.jpg": 5, "exif-orientation-6.jpg": 6,
            "exif-orientation-7.jpg": 7, "exif-orientation-8.jpg": 8, "exif-orientation-6-motorola.jpg": 6,
            "baseline.jpg": nil,
        ] as [String: Int?])
    func readsCorpusFiles(file: String, orientation: Int?) throws {
        #expect(EXIFOrientation.read(from: try CodecCorpus.bytes(file)) == orientation)
    }

    @Test func hostileBlobsReadAsNil() {
        let valid = Self.orientationEntry(6, bigEndian: false)
        let blobs: [[UInt8]] = [
            Self.exif(bigEndian: false, ifdOffset: 0xFFFF_FFF0, entries: [valid]),  // IFD past the end
            Self.exif(bigEndian: false, ifdOffset: 0x7FFF_FFFF, entries: []),  // IFD far past the end
            Self.exif(bigEndian: false, declaredCount: 0xFFFF, entries: []),  // huge count, no entries
            Self.exif(bigEndian: false, entries: [Self.orientationEntry(9, bigEndian: false)]),  // out of range
            Self.exif(bigEndian: false, entries: [Self.orientationEntry(0, bigEndian: false)]),
            Self.exif(bigEndian: false, entries: [(0x0112, 2, 1, [6, 0, 0, 0])]),  // wrong type (ASCII)
            Array("Exif".utf8) + [0, 0] + Array("XX".utf8) + [42, 0, 8, 0, 0, 0],  // bad byte order mark
            Array("Exif".utf8) + [0, 0] + Array("II".utf8) + [43, 0, 8, 0, 0, 0, 0, 0],  // not 42
            Array("Exif".utf8) + [0, 0, 0x49],  // TIFF cut short
            Array("Exif".utf8),  // no TIFF at all
        ]
        for blob in blobs {
            #expect(EXIFOrientation.read(from: Self.jpeg(segments: [(0xE1, blob)])) == nil)
        }
    }

    @Test func hugeCountStillFindsTheEntriesThatExist() {
        let blob = Self.exif(
            bigEndian: true, declaredCount: 0xFFFF, entries: [Self.orientationEntry(5, bigEndian: true)])
        #expect(EXIFOrientation.read(from: Self.jpeg(segments: [(0xE1, blob)])) == 5)
    }

    @Test func brokenSegmentStructureReadsAsNil() {
        let exif = Self.exif(bigEndian: false, entries: [Self.orientationEntry(6, bigEndian: false)])
        let whole = Self.jpeg(segments: [(0xE1, exif)])
        #expect(EXIFOrientation.read(from: whole) == 6)
        // Every truncation, a segment length beyond the end, a length below 2, and a non-JPEG.
        for length in 0..<whole.count - 2 {
            #expect(EXIFOrientation.read(from: Array(whole.prefix(length))) == nil)
        }
        var tooLong = whole
        tooLong[4] = 0xFF
        #expect(EXIFOrientation.read(from: tooLong) == nil)
        var tooShort = whole
        (tooShort[4], tooShort[5]) = (0, 1)
        #expect(EXIFOrientation.read(from: tooShort) == nil)
        #expect(EXIFOrientation.read(from: Array("not a jpeg".utf8)) == nil)
        #expect(EXIFOrientation.read(from: []) == nil)
    }

    @Test func randomMutationsNeverTrap() {
        let exif = Self.exif(bigEndian: false, entries: [Self.orientationEntry(6, bigEndian: false)])
        let seed = Self.jpeg(segments: [(0xE1, exif)])
        var random = DeterministicRandom(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0...random.next(4) { bytes[random.next(bytes.count)] = UInt8(random.next(256)) }
            let orientation = EXIFOrientation.read(from: bytes)
            #expect(orientation == nil || (1...8).contains(orientation ?? 0))
        }
    }

    /// A 3x2 image whose pixels are a b c / d e f (red channel 1...6).
    static let letters: RGBAImage = {
        var image = RGBAImage(width: 3, height: 2)
        for index in 0..<6 { image[index % 3, index / 3] = RGBA8(r: UInt8(index + 1), g: 0, b: 0) }
        return image
    }()

    /// The red channels of `image`, row by row.
    static func layout(_ image: RGBAImage) -> [[UInt8]] {
        (0..<image.height).map { y in (0..<image.width).map { x in image[x, y].r } }
    }

    @Test(
        arguments: [
            (1, [[1, 2, 3], [4, 5, 6]]),
            (2, [[3, 2, 1], [6, 5, 4]]),  // mirrored left-right
            (3, [[6, 5, 4], [3, 2, 1]]),  // turned 180°
            (4, [[4, 5, 6], [1, 2, 3]]),  // mirrored top-bottom
            (5, [[1, 4], [2, 5], [3, 6]]),  // transposed
            (6, [[4, 1], [5, 2], [6, 3]]),  // turned 90° clockwise
            (7, [[6, 3], [5, 2], [4, 1]]),  // transversed
            (8, [[3, 6], [2, 5], [1, 4]]),  // turned 90° anticlockwise
            (0, [[1, 2, 3], [4, 5, 6]]),  // invalid values leave the image alone
        ] as [(Int, [[UInt8]])])
    func applyMatchesHandDrawnLayouts(orientation: Int, expected: [[UInt8]]) {
        #expect(Self.layout(EXIFOrientation.apply(orientation, to: Self.letters)) == expected)
    }
}
