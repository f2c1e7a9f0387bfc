import GroupIcon
import TerminalUI

/// Where the preview pane puts its picture and at which parameters the picture is composed: shared by the
/// preview view, which draws it, and the runtime, which asks for the composites it needs.
package enum PreviewGeometry {
    /// The part of a `width` × `height` preview pane that holds the picture (below the title, above the strip).
    package static func imageArea(_ state: AppState, width: Int, height: Int) -> CellRect {
        CellRect(x: 0, y: 2, width: width, height: max(0, height - 2 - stripHeight(state, width: width, height: height)))
    }

    /// Rows the comparison strip takes at the bottom of the pane (0 when it is off or does not fit).
    package static func stripHeight(_ state: AppState, width: Int, height: Int) -> Int {
        state.showsComparison ? comparisonStripHeight(width: width, paneHeight: height - 2) : 0
    }

    /// The parameters the preview's composite is made at: the state's, with the scale raised (up to 4) until
    /// the composite has at least as many pixels per side as the preview shows, so a large terminal gets a
    /// sharp picture rather than a small composite blown up. Exports keep the state's own scale.
    package static func imageParameters(_ state: AppState, width: Int, height: Int) -> CompositionParameters {
        var parameters = state.parameters
        guard let (columns, _) = imageSize(area: imageArea(state, width: width, height: height),
                                           zoomPercent: state.zoomPercent) else { return parameters }
        let needed = Int((Double(columns) / max(1, parameters.size)).rounded(.up))
        parameters.scale = min(CompositionParameters.scaleRange.upperBound, max(parameters.scale, needed))
        return parameters
    }

    /// Columns and rows of a square composite filling `area` at `zoomPercent` (beyond 100 % the picture is
    /// larger than the area and the centre is shown); nil when the area cannot hold a picture.
    package static func imageSize(area: CellRect, zoomPercent: Int) -> (columns: Int, rows: Int)? {
        let fitted = min(area.width, 2 * area.height) / 2 * 2
        guard fitted >= 2 else { return nil }
        let side = max(2, fitted * zoomPercent / 100 / 2 * 2)
        return (side, side / 2)
    }

    /// Rows the strip takes in a preview pane `width` wide with `paneHeight` rows below the title; 0 when it
    /// does not fit (then the strip is left out).
    package static func comparisonStripHeight(width: Int, paneHeight: Int) -> Int {
        let slot = comparisonSlotWidth(width)
        let imageRows = min(slot / 2, (paneHeight - 1) / 2)
        return imageRows >= 1 ? imageRows + 1 : 0
    }

    /// The parameters of every picture the strip shows.
    package static func comparisonVariants(of parameters: CompositionParameters) -> [CompositionParameters] {
        LayoutRegistry.kinds.map { layout in
            var variant = parameters
            variant.layout = layout
            return variant
        }
    }

    /// Columns of each layout's slot in the comparison strip (slots are one column apart).
    package static func comparisonSlotWidth(_ width: Int) -> Int {
        let count = LayoutRegistry.all.count
        return max(0, (width - (count - 1)) / count)
    }
}
