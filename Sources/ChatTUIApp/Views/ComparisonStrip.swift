import Fixtures
import GroupIcon
import TerminalUI

/// The selected group in every layout side by side at the current parameters, each labelled with its layout.
/// Its pictures are the plan's comparison slots: half blocks, or pixel pictures where the preview is one.
package enum ComparisonStrip {
    /// The first id of the strip's pixel pictures: a layout's picture is this plus the layout's place in the strip.
    package static let firstPictureID: UInt32 = 0x6374_0100

    /// Draws the strip into the pane's `grid` from row `y` on: a label per layout, and below it the picture of
    /// its slot (`slots`, in the strip's order, pane coordinates) or a placeholder until it arrives.
    package static func draw(
        _ parameters: CompositionParameters, width: Int, y: Int, slots: [ScreenPlan.Slot],
        source: CompositeCellSource, context: ViewContext, into grid: inout CellGrid,
        pictures: inout [PixelPicture]
    ) {
        let slotWidth = PreviewGeometry.comparisonSlotWidth(width)
        for (index, slot) in slots.enumerated() {
            let slotX = index * (slotWidth + 1)
            let label = context.fit(slot.parameters.layout.layout.displayName, slotWidth)
            let current = slot.parameters.layout == parameters.layout
            grid.write(
                label, x: slotX + (slotWidth - TextWidth.width(of: label)) / 2, y: y,
                style: current ? [.bold, .reverse] : .dim)
            if !slot.draw(source: source, into: &grid, pictures: &pictures) {
                grid.fill(slot.area, with: context.placeholderCell)
            }
        }
    }
}
