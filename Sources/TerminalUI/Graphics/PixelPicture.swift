import Imaging

/// A picture drawn in screen pixels over a rectangle of cells: its top-left pixel at the rectangle's top-left
/// corner, one image pixel per screen pixel. The image is at most as large as the rectangle's pixels (its last
/// column and row of cells may be covered only in part); it is opaque (already laid over its backdrop).
package struct PixelPicture: Equatable, Sendable {
    /// Which picture this is (the preview's current picture, the pinned one): a picture with the same id in a
    /// later frame replaces this one.
    package var id: UInt32
    /// The cells it covers, in screen coordinates.
    package var area: CellRect
    /// The pixels.
    package var image: RGBAImage

    package init(id: UInt32, area: CellRect, image: RGBAImage) {
        self.id = id; self.area = area; self.image = image
    }

    /// Whether `other` covers the same cells with an image of the same size: then drawing `other` hides every
    /// pixel of this one.
    func hasSameGeometry(as other: PixelPicture) -> Bool {
        area == other.area && image.width == other.image.width && image.height == other.image.height
    }
}
