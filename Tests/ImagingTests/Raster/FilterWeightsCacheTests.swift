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
