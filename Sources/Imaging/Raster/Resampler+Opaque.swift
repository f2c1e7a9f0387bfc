import Support

extension Resampler {
    /// `resample(_:frame:region:kernel:)` of an opaque `source` that `frame` enlarges (or keeps) along both
    /// sides, or nil when it is not that: the same filter, weights and windows (each pixel within one level of
    /// it), with no premultiplied working image. With every alpha 255 there is nothing to premultiply, clamp to
    /// alpha or divide back, so the vertical pass sums four pixels (sixteen channels) at a time from a small
    /// ring of filtered rows and writes their rounded bytes directly, without the conversion pass. The preview
    /// enlarged to its pane on every parameter key (528 to 1000 px square) takes about 3 ms of CPU here, 5 on the
    /// general path.
    package static func resampleOpaque(
        _ source: RGBAImage, frame: Rect, region: PixelBox, kernel: FilterKernel
    ) -> RGBAImage? {
        let (width, height) = (source.width, source.height)
        guard !region.isEmpty, width > 0, height > 0, source.pixels.count == width * height * 4,
            frame.width > 0, frame.height > 0, frame.minX.isFinite, frame.minY.isFinite,
            frame.width.isFinite, frame.height.isFinite, source.isOpaque
        else { return nil }
        let crop = centreCrop(width: width, height: height, aspectRatio: frame.width / frame.height)
        let scaleX = crop.width / frame.width, scaleY = crop.height / frame.height
        guard scaleX <= 1, scaleY <= 1 else { return nil }
        let columns = FilterWeights(
            sourceSize: width, scale: scaleX, outputs: region.width,
            firstCentre: crop.minX + (Double(region.x) + 0.5 - frame.minX) * scaleX, kernel: kernel)
        let rows = FilterWeights(
            sourceSize: height, scale: scaleY, outputs: region.height,
            firstCentre: crop.minY + (Double(region.y) + 0.5 - frame.minY) * scaleY, kernel: kernel)
        let outWidth = region.width, outHeight = region.height
        // A preview's megapixel is enlarged in runs of rows on every core at once, each run with its own ring
        // (the few source rows two runs share are filtered by both): the same pixels as in one piece.
        let runs = ParallelRuns.runs(rows: outHeight, width: outWidth)
        let pixels = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { target, initialised in
            guard let base = target.baseAddress else { return }
            let output = SharedBuffer(base)
            ParallelRuns.forEach(runs) { run in
                enlargeOpaqueRows(
                    run, of: source, columns: columns, rows: rows, into: output.base + run.lowerBound &* outWidth &* 4)
            }
            initialised = outWidth * outHeight * 4
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
    }

    /// Output rows `outputRows` of the enlargement of opaque `source` by `columns` and `rows`, written as RGBA
    /// bytes from `target` on.
    private static func enlargeOpaqueRows(
        _ outputRows: Range<Int>, of source: RGBAImage, columns: FilterWeights, rows: FilterWeights,
        into target: UnsafeMutablePointer<UInt8>
    ) {
        let width = source.width, outWidth = columns.outputs
        let firstRow = rows.firstSource
        // The source rows filtered horizontally (RGBA Floats of output width) as the vertical pass reaches them,
        // in a ring of as many rows as a window has: tens of kilobytes that stay in cache, where the whole
        // intermediate of a megapixel enlargement would be megabytes of fresh pages on every parameter key.
        let ringRows = max(1, rows.stride)
        let ring = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: ringRows * outWidth)
        defer { ring.deallocate() }
        var ringSource = [Int](repeating: -1, count: ringRows)
        let sourceRow = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width)
        defer { sourceRow.deallocate() }
        var rowPointers = [UnsafeRawPointer](repeating: UnsafeRawPointer(ring), count: ringRows)
        source.pixels.withUnsafeBytes { bytes in
            rows.weights.withUnsafeBufferPointer { rowWeights in
                guard let base = bytes.baseAddress, let rowWeights = rowWeights.baseAddress else { return }
                for y in outputRows {
                    let count = rows.counts[y]
                    for tap in 0..<count {
                        let row = rows.starts[y] &+ tap, slot = (row &- firstRow) % ringRows
                        let filtered = ring + slot &* outWidth
                        if ringSource[slot] != row {
                            ringSource[slot] = row
                            filterOpaqueRow(
                                base + row &* width &* 4, width: width, columns: columns, into: filtered,
                                scratch: sourceRow)
                        }
                        rowPointers[tap] = UnsafeRawPointer(filtered)
                    }
                    rowPointers.withUnsafeBufferPointer { rowPointers in
                        sumOpaqueRows(
                            rowPointers.prefix(count), weights: rowWeights + y &* rows.stride, width: outWidth,
                            into: UnsafeMutableRawPointer(target + (y &- outputRows.lowerBound) &* outWidth &* 4))
                    }
                }
            }
        }
    }

    /// One opaque source row (`width` RGBA bytes at `source`) filtered along `columns`, as RGBA Floats.
    private static func filterOpaqueRow(
        _ source: UnsafeRawPointer, width: Int, columns: FilterWeights, into out: UnsafeMutablePointer<SIMD4<Float>>,
        scratch sourceRow: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        for x in 0..<width {
            let pixel = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self)
            sourceRow[x] = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: pixel))
        }
        columns.weights.withUnsafeBufferPointer { weights in
            columns.starts.withUnsafeBufferPointer { starts in
                columns.counts.withUnsafeBufferPointer { counts in
                    guard let weights = weights.baseAddress else { return }
                    for x in 0..<columns.outputs {
                        let taps = weights + x &* columns.stride, first = sourceRow + starts[x]
                        var sum0 = SIMD4<Float>.zero, sum1 = SIMD4<Float>.zero
                        var tap = 0
                        let count = counts[x]
                        while tap &+ 2 <= count {
                            sum0 += SIMD4(repeating: taps[tap]) * first[tap]
                            sum1 += SIMD4(repeating: taps[tap &+ 1]) * first[tap &+ 1]
                            tap &+= 2
                        }
                        if tap < count { sum0 += SIMD4(repeating: taps[tap]) * first[tap] }
                        out[x] = sum0 + sum1
                    }
                }
            }
        }
    }

    /// The filtered `rows` (RGBA Floats, `width` each) weighted by `weights` and written as opaque RGBA bytes.
    private static func sumOpaqueRows(
        _ rows: Slice<UnsafeBufferPointer<UnsafeRawPointer>>, weights: UnsafePointer<Float>, width: Int,
        into out: UnsafeMutableRawPointer
    ) {
        let opaqueAlpha = SIMD16<UInt8>(0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255)
        // Catmull-Rom's usual window of four rows, with the rows and weights held in registers.
        let four = rows.count == 4, first = rows.startIndex
        let (r0, r1, r2, r3) =
            four
            ? (rows[first], rows[first + 1], rows[first + 2], rows[first + 3])
            : (rows[first], rows[first], rows[first], rows[first])
        let (w0, w1, w2, w3): (SIMD16<Float>, SIMD16<Float>, SIMD16<Float>, SIMD16<Float>) =
            four
            ? (
                .init(repeating: weights[0]), .init(repeating: weights[1]), .init(repeating: weights[2]),
                .init(repeating: weights[3])
            ) : (.zero, .zero, .zero, .zero)
        // Four pixels at a time down their columns; the last one to three pixels as one more group that overlaps
        // the one before it.
        var x = 0
        while x < width {
            if width >= 4 {
                let group = min(x, width &- 4)
                var sum = SIMD16<Float>.zero
                if four {
                    let offset = group &* 16
                    sum = w0 * r0.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                    sum += w1 * r1.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                    sum += w2 * r2.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                    sum += w3 * r3.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                } else {
                    for (tap, row) in zip(0..., rows) {
                        sum +=
                            SIMD16(repeating: weights[tap])
                            * row.loadUnaligned(fromByteOffset: group &* 16, as: SIMD16<Float>.self)
                    }
                }
                out.storeBytes(
                    of: clampedBytes(sum) | opaqueAlpha, toByteOffset: group &* 4,
                    as: SIMD16<UInt8>.self)
            } else {
                var one = SIMD4<Float>.zero
                for (tap, row) in zip(0..., rows) {
                    one += weights[tap] * row.loadUnaligned(fromByteOffset: x &* 16, as: SIMD4<Float>.self)
                }
                var lanes = SIMD16<Float>.zero
                lanes[0] = one[0]; lanes[1] = one[1]; lanes[2] = one[2]
                let bytes = clampedBytes(lanes) | opaqueAlpha
                out.storeBytes(of: bytes.lowHalf.lowHalf, toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
            }
            x &+= width >= 4 ? 4 : 1
        }
    }

    /// `lanes` clamped to 0...255 and rounded to the nearest byte (halves to even: adding 2^23 leaves the
    /// rounded value in the low bits of each Float). Not `PremultipliedPixels.roundedBytes`, whose exact
    /// `floor(x + 0.5)` takes a compare and a subtraction more per lane (about 1.2 ms of a megapixel
    /// enlargement): ties to even stay within the one level of the general path this one promises.
    @inline(__always)
    private static func clampedBytes(_ lanes: SIMD16<Float>) -> SIMD16<UInt8> {
        var clamped = lanes.replacing(with: 0, where: lanes .< 0)
        clamped = clamped.replacing(with: 255, where: clamped .> 255)
        let pattern = unsafeBitCast(clamped + SIMD16(repeating: 8_388_608), to: SIMD16<UInt32>.self)
        return SIMD16<UInt8>(truncatingIfNeeded: pattern)
    }
}
