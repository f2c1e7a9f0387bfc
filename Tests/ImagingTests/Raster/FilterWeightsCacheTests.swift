import CImagingKernels
import Testing

@testable import Imaging

@Suite struct FilterWeightsCacheTests {
    private func same(_ a: FilterWeights, _ b: FilterWeights) -> Bool {
        a.outputs == b.outputs && a.stride == b.stride && a.starts == b.starts && a.counts == b.counts
            && a.weights == b.weights
    }

    @Test func aHitIsTheWeightsTheGeometryMakes() {
        let cache = FilterWeightsCache(byteBudget: 1 << 20)
        let made = FilterWeights(sourceSize: 128, scale: 1.07, outputs: 3..<120, firstCentre: 0.4)
        let first = cache.weights(sourceSize: 128, scale: 1.07, outputs: 3..<120, firstCentre: 0.4)
        let again = cache.weights(sourceSize: 128, scale: 1.07, outputs: 3..<120, firstCentre: 0.4)
        #expect(same(first, made) && same(again, made))
        #expect(cache.count == 1)
        // Any input that differs is other weights, kept apart.
        let others = [
            cache.weights(sourceSize: 129, scale: 1.07, outputs: 3..<120, firstCentre: 0.4),
            cache.weights(sourceSize: 128, scale: 1.0700001, outputs: 3..<120, firstCentre: 0.4),
            cache.weights(sourceSize: 128, scale: 1.07, outputs: 3..<121, firstCentre: 0.4),
            cache.weights(sourceSize: 128, scale: 1.07, outputs: 3..<120, firstCentre: 0.41),
            cache.weights(sourceSize: 128, scale: 1.07, outputs: 3..<120, firstCentre: 0.4, kernel: .catmullRom),
        ]
        #expect(cache.count == 6)
        #expect(
            same(
                others[4],
                FilterWeights(
                    sourceSize: 128, scale: 1.07, outputs: 3..<120, firstCentre: 0.4, kernel: .catmullRom)))
        #expect(!same(others[4], made))
    }

    @Test func horizontalWeightsCarryTheKernelsFormsMadeOnce() throws {
        let cache = FilterWeightsCache(byteBudget: 1 << 20)
        let plain = cache.weights(sourceSize: 128, scale: 1.07, outputs: 0..<120, firstCentre: 0.4)
        let horizontal = cache.weights(
            sourceSize: 128, scale: 1.07, outputs: 0..<120, firstCentre: 0.4, horizontal: true)
        #expect(plain.horizontalForms == nil)
        let forms = try #require(horizontal.horizontalForms)
        #expect(same(plain, horizontal))
        #expect(cache.count == 2)
        // A hit hands out the same forms, not new ones.
        let again = cache.weights(sourceSize: 128, scale: 1.07, outputs: 0..<120, firstCentre: 0.4, horizontal: true)
        #expect(again.horizontalForms === forms)
        // The forms are what the kernels' own preparation makes of the weights.
        let fresh = FilterWeights.HorizontalForms(plain)
        #expect(forms.fixedBits > 0 && forms.fixedBits == fresh.fixedBits)
        let fixedCount = ck_fixed_weight_count(plain.outputs, plain.stride)
        let expandedCount = ck_expanded_weight_count(plain.outputs, plain.stride)
        #expect(
            Array(UnsafeBufferPointer(start: forms.fixed, count: fixedCount))
                == Array(UnsafeBufferPointer(start: fresh.fixed, count: fixedCount)))
        #expect(
            Array(UnsafeBufferPointer(start: forms.expanded, count: expandedCount))
                == Array(UnsafeBufferPointer(start: fresh.expanded, count: expandedCount)))
    }

    @Test func theCacheStaysWithinItsBudget() {
        // About 4 KB of weights each: a 16 KB budget holds a few, then starts again; weights larger than the
        // whole budget are made and not kept.
        let cache = FilterWeightsCache(byteBudget: 16 << 10)
        for size in 100..<140 {
            _ = cache.weights(sourceSize: size, scale: 1.5, outputs: 0..<100, firstCentre: 0.75)
            #expect(cache.count <= 6)
        }
        #expect(cache.count >= 1)
        let large = cache.weights(sourceSize: 100_000, scale: 40, outputs: 0..<2_000, firstCentre: 20)
        #expect(large.outputs == 2_000)
        #expect(cache.count <= 6)
    }
}
