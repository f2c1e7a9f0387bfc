import Foundation
import Imaging
import Support
import Testing

@testable import TerminalUI

/// A small sixel decoder written for the test from the DEC format: `#n;2;r;g;b` colour definitions (percent),
/// `#n` colour selection, data characters `?`...`~` (six pixels of a column, low bit on top), `!count` repeats,
/// `$` back to the band's start, `-` the next band; `"` raster attributes give the size.
enum SixelDecoder {
    struct DecodeError: Error { var message: String }

    static func decode(_ text: String, width: Int, height: Int, background: RGBA8) throws -> RGBAImage {
        var bytes = Array(text.utf8)
        guard let start = bytes.firstIndex(of: UInt8(ascii: "q")), bytes.first == 0x1B,
            bytes.count > 2, bytes[1] == UInt8(ascii: "P")
        else { throw DecodeError(message: "no DCS q") }
        bytes = Array(bytes[(start + 1)...])
        var image = RGBAImage(width: width, height: height, fill: background)
        var palette: [Int: RGBA8] = [:]
        var color = RGBA8.black
        var x = 0, band = 0, index = 0
        func number() -> Int {
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30); index += 1
            }
            return value
        }
        func paint(_ bits: UInt8, count: Int) {
            for _ in 0..<count {
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    let y = band * 6 + bit
                    if x < width, y < height { image[x, y] = color }
                }
                x += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B: return image
            case UInt8(ascii: "\""):
                index += 1
                for _ in 0..<4 {
                    _ = number(); if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
                }
            case UInt8(ascii: "#"):
                index += 1
                let register = number()
                if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                    index += 1
                    let system = number(); index += 1
                    let a = number(); index += 1
                    let b = number(); index += 1
                    let c = number()
                    guard system == 2 else { throw DecodeError(message: "HLS colours are not expected") }
                    func level(_ percent: Int) -> UInt8 { UInt8((Double(percent) * 255 / 100).rounded()) }
                    palette[register] = RGBA8(r: level(a), g: level(b), b: level(c))
                }
                color = palette[register] ?? .black
            case UInt8(ascii: "!"):
                index += 1
                let count = number()
                guard index < bytes.count else { throw DecodeError(message: "repeat without data") }
                paint(bytes[index] - 0x3F, count: count); index += 1
            case UInt8(ascii: "$"): x = 0; index += 1
            case UInt8(ascii: "-"): x = 0; band += 1; index += 1
            case 0x3F...0x7E: paint(byte - 0x3F, count: 1); index += 1
            default: index += 1
            }
        }
        throw DecodeError(message: "no string terminator")
    }

    static func psnr(_ first: RGBAImage, _ second: RGBAImage) -> Double {
        var squared = 0.0, count = 0.0
        for (index, (a, b)) in zip(first.pixels, second.pixels).enumerated() where index % 4 != 3 {
            let difference = Double(a) - Double(b)
            squared += difference * difference; count += 1
        }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / count))
    }
}

@Suite struct SixelEncoderTests {
    @Test func decodedSixelMatchesTheCompositedPicture() throws {
        let image = GraphicsFixtures.picture(width: 120, height: 100)
        let sixel = try SixelEncoder.encode(image, backdrop: .checkerboard)
        #expect(sixel.hasPrefix("\u{1B}P"))
        #expect(sixel.hasSuffix("\u{1B}\\"))
        let decoded = try SixelDecoder.decode(sixel, width: 120, height: 100, background: .black)
        let expected = Backdrop.checkerboard.composite(image)
        let psnr = SixelDecoder.psnr(decoded, expected)
        #expect(psnr >= 30, "PSNR \(psnr) dB")
    }

    @Test func everyPixelOfAPictureOfFewColoursComesBackAsItsOwnColour() throws {
        // Twelve colours at least 51 levels apart, fewer than the palette holds: every pixel must come back as
        // its own colour, within libsixel's five bits a channel (and its percentages), none left unpainted. The
        // left part is in columns of one colour down each band, the right part changes every other row, and
        // the last band has five rows.
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        let colors = (0..<12).map { RGBA8(r: levels[$0 % 6], g: levels[($0 / 2) % 6], b: levels[5 - $0 % 6]) }
        var image = RGBAImage(width: 37, height: 17)
        for y in 0..<17 {
            for x in 0..<37 { image[x, y] = colors[x < 20 ? (x / 3) % 12 : (x / 4 + y / 2) % 12] }
        }
        let sixel = try SixelEncoder.encode(image, backdrop: .solid(.white))
        let decoded = try SixelDecoder.decode(sixel, width: 37, height: 17, background: RGBA8(r: 1, g: 2, b: 3))
        var largest = 0
        for (decodedByte, byte) in zip(decoded.pixels, image.pixels) {
            largest = max(largest, abs(Int(decodedByte) - Int(byte)))
        }
        #expect(largest <= 8, "a channel is \(largest) levels off")
        // Runs of the same column pattern are written as repeats.
        #expect(sixel.contains("!"))
    }

    @Test func aPictureEncodedInRunsOnSeveralCoresComesBackWhole() throws {
        // Large enough to be mapped and written in runs of bands at once (on a machine of two cores or more),
        // with rows of 599 so that the last band has five: every band must come back in its place, one `-`
        // between bands and none after the last, each pixel its own colour (twelve colours, as above).
        let (width, height) = (640, 599)
        let runs = ParallelRuns.runs(rows: height, width: width, granule: 6)
        #expect(runs.count == min(2, ProcessInfo.processInfo.activeProcessorCount))
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        let colors = (0..<12).map { RGBA8(r: levels[$0 % 6], g: levels[($0 / 2) % 6], b: levels[5 - $0 % 6]) }
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = colors[(x / 7 + y / 5) % 12] }
        }
        let sixel = try SixelEncoder.encode(image, backdrop: .solid(.white))
        #expect(sixel.filter { $0 == "-" }.count == (height + 5) / 6 - 1)
        let decoded = try SixelDecoder.decode(sixel, width: width, height: height, background: RGBA8(r: 1, g: 2, b: 3))
        var largest = 0
        for (decodedByte, byte) in zip(decoded.pixels, image.pixels) {
            largest = max(largest, abs(Int(decodedByte) - Int(byte)))
        }
        #expect(largest <= 8, "a channel is \(largest) levels off")
    }

    @Test func decoderCatchesAWrongPicture() throws {
        // The check above must be able to fail: the same sixel against another picture scores far lower.
        let image = GraphicsFixtures.picture(width: 60, height: 30)
        let decoded = try SixelDecoder.decode(
            try SixelEncoder.encode(image, backdrop: .solid(.white)), width: 60,
            height: 30, background: .black)
        let other = Backdrop.solid(.white).composite(GraphicsFixtures.picture(width: 60, height: 30).flippedForTest())
        #expect(SixelDecoder.psnr(decoded, other) < 20)
    }

    @Test func aLargePicturesPaletteIsTheOneLibsixelMakesFromAllItsPixels() throws {
        // 300 x 200 pixels of noise: libsixel's histogram reads every third one, and only those are handed to it.
        var state: UInt32 = 7
        let pixels = (0..<300 * 200).flatMap { _ -> [UInt8] in
            state = state &* 1_103_515_245 &+ 12_345
            return [UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16), 90, 255]
        }
        var rgb = stride(from: 0, to: pixels.count, by: 4).flatMap { pixels[$0..<$0 + 3] }
        let all = try SixelEncoder.libsixelPalette(&rgb, width: 300, height: 200, colors: 256)
        #expect(all.count == 256 * 3)
        #expect(try SixelEncoder.palette(pixels[...], width: 300, height: 200, colors: 256) == all)
    }

    @Test func aListAvatarsPaletteIsMadeFromEveryOtherPixelAndASmallPicturesFromAll() throws {
        // A 144 px avatar (libsixel would read all of its pixels) gives libsixel every other one; a picture under
        // 4096 pixels gives it all of them.
        for (side, step) in [(144, 2), (63, 1)] {
            let picture = GraphicsFixtures.picture(width: side, height: side).pixels
            let pixelCount = side * side
            var sampled = stride(from: 0, to: pixelCount, by: step).flatMap { picture[$0 * 4..<$0 * 4 + 3] }
            let expected = try SixelEncoder.libsixelPalette(
                &sampled, width: step == 1 ? side : sampled.count / 3, height: step == 1 ? side : 1, colors: 256)
            #expect(try SixelEncoder.palette(picture[...], width: side, height: side, colors: 256) == expected)
            var all = stride(from: 0, to: pixelCount, by: 1).flatMap { picture[$0 * 4..<$0 * 4 + 3] }
            let allPalette = try SixelEncoder.libsixelPalette(&all, width: side, height: side, colors: 256)
            #expect((expected == allPalette) == (step == 1), "side \(side)")
        }
    }

    @Test func palettesMadeOnManyThreadsAtOnceAreTheOnesMadeOneAtATime() throws {
        // libsixel's median cut keeps the plane it sorts by in a global: two pictures quantised at once (the list
        // thumbnails and the preview are encoded off the UI thread) would sort each other's boxes.
        let pictures = (0..<4).map { seed -> [UInt8] in
            var state = UInt32(seed * 97 + 3)
            return (0..<120 * 90).flatMap { _ -> [UInt8] in
                state = state &* 1_103_515_245 &+ 12_345
                return [UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16), 40, 255]
            }
        }
        let expected = try pictures.map { try SixelEncoder.palette($0[...], width: 120, height: 90, colors: 256) }
        let mismatches = LockedState(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<12 {
                let picture = (thread + round) % pictures.count
                let palette = try? SixelEncoder.palette(pictures[picture][...], width: 120, height: 90, colors: 256)
                if palette != expected[picture] { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func nearestEntryIsTheFirstOfTheLeastDistance() {
        var state: UInt32 = 11
        func next() -> UInt8 {
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        for count in [1, 5, 16, 17, 200, 256] {
            var palette = (0..<count * 3).map { _ in next() }
            // Repeated entries are equally near: the first is the one.
            for copy in [count - 1, 17] where count > 17 || (copy == count - 1 && count > 5) {
                palette.replaceSubrange((copy * 3)..<(copy * 3 + 3), with: palette[3..<6])
            }
            let entries = SixelEncoder.PaletteSearch(palette).entries
            // Random colours, then the entries' own.
            let colours =
                (0..<400).map { _ in [next(), next(), next()] }
                + (0..<count).map { palette[($0 * 3)..<($0 * 3 + 3)].map { $0 } }
            for colour in colours {
                let (red, green, blue) = (Int(colour[0]), Int(colour[1]), Int(colour[2]))
                var expected = 0, least = Int.max
                for entry in 0..<count {
                    let dr = Int(palette[entry * 3]) - red, dg = Int(palette[entry * 3 + 1]) - green
                    let db = Int(palette[entry * 3 + 2]) - blue
                    if dr * dr + dg * dg + db * db < least { (expected, least) = (entry, dr * dr + dg * dg + db * db) }
                }
                let found = entries.withUnsafeBufferPointer {
                    SixelEncoder.PaletteSearch.nearest(
                        red: Int32(red), green: Int32(green), blue: Int32(blue), in: $0)
                }
                #expect(found == expected, "\(count) entries, colour \(red) \(green) \(blue)")
            }
        }
    }

    @Test func onlySevenBitPrintableBytes() throws {
        let sixel = try SixelEncoder.encode(GraphicsFixtures.picture(width: 16, height: 16), backdrop: .checkerboard)
        #expect(sixel.utf8.allSatisfy { $0 == 0x1B || (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D })
    }
}

extension RGBAImage {
    /// Upside down.
    func flippedForTest() -> RGBAImage {
        var result = self
        for y in 0..<height { for x in 0..<width { result[x, y] = self[x, height - 1 - y] } }
        return result
    }
}
