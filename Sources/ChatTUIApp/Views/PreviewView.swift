import Fixtures
import GroupIcon
import TerminalUI

/// The preview pane: the selected group's name, the layout and parameters, and its composite as large as fits,
/// aspect-correct (one cell is one pixel wide and two tall), centred, scaled by the zoom; with a pinned A the
/// A and B pictures side by side; optionally the comparison strip below.
package enum PreviewView {
    package static func render(_ state: AppState, width: Int, height: Int, source: CompositeCellSource,
                       context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        guard let group = state.selectedGroup else {
            grid.write(context.fit("Nothing selected", width - 1), x: 1, y: 0, style: .dim)
            return grid
        }
        grid.write(context.fit(Sanitizer.clean(group.name), width - 1), x: 1, y: 0, style: .bold)
        let zoom = state.zoomPercent == 100 ? "" : (context.unicode ? " · " : " | ") + "zoom \(state.zoomPercent)%"
        grid.write(context.fit(ParameterSummary.text(state.parameters, memberCount: state.selectedGroup?.members.count, unicode: context.unicode) + zoom, width - 1),
                   x: 1, y: 1, style: .dim)

        let stripHeight = PreviewGeometry.stripHeight(state, width: width, height: height)
        for picture in PreviewGeometry.pictures(state, width: width, height: height) {
            let area = picture.area
            if let label = picture.label {
                let text = context.fit(label, area.width)
                grid.write(text, x: area.x + max(0, (area.width - TextWidth.width(of: text)) / 2), y: area.y - 1,
                           style: [.bold, .reverse])
            }
            guard let (columns, rows) = picture.size else { continue }
            if let image = source.cells(for: group, parameters: picture.parameters, columns: columns, rows: rows) {
                var clipped = CellGrid(width: area.width, height: area.height)
                clipped.blit(image, x: (area.width - columns) / 2, y: (area.height - rows) / 2)
                grid.blit(clipped, x: area.x, y: area.y)
            } else {
                let message = context.fit("composing" + context.ellipsis, area.width)
                grid.write(message, x: area.x + max(0, (area.width - TextWidth.width(of: message)) / 2),
                           y: area.y + area.height / 2, style: .dim)
            }
        }
        if stripHeight > 0 {
            let strip = ComparisonStrip.render(group, parameters: state.parameters, width: width, height: stripHeight,
                                               source: source, context: context)
            grid.blit(strip, x: 0, y: height - stripHeight)
        }
        return grid
    }
}
