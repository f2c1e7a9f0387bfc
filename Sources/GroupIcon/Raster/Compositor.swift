import Imaging

/// What one composite is drawn from: the parameters, the canvas the layout asked for, each drawn member's
/// tile and photo, and how many members the layout left out (for the overflow badge).
public struct CompositionInput: Sendable {
    public var parameters: CompositionParameters
    /// The canvas in points (`Layouts.canvas`).
    public var canvas: Size
    /// Tile `i` shows `images[i]`; tiles without an image stay empty.
    public var tiles: [Tile]
    public var images: [RGBAImage]
    /// Members beyond the layout's cap, not drawn.
    public var hiddenMembers: Int
    /// The indices of tiles whose image is a member placeholder (square, a label on a plain colour): it is
    /// drawn into the tile's centred square, its edges continued over the rest of the tile, rather than
    /// centre-cropped, so a tall or wide tile never cuts the label.
    public var placeholders: Set<Int>

    public init(
        parameters: CompositionParameters, canvas: Size, tiles: [Tile], images: [RGBAImage],
        hiddenMembers: Int = 0, placeholders: Set<Int> = []
    ) {
        self.parameters = parameters; self.canvas = canvas; self.tiles = tiles; self.images = images
        self.hiddenMembers = hiddenMembers; self.placeholders = placeholders
    }
}

/// Draws a group avatar: the background, then each member's photo in its tile, clipped to the canvas.
public enum Compositor {
    /// The composite of `images` in `tiles` on a `parameters.size` square canvas, nobody left out.
    public static func compose(tiles: [Tile], images: [RGBAImage], parameters: CompositionParameters) -> RGBAImage {
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
    public static func compose(_ input: CompositionInput) -> RGBAImage {
        let parameters = input.parameters
        let scale = Double(parameters.scale)
        let canvas = PixelBox(
            x: 0, y: 0, width: pixels(input.canvas.width, scale), height: pixels(input.canvas.height, scale))
        var layer = [SIMD4<Float>](repeating: .zero, count: canvas.pixelCount)
        var claimed = [Float](repeating: 0, count: canvas.pixelCount)
        var lastClip: Shape?
        for (index, (tile, image)) in zip(input.tiles, input.images).enumerated() {
            var placement = parameters.memberStyle.placement(
                frame: tile.frame, shape: tile.shape, photoAspect: Double(image.width) / Double(image.height))
            if let border = placement.border {
                let mask = Coverage.mask(of: border.shape, scale: scale)
                let region = mask.box.intersection(canvas)
                if !region.isEmpty {
                    let fill = PremultipliedPixels(
                        box: region,
                        values: Array(
                            repeating: premultiplied(border.color),
                            count: region.pixelCount))
                    paint(fill, through: mask, canvasWidth: canvas.width, layer: &layer, claimed: &claimed)
                }
            }
            if input.placeholders.contains(index) {
                // The label square in the middle of the tile; the resampler continues its edge pixels (the plain
                // colour) over the rest of the tile.
                let frame = placement.photoFrame
                placement.photoFrame = Rect(center: frame.center, side: min(frame.width, frame.height))
            }
            lastClip = placement.clip
            let mask = Coverage.mask(of: placement.clip, scale: scale)
            let region = mask.box.intersection(canvas)
            guard !region.isEmpty else { continue }
            let photo = Resampler.premultiplied(image, frame: placement.photoFrame.scaled(by: scale), region: region)
            paint(photo, through: mask, canvasWidth: canvas.width, layer: &layer, claimed: &claimed)
        }
        if parameters.overflowBadge, input.hiddenMembers > 0, let lastClip, let lastTile = input.tiles.last {
            overlay(
                OverflowBadge.shade, through: [Coverage.mask(of: lastClip, scale: scale)], canvas: canvas, layer: &layer
            )
            let text =
                OverflowBadge.textMask(hidden: input.hiddenMembers, frame: lastTile.frame.scaled(by: scale)).map {
                    [$0]
                }
                ?? OverflowBadge.glyphs(hidden: input.hiddenMembers, in: lastTile.frame).map {
                    Coverage.mask(of: $0, scale: scale)
                }
            overlay(OverflowBadge.ink, through: text, canvas: canvas, layer: &layer)
        }
        if input.tiles.isEmpty {
            // A group without members gets the default group avatar rather than a bare background (a layout's
            // canvas without tiles is square).
            layer = Placeholder.groupGlyphLayer(side: canvas.width, background: parameters.resolvedBackground)
        }
        let clip = Coverage.mask(
            of: .roundedRect(
                Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)),
                cornerRadius: parameters.cornerRadius * scale), scale: 1)
        let background = premultiplied(parameters.resolvedBackground)
        // The gap colour takes the part of the gap region the tiles leave free (so it never fringes a tile's
        // outer edge); the background shows through the rest.
        var gapShares = parameters.gapColor == nil ? [] : gapRegionCoverage(input, canvas: canvas, scale: scale)
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
        return PremultipliedPixels(box: canvas, values: layer).straightImage() ?? RGBAImage(width: 1, height: 1)
    }

    /// Pixels for `points` at `scale`, at least 1 (0 for unusable lengths, which the layouts already make 0).
    private static func pixels(_ points: Double, _ scale: Double) -> Int {
        let value = points * scale
        return value.isFinite ? max(1, Int(value.rounded())) : 1
    }

    /// How much of each pixel the layout's gap region covers (its pieces share edges, so their coverages
    /// add, up to 1).
    private static func gapRegionCoverage(_ input: CompositionInput, canvas: PixelBox, scale: Double) -> [Float] {
        var coverage = [Float](repeating: 0, count: canvas.pixelCount)
        coverage.withUnsafeMutableBufferPointer { coverage in
            for shape in input.parameters.layout.layout.gapRegion(tiles: input.tiles) {
                forEachCoveredPixel(of: Coverage.mask(of: shape, scale: scale), canvas: canvas) { i, amount in
                    coverage[i] = min(1, coverage[i] + amount)
                }
            }
        }
        return coverage
    }

    /// Calls `body` with the canvas index and coverage of every canvas pixel `mask` covers.
    @inline(__always)
    private static func forEachCoveredPixel(
        of mask: CoverageMask, canvas: PixelBox,
        _ body: (_ index: Int, _ amount: Float) -> Void
    ) {
        let region = mask.box.intersection(canvas)
        guard !region.isEmpty else { return }
        mask.values.withUnsafeBufferPointer { values in
            for row in region.y..<region.maxY {
                let maskRow = (row - mask.box.y) * mask.box.width - mask.box.x
                for column in region.x..<region.maxX {
                    let amount = values[maskRow + column]
                    if amount > 0 { body(row * canvas.width + column, amount) }
                }
            }
        }
    }

    /// Paints one resampled photo (or a solid fill) into the tile layer through its coverage mask.
    private static func paint(
        _ photo: PremultipliedPixels, through mask: CoverageMask, canvasWidth: Int,
        layer: inout [SIMD4<Float>], claimed: inout [Float]
    ) {
        let region = photo.box
        layer.withUnsafeMutableBufferPointer { layer in
            claimed.withUnsafeMutableBufferPointer { claimed in
                photo.values.withUnsafeBufferPointer { source in
                    mask.values.withUnsafeBufferPointer { coverage in
                        for row in 0..<region.height {
                            let canvasRow = (region.y + row) * canvasWidth + region.x
                            let maskRow = (region.y + row - mask.box.y) * mask.box.width + (region.x - mask.box.x)
                            let sourceRow = row * region.width
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
        _ color: RGBA8, through masks: [CoverageMask], canvas: PixelBox,
        layer: inout [SIMD4<Float>]
    ) {
        let paint = premultiplied(color)
        layer.withUnsafeMutableBufferPointer { layer in
            for mask in masks {
                forEachCoveredPixel(of: mask, canvas: canvas) { i, amount in
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
