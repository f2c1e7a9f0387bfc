import Support

/// Filter weights made once per geometry: every composite of a batch whose photos have one size, every repeat of
/// a service's request and every band of a preview's tile asks for the same windows, and making them (a sine
/// and a cosine per window, Double sums per tap) was a fifth of composing a 396 px WeChat composite from photos
/// decoded at its tiles' size. The weights are values, so a hit is the same weights exactly.
package final class FilterWeightsCache: Sendable {
    private struct Key: Hashable, Sendable {
        var sourceSize: Int
        var scale: Double
        var outputs: Range<Int>
        var firstCentre: Double
        var kernel: FilterKernel
        var horizontal: Bool
    }

    /// The cache the resampler uses: 4 MiB, the windows of a few hundred tiles.
    package static let shared = FilterWeightsCache(byteBudget: 4 << 20)

    private let cache: ByteBudgetCache<Key, FilterWeights>

    package init(byteBudget: Int) { cache = ByteBudgetCache(byteBudget: byteBudget) }

    /// `FilterWeights(sourceSize:scale:outputs:firstCentre:kernel:)`, from the cache when it holds them; with
    /// `horizontal`, with the forms the AVX2 horizontal pass multiplies (`FilterWeights.withHorizontalForms`).
    package func weights(
        sourceSize: Int, scale: Double, outputs: Range<Int>, firstCentre: Double, kernel: FilterKernel = .lanczos3,
        horizontal: Bool = false
    ) -> FilterWeights {
        cache.value(
            for: Key(
                sourceSize: sourceSize, scale: scale, outputs: outputs, firstCentre: firstCentre, kernel: kernel,
                horizontal: horizontal),
            bytes: {
                $0.weights.count * MemoryLayout<Float>.stride
                    + ($0.starts.count + $0.counts.count) * MemoryLayout<Int>.stride
                    + ($0.horizontalForms?.byteCount ?? 0)
            },
            make: {
                let weights = FilterWeights(
                    sourceSize: sourceSize, scale: scale, outputs: outputs, firstCentre: firstCentre, kernel: kernel)
                return horizontal ? weights.withHorizontalForms() : weights
            })
    }

    /// How many sets of weights the cache holds.
    package var count: Int { cache.count }
}
