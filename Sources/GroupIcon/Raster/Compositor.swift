/// Draws a group avatar: the background, then each member's photo in its tile, clipped to the canvas.
public enum Compositor {
    /// The composite of `images` in `tiles` (tile `i` shows `images[i]`; tiles without an image stay empty)
    /// on a `parameters.pixelSize` square canvas; without any tile (a group of 0 members), the group glyph of
    /// `Placeholder.groupImage` on the background.
    ///
    /// As in seed 003, the canvas is clipped to a rounded rect of `parameters.cornerRadius`, filled with
    /// `parameters.resolvedBackground`, and every photo is centre-cropped into `tile.frame` (scaled to pixels
    /// by `parameters.scale`) and painted through the anti-aliased coverage of `tile.shape`, premultiplied
    /// "source over" in tile order.
    ///
    /// Tiles are first gathered in a layer that remembers how much of each pixel earlier tiles claimed:
    /// where a tile's coverage fits into the unclaimed part, it is added rather than laid over, so two tiles
    /// sharing an edge fill the pixel completely instead of letting the background show through a seam.
    /// Where tiles overlap it is ordinary source over. The layer then goes over the background, and the
    /// clip multiplies the result once (clipping each step would darken the clipped edge the same way).
    public static func compose(tiles: [Tile], images: [RGBAImage], parameters: CompositionParameters) -> RGBAImage {
        let side = parameters.pixelSize
        let canvas = PixelBox(x: 0, y: 0, width: side, height: side)
        let scale = Double(parameters.scale)
        var layer = [SIMD4<Float>](repeating: .zero, count: canvas.pixelCount)
        var claimed = [Float](repeating: 0, count: canvas.pixelCount)
        for (tile, image) in zip(tiles, images) {
            let mask = Coverage.mask(of: tile.shape, scale: scale)
            let region = mask.box.intersection(canvas)
            guard !region.isEmpty else { continue }
            let photo = Resampler.premultiplied(image, frame: tile.frame.scaled(by: scale), region: region)
            paint(photo, through: mask, canvasSide: side, layer: &layer, claimed: &claimed)
        }
        if tiles.isEmpty {
            // A group without members gets the default group avatar rather than a bare background.
            layer = Placeholder.groupGlyphLayer(side: side, background: parameters.resolvedBackground)
        }
        let clip = Coverage.mask(of: .roundedRect(Rect(x: 0, y: 0, width: Double(side), height: Double(side)),
                                                  cornerRadius: parameters.cornerRadius * scale), scale: 1)
        let background = premultiplied(parameters.resolvedBackground)
        layer.withUnsafeMutableBufferPointer { layer in
            clip.values.withUnsafeBufferPointer { clip in
                for i in 0..<layer.count {
                    let pixel = layer[i]
                    layer[i] = (pixel + background * (1 - pixel[3] / 255)) * clip[i]
                }
            }
        }
        return PremultipliedPixels(box: canvas, values: layer).straightImage() ?? RGBAImage(width: 1, height: 1)
    }

    /// Paints one resampled photo into the tile layer through its coverage mask.
    private static func paint(_ photo: PremultipliedPixels, through mask: CoverageMask, canvasSide: Int,
                              layer: inout [SIMD4<Float>], claimed: inout [Float]) {
        let region = photo.box
        layer.withUnsafeMutableBufferPointer { layer in
            claimed.withUnsafeMutableBufferPointer { claimed in
                photo.values.withUnsafeBufferPointer { source in
                    mask.values.withUnsafeBufferPointer { coverage in
                        for row in 0..<region.height {
                            let canvasRow = (region.y + row) * canvasSide + region.x
                            let maskRow = (region.y + row - mask.box.y) * mask.box.width + (region.x - mask.box.x)
                            let sourceRow = row * region.width
                            for column in 0..<region.width {
                                let amount = coverage[maskRow + column]
                                guard amount > 0 else { continue }
                                let i = canvasRow + column
                                let colour = source[sourceRow + column]
                                let free = 1 - claimed[i]
                                if amount <= free {
                                    layer[i] += colour * amount
                                    claimed[i] += amount
                                } else {
                                    // The part beyond the unclaimed area lies over earlier tiles: source over
                                    // on that share of their paint.
                                    let overlap = amount - max(free, 0)
                                    let covered = (overlap / claimed[i]) * (colour[3] / 255)
                                    layer[i] = layer[i] * (1 - covered) + colour * amount
                                    claimed[i] = 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A straight-alpha colour as a premultiplied working-format pixel.
    static func premultiplied(_ colour: RGBA8) -> SIMD4<Float> {
        let alpha = Float(colour.a)
        return SIMD4(Float(colour.r) * alpha / 255, Float(colour.g) * alpha / 255, Float(colour.b) * alpha / 255, alpha)
    }
}
