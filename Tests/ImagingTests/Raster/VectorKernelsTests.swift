import Foundation
import Testing

@testable import Imaging

/// The AVX2 kernels against the portable Swift loops (the resampler as it was before them, and what a CPU
/// without AVX2 runs): the same filter, so every channel of every pixel within one level, on sources with odd
/// sizes, translucent and transparent pixels, 8 and 16 bits, at every kind of scale the resampler treats apart.
@Suite struct VectorKernelsTests {
    /// Whether /proc/cpuinfo lists AVX2 and FMA (where it is readable): then the fastest kernels must be AVX2's,
    /// so the comparisons below are not of the portable loops with themselves.
    private static var cpuListsAVX2AndFMA: Bool? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let flags = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
        else { return nil }
        let words = Set(flags.split(separator: " "))
        return words.contains("avx2") && words.contains("fma")
    }

    @Test func fastestKernelsAreAVX2WhereTheCPUHasIt() {
        guard let listed = Self.cpuListsAVX2AndFMA else { return }
        #expect((VectorKernels.fastest == .avx2) == listed)
    }

    /// A deterministic noisy source: smooth gradients plus noise, alpha opaque, varied or with holes of 0.
    static func source(width: Int, height: Int, alpha: AlphaKind, seed: UInt64) -> RGBAImage {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(clamping: x * 255 / max(1, width - 1) + next() % 40 - 20)
                pixels[i + 1] = UInt8(clamping: y * 255 / max(1, height - 1) + next() % 40 - 20)
                pixels[i + 2] = UInt8(truncatingIfNeeded: next())
                switch alpha {
                case .opaque: pixels[i + 3] = 255
                case .varied: pixels[i + 3] = UInt8(truncatingIfNeeded: next())
                case .holes: pixels[i + 3] = (x / 5 + y / 3) % 4 == 0 ? 0 : 255
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: 1, height: 1)
    }

    enum AlphaKind: CaseIterable { case opaque, varied, holes }

    /// The largest difference of any channel of two images of one size; a pixel whose alpha is 0 in both has no
    /// colour to compare (where a sum of weights leaves an alpha of a millionth, the straight colour is that of
    /// rounding noise divided by it).
    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        var largest = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i + 3] > 0 || b.pixels[i + 3] > 0 {
            for channel in 0..<4 {
                largest = max(largest, abs(Int(a.pixels[i + channel]) - Int(b.pixels[i + channel])))
            }
        }
        return largest
    }

    /// Source sizes (odd, tiny, tall, the benchmark's 512) against frames that enlarge, keep, reduce by less than
    /// 2 (no blocks), 2.5 and 3.4 (the WeChat and QQ tiles: Lanczos alone) and 5 and 12 (block averages first),
    /// at fractional positions, with regions reaching past the frame.
    @Test(arguments: [(1, 1), (3, 7), (37, 23), (129, 65), (64, 301), (512, 512)])
    func avx2KernelsMatchThePortableOnesWithinOneLevel(width: Int, height: Int) throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let frames = [
            Rect(x: 0.37, y: 1.5, width: 151.3, height: 99.9), Rect(x: 2, y: 3, width: 37, height: 23),
            Rect(x: 0.5, y: 0.25, width: 25.7, height: 31), Rect(x: 21.99, y: 3.2, width: 102.67, height: 102.67),
            Rect(x: 0, y: 0, width: 152, height: 152), Rect(x: 1.4, y: 0.6, width: 40.2, height: 19.5),
            Rect(x: 3, y: 3, width: 9.5, height: 11.25),
        ]
        var compared = 0
        for (seed, alpha) in AlphaKind.allCases.enumerated() {
            let image = Self.source(width: width, height: height, alpha: alpha, seed: UInt64(seed + width))
            for frame in frames {
                let enclosing = PixelBox(enclosing: frame)
                let region = PixelBox(
                    x: enclosing.x - 1, y: enclosing.y, width: enclosing.width + 2, height: enclosing.height + 1)
                let portable = try #require(
                    Resampler.premultiplied(image, frame: frame, region: region, kernels: .portable).straightImage())
                let avx2 = try #require(
                    Resampler.premultiplied(image, frame: frame, region: region, kernels: .avx2).straightImage())
                let difference = Self.largestDifference(portable, avx2)
                #expect(difference <= 1, "\(width)×\(height) \(alpha) into \(frame): \(difference) levels")
                compared += 1
            }
        }
        #expect(compared == AlphaKind.allCases.count * frames.count)
    }

    @Test func avx2KernelsMatchThePortableOnesOnDeepSourcesAndStrips() throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let eight = Self.source(width: 203, height: 157, alpha: .varied, seed: 7)
        // Premultiplied 16-bit samples from the 8-bit pixels, with noise in the low byte.
        var samples = [UInt16](repeating: 0, count: eight.pixels.count)
        for i in stride(from: 0, to: samples.count, by: 4) {
            let alpha = UInt32(eight.pixels[i + 3]) * 257
            for channel in 0..<3 {
                samples[i + channel] = UInt16(UInt32(eight.pixels[i + channel]) * 257 * alpha / 65535)
            }
            samples[i + 3] = UInt16(alpha)
        }
        let deep = try #require(RGBA16Image(width: 203, height: 157, samples: samples))
        let frame = Rect(x: 0.3, y: 0.7, width: 61.4, height: 47.9)
        let region = PixelBox(enclosing: frame)
        for rows in [nil, 5..<17] as [Range<Int>?] {
            let portable = try #require(
                Resampler.premultiplied(deep, frame: frame, region: region, rows: rows, kernels: .portable)
                    .straightImage())
            let avx2 = try #require(
                Resampler.premultiplied(deep, frame: frame, region: region, rows: rows, kernels: .avx2)
                    .straightImage())
            #expect(Self.largestDifference(portable, avx2) <= 1)
        }
    }
}
