import GroupIcon
import TerminalUI

/// One picture in the preview pane: the current parameters, or the pinned "A" beside them.
package struct PreviewPicture: Sendable {
    /// "A pinned" / "B current" in an A/B comparison, nil for the single picture.
    package var label: String?
    /// The part of the pane the picture is centred in (below its label), in pane coordinates.
    package var area: CellRect
    /// Columns and rows of the picture; nil when the area cannot hold one.
    package var size: (columns: Int, rows: Int)?
    /// The parameters the picture's composite is made at.
    package var parameters: CompositionParameters
}

/// Where the preview pane puts its pictures and at which parameters they are composed: shared by the preview
/// view, which draws them, and the runtime, which asks for the composites they need.
package enum PreviewGeometry {
    /// The part of a `width` × `height` preview pane that holds the pictures (below the title, above the strip).
    package static func imageArea(_ state: AppState, width: Int, height: Int) -> CellRect {
        let below = height - 2 - stripHeight(state, width: width, height: height)
        return CellRect(x: 0, y: 2, width: width, height: max(0, below - guideLegendRows(state, paneRows: below)))
    }

    /// Rows the guides' legend takes under the pictures (`Guides.legend`), out of the `paneRows` between the
    /// title and the strip: as many as it has lines, but never more than half of them, so the picture stays.
    package static func guideLegendRows(_ state: AppState, paneRows: Int) -> Int {
        guard let guides = Guides.shown(in: state) else { return 0 }
        return max(0, min(guides.legend.count, paneRows / 2))
    }

    /// Where the composite of `picture` lies in the pane as the preview draws it, in cells (fractional, pane
    /// coordinates): framed by `PictureRequest` when drawn at the picture's pixels (a pixel picture, half blocks
    /// at a known cell size, the 1:1 view), else fitted into the picture's cells and letterboxed. Nil when
    /// the picture has no room. The composite is `canvas` points at the picture's scale, as the compositor
    /// makes it.
    package static func compositePlacement(
        _ picture: PreviewPicture, canvas: Size, _ state: AppState, context: ViewContext
    ) -> Rect? {
        guard let size = picture.size else { return nil }
        let scale = Double(picture.parameters.scale)
        return placement(
            imageWidth: max(1, Int((canvas.width * scale).rounded())),
            imageHeight: max(1, Int((canvas.height * scale).rounded())), in: picture.area, fitted: size,
            scale: state.previewScale, atPixels: context.pixelCell != nil || state.actualPixels != nil,
            cell: context.pictureCell)
    }

    /// Where an image `imageWidth` × `imageHeight` pixels lies when `PreviewView.draw` draws it into `area`, in
    /// cells (fractional, the area's coordinates): framed by `PictureRequest` at `scale` when drawn at its
    /// pixels (`atPixels`: a pixel picture, half blocks at a known cell size, the 1:1 view; `cell` pixels per
    /// cell), else fitted into `fitted` cells and letterboxed, centred. Nil when nothing would show.
    package static func placement(
        imageWidth: Int, imageHeight: Int, in area: CellRect, fitted: (columns: Int, rows: Int),
        scale: PreviewScale, atPixels: Bool, cell: CellPixelSize
    ) -> Rect? {
        if atPixels {
            let request = PictureRequest(columns: area.width, rows: area.height, cell: cell, scale: scale)
            guard let frame = request.frame(imageWidth: imageWidth, imageHeight: imageHeight)?.frame else {
                return nil
            }
            let (cellWidth, cellHeight) = (Double(max(1, cell.width)), Double(max(1, cell.height)))
            return Rect(
                x: Double(area.x) + frame.minX / cellWidth, y: Double(area.y) + frame.minY / cellHeight,
                width: frame.width / cellWidth, height: frame.height / cellHeight)
        }
        let (columns, rows) = fitted
        let (width, height) =
            imageWidth == imageHeight
            ? (columns, rows)
            : letterboxed(imageWidth: imageWidth, imageHeight: imageHeight, columns: columns, rows: rows)
        let x = area.x + (area.width - columns) / 2 + (columns - width) / 2
        let y = area.y + (area.height - rows) / 2 + (rows - height) / 2
        return Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }

    /// The cells an image that is not square takes of `columns` × `rows` half-block cells with its proportions
    /// kept (a cell is about twice as tall as wide): the rest stays empty rather than the image stretched.
    package static func letterboxed(
        imageWidth: Int, imageHeight: Int, columns: Int, rows: Int
    ) -> (columns: Int, rows: Int) {
        let aspect = Double(max(1, imageWidth)) / Double(max(1, imageHeight))
        let fittedColumns = min(columns, max(1, Int((Double(2 * rows) * aspect).rounded())))
        let fittedRows = min(rows, max(1, Int((Double(columns) / aspect / 2).rounded())))
        return aspect >= Double(columns) / Double(2 * max(1, rows)) ? (columns, fittedRows) : (fittedColumns, rows)
    }

    /// Rows the comparison strip takes at the bottom of the pane (0 when it is off or does not fit).
    package static func stripHeight(_ state: AppState, width: Int, height: Int) -> Int {
        state.showsComparison ? comparisonStripHeight(width: width, paneHeight: height - 2) : 0
    }

    /// The pictures of the pane: the current parameters alone, or with `p` the pinned ones (A) left and the
    /// current ones (B) right, each half under its label. The current picture comes last. `pixelCell` is the
    /// terminal's cell in pixels when pictures are drawn in pixels (nil: half blocks), which decides how many
    /// pixels a composite needs.
    package static func pictures(
        _ state: AppState, width: Int, height: Int,
        pixelCell: CellPixelSize? = nil
    ) -> [PreviewPicture] {
        let area = imageArea(state, width: width, height: height)
        guard let pinned = state.pinned else { return [picture(nil, state.parameters, area, state, pixelCell)] }
        let half = max(0, (area.width - 1) / 2)
        let below = CellRect(x: area.x, y: area.y + 1, width: half, height: max(0, area.height - 1))
        // Both halves the same width, so that A and B are drawn at the same size.
        let right = CellRect(x: area.x + half + 1, y: below.y, width: half, height: below.height)
        return [
            picture("A pinned", pinned, below, state, pixelCell),
            picture("B current", state.parameters, right, state, pixelCell),
        ]
    }

    /// The parameters the current picture's composite is made at (see `picture`).
    package static func imageParameters(
        _ state: AppState, width: Int, height: Int,
        pixelCell: CellPixelSize? = nil
    ) -> CompositionParameters {
        pictures(state, width: width, height: height, pixelCell: pixelCell).last?.parameters ?? state.parameters
    }

    /// A picture of `parameters` in `area`. In the fitted preview its composite is made at `parameters` with
    /// the scale raised (up to 4) until it has at least as many pixels per side as the picture shows, so a
    /// large terminal gets a sharp picture rather than a small composite blown up. The 1:1 view and exports
    /// keep the state's own scale: they show the exported pixels.
    private static func picture(
        _ label: String?, _ parameters: CompositionParameters, _ area: CellRect,
        _ state: AppState, _ pixelCell: CellPixelSize?
    ) -> PreviewPicture {
        var scaled = parameters
        let size = imageSize(area: area, zoomPercent: state.zoomPercent)
        if state.actualPixels == nil, let (columns, _) = size {
            let pixels =
                pixelCell.map { min(area.width * $0.width, area.height * $0.height) * state.zoomPercent / 100 }
                ?? columns
            let needed = Int((Double(pixels) / max(1, parameters.size)).rounded(.up))
            scaled.scale = min(CompositionParameters.scaleRange.upperBound, max(parameters.scale, needed))
        }
        return PreviewPicture(label: label, area: area, size: size, parameters: scaled)
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
