import Foundation
import Testing

@testable import Imaging

@Suite struct ResamplerOpaqueTests {
    /// An opaque picture with detail on every scale: gradients, a hard edge and a fine stripe pattern.
    static func picture(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(
                    r: UInt8(x * 255 / max(1, width - 1)), g: x > width / 2 ? 220 : 30,
                    b: (x / 2 + y) % 3 == 0 ? 250 : UInt8(y * 200 / max(1, height)))
            }
        }
        return image
    }

    @Test func catmullRomInterpolatesTheSamples() {
        #expect(catmullRom(0) == 1)
        for x in [1.0, -1.0, 2.0, -2.0, 2.5] { #expect(catmullRom(x) == 0) }
        #expect(abs(catmullRom(0.5) - 0.5625) < 1e-12)
        #expect(abs(catmullRom(1.5) + 0.0625) < 1e-12)
    }

    @Test func opaqueEnlargementMatchesTheGeneralPath() throws {
        let source = Self.picture(width: 53, height: 41)
        for (frame, region) in [
            (Rect(x: 0, y: 0, width: 101, height: 78), PixelBox(x: 0, y: 0, width: 101, height: 78)),
            // Fractional placement, a region that cuts the frame, and a region less than four pixels wide.
            (Rect(x: -3.4, y: 1.7, width: 140, height: 108.3), PixelBox(x: 0, y: 10, width: 77, height: 50)),
            (Rect(x: 0, y: 0, width: 106, height: 82), PixelBox(x: 40, y: 0, width: 3, height: 5)),
            // A preview's size, enlarged in runs of rows on several cores at once: rows at the runs' seams too.
            (Rect(x: 0.6, y: -2.2, width: 640, height: 495), PixelBox(x: 0, y: 0, width: 640, height: 490)),
        ] {
            let fast = try #require(Resampler.resampleOpaque(source, frame: frame, region: region, kernel: .catmullRom))
            let general = try #require(Resampler.resample(source, frame: frame, region: region, kernel: .catmullRom))
            #expect(fast.width == region.width && fast.height == region.height)
            var largest = 0
            for y in 0..<region.height {
                for x in 0..<region.width {
                    let (a, b) = (fast[x, y], general[x, y])
                    #expect(a.a == 255)
                    largest = max(
                        largest, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
            #expect(largest <= 1, "\(frame) \(region): \(largest)")
        }
    }

    @Test func catmullRomEnlargementIsCloseToLanczos() throws {
        let source = Self.picture(width: 64, height: 64)
        let frame = Rect(x: 0, y: 0, width: 123, height: 123)
        let region = PixelBox(x: 0, y: 0, width: 123, height: 123)
        let cubic = try #require(Resampler.resampleOpaque(source, frame: frame, region: region, kernel: .catmullRom))
        let lanczos = try #require(Resampler.resample(source, frame: frame, region: region))
        var squared = 0.0
        for y in 0..<123 {
            for x in 0..<123 {
                let (a, b) = (cubic[x, y], lanczos[x, y])
                for (p, q) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] { squared += pow(Double(p) - Double(q), 2) }
            }
        }
        let psnr = 10 * log10(255 * 255 / (squared / Double(123 * 123 * 3)))
        // A hard edge and a stripe pattern near the sampling limit, where the two filters differ most.
        #expect(psnr >= 30, "\(psnr) dB")
        // And the filters are not the same one: the check above could fail.
        #expect(psnr < 80)
    }

    @Test func onlyOpaqueEnlargements() {
        var translucent = Self.picture(width: 20, height: 20)
        translucent[7, 3] = RGBA8(r: 1, g: 2, b: 3, a: 254)
        let frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let region = PixelBox(x: 0, y: 0, width: 40, height: 40)
        #expect(Resampler.resampleOpaque(translucent, frame: frame, region: region, kernel: .catmullRom) == nil)
        let reduced = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(
            Resampler.resampleOpaque(
                Self.picture(width: 20, height: 20), frame: reduced,
                region: PixelBox(x: 0, y: 0, width: 10, height: 10),
                kernel: .catmullRom) == nil)
        var malformed = Self.picture(width: 20, height: 20)
        malformed.pixels.removeLast(4)
        #expect(Resampler.resampleOpaque(malformed, frame: frame, region: region, kernel: .catmullRom) == nil)
    }
}
