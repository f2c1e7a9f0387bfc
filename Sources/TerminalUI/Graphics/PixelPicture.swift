import Imaging

/// A picture drawn in screen pixels over a rectangle of cells: its top-left pixel at the rectangle's top-left
/// corner, shown `shownWidth` x `shownHeight` screen pixels large. That is at most as large as the rectangle's
/// pixels (its last column and row of cells may be covered only in part). Usually the image has exactly those
/// pixels; for kitty, which scales an image into the cells it is placed over, it may be smaller (the composite
/// at its own size, enlarged by the terminal instead of resampled on the loop). The image is opaque (already
/// laid over its backdrop).
package struct PixelPicture: Equatable, Sendable {
    /// Which picture this is (the preview's current picture, the pinned one): a picture with the same id in a
    /// later frame replaces this one.
    package var id: UInt32
    /// The cells it covers, in screen coordinates.
    package var area: CellRect
    /// The pixels. Drawing on them (the guides, the inspector's cursor) drops `encoded`, made from the pixels
    /// before.
    package var image: RGBAImage {
        didSet { encoded = nil }
    }
    /// For a part of a picture cut around a box of text (`uncovered`): the whole picture's pixels, from which
    /// sixel takes the part's palette, so that the parts show the whole picture's colours and no seam between
    /// them. Nil for a whole picture.
    package var paletteSource: RGBAImage?
    /// The screen pixels the image covers: its own size unless the terminal scales it.
    package var shownWidth: Int
    package var shownHeight: Int

    /// A picture of `image` shown at its own size, or at `shown` screen pixels when the terminal scales it.
    package init(id: UInt32, area: CellRect, image: RGBAImage, shown: (width: Int, height: Int)? = nil) {
        self.id = id; self.area = area; self.image = image
        (shownWidth, shownHeight) = shown ?? (image.width, image.height)
    }

    /// The image already encoded (off the loop, for a list avatar or the preview) for the terminal it was made
    /// for: written as it is when the terminal's format is the same (`encodedBytes`) and the picture goes whole.
    package var encoded: EncodedPicture?

    /// `encoded`'s bytes when they are in `format`, else nil.
    func encodedBytes(_ format: EncodedPicture.Format) -> String? {
        guard let encoded, encoded.format == format else { return nil }
        return encoded.bytes
    }

    /// The image cut to its cells' pixels (`cell` each), so that it never reaches beyond them; with `filling`,
    /// also laid on transparent pixels that fill the cells exactly. Kitty and iTerm2 stretch an image over the
    /// cells they are given, so an image of exactly their pixels is shown one to one, and the part of the last
    /// column and row the picture does not reach shows the cells' own background.
    ///
    /// A picture the terminal scales (`isScaledByTerminal`) is padded in its own pixels, by the share of the
    /// cells' pixels its shown size leaves uncovered, so that the terminal, stretching the padded image over the
    /// cells, shows the picture at its shown size (within half an image pixel). Sixel draws one image pixel per
    /// screen pixel, so there (`filling` false) such a picture is resampled to its shown size.
    package func fitted(cell: CellPixelSize, filling: Bool) -> RGBAImage {
        let cells = cell.imagePixels(columns: area.width, rows: area.height)
        var image = image
        if isScaledByTerminal, shownWidth > 0, shownHeight > 0 {
            guard filling else {
                image = Resampler.resample(image, width: shownWidth, height: shownHeight)
                return image.placed(width: min(image.width, cells.width), height: min(image.height, cells.height))
            }
            func padded(_ length: Int, _ shown: Int, _ cells: Int) -> Int {
                max(1, Int((Double(length) * Double(cells) / Double(shown)).rounded()))
            }
            return image.placed(
                width: padded(image.width, shownWidth, cells.width),
                height: padded(image.height, shownHeight, cells.height))
        }
        return image.placed(
            width: filling ? cells.width : min(image.width, cells.width),
            height: filling ? cells.height : min(image.height, cells.height))
    }

    /// Whether the terminal is to scale the image to its shown size (it has fewer pixels than it covers).
    package var isScaledByTerminal: Bool { shownWidth != image.width || shownHeight != image.height }

    /// Whether `other` covers the same cells with an image of the same size: then drawing `other` hides every
    /// pixel of this one.
    func hasSameGeometry(as other: PixelPicture) -> Bool {
        area == other.area && shownWidth == other.shownWidth && shownHeight == other.shownHeight
    }
}

/// A picture's image encoded for a terminal ahead of the frame that sends it, and the format it is in.
package struct EncodedPicture: Equatable, Sendable {
    /// What the bytes are and what they were made for: a picture's bytes are reused only in the same format.
    package enum Format: Hashable, Sendable {
        /// One sixel sequence (`SixelEncoder.encode` over the checkerboard) with up to `colors` palette entries.
        case sixel(colors: Int)
        /// The base64 PNG (`PNGPayload.base64`) of the image fitted to `columns` x `rows` cells of `cell`
        /// pixels (`PixelPicture.fitted`, filling): what kitty and iTerm2 carry.
        case png(cell: CellPixelSize, columns: Int, rows: Int)
    }

    package var format: Format
    package var bytes: String

    /// Bytes encoded elsewhere in `format`.
    package init(format: Format, bytes: String) { self.format = format; self.bytes = bytes }

    /// `image` encoded as sixel with up to `colors` palette entries.
    package static func sixel(_ image: RGBAImage, colors: Int) throws(GraphicsError) -> EncodedPicture {
        EncodedPicture(
            format: .sixel(colors: colors),
            bytes: try SixelEncoder.encode(image, backdrop: .checkerboard, colors: colors))
    }

    /// `picture`'s base64 PNG for cells of `cell` pixels (kitty, iTerm2).
    package static func png(_ picture: PixelPicture, cell: CellPixelSize) throws(GraphicsError) -> EncodedPicture {
        EncodedPicture(
            format: .png(cell: cell, columns: picture.area.width, rows: picture.area.height),
            bytes: try PNGPayload.base64(picture.fitted(cell: cell, filling: true)))
    }
}
