import Foundation
import Imaging
import Testing

@testable import TerminalUI

/// A test picture with gradients, a hard edge and transparent corners.
enum GraphicsFixtures {
    static func picture(width: Int = 90, height: Int = 70) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let inside = (x > 4 || y > 4) && (x < width - 5 || y < height - 5)
                image[x, y] = RGBA8(
                    r: UInt8(x * 255 / width), g: UInt8(y * 255 / height),
                    b: x > width / 2 ? 200 : 40, a: inside ? 255 : 0)
            }
        }
        return image
    }
}

@Suite struct KittyGraphicsTests {
    /// The chunks of APC sequences: (control keys, payload).
    private func chunks(_ text: String) -> [(keys: [String: String], payload: String)] {
        text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.map { sequence in
            #expect(sequence.hasPrefix("\u{1B}_G"))
            let body = sequence.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                keys[String(keyValue[0])] = String(keyValue[1])
            }
            return (keys, parts.count > 1 ? String(parts[1]) : "")
        }
    }

    @Test func payloadDecodesToTheSamePixels() throws {
        // Noise does not compress, so the PNG takes several chunks.
        var image = GraphicsFixtures.picture(width: 200, height: 150)
        var seed: UInt32 = 1
        for index in image.pixels.indices where index % 4 != 3 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            image.pixels[index] = UInt8(truncatingIfNeeded: seed >> 24)
        }
        let text = try KittyGraphics.display(image, id: 7, columns: 25, rows: 9)
        let parsed = chunks(text)
        #expect(parsed.count > 1, "a picture this size needs several chunks")
        #expect(parsed[0].keys["a"] == "T" && parsed[0].keys["f"] == "100" && parsed[0].keys["i"] == "7")
        #expect(parsed[0].keys["c"] == "25" && parsed[0].keys["r"] == "9" && parsed[0].keys["q"] == "2")
        for (index, chunk) in parsed.enumerated() {
            #expect(chunk.keys["m"] == (index == parsed.count - 1 ? "0" : "1"))
            #expect(chunk.payload.utf8.count <= KittyGraphics.chunkSize)
            if index > 0 { #expect(chunk.keys.keys.sorted() == ["m"]) }
        }
        let base64 = parsed.map(\.payload).joined()
        let png = try #require(Data(base64Encoded: base64))
        let decoded = try PNGCodec.decode(Array(png))
        #expect(decoded == image)
    }

    @Test func smallPictureIsOneChunkAndDeleteNamesTheImage() throws {
        let text = try KittyGraphics.display(RGBAImage(width: 2, height: 2, fill: .white), id: 3, columns: 1, rows: 1)
        #expect(chunks(text).count == 1)
        #expect(chunks(text)[0].keys["m"] == "0")
        #expect(KittyGraphics.delete(id: 3) == "\u{1B}_Ga=d,d=i,i=3,q=2\u{1B}\\")
    }
}

@Suite struct ITermImagesTests {
    @Test func inlineImageCarriesThePNGAndTheCellSize() throws {
        let image = GraphicsFixtures.picture()
        let text = try ITermImages.display(image, columns: 12, rows: 5)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;"))
        #expect(text.hasSuffix("\u{07}"))
        let header = try #require(text.split(separator: ":", maxSplits: 1).first)
        #expect(header.contains(";width=12;") && header.contains(";height=5;"))
        #expect(header.hasSuffix("preserveAspectRatio=0"))
        let base64 = text.dropFirst(header.count + 1).dropLast()
        let png = try #require(Data(base64Encoded: String(base64)))
        #expect(try PNGCodec.decode(Array(png)) == image)
        #expect(header.contains(";size=\(png.count);"))
    }

    @Test func theSizeIsThePayloadsDecodedLengthWhateverItsPadding() {
        // 4, 5 and 6 bytes: two, one and no padding characters.
        for bytes in [
            [UInt8](repeating: 7, count: 4), [UInt8](repeating: 7, count: 5), [UInt8](repeating: 7, count: 6),
        ] {
            let text = ITermImages.display(payload: Data(bytes).base64EncodedString(), columns: 1, rows: 1)
            #expect(text.contains(";size=\(bytes.count);"), "\(bytes.count) bytes")
        }
    }
}

@Suite struct CellPixelSizeTests {
    @Test func replyThenWindowPixelsThenFallback() {
        let reply = CellPixelSize(width: 10, height: 21)
        #expect(CellPixelSize.resolve(reply: reply, windowPixels: (800, 600), columns: 80, rows: 24) == reply)
        #expect(
            CellPixelSize.resolve(reply: nil, windowPixels: (800, 600), columns: 80, rows: 24)
                == CellPixelSize(width: 10, height: 25))
        #expect(
            CellPixelSize.resolve(
                reply: CellPixelSize(width: 0, height: 0), windowPixels: (0, 0), columns: 80,
                rows: 24) == .fallback)
        #expect(CellPixelSize.resolve(reply: nil, windowPixels: nil, columns: 0, rows: 0) == .fallback)
    }

    @Test func cellSizesNoTerminalHasAreIgnored() {
        // 128 x 256 px was accepted once and made a 200 x 60 preview 3 GB of pixels.
        #expect(
            CellPixelSize.resolve(
                reply: CellPixelSize(width: 128, height: 256), windowPixels: nil, columns: 80,
                rows: 24) == .fallback)
        #expect(
            CellPixelSize.resolve(
                reply: CellPixelSize(width: 65, height: 40), windowPixels: nil, columns: 80,
                rows: 24) == .fallback)
        #expect(
            CellPixelSize.resolve(
                reply: CellPixelSize(width: 30, height: 129), windowPixels: nil, columns: 80,
                rows: 24) == .fallback)
        // The largest real cells (a big font on a HiDPI screen) are kept, from the reply or the window size.
        let large = CellPixelSize(width: 64, height: 128)
        #expect(CellPixelSize.resolve(reply: large, windowPixels: nil, columns: 80, rows: 24) == large)
        #expect(
            CellPixelSize.resolve(reply: nil, windowPixels: (80 * 45, 24 * 90), columns: 80, rows: 24)
                == CellPixelSize(width: 45, height: 90))
        #expect(
            CellPixelSize.resolve(reply: nil, windowPixels: (80 * 100, 24 * 200), columns: 80, rows: 24)
                == .fallback)
    }

    @Test func imageSizeIsCellsTimesCellSize() {
        let size = CellPixelSize(width: 9, height: 18).imagePixels(columns: 40, rows: 20)
        #expect(size.width == 360 && size.height == 360)
        #expect(CellPixelSize.fallback.imagePixels(columns: -1, rows: 3).width == 0)
    }
}
