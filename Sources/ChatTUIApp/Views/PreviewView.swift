import Fixtures
import GroupIcon
import TerminalUI

/// The right pane: the selected group's name, the layout and parameters, and its composite as large as fits,
/// aspect-correct (one cell is one pixel wide and two tall), centred, scaled by the zoom; optionally the
/// comparison strip below.
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
        let imageArea = PreviewGeometry.imageArea(state, width: width, height: height)
        if let (columns, rows) = PreviewGeometry.imageSize(area: imageArea, zoomPercent: state.zoomPercent) {
            let parameters = PreviewGeometry.imageParameters(state, width: width, height: height)
            if let image = source.cells(for: group, parameters: parameters, columns: columns, rows: rows) {
                var area = CellGrid(width: imageArea.width, height: imageArea.height)
                area.blit(image, x: (imageArea.width - columns) / 2, y: (imageArea.height - rows) / 2)
                grid.blit(area, x: imageArea.x, y: imageArea.y)
            } else {
                let message = context.fit("composing" + context.ellipsis, imageArea.width)
                grid.write(message, x: max(0, (imageArea.width - TextWidth.width(of: message)) / 2),
                           y: imageArea.y + imageArea.height / 2, style: .dim)
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
