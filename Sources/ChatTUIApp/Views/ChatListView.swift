import Fixtures
import Foundation
import GroupIcon
import Support
import TerminalUI

/// The left pane: one row per group as a messenger shows it: avatar, name, time, last message, unread badge,
/// muted mark.
///
/// Avatars are half blocks, or pixel pictures where the preview is one (`GraphicsSetup.drawsPixels`):
/// then the avatar's cells are reserved (`PreviewView.reservedCell`) and the picture goes to the driver.
package enum ChatListView {
    /// The first id of the list's pixel pictures: a group's avatar is this plus the group's index in the
    /// fixture, so it keeps its id (and kitty its image) while it stays on screen.
    package static let firstPictureID: UInt32 = 0x6375_0000

    /// The list pane, `width`×`height` cells, showing the groups from `state.scrollOffset` on.
    package static func render(
        _ state: AppState, width: Int, height: Int, rowHeight: Int, source: CompositeCellSource,
        context: ViewContext
    ) -> CellGrid {
        compose(state, width: width, height: height, rowHeight: rowHeight, source: source, context: context).grid
    }

    /// The pane's cells and the pixel pictures of its avatars (pane coordinates; none unless
    /// `context.graphics.drawsPixels`), its avatars planned here (`ScreenPlan.listSlots`).
    package static func compose(
        _ state: AppState, width: Int, height: Int, rowHeight: Int,
        source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        compose(
            state, width: width, height: height, rowHeight: rowHeight,
            slots: ScreenPlan.listSlots(state, width: width, height: height, rowHeight: rowHeight, context: context),
            source: source, context: context)
    }

    /// The pane's cells, its avatars drawn from `slots` (the plan's visible list slots, in row order).
    package static func compose(
        _ state: AppState, width: Int, height: Int, rowHeight: Int, slots: [ScreenPlan.Slot],
        source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        var grid = CellGrid(width: width, height: height)
        var pictures: [PixelPicture] = []
        guard width > 0, height > 0 else { return (grid, pictures) }
        if state.matches.isEmpty {
            let message = state.groups.isEmpty ? "No groups" : "No group matches \"\(Sanitizer.clean(state.filter))\""
            grid.write(context.fit(message, width - 1), x: 1, y: 0, style: .dim)
            return (grid, pictures)
        }
        let rows = max(1, height / rowHeight)
        for (row, slot) in zip(0..<rows, slots) {
            let position = state.scrollOffset + row
            let drawn = rowContents(
                slot, selected: position == state.selection, width: width, state: state, source: source,
                context: context)
            grid.blit(drawn.grid, x: 0, y: row * rowHeight)
            if var picture = drawn.picture {
                picture.area.y += row * rowHeight
                pictures.append(picture)
            }
        }
        return (grid, pictures)
    }

    /// One group's row: `height` text rows, the avatar `2*height` columns wide (one cell is one pixel wide and two
    /// tall, so the avatar is square), or the cells of `context.listAvatarCells` where avatars are pixel pictures.
    package static func renderRow(
        _ group: ChatGroup, selected: Bool, width: Int, height: Int, state: AppState,
        source: CompositeCellSource, context: ViewContext
    ) -> CellGrid {
        rowContents(
            ScreenPlan.avatarSlot(
                group, pictureID: firstPictureID, y: 0, width: width, rowHeight: height, state: state,
                context: context),
            selected: selected, width: width, state: state, source: source, context: context
        ).grid
    }

    /// The row of `slot`'s group, its avatar drawn from the slot: the row's cells and, when the avatar is a
    /// pixel picture, that picture (row coordinates).
    private static func rowContents(
        _ slot: ScreenPlan.Slot, selected: Bool, width: Int, state: AppState, source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, picture: PixelPicture?) {
        let (group, height) = (slot.group, slot.area.height)
        var grid = CellGrid(width: width, height: height)
        if selected {
            for row in 0..<height { grid.write(context.selectionMark, x: 0, y: row, style: .bold) }
        }
        var avatar = slot
        avatar.area.y = 0
        var pictures: [PixelPicture] = []
        if !avatar.draw(source: source, into: &grid, pictures: &pictures) {
            grid.fill(avatar.area, with: context.placeholderCell)
        }
        let pixelPicture = pictures.first
        let textX = avatar.area.x + avatar.area.width + 1
        let textWidth = width - textX
        guard textWidth > 0 else { return (grid, pixelPicture) }

        let time = timeLabel(group.updatedAt, now: context.now, timeZone: context.timeZone)
        let timeWidth = TextWidth.width(of: time)
        let nameWidth = timeWidth > 0 && textWidth > timeWidth + 4 ? textWidth - timeWidth - 1 : textWidth
        grid.write(
            context.fit((state.membersAreEdited(group.id) ? "* " : "") + Sanitizer.clean(group.name), nameWidth),
            x: textX, y: 0,
            style: selected ? [.bold, .reverse] : .bold)
        if nameWidth < textWidth { grid.write(time, x: width - timeWidth, y: 0, style: .dim) }

        guard height > 1 else { return (grid, pixelPicture) }
        var marks = [String]()
        if group.muted { marks.append(context.mutedMark) }
        if group.unread > 0 { marks.append(badge(group.unread)) }
        let markText = marks.joined(separator: " ")
        let markWidth = TextWidth.width(of: markText)
        let messageWidth = markWidth > 0 && textWidth > markWidth + 4 ? textWidth - markWidth - 1 : textWidth
        grid.write(context.fit(Sanitizer.clean(group.lastMessage), messageWidth), x: textX, y: 1)
        if messageWidth < textWidth {
            grid.write(
                markText, x: width - markWidth, y: 1,
                foreground: group.muted ? .terminalDefault : context.badge.foreground,
                style: group.muted ? .dim : context.badge.style)
        }
        if height > 2 {
            let count = group.members.count
            grid.write(context.fit("\(count) member\(count == 1 ? "" : "s")", textWidth), x: textX, y: 2, style: .dim)
        }
        return (grid, pixelPicture)
    }

    /// The parameters the list's composites are made at. Where avatars are pixel pictures, the state's made at
    /// exactly the avatar's pixels (`context.listAvatarPixels`, `CompositionParameters.exactPixelSize`): a 48 pt
    /// avatar at scale 3 is the 132 pt composite composed at 144 px, margins and radii in points as at any
    /// scale, each photo resampled once, rather than composed at 396 px and reduced. Half-block avatars, and
    /// avatars as large as the composite, use the state's parameters.
    package static func avatarParameters(_ state: AppState, context: ViewContext) -> CompositionParameters {
        var parameters = state.parameters
        guard context.listAvatarCells != nil, let pixels = context.listAvatarPixels, pixels != parameters.pixelSize
        else { return parameters }
        parameters.exactPixelSize = pixels
        return parameters
    }

    /// The picture of a list avatar in a row `rowHeight` tall where avatars are pixel pictures (nil otherwise):
    /// `context.listAvatarPixels` square in its cells (as many rows as the row has), fitted with the zoom that
    /// makes it exactly that wide, since its cells round up. The runtime makes these pictures off its loop.
    package static func avatarRequest(rowHeight: Int, context: ViewContext) -> PictureRequest? {
        guard let cells = context.listAvatarCells, let pixels = context.listAvatarPixels else { return nil }
        let cell = context.pictureCell
        let rows = min(cells.rows, rowHeight)
        let fitted = min(cells.columns * cell.width, rows * cell.height)
        let zoom = fitted > 0 ? min(100, max(1, (pixels * 100 + fitted / 2) / fitted)) : 100
        return PictureRequest(columns: cells.columns, rows: rows, cell: cell, scale: .fit(zoomPercent: zoom))
    }

    /// The unread badge: "(3)" up to 99, "(99+)" above; empty when nothing is unread.
    package static func badge(_ unread: Int) -> String {
        unread <= 0 ? "" : unread > 99 ? "(99+)" : "(\(unread))"
    }

    /// "HH:mm" when `date` falls on the same calendar day as `now` in `timeZone`, "yyyy-MM-dd" otherwise, ""
    /// when the group has no date.
    package static func timeLabel(_ date: Date?, now: Date, timeZone: TimeZone) -> String {
        guard let date else { return "" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        if parts.year == today.year && parts.month == today.month && parts.day == today.day {
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
