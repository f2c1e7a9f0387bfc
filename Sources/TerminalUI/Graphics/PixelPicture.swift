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
    /// The pixels. Drawing on them (the guides, the inspector's cursor) drops `encodedSixel`, made from
    /// the pixels before.
    package var image: RGBAImage {
        didSet { encodedSixel = nil }
    }
    /// The screen pixels the image covers: its own size unless the terminal scales it.
    package var shownWidth: Int
    package var shownHeight: Int

    /// A picture of `image` shown at its own size, or at `shown` screen pixels when the terminal scales it.
    package init(id: UInt32, area: CellRect, image: RGBAImage, shown: (width: Int, height: Int)? = nil) {
        self.id = id; self.area = area; self.image = image
        (shownWidth, shownHeight) = shown ?? (image.width, image.height)
    }

    /// The image already encoded as sixel (off the loop, for a list avatar), with the palette size it was
    /// encoded for: written as it is when the terminal's sixel colours are the same and the picture goes whole.
    package var encodedSixel: EncodedSixel?

    /// `encodedSixel`'s bytes when they were encoded for `colors` palette entries (the terminal's colour
    /// registers), else nil.
    func encodedSixelBytes(colors: Int) -> String? {
        guard let encodedSixel, encodedSixel.colors == colors else { return nil }
        return encodedSixel.bytes
    }

    /// Whether the terminal is to scale the image to its shown size (it has fewer pixels than it covers).
    package var isScaledByTerminal: Bool { shownWidth != image.width || shownHeight != image.height }

    /// Whether `other` covers the same cells with an image of the same size: then drawing `other` hides every
    /// pixel of this one.
    func hasSameGeometry(as other: PixelPicture) -> Bool {
        area == other.area && shownWidth == other.shownWidth && shownHeight == other.shownHeight
    }
}

/// A picture's image as one sixel sequence (`SixelEncoder.encode` over the checkerboard) and the palette size it
/// was encoded with.
package struct EncodedSixel: Equatable, Sendable {
    package var colors: Int
    package var bytes: String

    /// Bytes encoded elsewhere for `colors` palette entries.
    package init(colors: Int, bytes: String) { self.colors = colors; self.bytes = bytes }

    /// `image` encoded with up to `colors` palette entries.
    package init(_ image: RGBAImage, colors: Int) throws(GraphicsError) {
        self.colors = colors
        bytes = try SixelEncoder.encode(image, backdrop: .checkerboard, colors: colors)
    }
}
