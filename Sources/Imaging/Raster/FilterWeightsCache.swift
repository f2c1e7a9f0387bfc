import Support

/// Filter weights made once per geometry: every composite of a batch whose photos have one size, every repeat of
/// a service's request and every band of a preview's tile asks for the same windows, and making them (a sine
/// and a cosine per window, Double sums per tap) was a fifth of composing a 396 px WeChat composite from photos
/// decoded at its tiles' size. The weights are values, so a hit is the same weights exactly.
package final class FilterWeightsCache: Sendable {
    private struct Key: Hashable {
        var sourceSize: Int
        var scale: Double
        var outputs: Range<Int>
        var firstCentre: Double
        var kernel: FilterKernel
    }

    private struct Contents: Sendable {
        var weights: [Key: FilterWeights] = [:]
        var bytes = 0
    }

    /// The cache the resampler uses: 4 MiB, the windows of a few hundred tiles.
    package static let shared = FilterWeightsCache(byteBudget: 4 << 20)

    private let byteBudget: Int
    private let contents = LockedState(Contents())

    package init(byteBudget: Int) { self.byteBudget = byteBudget }

    /// `FilterWeights(sourceSize:scale:outputs:firstCentre:kernel:)`, from the cache when it holds them.
    package func weights(
        sourceSize: Int, scale: Double, outputs: Range<Int>, firstCentre: Double, kernel: FilterKernel = .lanczos3
    ) -> FilterWeights {
        let key = Key(
            sourceSize: sourceSize, scale: scale, outputs: outputs, firstCentre: firstCentre, kernel: kernel)
        if let weights = contents.withLock({ $0.weights[key] }) { return weights }
        let weights = FilterWeights(
            sourceSize: sourceSize, scale: scale, outputs: outputs, firstCentre: firstCentre, kernel: kernel)
        let bytes =
            weights.weights.count * MemoryLayout<Float>.stride
            + (weights.starts.count + weights.counts.count) * MemoryLayout<Int>.stride
        guard bytes <= byteBudget else { return weights }
        contents.withLock { contents in
            // Full: start again rather than track use (a batch's geometries come back at once).
            if contents.bytes + bytes > byteBudget { contents = Contents() }
            if contents.weights.updateValue(weights, forKey: key) == nil { contents.bytes += bytes }
        }
        return weights
    }

    /// How many sets of weights the cache holds.
    package var count: Int { contents.withLock { $0.weights.count } }
}
