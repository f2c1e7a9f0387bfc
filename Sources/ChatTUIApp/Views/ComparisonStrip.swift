import Fixtures
import GroupIcon
import TerminalUI

/// The selected group in every layout side by side at the current parameters, each labelled with its layout.
/// Its pictures are half blocks, or pixel pictures where the preview is one.
package enum ComparisonStrip {
    /// The first id of the strip's pixel pictures: a layout's picture is this plus the layout's place in the strip.
    package static let firstPictureID: UInt32 = 0x6374_0100

    package static func render(
        _ group: ChatGroup, parameters: CompositionParameters, width: Int, height: Int,
        source: CompositeCellSource, context: ViewContext
    ) -> CellGrid {
        compose(group, parameters: parameters, width: width, height: height, source: source, context: context).grid
    }

    /// The strip's cells and its pixel pictures (strip coordinates; none unless `context.drawsPixelPictures`).
    package static func compose(
        _ group: ChatGroup, parameters: CompositionParameters, width: Int, height: Int,
        source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        var grid = CellGrid(width: width, height: height)
        var pictures: [PixelPicture] = []
        let slot = PreviewGeometry.comparisonSlotWidth(width)
        let side = min(slot, 2 * (height - 1)) / 2 * 2
        guard slot > 0, side >= 2 else { return (grid, pictures) }
        for (index, variant) in PreviewGeometry.comparisonVariants(of: parameters).enumerated() {
            let slotX = index * (slot + 1)
            let label = context.fit(variant.layout.layout.displayName, slot)
            let current = variant.layout == parameters.layout
            grid.write(
                label, x: slotX + (slot - TextWidth.width(of: label)) / 2, y: 0,
                style: current ? [.bold, .reverse] : .dim)
            let imageX = slotX + (slot - side) / 2
            let request = PictureRequest(
                columns: side, rows: side / 2, cell: context.pictureCell,
                scale: .fit(zoomPercent: 100))
            if context.drawsPixelPictures,
                let framed = source.picture(for: group, parameters: variant, request: request)
            {
                let picture = framed.pixelPicture(id: firstPictureID &+ UInt32(index), x: imageX, y: 1)
                grid.fill(picture.area, with: PreviewView.reservedCell)
                pictures.append(picture)
            } else if let image = source.cells(for: group, parameters: variant, columns: side, rows: side / 2) {
                grid.blit(image, x: imageX, y: 1)
            } else {
                grid.fill(CellRect(x: imageX, y: 1, width: side, height: side / 2), with: context.placeholderCell)
            }
        }
        return (grid, pictures)
    }
}
