import Foundation

/// The five PNG filter types (PNG specification §9.2): each row is stored as the difference between its bytes
/// and a prediction from bytes already decoded, which turns smooth pictures into runs of small numbers that
/// deflate compresses well. The raw value is the type byte that starts each filtered row.
package enum PNGFilter: UInt8, CaseIterable, Sendable {
    /// The bytes as they are.
    case none = 0
    /// Minus the same byte of the pixel to the left.
    case sub = 1
    /// Minus the same byte of the row above.
    case up = 2
    /// Minus the floor of the mean of left and above.
    case average = 3
    /// Minus whichever of left, above and upper-left is closest to left + above - upper-left.
    case paeth = 4
}

/// How the filter of each row is chosen.
package enum PNGFilterChoice: Equatable, Sendable {
    /// The same filter on every row: no search at all.
    case fixed(PNGFilter)
    /// Per row, the filter whose residuals, read as signed bytes, have the smallest sum of absolute values,
    /// measured on every `sampleEvery`-th 16-byte block only (1 measures them all: libpng's and Pillow's
    /// heuristic). The five residuals of a block come from one read of its neighbours, and the row is then
    /// filtered once, with the winner.
    case smallestResiduals(sampleEvery: Int)
    /// Per row, the filter whose residual bytes have the smallest Shannon entropy (all of them measured): an
    /// estimate of what deflate's Huffman codes spend on them, closer than the sum of residuals and costlier.
    case smallestEntropy
}

/// Row filtering on raw buffers: the encoder's inner loop, so every function works on pointers into buffers
/// its caller owns and allocates nothing. The bulk of each row goes through 16-byte vectors; the first pixel
/// (which has no left neighbour: left and upper-left count as 0) and a tail shorter than a vector go byte by byte.
package enum PNGRowFilter {
    private typealias Vector = SIMD16<UInt8>
    private typealias Wide = SIMD16<Int16>

    /// Writes `row` filtered with `filter` to `output`. All buffers hold `count` bytes; `previous` is the raw
    /// row above (all zeros for the first row, as the specification defines it).
    package static func apply(
        _ filter: PNGFilter, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        bytesPerPixel bpp: Int, output: UnsafeMutablePointer<UInt8>
    ) {
        let head = min(bpp, count)
        for i in 0..<head {
            output[i] = row[i] &- scalarPrediction(filter, left: 0, above: previous[i], upperLeft: 0)
        }
        var i = head
        while i + 16 <= count {
            let residual =
                load(row, i)
                &- prediction(
                    filter, left: load(row, i - bpp), above: load(previous, i),
                    upperLeft: load(previous, i - bpp))
            UnsafeMutableRawPointer(output + i).storeBytes(of: residual, as: Vector.self)
            i += 16
        }
        while i < count {
            output[i] =
                row[i]
                &- scalarPrediction(
                    filter, left: row[i - bpp], above: previous[i],
                    upperLeft: previous[i - bpp])
            i += 1
        }
    }

    /// The filter `choice` picks for `row` (see `apply` for the buffers).
    package static func choose(
        _ choice: PNGFilterChoice, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
        count: Int, bytesPerPixel bpp: Int
    ) -> PNGFilter {
        switch choice {
        case .fixed(let filter):
            return filter
        case .smallestResiduals(let sampleEvery):
            return smallestResiduals(
                row: row, previous: previous, count: count, bytesPerPixel: bpp,
                vectorStep: max(1, sampleEvery))
        case .smallestEntropy:
            return smallestEntropy(row: row, previous: previous, count: count, bytesPerPixel: bpp)
        }
    }

    /// The PNG Paeth predictor for one byte.
    @inline(__always)
    package static func paethPredictor(left a: UInt8, above b: UInt8, upperLeft c: UInt8) -> UInt8 {
        let a16 = Int16(a), b16 = Int16(b), c16 = Int16(c)
        // p = a + b - c; the distances |p - a|, |p - b|, |p - c| simplify to these.
        let pa = abs(b16 - c16), pb = abs(a16 - c16), pc = abs(a16 + b16 - 2 * c16)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    @inline(__always)
    private static func scalarPrediction(_ filter: PNGFilter, left a: UInt8, above b: UInt8, upperLeft c: UInt8)
        -> UInt8
    {
        switch filter {
        case .none: return 0
        case .sub: return a
        case .up: return b
        case .average: return UInt8(truncatingIfNeeded: (UInt16(a) + UInt16(b)) >> 1)
        case .paeth: return paethPredictor(left: a, above: b, upperLeft: c)
        }
    }

    @inline(__always)
    private static func prediction(_ filter: PNGFilter, left a: Vector, above b: Vector, upperLeft c: Vector) -> Vector
    {
        switch filter {
        case .none: return Vector()
        case .sub: return a
        case .up: return b
        case .average: return average(a, b)
        case .paeth: return paeth(a, b, c)
        }
    }

    @inline(__always)
    private static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> Vector {
        UnsafeRawPointer(base + offset).loadUnaligned(as: Vector.self)
    }

    /// floor((a + b) / 2) without leaving 8 bits.
    @inline(__always)
    private static func average(_ a: Vector, _ b: Vector) -> Vector {
        (a & b) &+ ((a ^ b) &>> 1)
    }

    /// The Paeth predictor of 16 bytes at once, with selects instead of branches.
    @inline(__always)
    private static func paeth(_ a: Vector, _ b: Vector, _ c: Vector) -> Vector {
        let a16 = Wide(truncatingIfNeeded: a), b16 = Wide(truncatingIfNeeded: b), c16 = Wide(truncatingIfNeeded: c)
        let towardsA = b16 &- c16, towardsB = a16 &- c16
        let pa = absolute(towardsA), pb = absolute(towardsB), pc = absolute(towardsA &+ towardsB)
        var predicted = c16
        predicted.replace(with: b16, where: pb .<= pc)
        predicted.replace(with: a16, where: (pa .<= pb) .& (pa .<= pc))
        return Vector(truncatingIfNeeded: predicted)
    }

    @inline(__always)
    private static func absolute(_ value: Wide) -> Wide {
        pointwiseMax(value, 0 &- value)
    }

    /// Per filter, the sum of |residual| (residuals read as signed bytes) over every `vectorStep`-th 16-byte
    /// block of the row after the first pixel; the smallest sum wins, ties going to the filter listed first.
    private static func smallestResiduals(
        row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        bytesPerPixel bpp: Int, vectorStep: Int
    ) -> PNGFilter {
        var sums = SIMD8<Int>()
        // 16-bit lanes hold at most 512 blocks of residuals up to 128 before they are added up.
        var lanes = (
            none: SIMD16<UInt16>(), sub: SIMD16<UInt16>(), up: SIMD16<UInt16>(),
            average: SIMD16<UInt16>(), paeth: SIMD16<UInt16>()
        )
        var pending = 0
        func flush() {
            sums &+= SIMD8(
                Int(lanes.none.wrappedSum()), Int(lanes.sub.wrappedSum()), Int(lanes.up.wrappedSum()),
                Int(lanes.average.wrappedSum()), Int(lanes.paeth.wrappedSum()), 0, 0, 0)
            lanes = (SIMD16(), SIMD16(), SIMD16(), SIMD16(), SIMD16())
            pending = 0
        }
        var i = bpp
        while i + 16 <= count {
            let x = load(row, i), a = load(row, i - bpp), b = load(previous, i), c = load(previous, i - bpp)
            lanes.none &+= magnitude(x)
            lanes.sub &+= magnitude(x &- a)
            lanes.up &+= magnitude(x &- b)
            lanes.average &+= magnitude(x &- average(a, b))
            lanes.paeth &+= magnitude(x &- paeth(a, b, c))
            pending += 1
            if pending == 512 { flush() }
            i += 16 * vectorStep
        }
        flush()
        var best = PNGFilter.none, bestSum = sums[0]
        for filter in PNGFilter.allCases.dropFirst() where sums[Int(filter.rawValue)] < bestSum {
            best = filter
            bestSum = sums[Int(filter.rawValue)]
        }
        return best
    }

    /// Residual bytes read as signed: |r| in 0...128, widened for summing.
    @inline(__always)
    private static func magnitude(_ residual: Vector) -> SIMD16<UInt16> {
        SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(residual, 0 &- residual))
    }

    /// See `PNGFilterChoice.smallestEntropy`; the first pixel is left out as in `smallestResiduals`.
    private static func smallestEntropy(
        row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        bytesPerPixel bpp: Int
    ) -> PNGFilter {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * 256) { histograms in
            histograms.initialize(repeating: 0)
            for i in stride(from: bpp, to: count, by: 1) {
                let x = row[i], a = row[i - bpp], b = previous[i], c = previous[i - bpp]
                for filter in PNGFilter.allCases {
                    let residual = x &- scalarPrediction(filter, left: a, above: b, upperLeft: c)
                    histograms[Int(filter.rawValue) << 8 | Int(residual)] += 1
                }
            }
            let total = Double(max(1, count - bpp))
            var best = PNGFilter.none, bestBits = Double.infinity
            for filter in PNGFilter.allCases {
                var bits = 0.0
                for count in histograms[Int(filter.rawValue) << 8..<(Int(filter.rawValue) + 1) << 8] where count > 0 {
                    bits -= Double(count) * log2(Double(count) / total)
                }
                if bits < bestBits {
                    best = filter
                    bestBits = bits
                }
            }
            return best
        }
    }
}
