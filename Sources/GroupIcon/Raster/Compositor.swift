import CImagingKernels
import Imaging
import Support

/// What one composite is drawn from: the parameters, the canvas the layout asked for, each drawn member's
/// tile and photo, and how many members the layout left out (for the overflow badge).
public struct CompositionInput: Sendable {
    /// The parameters the composite is drawn with (background, radii, member style, scale).
    public var parameters: CompositionParameters
    /// The canvas in points (`Layouts.canvas`).
    public var canvas: Size
    /// Tile `i` shows `images[i]`; tiles without an image stay empty.
    public var tiles: [Tile]
    /// The members' photos or placeholders, in tile order.
    public var images: [RGBAImage]
    /// Members beyond the layout's cap, not drawn.
    public var hiddenMembers: Int
    /// The indices of tiles whose image is a member placeholder (square, a label on a plain colour): it is
    /// drawn into the tile's centred square, its edges continued over the rest of the tile, rather than
    /// centre-cropped, so a tall or wide tile never cuts the label.
    public var placeholders: Set<Int>
    /// Tile `i`'s photo with 16 bits per channel (a 16-bit PNG), drawn instead of `images[i]`, which is its
    /// 8-bit rendering: the photo is resampled from its samples and rounded once, in the composite.
    package var deepImages: [Int: RGBA16Image] = [:]
    /// The resampler's and the last pass's inner loops (the fastest this CPU runs; tests compare them with the
    /// portable ones).
    package var vectorKernels: VectorKernels = .fastest

    /// An input drawing `images` into `tiles` on a `canvas` of that size in points.
    public init(
        parameters: CompositionParameters, canvas: Size, tiles: [Tile], images: [RGBAImage],
        hiddenMembers: Int = 0, placeholders: Set<Int> = []
    ) {
        self.parameters = parameters; self.canvas = canvas; self.tiles = tiles; self.images = images
        self.hiddenMembers = hiddenMembers; self.placeholders = placeholders
    }
}

/// Draws a group avatar: the background, then each member's photo in its tile, clipped to the canvas.
package enum Compositor {
    /// The composite of `images` in `tiles` on a `parameters.size` square canvas, nobody left out.
    package static func compose(tiles: [Tile], images: [RGBAImage], parameters: CompositionParameters) -> RGBAImage {
        let side = parameters.layoutSide
        return compose(
            CompositionInput(
                parameters: parameters, canvas: Size(width: side, height: side), tiles: tiles,
                images: images))
    }

    /// The composite of `input`: `canvas × scale` pixels (at least 1 × 1); without any tile (a group of 0
    /// members), the group glyph of `Placeholder.groupImage` on the background.
    ///
    /// As in the compact WeChat reference, the canvas is clipped to a rounded rect of `parameters.cornerRadius` and filled with
    /// `parameters.resolvedBackground`; the gap colour, when set, fills what the tiles leave free of the
    /// layout's gap region (`CompositionLayout.gapRegion`).
    /// Every photo is placed in its tile by the member style (`MemberStyle.placement`: centre-cropped into
    /// the tile or its centred square, or fitted whole), painted through the anti-aliased coverage of the
    /// tile's shape and the style's clip, premultiplied "source over" in tile order, over the style's border
    /// band. The overflow badge goes over the last tile.
    ///
    /// Tiles are first gathered in a layer that remembers how much of each pixel earlier tiles claimed:
    /// where a tile's coverage fits into the unclaimed part, it is added rather than laid over, so two tiles
    /// sharing an edge fill the pixel completely instead of letting the background show through a seam.
    /// Where tiles overlap it is ordinary source over. The layer then goes over the background, and the
    /// clip multiplies the result once (clipping each step would darken the clipped edge the same way).
    ///
    /// A canvas of at least twice `bandPixels` is composed in bands of whole rows, each band's photos, masks and
    /// layer made for its rows alone, on every core at once (`ParallelRuns.forEach`): the working memory is that
    /// of one band per core (a 4096 px export in one piece held 16 bytes of layer per pixel at once), and a
    /// band's layer and each tile's intermediate rows stay in the core's cache. Every row is computed exactly as
    /// in one piece.
    package static func compose(_ input: CompositionInput) -> RGBAImage {
        compose(input, bandPixels: bandPixels)
    }

    /// About how many canvas pixels a band holds: 2 MiB of working layer, 128 rows of a 1024 px preview. Bands
    /// of 128 rows made the 1024 px WeChat preview 1.90x as fast on two cores as on one, where one run per core
    /// (512 rows each, their tiles' intermediates megabytes) made it 1.64x; bands of 32 or 64 rows cost more in
    /// the rows and weights each band makes again than they save (`bench/scaling.py`).
    package static let bandPixels = 1 << 17

    static func compose(_ input: CompositionInput, bandPixels: Int) -> RGBAImage {
        let parameters = input.parameters
        let scale = parameters.pixelsPerPoint
        let canvas = PixelBox(
            x: 0, y: 0, width: pixels(input.canvas.width, scale), height: pixels(input.canvas.height, scale))
        var placements: [MemberPlacement] = []
        for (index, (tile, image)) in zip(input.tiles, input.images).enumerated() {
            var placement = parameters.memberStyle.placement(
                frame: tile.frame, shape: tile.shape, photoAspect: Double(image.width) / Double(image.height))
            if input.placeholders.contains(index) {
                // The label square in the middle of the tile; the resampler continues its edge pixels (the plain
                // colour) over the rest of the tile.
                let frame = placement.photoFrame
                placement.photoFrame = Rect(center: frame.center, side: min(frame.width, frame.height))
            }
            placements.append(placement)
        }
        var decorations: [(color: RGBA8, masks: [CoverageMask])] = []
        if parameters.overflowBadge, input.hiddenMembers > 0, let lastClip = placements.last?.clip,
            let lastTile = input.tiles.last
        {
            decorations.append((OverflowBadge.shade, [CoverageCache.shared.mask(of: lastClip, scale: scale)]))
            let text =
                OverflowBadge.textMask(hidden: input.hiddenMembers, frame: lastTile.frame.scaled(by: scale)).map {
                    [$0]
                }
                ?? OverflowBadge.glyphs(hidden: input.hiddenMembers, in: lastTile.frame).map {
                    CoverageCache.shared.mask(of: $0, scale: scale)
                }
            decorations.append((OverflowBadge.ink, text))
        }
        // A group without members gets the default group avatar rather than a bare background (a layout's
        // canvas without tiles is square).
        let glyph =
            input.tiles.isEmpty
            ? Placeholder.groupGlyphLayer(side: canvas.width, background: parameters.resolvedBackground) : nil
        let drawing = Drawing(
            input: input, canvas: canvas, placements: placements, decorations: decorations, glyph: glyph)
        let bands = ParallelRuns.bands(rows: canvas.height, width: canvas.width, pixelsPerBand: bandPixels)
        guard bands.count > 1 else {
            return RGBAImage(width: canvas.width, height: canvas.height, pixels: drawing.bytes(rows: 0..<canvas.height))
                ?? RGBAImage(width: 1, height: 1)
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: canvas.pixelCount * 4) { output, initialised in
            guard let base = output.baseAddress else { return }
            let target = SharedBuffer(base)
            let compose = { @Sendable (rows: Range<Int>) in
                let first = target.base + rows.lowerBound * canvas.width * 4, count = rows.count * canvas.width * 4
                let part = drawing.bytes(rows: rows)
                guard part.count == count else { return first.initialize(repeating: 0, count: count) }
                part.withUnsafeBufferPointer { part in
                    guard let source = part.baseAddress else { return }
                    first.initialize(from: source, count: part.count)
                }
            }
            ParallelRuns.forEach(bands, compose)
            initialised = output.count
        }
        return RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels) ?? RGBAImage(width: 1, height: 1)
    }

    /// One composite's drawing, made for any run of its canvas rows.
    private struct Drawing {
        var input: CompositionInput
        var canvas: PixelBox
        var placements: [MemberPlacement]
        /// Laid over the tiles in order (the overflow badge's shade and text), each mask whole.
        var decorations: [(color: RGBA8, masks: [CoverageMask])]
        /// The whole canvas's group glyph layer, for a composite without tiles.
        var glyph: [SIMD4<Float>]?

        /// The straight RGBA bytes of canvas rows `rows`: without a gap colour, the last pass (background, clip)
        /// and the conversion to bytes in one AVX2 kernel where the CPU has it.
        func bytes(rows: Range<Int>) -> [UInt8] {
            let band = canvas.rows(rows)
            guard input.vectorKernels == .avx2, input.parameters.gapColor == nil else {
                return PremultipliedPixels(box: band, values: layer(rows: rows)).straightImage()?.pixels ?? []
            }
            let (layer, _, clip) = tileLayer(rows: rows)
            guard clip.values.count == layer.count, !layer.isEmpty else {
                return PremultipliedPixels(box: band, values: self.layer(rows: rows)).straightImage()?.pixels ?? []
            }
            let background = premultiplied(input.parameters.resolvedBackground)
            return [UInt8](unsafeUninitializedCapacity: layer.count * 4) { out, initialised in
                layer.withUnsafeBytes { layer in
                    clip.values.withUnsafeBufferPointer { clip in
                        withUnsafeBytes(of: background) { background in
                            ck_finish_avx2(
                                layer.baseAddress?.assumingMemoryBound(to: Float.self), clip.baseAddress,
                                background.baseAddress?.assumingMemoryBound(to: Float.self), layer.count / 16,
                                out.baseAddress)
                        }
                    }
                }
                initialised = layer.count * 4
            }
        }

        /// The tiles, decorations or glyph of canvas rows `rows` before the last pass, with how much of each pixel
        /// tiles claimed and the canvas clip's mask.
        private func tileLayer(rows: Range<Int>) -> (layer: [SIMD4<Float>], claimed: [Float], clip: CoverageMask) {
            let parameters = input.parameters
            let scale = parameters.pixelsPerPoint
            let band = canvas.rows(rows)
            var layer = [SIMD4<Float>](repeating: .zero, count: band.pixelCount)
            var claimed = [Float](repeating: 0, count: band.pixelCount)
            for (index, placement) in placements.enumerated() {
                if let border = placement.border {
                    let mask = CoverageCache.shared.mask(of: border.shape, scale: scale, rows: rows)
                    let region = mask.box.intersection(band)
                    if !region.isEmpty {
                        let fill = PremultipliedPixels(
                            box: region,
                            values: Array(
                                repeating: premultiplied(border.color),
                                count: region.pixelCount))
                        paint(
                            fill, through: mask, band: band, kernels: input.vectorKernels, layer: &layer,
                            claimed: &claimed)
                    }
                }
                let mask = CoverageCache.shared.mask(of: placement.clip, scale: scale, rows: rows)
                // The photo's region is the whole clip's, cut to the band's rows by the resampler: its rows are
                // then those of the one-piece composite. Only the pixels the clip shows are made.
                let region = PixelBox(enclosing: placement.clip.bounds.scaled(by: scale)).intersection(canvas)
                guard !region.rows(rows).isEmpty else { continue }
                let frame = placement.photoFrame.scaled(by: scale)
                let photo =
                    input.deepImages[index].map {
                        Resampler.premultiplied(
                            $0, frame: frame, region: region, rows: rows, kernels: input.vectorKernels, shown: mask)
                    }
                    ?? Resampler.premultiplied(
                        input.images[index], frame: frame, region: region, rows: rows,
                        kernels: input.vectorKernels, shown: mask)
                paint(
                    photo, through: mask, band: band, kernels: input.vectorKernels, layer: &layer,
                    claimed: &claimed)
            }
            for decoration in decorations {
                overlay(decoration.color, through: decoration.masks, band: band, layer: &layer)
            }
            if let glyph {
                layer = Array(glyph[rows.lowerBound * canvas.width..<rows.upperBound * canvas.width])
            }
            let clip = CoverageCache.shared.mask(
                of: .roundedRect(
                    Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)),
                    cornerRadius: parameters.resolvedCornerRadius * scale), scale: 1, rows: rows)
            return (layer, claimed, clip)
        }

        /// The finished premultiplied pixels of canvas rows `rows`.
        func layer(rows: Range<Int>) -> [SIMD4<Float>] {
            let parameters = input.parameters
            let band = canvas.rows(rows)
            let (tiles, claimed, clip) = tileLayer(rows: rows)
            var layer = tiles
            let background = premultiplied(parameters.resolvedBackground)
            // The gap colour takes the part of the gap region the tiles leave free (so it never fringes a tile's
            // outer edge); the background shows through the rest.
            var gapShares = parameters.gapColor == nil ? [] : gapRegionCoverage(band: band, rows: rows)
            let gap = premultiplied(parameters.gapColor ?? .transparent)
            layer.withUnsafeMutableBufferPointer { layer in
                clip.values.withUnsafeBufferPointer { clip in
                    claimed.withUnsafeBufferPointer { claimed in
                        gapShares.withUnsafeMutableBufferPointer { gapShares in
                            guard gapShares.count == layer.count else {
                                for i in 0..<layer.count {
                                    let pixel = layer[i]
                                    layer[i] = (pixel + background * (1 - pixel[3] / 255)) * clip[i]
                                }
                                return
                            }
                            for i in 0..<layer.count {
                                let pixel = layer[i]
                                let gapShare = max(0, gapShares[i] - claimed[i])
                                let backgroundShare = max(0, 1 - pixel[3] / 255 - gapShare * gap[3] / 255)
                                layer[i] = (pixel + gap * gapShare + background * backgroundShare) * clip[i]
                            }
                        }
                    }
                }
            }
            return layer
        }

        /// How much of each pixel of `band` the layout's gap region covers (its pieces share edges, so their
        /// coverages add, up to 1).
        private func gapRegionCoverage(band: PixelBox, rows: Range<Int>) -> [Float] {
            let scale = input.parameters.pixelsPerPoint
            var coverage = [Float](repeating: 0, count: band.pixelCount)
            coverage.withUnsafeMutableBufferPointer { coverage in
                for shape in input.parameters.layout.layout.gapRegion(tiles: input.tiles) {
                    forEachCoveredPixel(
                        of: CoverageCache.shared.mask(of: shape, scale: scale, rows: rows), band: band
                    ) {
                        i, amount in
                        coverage[i] = min(1, coverage[i] + amount)
                    }
                }
            }
            return coverage
        }
    }

    /// Pixels for `points` at `scale`, at least 1 (0 for unusable lengths, which the layouts already make 0).
    private static func pixels(_ points: Double, _ scale: Double) -> Int {
        let value = points * scale
        return value.isFinite ? max(1, Int(value.rounded())) : 1
    }

    /// Calls `body` with the index in `band` and the coverage of every pixel of `band` that `mask` covers.
    @inline(__always)
    private static func forEachCoveredPixel(
        of mask: CoverageMask, band: PixelBox,
        _ body: (_ index: Int, _ amount: Float) -> Void
    ) {
        let region = mask.box.intersection(band)
        guard !region.isEmpty else { return }
        mask.values.withUnsafeBufferPointer { values in
            for row in region.y..<region.maxY {
                let maskRow = (row - mask.box.y) * mask.box.width - mask.box.x
                for column in region.x..<region.maxX {
                    let amount = values[maskRow + column]
                    if amount > 0 { body((row - band.y) * band.width + column - band.x, amount) }
                }
            }
        }
    }

    /// Paints one resampled photo (or a solid fill) into the tile layer of `band` through its coverage mask
    /// (row by row in `ck_paint_row_avx2` where `kernels` are AVX2's: the same operations, two pixels at once).
    private static func paint(
        _ photo: PremultipliedPixels, through mask: CoverageMask, band: PixelBox, kernels: VectorKernels,
        layer: inout [SIMD4<Float>], claimed: inout [Float]
    ) {
        let region = photo.box
        // The mask covers the photo's region (both are the clip's), and the region lies in the band: checked,
        // so that neither the kernel nor the loop below reads or writes outside them.
        guard photo.values.count == region.pixelCount, mask.values.count == mask.box.pixelCount,
            mask.box.contains(region), band.contains(region), layer.count == band.pixelCount,
            claimed.count == band.pixelCount
        else {
            assertionFailure("a photo's region \(region) outside its mask \(mask.box) or band \(band)")
            return
        }
        layer.withUnsafeMutableBufferPointer { layer in
            claimed.withUnsafeMutableBufferPointer { claimed in
                photo.values.withUnsafeBufferPointer { source in
                    mask.values.withUnsafeBufferPointer { coverage in
                        for row in 0..<region.height {
                            let canvasRow = (region.y + row - band.y) * band.width + region.x - band.x
                            let maskRow = (region.y + row - mask.box.y) * mask.box.width + (region.x - mask.box.x)
                            let sourceRow = row * region.width
                            if kernels == .avx2, let layer = layer.baseAddress, let claimed = claimed.baseAddress,
                                let source = source.baseAddress, let coverage = coverage.baseAddress
                            {
                                ck_paint_row_avx2(
                                    UnsafeMutableRawPointer(layer + canvasRow).assumingMemoryBound(to: Float.self),
                                    claimed + canvasRow,
                                    UnsafeRawPointer(source + sourceRow).assumingMemoryBound(to: Float.self),
                                    coverage + maskRow, region.width)
                                continue
                            }
                            for column in 0..<region.width {
                                let amount = coverage[maskRow + column]
                                guard amount > 0 else { continue }
                                let i = canvasRow + column
                                let color = source[sourceRow + column]
                                let free = 1 - claimed[i]
                                if amount <= free {
                                    layer[i] += color * amount
                                    claimed[i] += amount
                                } else {
                                    // The part beyond the unclaimed area lies over earlier tiles: source over
                                    // on that share of their paint.
                                    let overlap = amount - max(free, 0)
                                    let covered = (overlap / claimed[i]) * (color[3] / 255)
                                    layer[i] = layer[i] * (1 - covered) + color * amount
                                    claimed[i] = 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Lays `colour` over the tile layer through each of `masks` (plain source over: a decoration on top of
    /// tiles, not a tile of its own).
    private static func overlay(
        _ color: RGBA8, through masks: [CoverageMask], band: PixelBox,
        layer: inout [SIMD4<Float>]
    ) {
        let paint = premultiplied(color)
        layer.withUnsafeMutableBufferPointer { layer in
            for mask in masks {
                forEachCoveredPixel(of: mask, band: band) { i, amount in
                    layer[i] = paint * amount + layer[i] * (1 - amount * paint[3] / 255)
                }
            }
        }
    }

    /// A straight-alpha colour as a premultiplied working-format pixel.
    static func premultiplied(_ color: RGBA8) -> SIMD4<Float> {
        let alpha = Float(color.a)
        return SIMD4(Float(color.r) * alpha / 255, Float(color.g) * alpha / 255, Float(color.b) * alpha / 255, alpha)
    }
}
