import Fixtures
import GroupExport
import GroupIcon
import TerminalUI

/// Where the variants sheet's cells and its avatar-in-context row are on screen: the sheet's own layout
/// (`VariantsSheetLayout`, the one `VariantsSheet` draws with) mapped to cells through where the preview pane
/// puts the sheet's picture. Shared by `VariantsSheetView`, which marks the selected cell, and the reducer,
/// which hit-tests clicks with it, so a click lands on the cell that is drawn there.
package struct SheetGeometry: Equatable, Sendable {
    /// What a click on the sheet lands on.
    package enum Target: Equatable, Sendable {
        /// The cell at this position of `VariantsSheetLayout.cells` (the variants, then the group's own).
        case variant(index: Int)
        /// The avatar-in-context row.
        case contextRow
    }

    /// The sheet's layout in its own pixels.
    package var layout: VariantsSheetLayout
    /// Where the sheet's picture lies, in cells (fractional) from the origin of the pane or, once `moved`, of
    /// the screen.
    package var placement: Rect

    package init(layout: VariantsSheetLayout, placement: Rect) {
        self.layout = layout; self.placement = placement
    }

    /// The rows above the sheet's picture in the pane: the title and the labels' line.
    package static let pictureTop = 2

    /// The group the sheet is made for: the selected group with the fixture's members, so that its own cell
    /// shows what choosing it brings back while members are edited (`MemberEditing.applyVariant`).
    package static func group(_ state: AppState) -> ChatGroup? {
        guard var group = state.selectedGroup else { return nil }
        if let members = state.fixtureMembers[group.id] { group.members = members }
        return group
    }

    /// The sheet of `state` as `VariantsSheetView` draws it in a `width` × `height` pane, in pane cells; nil
    /// when the sheet is not shown, nothing is selected or the pane has no room for the picture.
    package static func shown(_ state: AppState, width: Int, height: Int, context: ViewContext) -> SheetGeometry? {
        guard state.showsSheet, let group = group(state) else { return nil }
        let layout = VariantsSheetLayout(
            parameters: state.parameters, group: (group.id, group.members.count),
            listAvatarPoints: context.listAvatarPoints, themes: 1)
        let area = CellRect(x: 0, y: pictureTop, width: width, height: max(0, height - pictureTop))
        guard area.width > 0, area.height > 0,
            let placement = PreviewGeometry.placement(
                imageWidth: layout.width, imageHeight: layout.height, in: area, fitted: (area.width, area.height),
                scale: .fit(zoomPercent: 100), atPixels: context.pixelCell != nil, cell: context.pictureCell)
        else { return nil }
        return SheetGeometry(layout: layout, placement: placement)
    }

    /// The same geometry with its cells counted from a pane at (`x`, `y`) of the screen.
    package func moved(x: Int, y: Int) -> SheetGeometry {
        var moved = self
        moved.placement.origin.x += Double(x)
        moved.placement.origin.y += Double(y)
        return moved
    }

    /// The box of the cell at `index` in the sheet's pixels: its composite and its label, as wide as the label.
    package func box(ofCell index: Int) -> PixelBox? {
        guard layout.cells.indices.contains(index) else { return nil }
        let cell = layout.cells[index]
        return PixelBox(
            x: cell.labelBox.x, y: cell.avatar.y, width: cell.labelBox.width,
            height: cell.labelBox.maxY - cell.avatar.y)
    }

    /// What the cell (`x`, `y`) shows of the sheet (its middle decides); nil outside every cell and row.
    package func target(x: Int, y: Int) -> Target? {
        guard placement.width > 0, placement.height > 0 else { return nil }
        let pixelX = (Double(x) + 0.5 - placement.minX) * Double(layout.width) / placement.width
        let pixelY = (Double(y) + 0.5 - placement.minY) * Double(layout.height) / placement.height
        func inside(_ box: PixelBox) -> Bool {
            pixelX >= Double(box.x) && pixelX < Double(box.maxX) && pixelY >= Double(box.y) && pixelY < Double(box.maxY)
        }
        if let index = layout.cells.indices.first(where: { box(ofCell: $0).map(inside) ?? false }) {
            return .variant(index: index)
        }
        return layout.contextRows.contains(where: inside) ? .contextRow : nil
    }

    /// `box` (sheet pixels) in fractional cells.
    package func rect(of box: PixelBox) -> Rect {
        let scaleX = placement.width / Double(max(1, layout.width))
        let scaleY = placement.height / Double(max(1, layout.height))
        return Rect(
            x: placement.minX + Double(box.x) * scaleX, y: placement.minY + Double(box.y) * scaleY,
            width: Double(box.width) * scaleX, height: Double(box.height) * scaleY)
    }

    /// The cells `box` (sheet pixels) covers: every cell its edges pass through.
    package func cells(of box: PixelBox) -> CellRect {
        let rect = rect(of: box)
        let left = Int(rect.minX.rounded(.down)), top = Int(rect.minY.rounded(.down))
        let right = Int((rect.maxX - 1e-6).rounded(.up)) - 1, bottom = Int((rect.maxY - 1e-6).rounded(.up)) - 1
        return CellRect(x: left, y: top, width: max(1, right - left + 1), height: max(1, bottom - top + 1))
    }
}
