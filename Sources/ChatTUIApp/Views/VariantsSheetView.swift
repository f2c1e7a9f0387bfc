import Fixtures
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// The variants sheet in the preview pane (`v`): the picture `chat-tui export --sheet` writes, with one
/// avatar-in-context row in the chosen theme, drawn through the preview's own picture path (pixels where the
/// terminal has a graphics protocol, half blocks otherwise).
///
/// The sheet reaches the composite store as a stand-in group (`standIn`): a parameter key asks for the sheet
/// at the new parameters as it asks for a new preview, and the previous sheet stays on screen until it arrives.
package enum VariantsSheetView {
    /// Starts the id of every stand-in: a control character no fixture id the app shows can hold.
    static let marker = "\u{1}variants-sheet\u{1}"

    /// The stand-in of `group`'s sheet with its row in `theme`: the group itself under an id of its own.
    package static func standIn(for group: ChatGroup, theme: ChatListTheme.Name) -> ChatGroup {
        var standIn = group
        standIn.id = id(of: group.id, theme: theme)
        return standIn
    }

    /// The stand-ins whose sheets change when the groups `groupIDs` changed: theirs, and the selected group's,
    /// whose sheet also draws on other groups' photos.
    package static func standInIDs(of groupIDs: some Sequence<String>, selected: ChatGroup?) -> [String] {
        let ids = Array(groupIDs) + (selected.map { [$0.id] } ?? [])
        return ids.flatMap { groupID in ChatListTheme.Name.allCases.map { id(of: groupID, theme: $0) } }
    }

    private static func id(of groupID: String, theme: ChatListTheme.Name) -> String {
        marker + theme.rawValue + "\u{1}" + groupID
    }

    /// The theme and the group of a stand-in; nil for any other group.
    package static func sheet(of standIn: ChatGroup) -> (theme: ChatListTheme.Name, group: ChatGroup)? {
        guard standIn.id.hasPrefix(marker) else { return nil }
        let rest = standIn.id.dropFirst(marker.count)
        guard let separator = rest.firstIndex(of: "\u{1}"),
            let theme = ChatListTheme.Name(rawValue: String(rest[..<separator]))
        else { return nil }
        var group = standIn
        group.id = String(rest[rest.index(after: separator)...])
        return (theme, group)
    }

    static func compose(
        _ state: AppState, _ group: ChatGroup, width: Int, height: Int, source: CompositeCellSource,
        context: ViewContext
    ) -> (grid: CellGrid, pictures: [PixelPicture]) {
        var grid = CellGrid(width: width, height: height)
        var pictures: [PixelPicture] = []
        let dot = context.unicode ? " · " : " | "
        grid.write(
            context.fit("Variants" + dot + Sanitizer.clean(group.name), width - 1), x: 1, y: 0, style: .bold)
        let counts = VariantsSheetLayout.memberCounts.map(String.init).joined(separator: " ")
        grid.write(
            context.fit(
                "\(counts), \(Sanitizer.clean(group.id)) (\(group.members.count))" + dot
                    + "\(state.sheetTheme.rawValue) row"
                    + dot + "t theme" + dot + "v closes", width - 1),
            x: 1, y: 1, style: .dim)
        let area = CellRect(x: 0, y: 2, width: width, height: max(0, height - 2))
        guard area.width > 0, area.height > 0 else { return (grid, pictures) }
        let request = PictureRequest(
            columns: area.width, rows: area.height, cell: context.pictureCell, scale: .fit(zoomPercent: 100))
        let drawn = PreviewView.draw(
            standIn(for: group, theme: state.sheetTheme), parameters: state.parameters, request: request,
            fitted: (area.width, area.height), at: area, id: PreviewView.pictureIDs[0], halfBlocksAtPixels: false,
            source: source, context: context, into: &grid, pictures: &pictures)
        if !drawn {
            let message = context.fit("composing the variants" + context.ellipsis, area.width)
            grid.write(
                message, x: max(0, (area.width - TextWidth.width(of: message)) / 2), y: area.y + area.height / 2,
                style: .dim)
        }
        return (grid, pictures)
    }
}
