import Fixtures
import GroupIcon
import TerminalUI

/// The selected group in every layout side by side at the current parameters, each labelled with its layout.
package enum ComparisonStrip {
    package static func render(_ group: ChatGroup, parameters: CompositionParameters, width: Int, height: Int,
                       source: CompositeCellSource, context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        let slot = PreviewGeometry.comparisonSlotWidth(width)
        let side = min(slot, 2 * (height - 1)) / 2 * 2
        guard slot > 0, side >= 2 else { return grid }
        for (index, variant) in PreviewGeometry.comparisonVariants(of: parameters).enumerated() {
            let slotX = index * (slot + 1)
            let label = context.fit(variant.layout.layout.displayName, slot)
            let current = variant.layout == parameters.layout
            grid.write(label, x: slotX + (slot - TextWidth.width(of: label)) / 2, y: 0,
                       style: current ? [.bold, .reverse] : .dim)
            let imageX = slotX + (slot - side) / 2
            if let image = source.cells(for: group, parameters: variant, columns: side, rows: side / 2) {
                grid.blit(image, x: imageX, y: 1)
            } else {
                grid.fill(CellRect(x: imageX, y: 1, width: side, height: side / 2), with: context.placeholderCell)
            }
        }
        return grid
    }
}
