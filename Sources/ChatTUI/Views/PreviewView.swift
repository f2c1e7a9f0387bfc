import Fixtures
import GroupIcon

/// The right pane: the selected group's name, the layout and parameters, and its composite as large as fits,
/// aspect-correct (one cell is one pixel wide and two tall), centred, scaled by the zoom; optionally the
/// comparison strip below.
enum PreviewView {
    static func render(_ state: AppState, width: Int, height: Int, source: CompositeCellSource,
                       context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        guard let group = state.selectedGroup else {
            grid.write(context.fit("Nothing selected", width - 1), x: 1, y: 0, style: .dim)
            return grid
        }
        grid.write(context.fit(Sanitizer.clean(group.name), width - 1), x: 1, y: 0, style: .bold)
        let zoom = state.zoomPercent == 100 ? "" : (context.unicode ? " · " : " | ") + "zoom \(state.zoomPercent)%"
        grid.write(context.fit(ParameterSummary.text(state.parameters, memberCount: state.selectedGroup?.members.count, context: context) + zoom, width - 1),
                   x: 1, y: 1, style: .dim)

        let stripHeight = stripHeight(state, width: width, height: height)
        let imageArea = imageArea(state, width: width, height: height)
        if let (columns, rows) = imageSize(area: imageArea, zoomPercent: state.zoomPercent) {
            let parameters = imageParameters(state, width: width, height: height)
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

    /// The part of a `width` × `height` preview pane that holds the picture (below the title, above the strip).
    static func imageArea(_ state: AppState, width: Int, height: Int) -> CellRect {
        CellRect(x: 0, y: 2, width: width, height: max(0, height - 2 - stripHeight(state, width: width, height: height)))
    }

    private static func stripHeight(_ state: AppState, width: Int, height: Int) -> Int {
        state.showsComparison ? ComparisonStrip.height(width: width, paneHeight: height - 2) : 0
    }

    /// The parameters the preview's composite is made at: the state's, with the scale raised (up to 4) until
    /// the composite has at least as many pixels per side as the preview shows, so a large terminal gets a
    /// sharp picture rather than a small composite blown up. Exports keep the state's own scale.
    static func imageParameters(_ state: AppState, width: Int, height: Int) -> CompositionParameters {
        var parameters = state.parameters
        guard let (columns, _) = imageSize(area: imageArea(state, width: width, height: height),
                                           zoomPercent: state.zoomPercent) else { return parameters }
        let needed = Int((Double(columns) / max(1, parameters.size)).rounded(.up))
        parameters.scale = min(CompositionParameters.scaleRange.upperBound, max(parameters.scale, needed))
        return parameters
    }

    /// Columns and rows of a square composite filling `area` at `zoomPercent` (beyond 100 % the picture is
    /// larger than the area and the centre is shown); nil when the area cannot hold a picture.
    static func imageSize(area: CellRect, zoomPercent: Int) -> (columns: Int, rows: Int)? {
        let fitted = min(area.width, 2 * area.height) / 2 * 2
        guard fitted >= 2 else { return nil }
        let side = max(2, fitted * zoomPercent / 100 / 2 * 2)
        return (side, side / 2)
    }
}

/// The selected group in every layout side by side at the current parameters, each labelled with its layout.
enum ComparisonStrip {
    /// Rows the strip takes in a preview pane `width` wide with `paneHeight` rows below the title; 0 when it
    /// does not fit (then the strip is left out).
    static func height(width: Int, paneHeight: Int) -> Int {
        let slot = slotWidth(width)
        let imageRows = min(slot / 2, (paneHeight - 1) / 2)
        return imageRows >= 1 ? imageRows + 1 : 0
    }

    static func render(_ group: ChatGroup, parameters: CompositionParameters, width: Int, height: Int,
                       source: CompositeCellSource, context: ViewContext) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        let slot = slotWidth(width)
        let side = min(slot, 2 * (height - 1)) / 2 * 2
        guard slot > 0, side >= 2 else { return grid }
        for (index, variant) in variants(of: parameters).enumerated() {
            let slotX = index * (slot + 1)
            let label = context.fit(variant.layout.displayName, slot)
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

    /// The parameters of every picture the strip shows.
    static func variants(of parameters: CompositionParameters) -> [CompositionParameters] {
        LayoutKind.allCases.map { layout in
            var variant = parameters
            variant.layout = layout
            return variant
        }
    }

    private static func slotWidth(_ width: Int) -> Int {
        let count = LayoutKind.allCases.count
        return max(0, (width - (count - 1)) / count)
    }
}
