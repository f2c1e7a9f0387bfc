import CImagingKernels
import Foundation

/// Pixels with premultiplied alpha as Floats in 0...255, for one `PixelBox`: the raster layer's working
/// format, in which filtering and "source over" are plain weighted sums.
package struct PremultipliedPixels {
    package let box: PixelBox
    /// Row-major, one (r·a, g·a, b·a, a) vector per pixel; every colour channel is at most its alpha.
    package var values: [SIMD4<Float>]

    package init(box: PixelBox, values: [SIMD4<Float>]) {
        self.box = box; self.values = values
    }

    /// The straight-alpha 8-bit image of these pixels; nil for an empty box.
    ///
    /// Channels are rounded half up. Four pixels are converted at a time in whole-vector operations: Swift's
    /// checked float-to-integer conversions go lane by lane and cost more than everything else here.
    package func straightImage() -> RGBAImage? {
        guard !box.isEmpty else { return nil }
        let count = box.pixelCount
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialised in
            values.withUnsafeBufferPointer { source in
                guard let pixels = source.baseAddress, let target = out.baseAddress else { return }
                let raw = UnsafeMutableRawPointer(target)
                var i = 0
                while i &+ 4 <= count {
                    let first = SIMD8(lowHalf: Self.straight(pixels[i]), highHalf: Self.straight(pixels[i &+ 1]))
                    let second = SIMD8(lowHalf: Self.straight(pixels[i &+ 2]), highHalf: Self.straight(pixels[i &+ 3]))
                    let four = SIMD16(lowHalf: first, highHalf: second)
                    raw.storeBytes(of: Self.roundedBytes(four), toByteOffset: 4 &* i, as: SIMD16<UInt8>.self)
                    i &+= 4
                }
                while i < count {
                    let one = SIMD16(
                        lowHalf: SIMD8(lowHalf: Self.straight(pixels[i]), highHalf: .zero),
                        highHalf: .zero)
                    raw.storeBytes(
                        of: Self.roundedBytes(one).lowHalf.lowHalf, toByteOffset: 4 &* i,
                        as: SIMD4<UInt8>.self)
                    i &+= 1
                }
            }
            initialised = count * 4
        }
        return RGBAImage(width: box.width, height: box.height, pixels: bytes)
    }

    /// One pixel with its colour divided by its alpha, in 0...255 (all zero where alpha is not positive).
    @inline(__always)
    private static func straight(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
        let alpha = pixel[3]
        guard alpha > 0 else { return .zero }
        // Opaque pixels, most of any composite, need no division.
        guard alpha < 255 else { return pixel.replacing(with: 255, where: pixel .> 255) }
        var straight = pixel * (255 / alpha)
        straight[3] = alpha
        return straight.replacing(with: 255, where: straight .> 255)
    }

    /// `floor(x + 0.5)` of every lane (each in 0...255) as bytes, without per-lane conversions: adding 2^23
    /// moves an integer-valued float's value into the low bits of its pattern.
    @inline(__always)
    static func roundedBytes(_ lanes: SIMD16<Float>) -> SIMD16<UInt8> {
        let magic = SIMD16<Float>(repeating: 8_388_608)
        let shifted = lanes + 0.5
        // Adding 2^23 rounds to the nearest integer (ties to even); one less where that went above `shifted`.
        var whole = (shifted + magic) - magic
        whole = whole.replacing(with: whole - 1, where: whole .> shifted)
        let pattern = unsafeBitCast(whole + magic, to: SIMD16<UInt32>.self)
        return SIMD16<UInt8>(truncatingIfNeeded: pattern)
    }
}

/// Which inner loops `Resampler` and the compositor's last pass run: the same filter, windows and weights either
/// way; the sums differ only in rounding (the order of Float additions, fused multiply-adds, and the weights
/// rounded to 15 fractional bits where AVX2 filters opaque 8-bit rows in fixed point), so a pixel differs by at
/// most one level.
package enum VectorKernels: Hashable, Sendable {
    /// Swift's `SIMD4<Float>` loops, for any CPU (on x86-64, baseline SSE2: a multiply and an add per tap).
    case portable
    /// 256-bit AVX2 loops in C (`CImagingKernels`): fused multiply-adds on two pixels per vector, and 16-bit
    /// fixed-point multiply-adds on four taps per vector for the horizontal pass over opaque 8-bit rows.
    case avx2

    /// The fastest this CPU runs, found once.
    package static let fastest: VectorKernels = ck_has_avx2_fma() != 0 ? .avx2 : .portable
}

/// What the AVX2 kernels did on the calling thread between `start()` and `stop()` (the portable loops count
/// nothing): the benchmark's measured work per output pixel, counted by each kernel call from its loop bounds,
/// and the time spent in the kernels.
package struct ResamplerWork: Sendable {
    /// Lane multiply-adds executed (one per tap and channel), a window's zero-weighted padding taps included.
    package var multiplyAdds: Int
    /// Of `multiplyAdds`, those in 16-bit fixed point (the horizontal pass over opaque 8-bit rows).
    package var fixedMultiplyAdds: Int
    /// Bytes the two filter passes loaded: working-format pixels and weights.
    package var filterBytes: Int
    /// Source bytes the block averages read (every source pixel a resampling reads, blocks of 1 included, and
    /// the rows the fixed-point pass copies).
    package var sourceBytes: Int
    /// Pixels the vertical pass wrote: the resampler's output.
    package var outputPixels: Int
    /// Seconds in the two filter passes.
    package var filterSeconds: Double
    /// Seconds in the block averages (and the fixed-point pass's row copies).
    package var averagingSeconds: Double

    /// Starts counting on the calling thread, from 0.
    package static func start() { ck_work_start() }

    /// The calling thread's counts since `start()`; counting stops.
    package static func stop() -> ResamplerWork {
        let work = ck_work_stop()
        return ResamplerWork(
            multiplyAdds: Int(work.multiplyAdds), fixedMultiplyAdds: Int(work.fixedMultiplyAdds),
            filterBytes: Int(work.filterBytes),
            sourceBytes: Int(work.sourceBytes), outputPixels: Int(work.outputPixels),
            filterSeconds: Double(work.filterNanoseconds) / 1e9,
            averagingSeconds: Double(work.averagingNanoseconds) / 1e9)
    }
}

/// Centre-crops photos to a tile's aspect ratio and resamples them onto the canvas pixel grid.
///
/// The filter is Lanczos-3, widened by the scale factor when downscaling (so it averages every source pixel,
/// however large the ratio), applied separably in premultiplied alpha, as Pillow's
/// `Image.resize(size, LANCZOS, box, reducing_gap=2)`: weights are computed once per output column and row,
/// windows that leave the source are cut at its edges and renormalised, and reductions by 4x or more first
/// average blocks of source pixels. Sums are kept in Float between the passes (the AVX2 horizontal pass over
/// opaque 8-bit rows sums in 32-bit integers, then divides), so there is no intermediate 8-bit rounding. Tests hold
/// the result to Pillow's plain LANCZOS within 38 dB PSNR (it reaches about 50).
package enum Resampler {
    /// The largest rectangle (in source pixels, possibly fractional) with `aspectRatio` (width / height)
    /// centred in a `width` x `height` source: what a tile shows of a photo, never stretched.
    package static func centreCrop(width: Int, height: Int, aspectRatio: Double) -> Rect {
        let sourceWidth = Double(width), sourceHeight = Double(height)
        guard aspectRatio > 0, aspectRatio.isFinite else {
            return Rect(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
        }
        if sourceWidth / sourceHeight > aspectRatio {
            let cropWidth = sourceHeight * aspectRatio
            return Rect(x: (sourceWidth - cropWidth) / 2, y: 0, width: cropWidth, height: sourceHeight)
        }
        let cropHeight = sourceWidth / aspectRatio
        return Rect(x: 0, y: (sourceHeight - cropHeight) / 2, width: sourceWidth, height: cropHeight)
    }

    /// `source` centre-cropped to `width / height` and resampled to exactly `width` x `height` pixels
    /// (sides below 1 count as 1).
    package static func resample(_ source: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let box = PixelBox(x: 0, y: 0, width: max(1, width), height: max(1, height))
        let frame = Rect(x: 0, y: 0, width: Double(box.width), height: Double(box.height))
        return premultiplied(source, frame: frame, region: box).straightImage() ?? RGBAImage(width: 1, height: 1)
    }

    /// The pixels of `region` when `source`, centre-cropped to the aspect ratio of `frame`, fills `frame`,
    /// filtered with `kernel`.
    ///
    /// `frame` is in destination pixels and may sit at fractional coordinates (a tile at x = 21.99,
    /// width 102.67): every destination pixel centre is mapped exactly into the crop, so neighbouring tiles
    /// line up and the photo keeps its proportions. `region` may reach beyond `frame` (edge pixels that the
    /// frame only partly covers); those pixels continue the photo past the crop, up to the source's edge.
    /// Nil when `region` is empty.
    package static func resample(
        _ source: RGBAImage, frame: Rect, region: PixelBox, kernel: FilterKernel = .lanczos3
    ) -> RGBAImage? {
        premultiplied(source, frame: frame, region: region, kernel: kernel).straightImage()
    }

    /// The working-format version of `resample(_:frame:region:)`; transparent for a degenerate frame.
    ///
    /// With `rows`, only those canvas rows of `region` are made (the result's box is `region` cut to them),
    /// each exactly as the whole region would have it: a large canvas is composed band by band.
    ///
    /// `kernels` chooses the inner loops (the fastest this CPU runs unless told). With `shown`, the coverage
    /// mask the result will be painted through, the AVX2 kernels make only the pixels of each row from the first
    /// to the last that it covers (coverage above 0), and the source rows and columns those need; the others are
    /// left transparent. Every pixel made is exactly as without the mask.
    package static func premultiplied(
        _ source: RGBAImage, frame: Rect, region: PixelBox, rows strip: Range<Int>? = nil,
        kernel: FilterKernel = .lanczos3, kernels: VectorKernels = .fastest, shown: CoverageMask? = nil
    ) -> PremultipliedPixels {
        // `pixels` is mutable, so its length is checked before the unsafe passes read it.
        guard source.pixels.count == source.width * source.height * 4 else {
            return premultiplied(
                width: 0, height: 0, frame: frame, region: region, rows: strip, kernel: kernel, kernels: kernels,
                shown: shown
            ) { _, _, _, _, _ in }
        }
        return source.pixels.withUnsafeBufferPointer { bytes in
            let width = source.width
            return premultiplied(
                width: width, height: source.height, frame: frame, region: region, rows: strip,
                kernel: kernel, kernels: kernels, shown: shown,
                readOpaqueRow: { row, columns, out in
                    guard let base = bytes.baseAddress else { return false }
                    return ck_opaque_row_avx2(base + (row * width + columns.lowerBound) * 4, columns.count, out) != 0
                }
            ) {
                grid, row, columns, scratch, out in
                grid.premultipliedRow(row, columns: columns, from: bytes, scratch: scratch, kernels: kernels, into: out)
            }
        }
    }

    /// `premultiplied(_:frame:region:rows:kernels:shown:)` of a 16-bit image: the same filter over its samples,
    /// so the only rounding to 8 bits is the tile's own (`PremultipliedPixels.straightImage`, or the composite's).
    package static func premultiplied(
        _ source: RGBA16Image, frame: Rect, region: PixelBox, rows strip: Range<Int>? = nil,
        kernels: VectorKernels = .fastest, shown: CoverageMask? = nil
    ) -> PremultipliedPixels {
        source.samples.withUnsafeBufferPointer { samples in
            premultiplied(
                width: source.width, height: source.height, frame: frame, region: region, rows: strip,
                kernel: .lanczos3, kernels: kernels, shown: shown
            ) {
                grid, row, columns, _, out in
                grid.premultipliedRow(row, columns: columns, from: samples, into: out)
            }
        }
    }

    /// The geometry shared by both sample depths; `readRow` writes a block row's premultiplied averages.
    /// `readOpaqueRow`, for 8-bit sources, copies a source row's pixels `columns` (`ck_opaque_row_avx2`) and says
    /// whether they are all opaque.
    private static func premultiplied(
        width: Int, height: Int, frame: Rect, region: PixelBox, rows strip: Range<Int>?, kernel: FilterKernel,
        kernels: VectorKernels, shown: CoverageMask?, readOpaqueRow: OpaqueRowReader? = nil,
        readRow: (BlockGrid, Int, Range<Int>, BlockGrid.Scratch, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) -> PremultipliedPixels {
        let made = strip.map { region.rows($0) } ?? region
        var result = PremultipliedPixels(box: made, values: Array(repeating: .zero, count: made.pixelCount))
        guard !made.isEmpty, width > 0, height > 0,
            frame.width > 0, frame.height > 0, frame.minX.isFinite, frame.minY.isFinite,
            frame.width.isFinite, frame.height.isFinite
        else { return result }
        let crop = centreCrop(width: width, height: height, aspectRatio: frame.width / frame.height)
        let scaleX = crop.width / frame.width, scaleY = crop.height / frame.height
        guard scaleX.isFinite, scaleY.isFinite else { return result }
        // Large reductions first average whole blocks of source pixels, as Pillow's `reducing_gap` does:
        // at least `reducingGap` source pixels per output pixel remain for the Lanczos filter, which then
        // needs far fewer taps and rows.
        let blockWidth = min(width, BlockGrid.maximumBlockSide, max(1, Int(min(scaleX / reducingGap, 1e6))))
        let blockHeight = min(height, BlockGrid.maximumBlockSide, max(1, Int(min(scaleY / reducingGap, 1e6))))
        let grid = BlockGrid(sourceWidth: width, sourceHeight: height, blockWidth: blockWidth, blockHeight: blockHeight)
        // The source coordinate of a destination pixel centre: its offset into the frame, scaled into the crop.
        let firstCentreX = crop.minX + (Double(region.x) + 0.5 - frame.minX) * scaleX
        let firstCentreY = crop.minY + (Double(region.y) + 0.5 - frame.minY) * scaleY
        let columns = FilterWeightsCache.shared.weights(
            sourceSize: grid.width, scale: scaleX / Double(blockWidth),
            outputs: 0..<region.width, firstCentre: firstCentreX / Double(blockWidth), kernel: kernel,
            horizontal: kernels == .avx2)
        // Centres still count from the region's first row, so a band's rows are the whole region's.
        let rows = FilterWeightsCache.shared.weights(
            sourceSize: grid.height, scale: scaleY / Double(blockHeight),
            outputs: made.y - region.y..<made.maxY - region.y, firstCentre: firstCentreY / Double(blockHeight),
            kernel: kernel)
        let spans =
            kernels == .avx2 ? shown.flatMap { coveredSpans(of: $0, rows: made, columns: region.x..<region.maxX) } : nil
        result.values.withUnsafeMutableBufferPointer { out in
            filter(
                grid: grid, columns: columns, rows: rows, kernels: kernels, spans: spans, into: out,
                readOpaqueRow: readOpaqueRow, readRow: readRow)
        }
        return result
    }

    /// For each row of `rows`, from the first to the last column of `columns` that `mask` covers (coverage above
    /// 0), counted from `columns.lowerBound`, as pairs of bounds (both 0 where it covers none); nil when that is
    /// every column of every row.
    private static func coveredSpans(of mask: CoverageMask, rows: PixelBox, columns: Range<Int>) -> [Int]? {
        guard mask.values.count == mask.box.pixelCount else { return nil }
        var spans = [Int](repeating: 0, count: 2 * rows.height)
        var cut = false
        let low = max(columns.lowerBound, mask.box.x), high = min(columns.upperBound, mask.box.maxX)
        mask.values.withUnsafeBufferPointer { values in
            for (index, y) in (rows.y..<rows.maxY).enumerated() {
                guard y >= mask.box.y, y < mask.box.maxY, low < high else {
                    cut = true
                    continue
                }
                let line = (y - mask.box.y) * mask.box.width - mask.box.x
                var first = low
                while first < high, !(values[line + first] > 0) { first += 1 }
                guard first < high else {
                    cut = true
                    continue
                }
                var last = high - 1
                while !(values[line + last] > 0) { last -= 1 }
                spans[2 * index] = first - columns.lowerBound
                spans[2 * index + 1] = last + 1 - columns.lowerBound
                cut = cut || first > columns.lowerBound || last + 1 < columns.upperBound
            }
        }
        return cut ? spans : nil
    }

    /// Below this many source pixels per output pixel, Lanczos works on the source pixels themselves.
    package static let reducingGap = 2.0

    /// Copies source row `row`'s pixels `columns` as RGBA8 to the pointer (with room for 3 pixels more); true
    /// when they are all opaque.
    private typealias OpaqueRowReader = (Int, Range<Int>, UnsafeMutablePointer<UInt8>) -> Bool

    /// Both passes: each needed row of (block-averaged) source pixels is premultiplied once and filtered
    /// horizontally into an intermediate of output width; the vertical pass then sums intermediate rows.
    ///
    /// Index arithmetic in the inner loops wraps (`&+`, `&*`): every index is bounded by the buffers the
    /// weights were made for, and overflow checks there cost more than the multiply-adds themselves.
    ///
    /// Opaque 8-bit source rows without blocks (`readOpaqueRow`), nearly every row of a photo reduced by less
    /// than 4x, skip the Float conversion: the AVX2 horizontal pass multiplies their bytes in 16-bit fixed point
    /// (`ck_filter_rows_fixed_avx2`, twice the products per instruction of Float), into the same Float
    /// intermediate, unrounded. Premultiplying an opaque pixel changes nothing, so only the weights' rounding
    /// to 15 bits differs (a few thousandths of a level).
    ///
    /// With `spans` (AVX2 only: the columns of each output row to make, as pairs of bounds), each intermediate row is made only over
    /// the columns of the output rows whose windows use it, and source rows no window needs are not read.
    private static func filter(
        grid: BlockGrid, columns: FilterWeights, rows: FilterWeights, kernels: VectorKernels, spans: [Int]?,
        into out: UnsafeMutableBufferPointer<SIMD4<Float>>, readOpaqueRow: OpaqueRowReader?,
        readRow: (BlockGrid, Int, Range<Int>, BlockGrid.Scratch, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) {
        let outWidth = columns.outputs, outHeight = rows.outputs
        let firstColumn = columns.firstSource, columnSpan = columns.sourceSpan
        let firstRow = rows.firstSource, rowSpan = rows.sourceSpan
        // Two source rows at a time: each weight is loaded and broadcast once for both. One zero pixel more
        // after them: the AVX2 loop reads a pixel past a window with an odd count of taps (weighted 0).
        let sourceRows = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: 2 * columnSpan + 1)
        sourceRows.initialize(repeating: .zero)
        defer { sourceRows.deallocate() }
        // The cache makes them with the weights for AVX2 (`horizontal:`); only weights that lack them are made
        // here.
        let forms = kernels == .avx2 ? columns.horizontalForms ?? FilterWeights.HorizontalForms(columns) : nil
        // The kernels read the forms' buffers through pointers (a reference in the loop would be retained and
        // released at every row): the forms live until the passes are done.
        defer { withExtendedLifetime(forms) {} }
        let expanded = forms.map { UnsafePointer($0.expanded) }
        let fixed =
            readOpaqueRow != nil && grid.blockWidth == 1 && grid.blockHeight == 1
            ? forms.flatMap { FixedWeights($0, sourceColumns: columnSpan) } : nil
        defer { fixed?.deallocate() }
        let scratch = BlockGrid.Scratch(sourceColumns: columnSpan * grid.blockWidth)
        defer { scratch.deallocate() }
        let intermediate = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: rowSpan * outWidth)
        defer { intermediate.deallocate() }
        guard let upper = sourceRows.baseAddress, let middle = intermediate.baseAddress, let target = out.baseAddress
        else { return }
        let lower = upper + columnSpan
        let sourceColumns = firstColumn..<firstColumn + columnSpan
        let needed = spans.map { neededColumns(rows: rows, spans: $0, outWidth: outWidth) }
        let expandedSize = ck_expanded_weight_count(1, columns.stride)
        let fixedSize = ck_fixed_weight_count(1, columns.stride)

        columns.weights.withUnsafeBufferPointer { weights in
            columns.starts.withUnsafeBufferPointer { starts in
                columns.counts.withUnsafeBufferPointer { counts in
                    guard let weights = weights.baseAddress else { return }
                    let stride = columns.stride
                    for y in Swift.stride(from: 0, to: rowSpan, by: 2) {
                        let hasLower = y + 1 < rowSpan
                        let upperOut = middle + y &* outWidth, lowerOut = upperOut + outWidth
                        // The outputs both rows need (all without spans).
                        var made = 0..<outWidth
                        if let needed {
                            let low = min(needed.lows[y], hasLower ? needed.lows[y + 1] : outWidth)
                            let high = max(needed.highs[y], hasLower ? needed.highs[y + 1] : 0)
                            guard low < high else { continue }
                            made = low..<high
                        }
                        let from = made.lowerBound
                        if let fixed, let readOpaqueRow,
                            readOpaqueRow(firstRow + y, sourceColumns, fixed.upper),
                            !hasLower || readOpaqueRow(firstRow + y + 1, sourceColumns, fixed.lower)
                        {
                            ck_filter_rows_fixed_avx2(
                                fixed.upper, hasLower ? fixed.lower : nil, fixed.weights + from &* fixedSize, stride,
                                fixed.bits, starts.baseAddress.map { $0 + from }, firstColumn,
                                counts.baseAddress.map { $0 + from }, made.count, floats(upperOut + from),
                                hasLower ? floats(lowerOut + from) : nil)
                            continue
                        }
                        readRow(
                            grid, firstRow + y, sourceColumns, scratch,
                            UnsafeMutableBufferPointer(start: upper, count: columnSpan))
                        if hasLower {
                            readRow(
                                grid, firstRow + y + 1, sourceColumns, scratch,
                                UnsafeMutableBufferPointer(start: lower, count: columnSpan))
                        }
                        if let expanded {
                            ck_filter_rows_avx2(
                                floats(upper), hasLower ? floats(lower) : nil, expanded + from &* expandedSize,
                                stride, starts.baseAddress.map { $0 + from }, firstColumn,
                                counts.baseAddress.map { $0 + from }, made.count, floats(upperOut + from),
                                hasLower ? floats(lowerOut + from) : nil)
                            continue
                        }
                        for x in 0..<outWidth {
                            let offset = starts[x] &- firstColumn, taps = weights + x &* stride
                            let first = upper + offset, second = lower + offset
                            let count = counts[x]
                            // Two independent sums per row: one chain of dependent additions would wait on each.
                            var upper0 = SIMD4<Float>.zero, upper1 = SIMD4<Float>.zero
                            var lower0 = SIMD4<Float>.zero, lower1 = SIMD4<Float>.zero
                            var tap = 0
                            while tap &+ 2 <= count {
                                let weight0 = SIMD4(repeating: taps[tap]), weight1 = SIMD4(repeating: taps[tap &+ 1])
                                upper0 += weight0 * first[tap]
                                lower0 += weight0 * second[tap]
                                upper1 += weight1 * first[tap &+ 1]
                                lower1 += weight1 * second[tap &+ 1]
                                tap &+= 2
                            }
                            if tap < count {
                                let weight = SIMD4(repeating: taps[tap])
                                upper0 += weight * first[tap]
                                lower0 += weight * second[tap]
                            }
                            upperOut[x] = upper0 + upper1
                            if hasLower { lowerOut[x] = lower0 + lower1 }
                        }
                    }
                }
            }
        }

        if kernels == .avx2 {
            rows.weights.withUnsafeBufferPointer { weights in
                rows.starts.withUnsafeBufferPointer { starts in
                    rows.counts.withUnsafeBufferPointer { counts in
                        // Without spans, an empty array, which the kernel is told is none.
                        (spans ?? []).withUnsafeBufferPointer { bounds in
                            ck_sum_rows_avx2(
                                floats(middle), outWidth, weights.baseAddress, rows.stride, starts.baseAddress,
                                firstRow, counts.baseAddress, outHeight, spans == nil ? nil : bounds.baseAddress,
                                floats(target))
                        }
                    }
                }
            }
            return
        }
        rows.weights.withUnsafeBufferPointer { weights in
            guard let weights = weights.baseAddress else { return }
            for y in 0..<outHeight {
                let taps = weights + y &* rows.stride, count = rows.counts[y]
                let firstSource = middle + (rows.starts[y] &- firstRow) &* outWidth
                let outRow = target + y &* outWidth
                // Four output pixels at a time sum down their columns of intermediate rows in registers (the
                // rows of one window stay in cache): each weight is broadcast once per four pixels, and each
                // pixel is written once instead of once per tap.
                var x = 0
                while x &+ 4 <= outWidth {
                    var sum0 = SIMD4<Float>.zero, sum1 = SIMD4<Float>.zero
                    var sum2 = SIMD4<Float>.zero, sum3 = SIMD4<Float>.zero
                    var pixel = firstSource + x
                    for tap in 0..<count {
                        let weight = SIMD4(repeating: taps[tap])
                        sum0 += weight * pixel[0]
                        sum1 += weight * pixel[1]
                        sum2 += weight * pixel[2]
                        sum3 += weight * pixel[3]
                        pixel += outWidth
                    }
                    outRow[x] = validPremultiplied(sum0)
                    outRow[x &+ 1] = validPremultiplied(sum1)
                    outRow[x &+ 2] = validPremultiplied(sum2)
                    outRow[x &+ 3] = validPremultiplied(sum3)
                    x &+= 4
                }
                while x < outWidth {
                    var sum = SIMD4<Float>.zero
                    var pixel = firstSource + x
                    for tap in 0..<count {
                        sum += taps[tap] * pixel[0]
                        pixel += outWidth
                    }
                    outRow[x] = validPremultiplied(sum)
                    x &+= 1
                }
            }
        }
    }

    /// For each intermediate row (source row `rows.firstSource + i`), the outputs of the output rows whose
    /// windows use it: from the least to the greatest of their `spans`; `lows[i] >= highs[i]` where no output
    /// row needs it.
    private static func neededColumns(rows: FilterWeights, spans: [Int], outWidth: Int) -> (lows: [Int], highs: [Int]) {
        let rowSpan = rows.sourceSpan, firstRow = rows.firstSource
        var lows = [Int](repeating: outWidth, count: rowSpan), highs = [Int](repeating: 0, count: rowSpan)
        for y in 0..<min(rows.outputs, spans.count / 2) where spans[2 * y] < spans[2 * y + 1] {
            let first = rows.starts[y] - firstRow
            for row in first..<first + rows.counts[y] {
                lows[row] = min(lows[row], spans[2 * y])
                highs[row] = max(highs[row], spans[2 * y + 1])
            }
        }
        return (lows, highs)
    }

    /// The Floats of working-format pixels, for the C kernels.
    @inline(__always)
    private static func floats(_ pixels: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafeMutablePointer<Float> {
        UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: Float.self)
    }

    /// The fixed-point weights of `forms` (which the caller keeps alive) and two rows of source bytes for
    /// `ck_filter_rows_fixed_avx2`; nil when the weights do not fit 16 bits.
    private struct FixedWeights {
        let weights: UnsafePointer<Int16>
        let bits: Int32
        let upper: UnsafeMutablePointer<UInt8>
        let lower: UnsafeMutablePointer<UInt8>

        init?(_ forms: FilterWeights.HorizontalForms, sourceColumns: Int) {
            guard forms.fixedBits > 0 else { return nil }
            // Each row: the pixels and the 3 after them that a window's last group of taps reads.
            let rowBytes = (sourceColumns + 3) * 4
            upper = .allocate(capacity: 2 * rowBytes)
            upper.initialize(repeating: 0, count: 2 * rowBytes)
            lower = upper + rowBytes
            self.weights = UnsafePointer(forms.fixed)
            self.bits = forms.fixedBits
        }

        func deallocate() { upper.deallocate() }
    }

    /// Lanczos lobes can overshoot: `sum` clamped to a valid premultiplied colour (alpha in 0...255, within
    /// `CK_OPAQUE_SNAP` of 255 made 255, each
    /// colour channel in 0...alpha), in whole-vector comparisons (`clamped` on SIMD vectors is not
    /// specialised and costs a generic call per pixel).
    @inline(__always)
    private static func validPremultiplied(_ sum: SIMD4<Float>) -> SIMD4<Float> {
        let clamped = min(max(sum[3], 0), 255)
        let alpha = SIMD4(repeating: clamped >= 255 - Float(CK_OPAQUE_SNAP) ? 255 : clamped)
        var valid = sum.replacing(with: 0, where: sum .< 0)
        valid = valid.replacing(with: alpha, where: valid .> alpha)
        valid[3] = alpha[3]
        return valid
    }
}

/// The source seen as a grid of `blockWidth` x `blockHeight` blocks, each the average of its pixels (blocks
/// of 1 x 1 are the pixels themselves); blocks at the right and bottom edges may be partial.
package struct BlockGrid {
    package let sourceWidth: Int
    package let sourceHeight: Int
    package let blockWidth: Int
    package let blockHeight: Int

    /// Blocks of `blockWidth` x `blockHeight` source pixels, each side at most `maximumBlockSide`.
    package init(source: RGBAImage, blockWidth: Int, blockHeight: Int) {
        self.init(
            sourceWidth: source.width, sourceHeight: source.height, blockWidth: blockWidth, blockHeight: blockHeight)
    }

    /// Blocks of `blockWidth` x `blockHeight` pixels of a `sourceWidth` x `sourceHeight` source.
    package init(sourceWidth: Int, sourceHeight: Int, blockWidth: Int, blockHeight: Int) {
        assert(blockWidth <= Self.maximumBlockSide && blockHeight <= Self.maximumBlockSide)
        self.sourceWidth = sourceWidth; self.sourceHeight = sourceHeight
        self.blockWidth = blockWidth; self.blockHeight = blockHeight
    }

    /// Blocks per row.
    package var width: Int { (sourceWidth + blockWidth - 1) / blockWidth }
    /// Blocks per column.
    package var height: Int { (sourceHeight + blockHeight - 1) / blockHeight }

    /// Working memory of `premultipliedRow` for rows of up to `sourceColumns` source pixels.
    package struct Scratch {
        /// Integer column sums of a block row's source rows, four pixels (16 lanes) per vector, the last
        /// vector possibly only partly used.
        let integerSums: UnsafeMutablePointer<SIMD16<UInt16>>
        /// Premultiplied column sums, for rows with translucent pixels.
        let premultipliedSums: UnsafeMutablePointer<SIMD4<Float>>

        init(sourceColumns: Int) {
            integerSums = .allocate(capacity: max(1, (sourceColumns + 3) / 4))
            premultipliedSums = .allocate(capacity: max(1, sourceColumns))
        }

        func deallocate() {
            integerSums.deallocate()
            premultipliedSums.deallocate()
        }
    }

    /// The largest block side: 256 rows of 255 still fit the 16-bit column sums. Larger reductions leave the
    /// rest to the Lanczos filter, which then simply has more taps.
    package static let maximumBlockSide = 256

    /// Writes the premultiplied averages of blocks `columns` of block row `row` to `out[0...]`.
    ///
    /// Photos are nearly always opaque, and there premultiplying changes nothing: the block row's bytes are
    /// summed as integers in one streaming pass, and only when it turns out to hold a translucent pixel is the
    /// row summed again, premultiplied in floating point column by column, then block by block.
    package func premultipliedRow(
        _ row: Int, columns: Range<Int>, from bytes: UnsafeBufferPointer<UInt8>,
        scratch: Scratch, kernels: VectorKernels = .fastest, into out: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        guard let base = bytes.baseAddress, let target = out.baseAddress, !columns.isEmpty else { return }
        let rows = row * blockHeight..<min(row * blockHeight + blockHeight, sourceHeight)
        let firstSourceColumn = columns.lowerBound * blockWidth
        let sourceColumns = min(columns.upperBound * blockWidth, sourceWidth) - firstSourceColumn
        if kernels == .avx2 {
            // The same sums and averages in 256-bit integer vectors (the same Float operations at the end).
            let opaque = scratch.integerSums.withMemoryRebound(to: UInt16.self, capacity: sourceColumns * 4) { sums in
                ck_opaque_block_averages_avx2(
                    base + (rows.lowerBound * sourceWidth + firstSourceColumn) * 4, sourceWidth * 4, rows.count,
                    sourceColumns, blockWidth, sums, UnsafeMutableRawPointer(target).assumingMemoryBound(to: Float.self)
                )
            }
            if opaque != 0 { return }
        } else if opaqueColumnSums(
            rows, firstSourceColumn: firstSourceColumn, sourceColumns: sourceColumns, base: base,
            into: scratch.integerSums)
        {
            opaqueBlockAverages(
                columns.count, rowCount: rows.count, sourceColumns: sourceColumns,
                sums: UnsafeRawPointer(scratch.integerSums), into: target)
            return
        }
        let sums = premultipliedColumnSums(
            rows, firstSourceColumn: firstSourceColumn, sourceColumns: sourceColumns,
            base: base, into: scratch)
        blockAverages(columns.count, sourceColumns: sourceColumns, rowShare: 1 / Float(rows.count), into: target) { i in
            sums[i]
        }
    }

    /// Writes the averages of blocks `columns` of block row `row` of premultiplied 16-bit `samples`
    /// (`RGBA16Image`) to `out[0...]`, scaled to the working range 0...255 and summed in Float, unrounded.
    package func premultipliedRow(
        _ row: Int, columns: Range<Int>, from samples: UnsafeBufferPointer<UInt16>,
        into out: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        guard let base = samples.baseAddress, let target = out.baseAddress, !columns.isEmpty else { return }
        let raw = UnsafeRawPointer(base)
        let rows = row * blockHeight..<min(row * blockHeight + blockHeight, sourceHeight)
        for (index, block) in columns.enumerated() {
            let first = block * blockWidth, end = min(first + blockWidth, sourceWidth)
            var sum = SIMD4<Float>.zero
            for sourceRow in rows {
                let rowStart = sourceRow &* sourceWidth
                for column in first..<end {
                    let pixel = raw.loadUnaligned(fromByteOffset: (rowStart &+ column) &* 8, as: SIMD4<UInt16>.self)
                    sum += SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: pixel))
                }
            }
            target[index] = sum * (255 / 65535 / Float(rows.count * (end - first)))
        }
    }

    /// Integer column sums (8-bit channels summed down `rows`) of the row's source pixels, four pixels per
    /// vector; false as soon as a pixel is not opaque.
    ///
    /// Sixteen bytes are loaded, checked and widened at a time: per pixel this is a fraction of the work
    /// of a pixel-by-pixel loop, and it runs over every source pixel a resampling reads. Opacity is one AND
    /// over all loaded bytes, checked per row.
    private func opaqueColumnSums(
        _ rows: Range<Int>, firstSourceColumn: Int, sourceColumns: Int,
        base: UnsafePointer<UInt8>, into sums: UnsafeMutablePointer<SIMD16<UInt16>>
    )
        -> Bool
    {
        let wholeVectors = sourceColumns / 4, tailBytes = (sourceColumns % 4) * 4
        let alphaLanes = SIMD16<UInt8>(0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255)
        for sourceRow in rows {
            let pixels = UnsafeRawPointer(base + (sourceRow * sourceWidth + firstSourceColumn) * 4)
            let isFirst = sourceRow == rows.lowerBound
            var allBytes = SIMD16<UInt8>(repeating: 255)
            for vector in 0..<wholeVectors {
                let chunk = pixels.loadUnaligned(fromByteOffset: vector &* 16, as: SIMD16<UInt8>.self)
                allBytes &= chunk
                let widened = SIMD16<UInt16>(truncatingIfNeeded: chunk)
                sums[vector] = isFirst ? widened : sums[vector] &+ widened
            }
            if tailBytes > 0 {
                // The last one to three pixels; the lanes past them are summed too (as 255s) but never read.
                var chunk = SIMD16<UInt8>(repeating: 255)
                withUnsafeMutableBytes(of: &chunk) { lanes in
                    lanes.baseAddress?.copyMemory(from: pixels + wholeVectors * 16, byteCount: tailBytes)
                }
                allBytes &= chunk
                let widened = SIMD16<UInt16>(truncatingIfNeeded: chunk)
                sums[wholeVectors] = isFirst ? widened : sums[wholeVectors] &+ widened
            }
            guard allBytes & alphaLanes == alphaLanes else { return false }
        }
        return true
    }

    /// Each of `blockCount` blocks' average from the 16-bit column sums `opaqueColumnSums` wrote, summed
    /// across the block in integers (exact: at most 256 x 256 x 255) and converted once per block.
    private func opaqueBlockAverages(
        _ blockCount: Int, rowCount: Int, sourceColumns: Int, sums: UnsafeRawPointer,
        into target: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let fullShare = 1 / Float(rowCount * blockWidth)
        guard blockWidth > 1 else {
            // Blocks one pixel wide: a plain column loop (the general one costs a loop per pixel here).
            for column in 0..<sourceColumns {
                let sum = sums.load(fromByteOffset: column &* 8, as: SIMD4<UInt16>.self)
                target[column] = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sum)) * fullShare
            }
            return
        }
        var column = 0
        for block in 0..<blockCount {
            let end = min(column &+ blockWidth, sourceColumns)
            let share = end - column == blockWidth ? fullShare : 1 / Float(rowCount * (end - column))
            var sum = SIMD4<Int32>.zero
            while column < end {
                sum &+= SIMD4(truncatingIfNeeded: sums.load(fromByteOffset: column &* 8, as: SIMD4<UInt16>.self))
                column &+= 1
            }
            target[block] = SIMD4<Float>(sum) * share
        }
    }

    /// Each of `blockCount` blocks' average from its column sums (`columnSum(i)` for source column `i` of
    /// the row), each column sum covering `1 / rowShare` rows.
    @inline(__always)
    private func blockAverages(
        _ blockCount: Int, sourceColumns: Int, rowShare: Float,
        into target: UnsafeMutablePointer<SIMD4<Float>>, columnSum: (Int) -> SIMD4<Float>
    ) {
        guard blockWidth > 1 else {
            for i in 0..<sourceColumns { target[i] = columnSum(i) * rowShare }
            return
        }
        for index in 0..<blockCount {
            let first = index * blockWidth, end = min(first + blockWidth, sourceColumns)
            var sum = SIMD4<Float>.zero
            for i in first..<end { sum += columnSum(i) }
            target[index] = sum * (rowShare / Float(end - first))
        }
    }

    /// Column sums of premultiplied pixels over `rows`: (r a, g a, b a, a a) / 255 with the alpha lane put
    /// back, in whole-vector operations.
    private func premultipliedColumnSums(
        _ rows: Range<Int>, firstSourceColumn: Int, sourceColumns: Int,
        base: UnsafePointer<UInt8>, into scratch: Scratch
    )
        -> UnsafeMutablePointer<SIMD4<Float>>
    {
        let sums = scratch.premultipliedSums
        let alphaLane: SIMDMask<SIMD4<Int32>> = [false, false, false, true]
        for sourceRow in rows {
            let pixels = UnsafeRawPointer(base + (sourceRow * sourceWidth + firstSourceColumn) * 4)
            let isFirst = sourceRow == rows.lowerBound
            for i in 0..<sourceColumns {
                let bytes = pixels.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt8>.self)
                let pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
                let scaled = pixel * SIMD4<Float>(repeating: pixel[3] * (1 / 255))
                let premultiplied = scaled.replacing(with: pixel, where: alphaLane)
                sums[i] = isFirst ? premultiplied : sums[i] + premultiplied
            }
        }
        return sums
    }
}

/// The filters `Resampler` weighs source pixels with.
package enum FilterKernel: Hashable, Sendable {
    /// sinc(x) · sinc(x / 3) on -3 ..< 3: sharp, six taps per output when enlarging; every composite and export.
    case lanczos3
    /// The Catmull-Rom cubic (Pillow's BICUBIC, a = -0.5) on -2 ..< 2: four taps, for enlarging a picture for
    /// the screen, where it cannot be told from Lanczos-3 at the factors a preview uses and costs two thirds.
    case catmullRom

    /// Half the window's width in source pixels at scale 1.
    var support: Double {
        switch self {
        case .lanczos3: 3
        case .catmullRom: 2
        }
    }
}

/// Filter weights for one axis (`FilterKernel`, Lanczos-3 unless told): for every output pixel, a window of
/// source pixels and its weights.
package struct FilterWeights: Sendable {
    /// Number of output pixels.
    package let outputs: Int
    /// First source pixel of each output's window.
    package let starts: [Int]
    /// Window length of each output (at least 1).
    package let counts: [Int]
    /// Distance between consecutive outputs' weights in `weights`.
    package let stride: Int
    /// `outputs * stride` weights; each window's weights sum to 1.
    package let weights: [Float]

    /// - Parameters:
    ///   - sourceSize: source pixels along the axis.
    ///   - scale: source pixels per output pixel.
    ///   - firstCentre: source coordinate of the first output pixel's centre (pixel i covers i ..< i + 1).
    ///   - kernel: the filter.
    package init(sourceSize: Int, scale: Double, outputs: Int, firstCentre: Double, kernel: FilterKernel = .lanczos3) {
        self.init(sourceSize: sourceSize, scale: scale, outputs: 0..<outputs, firstCentre: firstCentre, kernel: kernel)
    }

    /// The windows of outputs `range` of a larger run whose output 0 has its centre at `firstCentre`.
    package init(
        sourceSize: Int, scale: Double, outputs range: Range<Int>, firstCentre: Double,
        kernel: FilterKernel = .lanczos3
    ) {
        let outputs = range.count
        // Past the source's own size a wider filter adds nothing but work: the window is the whole source.
        let filterScale = min(max(scale, 1), Double(max(sourceSize, 1)))
        let support = kernel.support * filterScale
        let stride = Int(support.rounded(.up)) * 2 + 1
        var starts = [Int](repeating: 0, count: outputs), counts = [Int](repeating: 1, count: outputs)
        var weights = [Float](repeating: 0, count: outputs * stride)
        let lastSource = Double(sourceSize - 1)
        // Consecutive taps are 1 / filterScale apart, so the sines of the kernel step by a fixed angle: a
        // rotation gives each next one (a sine and a cosine per window instead of a sine per tap).
        let angleStep = Double.pi / (3 * filterScale)
        let stepSine = sin(angleStep), stepCosine = cos(angleStep)
        var window = [Double](repeating: 0, count: stride)
        weights.withUnsafeMutableBufferPointer { weights in
            for i in 0..<outputs {
                let centre = firstCentre + Double(range.lowerBound + i) * scale
                guard centre.isFinite else { continue }
                // Pillow's window: source pixels whose centres lie within the support, cut at the edges.
                let low = min(max((centre - support + 0.5).rounded(.down), 0), lastSource)
                let high = min(max((centre + support + 0.5).rounded(.down), low + 1), Double(sourceSize))
                let start = Int(low), count = min(stride, Int(high) - start)
                let firstX = (Double(start) - centre + 0.5) / filterScale
                var sine = sin(Double.pi * firstX / 3), cosine = cos(Double.pi * firstX / 3)
                var total = 0.0
                for tap in 0..<count {
                    let x = (Double(start + tap) - centre + 0.5) / filterScale
                    let w = kernel == .lanczos3 ? lanczos3(x, sineOfThird: sine) : catmullRom(x)
                    window[tap] = w
                    total += w
                    (sine, cosine) = (sine * stepCosine + cosine * stepSine, cosine * stepCosine - sine * stepSine)
                }
                starts[i] = start
                counts[i] = count
                for tap in 0..<count {
                    // A window entirely past the edge has no weight: it takes the nearest edge pixel.
                    weights[i * stride + tap] = total != 0 ? Float(window[tap] / total) : (tap == 0 ? 1 : 0)
                }
            }
        }
        self.outputs = outputs; self.starts = starts; self.counts = counts; self.stride = stride
        self.weights = weights
    }

    /// The windows' weights as the AVX2 horizontal pass multiplies them, when the weights were made for it
    /// (`FilterWeightsCache`'s `horizontal` weights): made once with them rather than at every pass.
    package private(set) var horizontalForms: HorizontalForms?

    /// These weights with their `horizontalForms` made.
    package func withHorizontalForms() -> FilterWeights {
        var weights = self
        weights.horizontalForms = HorizontalForms(self)
        return weights
    }

    /// A window's weights as `ck_filter_rows_avx2` multiplies them (`ck_expand_weights`: pairs of taps, each
    /// weight four times) and as `ck_filter_rows_fixed_avx2` does (`ck_fixed_weights`: 16-bit fixed point).
    /// A class only to own the two buffers the kernels read; they are written once, in `init`.
    package final class HorizontalForms: @unchecked Sendable {
        /// `ck_expanded_weight_count(outputs, stride)` Floats.
        let expanded: UnsafeMutablePointer<Float>
        /// `ck_fixed_weight_count(outputs, stride)` 16-bit weights, valid when `fixedBits > 0`.
        let fixed: UnsafeMutablePointer<Int16>
        /// The fixed-point weights' fractional bits; 0 when they do not fit 16 bits.
        let fixedBits: Int32
        /// The bytes of both buffers, for a cache's budget.
        let byteCount: Int

        init(_ columns: FilterWeights) {
            let expandedCount = max(1, ck_expanded_weight_count(columns.outputs, columns.stride))
            let fixedCount = max(1, ck_fixed_weight_count(columns.outputs, columns.stride))
            expanded = .allocate(capacity: expandedCount)
            fixed = .allocate(capacity: fixedCount)
            fixed.initialize(repeating: 0, count: fixedCount)
            byteCount = expandedCount * MemoryLayout<Float>.stride + fixedCount * MemoryLayout<Int16>.stride
            let (expanded, fixed) = (self.expanded, self.fixed)
            fixedBits = columns.weights.withUnsafeBufferPointer { weights in
                columns.counts.withUnsafeBufferPointer { counts in
                    ck_expand_weights(
                        weights.baseAddress, columns.stride, counts.baseAddress, columns.outputs, expanded)
                    return ck_fixed_weights(
                        weights.baseAddress, columns.stride, counts.baseAddress, columns.outputs, fixed)
                }
            }
        }

        deinit {
            expanded.deallocate()
            fixed.deallocate()
        }
    }

    /// The first source pixel any window uses.
    package var firstSource: Int { starts.first ?? 0 }
    /// How many source pixels the windows span together.
    package var sourceSpan: Int {
        var end = firstSource
        for i in 0..<outputs { end = max(end, starts[i] + counts[i]) }
        return end - firstSource
    }
}

/// The Catmull-Rom cubic (a = -0.5) at `x`, 0 outside -2 ..< 2.
@inline(__always)
package func catmullRom(_ x: Double) -> Double {
    let x = abs(x)
    if x < 1 { return (1.5 * x - 2.5) * x * x + 1 }
    if x < 2 { return ((-0.5 * x + 2.5) * x - 4) * x + 2 }
    return 0
}

/// The Lanczos kernel with three lobes, sinc(x) · sinc(x / 3) on -3 ..< 3, given `sin(πx / 3)` (which
/// `FilterWeights` gets by rotation rather than a sine call per tap).
@inline(__always)
package func lanczos3(_ x: Double, sineOfThird third: Double) -> Double {
    // Near 0 the kernel is 1 - 1.8 x² (within 2e-10 of 1 here), while a sine got by rotation carries an
    // absolute error that the division by x² would blow up.
    guard abs(x) > 1e-5 else { return 1 }
    guard x > -3, x < 3 else { return 0 }
    let px = Double.pi * x
    // sin(3t) = 3 sin t - 4 sin^3 t.
    return 3 * third * (3 * third - 4 * third * third * third) / (px * px)
}
