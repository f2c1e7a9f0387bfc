import Fixtures
import GroupIcon
import Support
import TerminalUI

/// The preview pane: the selected group's name, the layout and parameters, and its composite as large as fits,
/// aspect-correct, centred, scaled by the zoom (or pixel for pixel in the 1:1 view); with a pinned A the A and
/// B pictures side by side; optionally the comparison strip below.
///
/// Pictures (the strip's too) are half blocks, or pixel pictures when the terminal has a graphics protocol: then
/// the pane's cells under a picture are reserved (`reservedCell`) and the picture goes to the driver beside the
/// cells.
package enum PreviewView {
    /// Ids of the pixel pictures: the current picture's, then the pinned one's. Kitty keeps images by id for
    /// the whole terminal window, so they are unlikely numbers rather than 1 and 2.
    package static let pictureIDs: [UInt32] = [0x6374_0001, 0x6374_0002]

    /// What the cells under a pixel picture hold: a space that looks blank but is bold, so that curses never
    /// takes it for an empty stretch it may clear in one go (which would wipe a sixel picture's pixels).
    package static let reservedCell = Cell(" ", style: .bold)

    package static func render(
        _ state: AppState, width: Int, height: Int, source: CompositeCellSource,
        context: ViewContext
    ) -> CellGrid {
        compose(state, width: width, height: height, source: source, context: context).grid
    }

    /// The pane's cells and the pixel pictures over them (pane coordinates; none unless
    /// `context.graphics.drawsPixels`), its pictures planned here (`ScreenPlan.previewSlots`).
    package static func compose(
        _ state: AppState, width: Int, height: Int, source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        compose(
            state, width: width, height: height,
            slots: ScreenPlan.previewSlots(state, width: width, height: height, context: context), source: source,
            context: context)
    }

    /// The pane's cells, its pictures drawn from `slots` (the plan's preview slots).
    package static func compose(
        _ state: AppState, width: Int, height: Int, slots: [ScreenPlan.Slot], source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        var grid = CellGrid(width: width, height: height)
        var pictures: [PixelPicture] = []
        guard width > 0, height > 0 else { return (grid, pictures) }
        guard let group = state.selectedGroup else {
            grid.write(context.fit("Nothing selected", width - 1), x: 1, y: 0, style: .dim)
            return (grid, pictures)
        }
        if state.showsSheet {
            return VariantsSheetView.compose(
                state, group, width: width, height: height, slot: slots.first, source: source, context: context)
        }
        let edited = state.membersAreEdited(group.id) ? " (members edited, session only)" : ""
        grid.write(context.fit(Sanitizer.clean(group.name) + edited, width - 1), x: 1, y: 0, style: .bold)
        let dot = context.unicode ? " · " : " | "
        let zoom = state.zoomPercent == 100 || state.actualPixels != nil ? "" : dot + "zoom \(state.zoomPercent)%"
        // The 1:1 view is said first, where a narrow pane does not cut it off.
        let view = state.actualPixels.map { "1:1 x\($0.magnification)" + dot } ?? ""
        // The inspector's reading takes the summary's place while its cursor is out.
        let inspected =
            state.actualPixels?.cursor == nil
            ? nil
            : PixelInspector.readout(
                state, composite: source.composite(for: group, parameters: state.parameters),
                unicode: context.unicode)
        grid.write(
            context.fit(
                view
                    + (inspected
                        ?? ParameterSummary.text(
                            state.parameters, memberCount: state.selectedGroup?.members.count,
                            unicode: context.unicode))
                    + zoom, width - 1),
            x: 1, y: 1, style: inspected == nil ? .dim : .bold)

        let stripHeight = PreviewGeometry.stripHeight(state, width: width, height: height)
        let shown = PreviewGeometry.pictures(state, width: width, height: height, pixelCell: context.pixelCell)
        for (index, picture) in shown.enumerated() {
            let area = picture.area
            if let label = picture.label {
                let text = context.fit(label, area.width)
                grid.write(
                    text, x: area.x + max(0, (area.width - TextWidth.width(of: text)) / 2), y: area.y - 1,
                    style: [.bold, .reverse])
            }
            guard picture.size != nil else { continue }
            let drawn =
                slots.first { $0.source == (index == shown.count - 1 ? .preview : .pinned) }?
                .draw(source: source, into: &grid, pictures: &pictures) ?? false
            // The guides and the inspector's cursor go on A's picture as on B's, at each one's own parameters.
            let parameters = index < shown.count - 1 ? state.pinned ?? state.parameters : state.parameters
            if drawn, state.showsGuides {
                let guides = Guides(memberCount: group.members.count, parameters: parameters)
                drawGuides(guides, on: picture, state, context: context, into: &grid, pictures: &pictures)
            }
            if drawn, let cursor = state.actualPixels?.cursor {
                drawCursor(
                    cursor, on: picture, parameters: parameters, state, context: context, into: &grid,
                    pictures: &pictures)
            }
            if !drawn {
                let message = context.fit("composing" + context.ellipsis, area.width)
                grid.write(
                    message, x: area.x + max(0, (area.width - TextWidth.width(of: message)) / 2),
                    y: area.y + area.height / 2, style: .dim)
            }
        }
        if let guides = Guides.shown(in: state) {
            let area = PreviewGeometry.imageArea(state, width: width, height: height)
            let rows = PreviewGeometry.guideLegendRows(state, paneRows: height - 2 - stripHeight)
            for (row, line) in guides.legend.prefix(rows).enumerated() {
                grid.write(context.fit(line, width - 1), x: 1, y: area.y + area.height + row, style: .dim)
            }
        }
        if stripHeight > 0 {
            ComparisonStrip.draw(
                state.parameters, width: width, y: height - stripHeight,
                slots: slots.filter { if case .comparison = $0.source { true } else { false } }, source: source,
                context: context, into: &grid, pictures: &pictures)
        }
        return (grid, pictures)
    }

    /// What a picture of the pane in `area` is drawn for; the runtime asks the same of the current picture, to
    /// make it with its composite, off the loop.
    package static func pictureRequest(in area: CellRect, _ state: AppState, context: ViewContext) -> PictureRequest {
        // Kitty scales a placed picture into its cells; the guides and the inspector's cursor are drawn into the
        // picture's screen pixels, so with them the picture has those pixels.
        PictureRequest(
            columns: area.width, rows: area.height, cell: context.pictureCell, scale: state.previewScale,
            terminalScales: context.graphics.drawsPixels && context.graphics.graphicsProtocol == .kitty
                && !state.showsGuides && state.actualPixels?.cursor == nil)
    }

    /// Draws the guides over the picture just drawn: into the cells under it, or into a copy of its pixels
    /// when it went out as a pixel picture (the last one of `pictures`).
    private static func drawGuides(
        _ guides: Guides, on picture: PreviewPicture, _ state: AppState, context: ViewContext,
        into grid: inout CellGrid, pictures: inout [PixelPicture]
    ) {
        guard
            let placement = PreviewGeometry.compositePlacement(picture, canvas: guides.canvas, state, context: context)
        else { return }
        if context.graphics.drawsPixels, var last = pictures.last {
            GuideOverlay.draw(
                guides, placement: placement, into: &last.image, origin: (last.area.x, last.area.y),
                cell: context.pictureCell)
            pictures[pictures.count - 1] = last
        } else {
            GuideOverlay.draw(guides, placement: placement, clip: picture.area, into: &grid, context: context)
        }
    }

    /// Marks the pixel inspector's pixel on the picture just drawn, a composite at `parameters`: its cell in
    /// reverse video, or in a pixel picture a frame around the pixel's square in a copy of the picture.
    /// Nothing when that composite has no such pixel (A is smaller than B).
    private static func drawCursor(
        _ cursor: PixelPosition, on picture: PreviewPicture, parameters: CompositionParameters, _ state: AppState,
        context: ViewContext, into grid: inout CellGrid, pictures: inout [PixelPicture]
    ) {
        guard let group = state.selectedGroup, let size = PixelInspector.compositeSize(state, parameters: parameters),
            cursor.x < size.width, cursor.y < size.height,
            let placement = PreviewGeometry.compositePlacement(
                picture, canvas: Layouts.canvas(count: group.members.count, parameters: parameters), state,
                context: context)
        else { return }
        // The pixel's square in pane cells.
        let pixel = Rect(
            x: placement.minX + Double(cursor.x) * placement.width / Double(size.width),
            y: placement.minY + Double(cursor.y) * placement.height / Double(size.height),
            width: placement.width / Double(size.width), height: placement.height / Double(size.height))
        if context.graphics.drawsPixels, var last = pictures.last {
            let cell = context.pictureCell
            let (cellWidth, cellHeight) = (Double(max(1, cell.width)), Double(max(1, cell.height)))
            let left = Int(((pixel.minX - Double(last.area.x)) * cellWidth).rounded()) - 1
            let top = Int(((pixel.minY - Double(last.area.y)) * cellHeight).rounded()) - 1
            let right = Int(((pixel.maxX - Double(last.area.x)) * cellWidth).rounded()) + 1
            let bottom = Int(((pixel.maxY - Double(last.area.y)) * cellHeight).rounded()) + 1
            func clamped(_ low: Int, _ high: Int, _ limit: Int) -> Range<Int> {
                let start = min(max(0, low), limit)
                return start..<max(start, min(limit, high))
            }
            let (rows, columns) = (clamped(top, bottom, last.image.height), clamped(left, right, last.image.width))
            for y in rows {
                for x in columns where x == left || x == right - 1 || y == top || y == bottom - 1 {
                    last.image[x, y] = GuideOverlay.pixelColor
                }
            }
            pictures[pictures.count - 1] = last
        } else {
            let (x, y) = (Int(pixel.midX.rounded(.down)), Int(pixel.midY.rounded(.down)))
            guard picture.area.contains(x: x, y: y), grid.contains(x: x, y: y) else { return }
            grid[x, y] = Cell(context.unicode ? "◆" : "+", foreground: GuideOverlay.color(context), style: .bold)
        }
    }
}
