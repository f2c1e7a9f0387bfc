import Imaging

/// A picture cut around a box of text drawn over it (the help, the warnings, a list of presets): the parts of
/// its cells the box leaves free stay pixel pictures, and no picture cell lies under the box. Sixel and iTerm2
/// pixels cannot lie under text, and a kitty image would hide it, so cutting the picture is the one rule that
/// holds for every protocol; each part is a picture of its own, sent whole (for sixel with the whole picture's
/// palette).
extension PixelPicture {
    /// The parts of this picture outside `box` (screen cells), at most four: the rows above the box and below
    /// it at the picture's full width, then the columns left and right of it on the box's rows. Each keeps its
    /// pixels exactly where they were on screen, under an id of its own (`partID`). The whole picture when the
    /// box misses it; none when it covers it. `cell` is the terminal's cell in pixels.
    ///
    /// A picture the terminal scales (`isScaledByTerminal`, kitty and iTerm2) stays so: each part is the
    /// stretch of its own image under the part's screen pixels (edges rounded to whole image pixels), shown at
    /// those screen pixels, so that the terminal enlarges it as it enlarged the whole picture and nothing is
    /// resampled here.
    package func uncovered(by box: CellRect, cell: CellPixelSize) -> [PixelPicture] {
        let left = max(area.x, box.x), right = min(area.x + area.width, box.x + box.width)
        let top = max(area.y, box.y), bottom = min(area.y + area.height, box.y + box.height)
        guard left < right, top < bottom else { return [self] }
        let parts = [
            CellRect(x: area.x, y: area.y, width: area.width, height: top - area.y),
            CellRect(x: area.x, y: bottom, width: area.width, height: area.y + area.height - bottom),
            CellRect(x: area.x, y: top, width: left - area.x, height: bottom - top),
            CellRect(x: right, y: top, width: area.x + area.width - right, height: bottom - top),
        ]
        guard parts.contains(where: { $0.width > 0 && $0.height > 0 }) else { return [] }
        let scaled = isScaledByTerminal && shownWidth > 0 && shownHeight > 0
        return parts.enumerated().compactMap { index, part in
            guard part.width > 0, part.height > 0 else { return nil }
            let x = (part.x - area.x) * cell.width, y = (part.y - area.y) * cell.height
            let (width, height) = cell.imagePixels(columns: part.width, rows: part.height)
            // The part's screen pixels the picture reaches; none when the last column or row is covered only
            // in part and the part lies beyond it.
            let shownRight = min(x + width, scaled ? shownWidth : image.width)
            let shownBottom = min(y + height, scaled ? shownHeight : image.height)
            guard shownRight > x, shownBottom > y else { return nil }
            var cut: PixelPicture
            if scaled {
                func imageEdge(_ screen: Int, _ shown: Int, _ length: Int) -> Int {
                    Int((Double(screen) * Double(length) / Double(shown)).rounded())
                }
                let x0 = imageEdge(x, shownWidth, image.width), x1 = imageEdge(shownRight, shownWidth, image.width)
                let y0 = imageEdge(y, shownHeight, image.height)
                let y1 = imageEdge(shownBottom, shownHeight, image.height)
                guard
                    let stretch = image.cropped(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
                else { return nil }
                cut = PixelPicture(
                    id: Self.partID(id, part: index), area: part, image: stretch,
                    shown: (shownRight - x, shownBottom - y))
            } else {
                guard let pixels = image.cropped(x: x, y: y, width: width, height: height) else { return nil }
                cut = PixelPicture(id: Self.partID(id, part: index), area: part, image: pixels)
            }
            cut.paletteSource = paletteSource ?? image
            return cut
        }
    }

    /// The id of part `part` (0...3) of picture `id`: `id` with its top four bits changed (XOR with `part + 1`),
    /// so that parts of one picture never share an id, and they differ from every whole picture whose ids share
    /// their top four bits (as the app's do).
    package static func partID(_ id: UInt32, part: Int) -> UInt32 {
        id ^ (UInt32(truncatingIfNeeded: (part & 3) + 1) << 28)
    }
}

extension RGBAImage {
    /// The `width` x `height` pixels from (`x`, `y`), clipped to the image; nil when nothing of it is left.
    package func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage? {
        let x0 = max(0, x), y0 = max(0, y)
        let width = max(0, min(width - (x0 - x), self.width - x0))
        let height = max(0, min(height - (y0 - y), self.height - y0))
        guard width > 0, height > 0, pixels.count == self.width * self.height * 4 else { return nil }
        if x0 == 0, y0 == 0, width == self.width, height == self.height { return self }
        var result = RGBAImage(width: width, height: height)
        result.pixels.withUnsafeMutableBufferPointer { target in
            pixels.withUnsafeBufferPointer { source in
                guard let target = target.baseAddress, let source = source.baseAddress else { return }
                for row in 0..<height {
                    (target + row * width * 4).update(
                        from: source + ((y0 + row) * self.width + x0) * 4, count: width * 4)
                }
            }
        }
        return result
    }
}
