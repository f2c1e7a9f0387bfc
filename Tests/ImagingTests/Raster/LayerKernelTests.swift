import CImagingKernels
import Testing

@testable import Imaging

/// The compositor's layer kernels: `ck_paint_row_avx2` (a tile painted into the layer) and `ck_finish_avx2` (the
/// last pass, which skips its divisions for a pair of pixels that needs neither).
@Suite struct LayerKernelTests {
    /// A premultiplied layer pixel whose alpha makes its pair divide (neither 0 nor 255, and translucent after
    /// the background and clip).
    private static let dividing: SIMD4<Float> = [40, 30, 20, 100]

    /// The bytes `ck_finish_avx2` makes of `pixels` with their clips over `background`.
    private func finished(_ pixels: [SIMD4<Float>], clips: [Float], background: SIMD4<Float>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count * 4)
        pixels.withUnsafeBytes { layer in
            clips.withUnsafeBufferPointer { clip in
                withUnsafeBytes(of: background) { background in
                    out.withUnsafeMutableBufferPointer { out in
                        ck_finish_avx2(
                            layer.baseAddress?.assumingMemoryBound(to: Float.self), clip.baseAddress,
                            background.baseAddress?.assumingMemoryBound(to: Float.self), pixels.count,
                            out.baseAddress)
                    }
                }
            }
        }
        return out
    }

    @Test func aPixelIsTheSameWhetherItsPairDividesOrNot() {
        guard VectorKernels.fastest == .avx2 else { return }
        // Layer alphas where the background's share is exact (0, 255), and ones where it is not; colours at
        // and above the edges; clips that keep, cut or clear the pixel.
        var pixels: [SIMD4<Float>] = []
        for alpha: Float in [0, 255, 254.99, 1, 128, 255.5] {
            for colour: Float in [0, 17, 128.4, 255, 300] {
                pixels.append([min(colour, alpha), colour / 2, colour * alpha / 255, alpha])
            }
        }
        let backgrounds: [SIMD4<Float>] = [[240, 240, 240, 255], [0, 0, 0, 0], [12, 80, 40, 100]]
        for background in backgrounds {
            for clip: Float in [1, 0, 0.5, 0.999] {
                for pixel in pixels {
                    // Alone in its pair (which divides only if the pixel needs it), then beside one that does.
                    let alone = finished([pixel, pixel], clips: [clip, clip], background: background)
                    let beside = finished([pixel, Self.dividing], clips: [clip, 0.7], background: background)
                    #expect(
                        Array(alone.prefix(4)) == Array(beside.prefix(4)),
                        "\(pixel) clip \(clip) over \(background)")
                    // Eight alike (the kernel's block of opaque, unclipped pixels where they are), and eight with
                    // one that makes the block take the pairs' way.
                    let block = finished(
                        Array(repeating: pixel, count: 8), clips: Array(repeating: clip, count: 8),
                        background: background)
                    #expect(block == Array(repeating: Array(beside.prefix(4)), count: 8).flatMap { $0 })
                    let broken = finished(
                        Array(repeating: pixel, count: 7) + [Self.dividing], clips: Array(repeating: clip, count: 8),
                        background: background)
                    #expect(Array(broken.prefix(4)) == Array(beside.prefix(4)))
                }
            }
        }
        // Blocks that mix pixels opaque and clear in the layer (a tile's edge beside a gap), each as its pair
        // forced to divide makes it.
        let opaque = pixels.filter { $0[3] == 255 }, clear = pixels.filter { $0[3] == 0 }
        for background in backgrounds {
            for (a, b) in zip(opaque, clear) {
                let mixed = [a, b, b, a, a, a, b, a]
                let block = finished(mixed, clips: Array(repeating: 1, count: 8), background: background)
                for (index, pixel) in mixed.enumerated() {
                    let beside = finished([pixel, Self.dividing], clips: [1, 0.7], background: background)
                    #expect(Array(block[index * 4..<index * 4 + 4]) == Array(beside.prefix(4)), "\(pixel) in \(mixed)")
                }
            }
        }
        // The pass itself: an opaque pixel is its colour, a clear one over the background is the background,
        // and one cut to nothing is transparent.
        let background: SIMD4<Float> = [240, 230, 220, 255]
        #expect(
            finished([[10, 20, 30, 255], [10, 20, 30, 255]], clips: [1, 1], background: background)[0..<4] == [
                10, 20, 30, 255,
            ])
        #expect(finished([.zero, .zero], clips: [1, 1], background: background)[0..<4] == [240, 230, 220, 255])
        #expect(
            finished([[10, 20, 30, 255], .zero], clips: [0, 0], background: background) == Array(repeating: 0, count: 8)
        )
    }

    /// `Compositor.paint`'s Swift loop for one pixel: what the kernel must do, operation for operation.
    private func paintedInSwift(
        layer: inout SIMD4<Float>, claimed: inout Float, color: SIMD4<Float>, amount: Float
    ) {
        guard amount > 0 else { return }
        let free = 1 - claimed
        if amount <= free {
            layer += color * amount
            claimed += amount
        } else {
            let overlap = amount - max(free, 0)
            let covered = (overlap / claimed) * (color[3] / 255)
            layer = layer * (1 - covered) + color * amount
            claimed = 1
        }
    }

    @Test(arguments: [(0, false), (1, false), (2, false), (7, false), (64, false), (37, true), (64, true)])
    func paintingARowIsTheSwiftLoopsBitForBit(count: Int, inside: Bool) {
        guard VectorKernels.fastest == .avx2 else { return }
        var state: UInt32 = 2_463_534_242 &+ UInt32(count)
        func next() -> Float {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return Float(state % 10_000) / 10_000
        }
        // Coverage that is often 0 or 1, claims from nothing to full (so that pairs fit, overflow, or mix).
        var coverage = (0..<count).map { index -> Float in
            [0, 1, next(), next() * 0.3][index % 4]
        }
        var claimed = (0..<count).map { index -> Float in [0, next(), 1, next() * 0.5, 0.25][index % 5] }
        if inside {
            // A tile's inside over nothing (eight pixels at a time), then its edge beside an earlier tile's, where
            // a block has pixels that fit and pixels that do not.
            for index in 0..<count {
                claimed[index] =
                    index < 24 ? [0, 0.25, next() * 0.3, 0][index % 4] : [0, next() * 0.5, 0.75][index % 3]
                coverage[index] =
                    index < 24
                    ? (1 - claimed[index]) * [1, next(), 1, next()][index % 4] : [next(), 1, 0.5][index % 3]
            }
        }
        let source = (0..<count).map { _ -> SIMD4<Float> in
            let alpha = next() * 255
            return [next() * alpha, next() * alpha, next() * alpha, alpha]
        }
        var layer = (0..<count).map { index -> SIMD4<Float> in
            let alpha = claimed[index] * 255
            return [next() * alpha, next() * alpha, next() * alpha, alpha]
        }
        var expectedLayer = layer, expectedClaimed = claimed
        for index in 0..<count {
            paintedInSwift(
                layer: &expectedLayer[index], claimed: &expectedClaimed[index], color: source[index],
                amount: coverage[index])
        }
        layer.withUnsafeMutableBytes { layer in
            claimed.withUnsafeMutableBufferPointer { claimed in
                source.withUnsafeBytes { source in
                    coverage.withUnsafeBufferPointer { coverage in
                        ck_paint_row_avx2(
                            layer.baseAddress?.assumingMemoryBound(to: Float.self), claimed.baseAddress,
                            source.baseAddress?.assumingMemoryBound(to: Float.self), coverage.baseAddress, count)
                    }
                }
            }
        }
        for index in 0..<count {
            #expect(layer[index] == expectedLayer[index], "pixel \(index) of \(count)")
            #expect(claimed[index] == expectedClaimed[index], "claim \(index) of \(count)")
        }
    }
}
