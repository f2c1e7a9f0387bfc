import Fixtures
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// The variants sheet in the preview pane (`v`): the picture `chat-tui export --sheet` writes, with one
/// avatar-in-context row in the chosen theme, drawn through the preview's own picture path (pixels where the
/// terminal has a graphics protocol, half blocks otherwise).
///
/// The sheet is a slot of the screen plan (`ScreenPlan.Source.sheet`), composed as the subject
/// `CompositeSubject.sheet`: a parameter key asks for the sheet at the new parameters as it asks for a new
/// preview, and the previous sheet stays on screen until it arrives.
package enum VariantsSheetView {
    /// The colour that marks the selected cell: a blue no grey sheet background or label is.
    static func selectionColor(_ context: ViewContext) -> TerminalColor {
        context.colorMode == .monochrome ? .terminalDefault : .indexed(12)
    }

    /// The same colour in pixels.
    static let selectionPixelColor = RGBA8(r: 0x1E, g: 0x6F, b: 0xFF)

    /// The pane's cells and the sheet's pixel picture, drawn from `slot` (the plan's sheet slot; planned here
    /// when nil).
    static func compose(
        _ state: AppState, _ selected: ChatGroup, width: Int, height: Int, slot: ScreenPlan.Slot? = nil,
        source: CompositeCellSource, context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        var grid = CellGrid(width: width, height: height)
        var pictures: [PixelPicture] = []
        // The sheet shows the group as the fixture has it, which its own cell brings back.
        let group = SheetGeometry.group(state) ?? selected
        let dot = context.unicode ? " · " : " | "
        let scale = drawnScale(state, group, context: context)
        let reduced = scale < state.parameters.scale ? " at scale \(scale) (memory limit)" : ""
        grid.write(
            context.fit("Variants" + reduced + dot + Sanitizer.clean(group.name), width - 1), x: 1, y: 0,
            style: .bold)
        writeLabels(state, group, width: width, dot: dot, context: context, into: &grid)
        let area = pictureArea(width: width, height: height)
        guard area.width > 0, area.height > 0 else { return (grid, pictures) }
        let slot = slot ?? ScreenPlan.previewSlots(state, width: width, height: height, context: context).first
        let drawn = slot?.draw(source: source, into: &grid, pictures: &pictures) ?? false
        if !drawn {
            let message = context.fit("composing the variants" + context.ellipsis, area.width)
            grid.write(
                message, x: max(0, (area.width - TextWidth.width(of: message)) / 2), y: area.y + area.height / 2,
                style: .dim)
        } else if let index = state.sheetSelection,
            let geometry = SheetGeometry.shown(state, width: width, height: height, context: context),
            let box = geometry.box(ofCell: index)
        {
            markSelection(box, geometry, area: area, context: context, into: &grid, pictures: &pictures)
        }
        return (grid, pictures)
    }

    /// The scale the sheet of `group` is drawn at: the parameters' own, or the largest below it that fits the
    /// memory budget (`VariantsSheet.scaleFitting`, as `AppController.sheetWork` draws it).
    package static func drawnScale(_ state: AppState, _ group: ChatGroup, context: ViewContext) -> Int {
        guard let limit = context.memoryLimit else { return state.parameters.scale }
        return VariantsSheet.scaleFitting(
            limit: limit, parameters: state.parameters, group: (group.id, group.members.count),
            listAvatarPoints: context.listAvatarPoints, themes: 1) ?? 1
    }

    /// Where the sheet's picture goes in a `width` x `height` preview pane: below the title and the labels.
    package static func pictureArea(width: Int, height: Int) -> CellRect {
        CellRect(x: 0, y: SheetGeometry.pictureTop, width: width, height: max(0, height - 2))
    }

    /// What the sheet's picture in `area` is drawn for; the runtime asks the same, to make it with the sheet,
    /// off the loop.
    package static func pictureRequest(in area: CellRect, context: ViewContext) -> PictureRequest {
        PictureRequest(
            columns: area.width, rows: area.height, cell: context.pictureCell, scale: .fit(zoomPercent: 100))
    }

    /// The pane's second line: the cells' labels in the sheet's order, the selected one highlighted, then the
    /// row's theme and the keys.
    private static func writeLabels(
        _ state: AppState, _ group: ChatGroup, width: Int, dot: String, context: ViewContext,
        into grid: inout CellGrid
    ) {
        let labels =
            VariantsSheetLayout.memberCounts.map(String.init)
            + ["\(Sanitizer.clean(group.id)) (\(group.members.count))"]
        var x = 1
        let end = width - 1
        for (index, label) in labels.enumerated() where x < end {
            let separator = index == 0 ? "" : index == labels.count - 1 ? ", " : " "
            let text = context.fit(separator, end - x)
            grid.write(text, x: x, y: 1, style: .dim)
            x += TextWidth.width(of: text)
            let shown = context.fit(label, max(0, end - x))
            if state.sheetSelection == index {
                grid.write(shown, x: x, y: 1, foreground: selectionColor(context), style: [.bold, .reverse])
            } else {
                grid.write(shown, x: x, y: 1, style: .dim)
            }
            x += TextWidth.width(of: shown)
        }
        let rest = dot + "\(state.sheetTheme.rawValue) row" + dot + "t theme" + dot + "v closes"
        if x < end { grid.write(context.fit(rest, end - x), x: x, y: 1, style: .dim) }
    }

    /// Frames the selected cell: into a copy of the sheet's pixels when it went out as a pixel picture, else in
    /// the cells around it when they leave room for a frame (at least 3 × 3 cells).
    private static func markSelection(
        _ box: PixelBox, _ geometry: SheetGeometry, area: CellRect, context: ViewContext,
        into grid: inout CellGrid, pictures: inout [PixelPicture]
    ) {
        if context.graphics.drawsPixels, var last = pictures.last {
            let cell = context.pictureCell
            let rect = geometry.rect(of: box)
            let (cellWidth, cellHeight) = (Double(max(1, cell.width)), Double(max(1, cell.height)))
            let left = Int(((rect.minX - Double(last.area.x)) * cellWidth).rounded())
            let top = Int(((rect.minY - Double(last.area.y)) * cellHeight).rounded())
            let right = Int(((rect.maxX - Double(last.area.x)) * cellWidth).rounded())
            let bottom = Int(((rect.maxY - Double(last.area.y)) * cellHeight).rounded())
            FrameLines.draw(
                [(left, top, right, bottom)], thickness: max(2, cell.width / 4), color: selectionPixelColor,
                into: &last.image)
            pictures[pictures.count - 1] = last
            return
        }
        let cells = geometry.cells(of: box)
        guard cells.width >= 3, cells.height >= 3 else { return }
        FrameLines.draw(cells, glyphs: .heavy(context), color: selectionColor(context), clip: area, into: &grid)
    }
}
