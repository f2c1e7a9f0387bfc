import CImagingKernels
import Foundation
import Testing

@testable import Imaging

/// The AVX2 horizontal pass in 16-bit fixed point (`ck_filter_rows_fixed_avx2`, for opaque 8-bit rows without
/// block averages) against the portable Swift loops: the same filter, so the working-format sums agree to a
/// small fraction of a level and the 8-bit pixels within one; rows with a translucent pixel take the Float path.
@Suite struct FixedPointFilterTests {
    /// The largest difference of any lane of two working-format results of one box.
    static func largestDifference(_ a: PremultipliedPixels, _ b: PremultipliedPixels) -> Float {
        guard a.box == b.box, a.values.count == b.values.count else { return .infinity }
        var largest: Float = 0
        for (x, y) in zip(a.values, b.values) {
            let difference = x - y
            largest = max(largest, difference.max(), -difference.min())
        }
        return largest
    }

    /// Both kernels on one resampling, the AVX2 one counted: the working-format difference, the 8-bit one and
    /// the AVX2 run's work.
    static func compare(
        _ image: RGBAImage, frame: Rect, region: PixelBox, rows: Range<Int>? = nil
    ) throws -> (working: Float, levels: Int, work: ResamplerWork) {
        let portable = Resampler.premultiplied(image, frame: frame, region: region, rows: rows, kernels: .portable)
        ResamplerWork.start()
        let avx2 = Resampler.premultiplied(image, frame: frame, region: region, rows: rows, kernels: .avx2)
        let work = ResamplerWork.stop()
        let levels = VectorKernelsTests.largestDifference(
            try #require(portable.straightImage()), try #require(avx2.straightImage()))
        return (largestDifference(portable, avx2), levels, work)
    }

    /// Scale factors without blocks (below 4x): enlarging, 1.37x, 2.5x, QQ's 3.4x (about 21 taps, an odd
    /// count in many windows) and 3.9x (25 taps, more than 16), on odd source sizes, at fractional positions,
    /// with regions a pixel past the frame (windows cut at the source's edges), and strips of rows.
    ///
    /// The weights' rounding to 1/32768 moves a sum by about 0.1 of a level at most (the remainder put on the
    /// largest tap included), up to 0.2 where windows cut at an edge have larger weights and so fewer bits; a
    /// wrong tap or channel moves it by whole levels.
    @Test(arguments: [(517, 509), (129, 65), (64, 301), (9, 5)])
    func opaqueRowsTakeTheFixedPointPassWithinOneLevel(width: Int, height: Int) throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let image = VectorKernelsTests.source(width: width, height: height, alpha: .opaque, seed: UInt64(width))
        let smaller = Double(min(width, height))
        for reduction in [0.6, 1.37, 2.5, 3.4, 3.9] {
            let side = smaller / reduction
            let frame = Rect(x: 0.37, y: 1.21, width: side, height: side)
            let enclosing = PixelBox(enclosing: frame)
            let region = PixelBox(
                x: enclosing.x - 1, y: enclosing.y - 1, width: enclosing.width + 2, height: enclosing.height + 2)
            for rows in [nil, region.y + 1..<region.y + 4] as [Range<Int>?] {
                let result = try Self.compare(image, frame: frame, region: region, rows: rows)
                let label = "\(width)×\(height) reduced \(reduction)x, rows \(String(describing: rows))"
                #expect(result.work.fixedMultiplyAdds > 0, "\(label): the fixed-point pass did not run")
                #expect(result.working < 0.3, "\(label): \(result.working) of a level")
                #expect(result.levels <= 1, "\(label): \(result.levels) levels")
            }
        }
    }

    /// A translucent pixel at a row's first, middle or last column sends that pair of rows to the Float path
    /// (premultiplied pixels differ from straight ones there, which the working-format comparison would show);
    /// the opaque rows around still take the fixed one.
    @Test func rowsWithATranslucentPixelTakeTheFloatPass() throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let width = 301, height = 257
        let opaque = VectorKernelsTests.source(width: width, height: height, alpha: .opaque, seed: 3)
        var image = opaque
        for y in stride(from: 0, to: height, by: 7) {
            let x = [0, width / 2, width - 1][y % 3]
            image.pixels[(y * width + x) * 4 + 3] = 40
        }
        let frame = Rect(x: 0.5, y: 0.25, width: 88.5, height: 75.6)
        let region = PixelBox(enclosing: frame)
        let mixed = try Self.compare(image, frame: frame, region: region)
        let allOpaque = try Self.compare(opaque, frame: frame, region: region)
        #expect(mixed.work.fixedMultiplyAdds > 0)
        // Every seventh row translucent: its pair of rows, 2 in 7, in Float.
        #expect(mixed.work.fixedMultiplyAdds * 6 < allOpaque.work.fixedMultiplyAdds * 5)
        #expect(mixed.work.multiplyAdds > mixed.work.fixedMultiplyAdds)
        #expect(mixed.working < 0.3)
        #expect(mixed.levels <= 1)

        let translucent = VectorKernelsTests.source(width: width, height: height, alpha: .varied, seed: 4)
        let float = try Self.compare(translucent, frame: frame, region: region)
        #expect(float.work.fixedMultiplyAdds == 0)
        #expect(float.work.multiplyAdds > 0)
        #expect(float.levels <= 1)
    }

    /// Fewer fractional bits where a weight of 1 would overflow 15; none (the Float pass) where a renormalised
    /// window at a region's far edge has a weight that fits no 16-bit fixed point worth having.
    @Test func weightsChooseTheirFractionalBits() {
        func bits(_ windows: [[Float]]) -> Int32 {
            let stride = windows.map(\.count).max() ?? 1
            let weights = windows.flatMap { $0 + [Float](repeating: 0, count: stride - $0.count) }
            let counts = windows.map(\.count)
            var fixed = [Int16](repeating: 0, count: ck_fixed_weight_count(windows.count, stride))
            return ck_fixed_weights(weights, stride, counts, windows.count, &fixed)
        }
        #expect(bits([[0.25, 0.5, 0.25]]) == 15)
        #expect(bits([[0.25, 0.5, 0.25], [0, 1, 0]]) == 14)
        #expect(bits([[-1.5, 2.5]]) == 13)
        #expect(bits([[-39, 40]]) == 0)
        #expect(bits([[.nan, 1]]) == 0)
    }

    /// Reductions of 4x and more average blocks first (Floats, not bytes): no fixed-point pass.
    @Test func blockAveragesKeepTheFloatPass() throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let image = VectorKernelsTests.source(width: 512, height: 512, alpha: .opaque, seed: 5)
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let result = try Self.compare(image, frame: frame, region: PixelBox(enclosing: frame))
        #expect(result.work.fixedMultiplyAdds == 0)
        #expect(result.levels <= 1)
    }

    /// Every window's 16-bit weights sum to exactly one (so a flat area stays flat), each within half a step
    /// of its Float weight but for the largest, which takes the remainder.
    @Test func fixedWeightsSumToExactlyOne() {
        for (size, scale) in [(512, 3.4), (512, 3.9), (37, 0.6), (7, 1.0), (1, 2.0)] {
            let weights = FilterWeights(
                sourceSize: size, scale: scale, outputs: Int(Double(size) / scale), firstCentre: 0.3 * scale)
            let outputs = weights.outputs, stride = weights.stride
            var fixed = [Int16](repeating: 0, count: max(1, ck_fixed_weight_count(outputs, stride)))
            let bits = weights.weights.withUnsafeBufferPointer { floats in
                weights.counts.withUnsafeBufferPointer { counts in
                    ck_fixed_weights(floats.baseAddress, stride, counts.baseAddress, outputs, &fixed)
                }
            }
            #expect(bits >= 14, "\(size) px at \(scale)x: \(bits) bits")
            let one = Double(1 << Int(bits)), groupStride = (stride + 3) / 4 * 16
            for x in 0..<outputs {
                var total = 0
                var offBy = 0.0
                for tap in 0..<(stride + 3) / 4 * 4 {
                    // Tap t of a window: group t / 4, half (t % 4) / 2, element t % 2, repeated for 4 channels.
                    let slot = x * groupStride + tap / 4 * 16 + (tap % 4) / 2 * 8 + tap % 2
                    let value = Int(fixed[slot])
                    #expect((0..<4).allSatisfy { Int(fixed[slot + 2 * $0]) == value })
                    guard tap < weights.counts[x] else {
                        #expect(value == 0)
                        continue
                    }
                    total += value
                    offBy = max(offBy, abs(Double(value) - Double(weights.weights[x * stride + tap]) * one))
                }
                #expect(total == 1 << Int(bits), "window \(x) of \(size) px at \(scale)x sums to \(total)")
                #expect(offBy < Double(weights.counts[x]) / 2 + 1)
            }
        }
    }
}

/// `shown`: the AVX2 kernels make only the pixels a coverage mask shows (each row from its first to its last
/// covered pixel), every one of them exactly as without the mask.
@Suite struct ShownPixelsTests {
    @Test(arguments: [FixedPointFilterTests.Source.opaque, .translucent, .deep])
    func pixelsTheMaskShowsAreExactlyThoseOfTheWholeRegion(source: FixedPointFilterTests.Source) throws {
        guard VectorKernels.fastest == .avx2 else { return }
        let alpha: VectorKernelsTests.AlphaKind = source == .opaque ? .opaque : .varied
        let image = VectorKernelsTests.source(width: 517, height: 509, alpha: alpha, seed: 11)
        let deep = try #require(
            RGBA16Image(width: image.width, height: image.height, samples: image.pixels.map { UInt16($0) * 257 }))
        // QQ's 3.4x reduction; a circle smaller than the region, so that some rows show nothing.
        let frame = Rect(x: 10.6, y: 4.3, width: 152, height: 152)
        let region = PixelBox(enclosing: frame)
        let shapes: [Shape] = [
            .circle(center: Point(x: 86.6, y: 80.3), radius: 76),
            .circle(center: Point(x: 60, y: 100), radius: 31.5),
        ]
        for shape in shapes {
            for rows in [nil, 40..<97] as [Range<Int>?] {
                let mask = Coverage.mask(of: shape, scale: 1)
                func make(_ shown: CoverageMask?) -> PremultipliedPixels {
                    guard source == .deep else {
                        return Resampler.premultiplied(
                            image, frame: frame, region: region, rows: rows, kernels: .avx2, shown: shown)
                    }
                    return Resampler.premultiplied(
                        deep, frame: frame, region: region, rows: rows, kernels: .avx2, shown: shown)
                }
                let whole = make(nil)
                ResamplerWork.start()
                let shown = make(mask)
                let work = ResamplerWork.stop()
                #expect(shown.box == whole.box)
                var compared = 0, left = 0
                for y in shown.box.y..<shown.box.maxY {
                    for x in shown.box.x..<shown.box.maxX {
                        let i = (y - shown.box.y) * shown.box.width + x - shown.box.x
                        if mask[x, y] > 0 {
                            #expect(shown.values[i] == whole.values[i], "\(source) \(shape): (\(x), \(y))")
                            compared += 1
                        } else if shown.values[i] == .zero {
                            left += 1
                        }
                    }
                }
                #expect(compared > 0 && left > 0)
                #expect(work.outputPixels < shown.box.pixelCount)
            }
        }
    }
}

extension FixedPointFilterTests {
    /// Which of the resampler's paths a source takes.
    enum Source: Sendable { case opaque, translucent, deep }
}
