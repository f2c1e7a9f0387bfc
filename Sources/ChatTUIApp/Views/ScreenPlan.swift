import Fixtures
import GroupExport
import GroupIcon
import TerminalUI

/// The whole screen as one value: the state, layout and terminal context the views draw from, and every
/// picture slot in priority order: the preview pane's pictures (the sheet, or the current picture, a pinned A,
/// the comparison strip), the list's visible avatars, then the avatars of the rows just off screen (marked
/// `isPrefetch`). The views draw the slots (`Slot.draw`) with the store's composites; the runtime composes what
/// the slots name, in their order, each job with its slot's request, and reads the 1:1 view's picture from its
/// slot. So there is one place that decides what the screen shows.
package struct ScreenPlan: Sendable {
    /// The pane a slot's picture is drawn in.
    package enum Pane: Hashable, Sendable {
        case list
        case preview
    }

    /// What a slot shows.
    package enum Source: Hashable, Sendable {
        /// A group's avatar in the chat list.
        case listAvatar(groupID: String)
        /// The preview's current picture (B of an A/B comparison).
        case preview
        /// The pinned A of an A/B comparison.
        case pinned
        /// The comparison strip's picture of one layout.
        case comparison(LayoutKind)
        /// The variants sheet, with its avatar-in-context row in a theme.
        case sheet(ChatListTheme.Name)
    }

    /// How a slot's picture reaches the screen.
    package enum Drawing: Hashable, Sendable {
        /// A pixel picture with this id over reserved cells, framed for the request.
        case pixelPicture(id: UInt32, request: PictureRequest)
        /// Half blocks at the picture's pixels, framed for the request (a known cell size, or the 1:1 view).
        case halfBlocksAtPixels(PictureRequest)
        /// The composite drawn into exactly these cells, centred in the slot's area.
        case cells(columns: Int, rows: Int)
    }

    /// One picture of the screen.
    package struct Slot: Sendable {
        package var source: Source
        /// The group the picture is of (the fixture's group for the sheet).
        package var group: ChatGroup
        /// What is composed for it: the composite store's key names this and the parameters.
        package var subject: CompositeSubject
        /// The parameters its composite is made at.
        package var parameters: CompositionParameters
        package var pane: Pane
        /// The cells the picture is drawn in, in its pane's coordinates (below the visible rows for a prefetch
        /// slot).
        package var area: CellRect
        package var drawing: Drawing
        /// The request to frame (and encode) its picture for off the loop, with its composite: the preview's
        /// current picture or the sheet when it goes out as a pixel picture with nothing drawn on it, and a list
        /// avatar's pixel picture;
        /// nil when the loop frames it.
        package var framedAhead: PictureRequest?
        /// A row just off screen, composed ahead so that scrolling finds it.
        package var isPrefetch = false

        /// The request the picture is drawn for; nil when it is drawn into cells at the composite's shape.
        package var request: PictureRequest? {
            switch drawing {
            case .pixelPicture(_, let request), .halfBlocksAtPixels(let request): request
            case .cells: nil
            }
        }

        /// The pixels of the picture's area: the request's, or two half-block pixels per cell.
        package var pixelSize: (width: Int, height: Int) {
            switch drawing {
            case .pixelPicture(_, let request), .halfBlocksAtPixels(let request): request.areaPixels
            case .cells(let columns, let rows): (columns, 2 * rows)
            }
        }

        /// Draws the picture into `grid`, whose origin is its pane's: a pixel picture over reserved cells (added
        /// to `pictures`), half blocks at its pixels, or the composite in cells; false when no composite of its
        /// subject has arrived yet.
        package func draw(
            source: CompositeCellSource, into grid: inout CellGrid, pictures: inout [PixelPicture]
        ) -> Bool {
            switch drawing {
            case .pixelPicture(let id, let request):
                guard let framed = source.picture(for: subject, parameters: parameters, request: request) else {
                    return false
                }
                let picture = framed.placed(id: id, x: area.x, y: area.y)
                grid.fill(picture.area, with: PreviewView.reservedCell)
                pictures.append(picture)
            case .halfBlocksAtPixels(let request):
                guard let (cells, image) = source.pictureCells(for: subject, parameters: parameters, request: request)
                else { return false }
                grid.blit(image, x: area.x + cells.x, y: area.y + cells.y)
            case .cells(let columns, let rows):
                guard let image = source.cells(for: subject, parameters: parameters, columns: columns, rows: rows)
                else { return false }
                var clipped = CellGrid(width: area.width, height: area.height)
                clipped.blit(image, x: (area.width - columns) / 2, y: (area.height - rows) / 2)
                grid.blit(clipped, x: area.x, y: area.y)
            }
            return true
        }
    }

    package var state: AppState
    package var layout: ScreenLayout
    /// The terminal context of the screen, which the panes draw with.
    package var context: ViewContext
    /// Every picture, most important first.
    package var slots: [Slot]

    /// The slots of one pane that are on screen.
    package func shown(in pane: Pane) -> [Slot] { slots.filter { $0.pane == pane && !$0.isPrefetch } }

    /// The first slot showing `source`.
    package func slot(_ source: Source) -> Slot? { slots.first { $0.source == source } }

    /// The screen for `state` in `layout` on a terminal described by `context`, with `lookAhead` rows below the
    /// visible ones (and half as many above) planned ahead.
    package static func make(_ state: AppState, layout: ScreenLayout, context: ViewContext, lookAhead: Int = 0)
        -> ScreenPlan
    {
        guard !layout.isTooSmall else { return ScreenPlan(state: state, layout: layout, context: context, slots: []) }
        let preview = previewSlots(
            state, width: layout.preview.width, height: layout.preview.height, context: context)
        let list = listSlots(
            state, width: layout.list.width, height: layout.list.height, rowHeight: layout.rowHeight,
            context: context, lookAhead: lookAhead)
        return ScreenPlan(state: state, layout: layout, context: context, slots: preview + list)
    }

    /// The preview pane's slots in a `width` x `height` pane: the variants sheet, or the current picture, the
    /// pinned A and the comparison strip's pictures, in that order.
    package static func previewSlots(_ state: AppState, width: Int, height: Int, context: ViewContext) -> [Slot] {
        guard width > 0, height > 0, let selected = state.selectedGroup else { return [] }
        // A picture drawn as it is made (no guides or 1:1 view drawing on it) is framed off the loop; an
        // overlay cuts it in the frame.
        let framesAhead = context.graphics.drawsPixels && !state.showsGuides && state.actualPixels == nil
        if state.showsSheet {
            let group = SheetGeometry.group(state) ?? selected
            let area = VariantsSheetView.pictureArea(width: width, height: height)
            guard area.width > 0, area.height > 0 else { return [] }
            let request = VariantsSheetView.pictureRequest(in: area, context: context)
            let drawing: Drawing =
                context.graphics.drawsPixels
                ? .pixelPicture(id: PreviewView.pictureIDs[0], request: request)
                : context.pixelCell != nil
                    ? .halfBlocksAtPixels(request) : .cells(columns: area.width, rows: area.height)
            return [
                Slot(
                    source: .sheet(state.sheetTheme), group: group,
                    subject: .sheet(groupID: group.id, theme: state.sheetTheme), parameters: state.parameters,
                    pane: .preview, area: area, drawing: drawing, framedAhead: framesAhead ? request : nil)
            ]
        }
        var slots: [Slot] = []
        let pictures = PreviewGeometry.pictures(state, width: width, height: height, pixelCell: context.pixelCell)
        for (index, picture) in pictures.enumerated().reversed() {
            guard let (columns, rows) = picture.size else { continue }
            let current = index == pictures.count - 1
            let request = PreviewView.pictureRequest(in: picture.area, state, context: context)
            let drawing: Drawing =
                context.graphics.drawsPixels
                ? .pixelPicture(id: PreviewView.pictureIDs[current ? 0 : 1], request: request)
                : context.pixelCell != nil || state.actualPixels != nil
                    ? .halfBlocksAtPixels(request) : .cells(columns: columns, rows: rows)
            slots.append(
                Slot(
                    source: current ? .preview : .pinned, group: selected, subject: .avatar(groupID: selected.id),
                    parameters: picture.parameters, pane: .preview, area: picture.area, drawing: drawing,
                    framedAhead: current && framesAhead ? request : nil))
        }
        let stripHeight = PreviewGeometry.stripHeight(state, width: width, height: height)
        let slotWidth = PreviewGeometry.comparisonSlotWidth(width)
        let side = min(slotWidth, 2 * (stripHeight - 1)) / 2 * 2
        guard stripHeight > 0, slotWidth > 0, side >= 2 else { return slots }
        let request = PictureRequest(
            columns: side, rows: side / 2, cell: context.pictureCell, scale: .fit(zoomPercent: 100))
        for (index, variant) in PreviewGeometry.comparisonVariants(of: state.parameters).enumerated() {
            let area = CellRect(
                x: index * (slotWidth + 1) + (slotWidth - side) / 2, y: height - stripHeight + 1, width: side,
                height: side / 2)
            let drawing: Drawing =
                context.graphics.drawsPixels
                ? .pixelPicture(id: ComparisonStrip.firstPictureID &+ UInt32(index), request: request)
                : .cells(columns: side, rows: side / 2)
            slots.append(
                Slot(
                    source: .comparison(variant.layout), group: selected, subject: .avatar(groupID: selected.id),
                    parameters: variant, pane: .preview, area: area, drawing: drawing, framedAhead: nil))
        }
        return slots
    }

    /// The list pane's slots in a `width` x `height` pane of rows `rowHeight` tall: the visible rows' avatars,
    /// then `lookAhead` rows below and half as many above (at least one), marked as prefetch.
    package static func listSlots(
        _ state: AppState, width: Int, height: Int, rowHeight: Int, context: ViewContext, lookAhead: Int = 0
    ) -> [Slot] {
        guard width > 0, height > 0, rowHeight > 0, !state.matches.isEmpty else { return [] }
        let visible = max(1, height / rowHeight)
        let first = state.scrollOffset
        let rows =
            Array(0..<visible).map { ($0, false) }
            + (lookAhead > 0
                ? Array(visible..<(visible + lookAhead)).map { ($0, true) }
                    + Array((-max(1, lookAhead / 2))..<0).reversed().map { ($0, true) } : [])
        return rows.compactMap { row, prefetch in
            let position = first + row
            guard let group = state.group(atPosition: position) else { return nil }
            return avatarSlot(
                group, pictureID: ChatListView.firstPictureID &+ UInt32(truncatingIfNeeded: state.matches[position]),
                y: row * rowHeight, width: width, rowHeight: rowHeight, state: state, context: context,
                prefetch: prefetch)
        }
    }

    /// The slot of `group`'s avatar in a row at `y` of a list `width` wide: a pixel picture (id `pictureID`)
    /// where avatars are ones and it fits, else `2 * rowHeight` (or the pixel avatar's) columns of cells.
    package static func avatarSlot(
        _ group: ChatGroup, pictureID: UInt32, y: Int, width: Int, rowHeight: Int, state: AppState,
        context: ViewContext, prefetch: Bool = false
    ) -> Slot {
        let columns = context.listAvatarCells?.columns ?? 2 * rowHeight
        let area = CellRect(x: 1, y: y, width: columns, height: rowHeight)
        let request = ChatListView.avatarRequest(rowHeight: rowHeight, context: context)
        let drawing: Drawing =
            if context.graphics.drawsPixels, area.x + area.width <= width, let request {
                .pixelPicture(id: pictureID, request: request)
            } else {
                .cells(columns: columns, rows: rowHeight)
            }
        return Slot(
            source: .listAvatar(groupID: group.id), group: group, subject: .avatar(groupID: group.id),
            parameters: ChatListView.avatarParameters(state, context: context), pane: .list, area: area,
            drawing: drawing, framedAhead: request, isPrefetch: prefetch)
    }
}
