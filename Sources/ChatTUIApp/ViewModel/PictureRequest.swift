import GroupIcon
import TerminalUI

/// The 1:1 view (`1`): the composite at its export pixels, one image pixel per screen pixel (per half-block
/// pixel without a graphics protocol), enlarged by a whole factor and panned.
package struct ActualPixelsView: Hashable, Sendable {
    /// The enlargements `+` and `-` step through.
    package static let magnifications = [1, 2, 3, 4, 6, 8, 12, 16]

    /// Screen pixels per image pixel along each side.
    package var magnification = 1
    /// The image point in the middle of the view, as fractions of the image's width and height.
    package var centreX = 0.5
    package var centreY = 0.5
    /// The pixel inspector's cursor (`I`), in pixels of the composite from its top-left corner; nil while the
    /// arrows pan.
    package var cursor: PixelPosition?

    package init() {}
}

/// A pixel of a composite: column `x`, row `y` from the top-left corner.
package struct PixelPosition: Hashable, Sendable {
    package var x: Int
    package var y: Int

    package init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// How much of the composite the 1:1 view shows along each side (fractions; 1 when all of it): pans move a
/// quarter of it and stop where the image's edge reaches the view's.
package struct ShownFraction: Hashable, Sendable {
    package var width: Double
    package var height: Double

    package init(width: Double = 1, height: Double = 1) { self.width = width; self.height = height }
}

/// How the preview scales its composite.
package enum PreviewScale: Hashable, Sendable {
    /// Fitted to its area, times `zoomPercent` / 100.
    case fit(zoomPercent: Int)
    /// The 1:1 view.
    case actualPixels(ActualPixelsView)
}

/// What the preview asks the composite source for: a picture for an area of cells.
package struct PictureRequest: Hashable, Sendable {
    /// Columns and rows of the area the picture is centred in.
    package var columns: Int
    package var rows: Int
    /// Pixels per cell: the terminal's cell for pixel pictures, the half-block pixels otherwise.
    package var cell: CellPixelSize
    package var scale: PreviewScale
    /// Whether the terminal scales a picture into its cells (kitty): then a composite that would be enlarged to
    /// fit goes at its own pixels, and the terminal enlarges it, instead of being resampled on the loop.
    package var terminalScales: Bool

    package init(
        columns: Int, rows: Int, cell: CellPixelSize, scale: PreviewScale, terminalScales: Bool = false
    ) {
        self.columns = columns; self.rows = rows; self.cell = cell; self.scale = scale
        self.terminalScales = terminalScales
    }

    /// The area in pixels.
    package var areaPixels: (width: Int, height: Int) { cell.imagePixels(columns: columns, rows: rows) }

    /// Where the pixels of a composite `imageWidth` x `imageHeight` go; nil when nothing would show.
    package func frame(imageWidth: Int, imageHeight: Int) -> PictureFrame? {
        let area = areaPixels
        switch scale {
        case .fit(let zoomPercent):
            return PictureFrame.fit(
                imageWidth: imageWidth, imageHeight: imageHeight, areaWidth: area.width,
                areaHeight: area.height, cell: cell, zoom: Double(zoomPercent) / 100)
        case .actualPixels(let view):
            return PictureFrame.actualPixels(
                imageWidth: imageWidth, imageHeight: imageHeight, areaWidth: area.width,
                areaHeight: area.height, cell: cell, magnification: view.magnification,
                centre: (view.centreX, view.centreY))
        }
    }
}

extension PixelPicture {
    /// This picture, framed for a request's area (its `area` in that area's cells), as pixel picture `id` with
    /// its cells moved by (`x`, `y`), the corner of the area on screen; its bytes encoded ahead go with it.
    package func placed(id: UInt32, x: Int, y: Int) -> PixelPicture {
        var placed = self
        placed.id = id
        placed.area.x += x
        placed.area.y += y
        return placed
    }
}
