import Foundation
import Testing

@testable import Imaging

/// The PNG writer: every file it makes is decoded by libpng back to exactly the pixels it was given, at every
/// compression level, for every filter and colour type it writes, whatever the image's size.
@Suite struct PNGWriterTests {
    // MARK: - Images

    /// Smooth colour with some noise, like a resampled photo; `alpha` nil makes it fully opaque.
    static func photoLike(width: Int, height: Int, seed: UInt64, alpha: ((Int, Int) -> UInt8)? = nil) -> RGBAImage {
        var random = DeterministicRandom(seed: seed)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let noise = random.next(9) - 4
                func channel(_ base: Int) -> UInt8 { UInt8(clamping: base + noise) }
                image[x, y] = RGBA8(
                    r: channel(40 + x * 150 / width), g: channel(200 - y * 120 / height),
                    b: channel(90 + (x + y) % 40), a: alpha?(x, y) ?? 255)
            }
        }
        return image
    }

    /// Sizes that exercise the byte-by-byte edges of the row filters: one pixel, rows shorter than a vector,
    /// odd widths whose rows end mid-vector, and one row or one column only.
    static let sizes: [(width: Int, height: Int)] = [(1, 1), (2, 3), (5, 1), (1, 7), (17, 5), (33, 9), (101, 3)]

    /// Whether the IHDR of `png` declares 8-bit RGB (2) or RGBA (6).
    static func colorType(of png: [UInt8]) -> UInt8 { png[8 + 8 + 9] }

    // MARK: - Round trips

    @Test(arguments: PNGCompression.allCases)
    func translucentImagesRoundTripExactlyAsRGBA(_ compression: PNGCompression) throws {
        for (width, height) in Self.sizes {
            // Alpha from 0 to 255, with colour kept under fully transparent pixels: it must come back too.
            let image = Self.photoLike(width: width, height: height, seed: UInt64(width * 31 + height)) { x, y in
                UInt8((x * 37 + y * 11) % 256)
            }
            let png = try PNGCodec.encode(image, compression: compression)
            #expect(Self.colorType(of: png) == 6, "\(width)x\(height)")
            #expect(try PNGCodec.decode(png) == image, "\(width)x\(height) at \(compression)")
        }
    }

    @Test(arguments: PNGCompression.allCases)
    func opaqueImagesRoundTripExactlyAsRGB(_ compression: PNGCompression) throws {
        for (width, height) in Self.sizes {
            let image = Self.photoLike(width: width, height: height, seed: UInt64(width + height * 7))
            let png = try PNGCodec.encode(image, compression: compression)
            #expect(Self.colorType(of: png) == 2, "\(width)x\(height)")
            #expect(try PNGCodec.decode(png) == image, "\(width)x\(height) at \(compression)")
        }
    }

    @Test func oneTranslucentPixelAnywhereKeepsTheAlphaChannel() throws {
        // The opacity check reads 16 bytes at a time, then the remainder one pixel at a time: probe both parts.
        let opaque = Self.photoLike(width: 7, height: 3, seed: 5)
        #expect(opaque.isOpaque)
        for (x, y) in [(0, 0), (3, 0), (6, 1), (6, 2)] {
            var image = opaque
            image[x, y].a = 254
            #expect(!image.isOpaque)
            let png = try PNGCodec.encode(image)
            #expect(Self.colorType(of: png) == 6)
            #expect(try PNGCodec.decode(png) == image)
        }
    }

    @Test(arguments: PNGFilter.allCases)
    func everyFilterRoundTripsOnItsOwn(_ filter: PNGFilter) throws {
        for (width, height) in Self.sizes {
            let translucent = Self.photoLike(width: width, height: height, seed: 9) { x, _ in UInt8(255 - x % 200) }
            for image in [translucent, Self.photoLike(width: width, height: height, seed: 10)] {
                let png = try PNGWriter.encode(
                    image, chunksAfterHeader: [], deflateMethod: .libdeflate(level: 6), filterChoice: .fixed(filter))
                #expect(try PNGCodec.decode(png) == image, "\(filter) on \(width)x\(height)")
            }
        }
    }

    // MARK: - Filter choice

    /// Rows each built so that one filter predicts them exactly while the others do not: the heuristic must
    /// pick that filter for each, and the file must still decode to the same pixels.
    @Test(arguments: [3, 4])
    func heuristicPicksTheFilterThatFitsEachRow(bytesPerPixel bpp: Int) throws {
        let width = 61, count = width * bpp
        var random = DeterministicRandom(seed: UInt64(bpp))
        func randomRow() -> [UInt8] { (0..<count).map { _ in UInt8(random.next(256)) } }
        let previous = randomRow()
        func left(_ row: [UInt8], _ i: Int) -> UInt8 { i >= bpp ? row[i - bpp] : 0 }
        func upperLeft(_ i: Int) -> UInt8 { i >= bpp ? previous[i - bpp] : 0 }
        func built(_ predict: ([UInt8], Int) -> UInt8) -> [UInt8] {
            var row = [UInt8](repeating: 0, count: count)
            for i in 0..<count { row[i] = predict(row, i) }
            return row
        }
        var rows: [PNGFilter: [UInt8]] = [:]
        // Small signed values: no prediction beats "none".
        rows[.none] = (0..<count).map { _ in [0, 1, 255][random.next(3)] }
        // A ramp along the row, unrelated to the row above.
        rows[.sub] = (0..<count).map { UInt8(truncatingIfNeeded: 7 + $0 / bpp * 3) }
        rows[.up] = previous
        rows[.average] = built { row, i in UInt8((Int(left(row, i)) + Int(previous[i])) / 2) }
        // A first pixel unlike the one above (from it, Paeth would only ever copy the row above).
        rows[.paeth] = built { row, i in
            i < bpp
                ? previous[i] &+ 128
                : PNGRowFilter.paethPredictor(left: left(row, i), above: previous[i], upperLeft: upperLeft(i))
        }
        for (expected, row) in rows {
            let chosen = row.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { above in
                    PNGRowFilter.choose(
                        .smallestResiduals(sampleEvery: 1), row: row.baseAddress!,
                        previous: above.baseAddress!, count: count, bytesPerPixel: bpp)
                }
            }
            #expect(chosen == expected, "bpp \(bpp)")
        }
        // All of them in one image, each below the random row it was built against.
        var pixels: [UInt8] = []
        for filter in PNGFilter.allCases {
            for row in [previous, rows[filter] ?? []] {
                for x in 0..<width {
                    pixels += row[x * bpp..<x * bpp + bpp] + (bpp == 3 ? [255] : [])
                }
            }
        }
        let image = try #require(RGBAImage(width: width, height: 10, pixels: pixels))
        for compression in PNGCompression.allCases {
            #expect(try PNGCodec.decode(PNGCodec.encode(image, compression: compression)) == image)
        }
    }

    @Test func filteringAppliesTheSpecificationsPredictors() {
        // One RGB pixel after a first one, above a known row: each filter's residual worked out by hand.
        let row: [UInt8] = [10, 20, 30, 100, 90, 80], previous: [UInt8] = [50, 60, 70, 40, 200, 90]
        let expected: [PNGFilter: [UInt8]] = [
            .none: row,
            .sub: [10, 20, 30, 90, 70, 50],
            .up: [216, 216, 216, 60, 146, 246],
            // First pixel: x - above / 2; then x - (left + above) / 2.
            .average: [241, 246, 251, 75, 236, 20],
            // First pixel: x - above; then p = a + b - c is closest to left, above and left for the three bytes.
            .paeth: [216, 216, 216, 90, 146, 50],
        ]
        for (filter, residuals) in expected {
            var output = [UInt8](repeating: 0, count: 6)
            row.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { above in
                    output.withUnsafeMutableBufferPointer { out in
                        PNGRowFilter.apply(
                            filter, row: row.baseAddress!, previous: above.baseAddress!, count: 6,
                            bytesPerPixel: 3, output: out.baseAddress!)
                    }
                }
            }
            #expect(output == residuals, "\(filter)")
        }
    }

    // MARK: - Chunks

    @Test(arguments: PNGCompression.allCases)
    func textChunksStayRightAfterTheHeader(_ compression: PNGCompression) throws {
        let image = Self.photoLike(width: 20, height: 20, seed: 3)
        let png = try PNGCodec.encode(
            image, text: [("Software", "chat-tui"), ("Title", "周末骑行群")],
            compression: compression)
        let chunks = PNGCodecTests.chunks(in: png)
        #expect(chunks.map(\.type) == ["IHDR", "tEXt", "iTXt", "sRGB", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crcIsValid })
        #expect(PNGCodec.textChunks(in: png).map(\.value) == ["chat-tui", "周末骑行群"])
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func longImageDataIsSplitOverSeveralIDATChunks() throws {
        let image = Self.photoLike(width: 40, height: 30, seed: 4) { x, y in UInt8(100 + (x + y) % 100) }
        let png = try PNGWriter.encode(
            image, chunksAfterHeader: [], deflateMethod: .libdeflate(level: 6),
            filterChoice: .smallestResiduals(sampleEvery: 1), idatLength: 100)
        let chunks = PNGCodecTests.chunks(in: png)
        let idats = chunks.filter { $0.type == "IDAT" }
        #expect(idats.count > 3)
        #expect(idats.allSatisfy { $0.data.count <= 100 })
        #expect(idats.dropLast().allSatisfy { $0.data.count == 100 })
        #expect(chunks.allSatisfy { $0.crcIsValid })
        #expect(chunks.last?.type == "IEND")
        #expect(try PNGCodec.decode(png) == image)
        // The same stream as one chunk: splitting only moves bytes.
        let whole = try PNGWriter.encode(
            image, chunksAfterHeader: [], deflateMethod: .libdeflate(level: 6),
            filterChoice: .smallestResiduals(sampleEvery: 1))
        let wholeData = PNGCodecTests.chunks(in: whole).filter { $0.type == "IDAT" }.flatMap(\.data)
        #expect(idats.flatMap(\.data) == wholeData)
    }

    // MARK: - Compression levels

    /// A grainy picture, where run-length coding wins, and a tiled one, where long matches win: the sampled
    /// choice must pick the same coder as trying both in full, and every method must give back the pixels.
    @Test func sampledCoderChoiceMatchesTheWholeTrial() throws {
        var grainy = RGBAImage(width: 300, height: 300), tiled = RGBAImage(width: 300, height: 300)
        var random = DeterministicRandom(seed: 8)
        func grain(_ base: Int) -> UInt8 { UInt8(clamping: base + random.next(7) + random.next(7) - 6) }
        for y in 0..<300 {
            for x in 0..<300 { grainy[x, y] = RGBA8(r: grain(60 + x / 3), g: grain(180 - y / 3), b: grain(90), a: 255) }
        }
        let tile = (0..<(12 * 12)).map { _ in
            RGBA8(r: UInt8(random.next(256)), g: UInt8(random.next(256)), b: 60, a: 255)
        }
        for y in 0..<300 { for x in 0..<300 { tiled[x, y] = tile[(y % 12) * 12 + x % 12] } }
        var sizes: [String: Int] = [:]
        for (name, image) in [("grainy", grainy), ("tiled", tiled)] {
            func encode(_ method: PNGDeflateMethod) throws -> [UInt8] {
                let png = try PNGWriter.encode(
                    image, chunksAfterHeader: [], deflateMethod: method,
                    filterChoice: .smallestResiduals(sampleEvery: 1))
                #expect(try PNGCodec.decode(png) == image, "\(name) \(method)")
                return png
            }
            let sampled = try encode(.smallerOnSample(libdeflateLevel: 6))
            #expect(sampled == (try encode(.smaller(libdeflateLevel: 6))), "\(name)")
            let lz = try encode(.libdeflate(level: 6))
            sizes[name] = lz.count - sampled.count
        }
        // The grainy picture went to the run-length coder (smaller than libdeflate), the tiled one to libdeflate.
        #expect(try #require(sizes["grainy"]) > 0)
        #expect(sizes["tiled"] == 0)
    }

    @Test func compressionNamesAreStable() {
        #expect(PNGCompression.allCases.map(\.rawValue) == ["fast", "default", "small"])
        #expect(PNGCompression(rawValue: "small") == .small)
        #expect(PNGCompression(rawValue: "best") == nil)
    }
}
