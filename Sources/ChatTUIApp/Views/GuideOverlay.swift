import GroupIcon
import TerminalUI

/// Draws the guides (`Guides`) over the preview's current picture: each tile's frame as lines with its
/// number in the top-left corner, into the cells of a half-block picture or into the pixels of a copy of a
/// pixel picture (the composite and the exports never see them).
enum GuideOverlay {
    /// The guides' colour: bright magenta, which no avatar background is (none in monochrome).
    static func color(_ context: ViewContext) -> TerminalColor {
        context.colorMode == .monochrome ? .terminalDefault : .indexed(13)
    }

    /// The same colour in pixels.
    static let pixelColor = RGBA8(r: 255, g: 0, b: 255)

    /// Frame lines in cells for every tile, the composite lying at `placement` (pane cells), clipped to `clip`.
    static func draw(
        _ guides: Guides, placement: Rect, clip: CellRect, into grid: inout CellGrid, context: ViewContext
    ) {
        let color = color(context)
        for (index, frame) in guides.tiles.enumerated() {
            let cells = guides.cells(of: frame, placement: placement)
            FrameLines.draw(cells, glyphs: .light(context), color: color, clip: clip, into: &grid)
            // The tile's number on its top edge, as the legend numbers it.
            let (left, top, right) = (cells.x, cells.y, cells.x + cells.width - 1)
            for (offset, digit) in String(index + 1).enumerated() where left + 1 + offset < right {
                let x = left + 1 + offset
                guard clip.contains(x: x, y: top), grid.contains(x: x, y: top) else { continue }
                grid[x, top] = Cell(String(digit), foreground: color, background: grid[x, top].background, style: .bold)
            }
        }
    }

    /// Frame lines in pixels for every tile into `image`, whose pixel (0, 0) is the pane cell `origin` and whose
    /// cells are `cell` pixels; the composite lies at `placement` (pane cells). Lines are one pixel wide per
    /// eight pixels of cell width, so they show at any cell size; each tile's number (`TileNumbers`, sized by
    /// the tile) sits just inside its top-left corner, as the cell guides and the legend number them.
    static func draw(
        _ guides: Guides, placement: Rect, into image: inout RGBAImage, origin: (x: Int, y: Int), cell: CellPixelSize
    ) {
        let (cellWidth, cellHeight) = (Double(max(1, cell.width)), Double(max(1, cell.height)))
        let thickness = max(1, cell.width / 8)
        let scaleX = placement.width * cellWidth / max(guides.canvas.width, 1e-9)
        let scaleY = placement.height * cellHeight / max(guides.canvas.height, 1e-9)
        let originX = (placement.minX - Double(origin.x)) * cellWidth
        let originY = (placement.minY - Double(origin.y)) * cellHeight
        let frames = guides.tiles.map { frame in
            (
                left: Int((originX + frame.minX * scaleX).rounded()),
                top: Int((originY + frame.minY * scaleY).rounded()),
                right: Int((originX + frame.maxX * scaleX).rounded()),
                bottom: Int((originY + frame.maxY * scaleY).rounded())
            )
        }
        FrameLines.draw(frames, thickness: thickness, color: pixelColor, into: &image)
        for (index, frame) in frames.enumerated() {
            let scale = TileNumbers.scale(width: frame.right - frame.left, height: frame.bottom - frame.top)
            TileNumbers.draw(
                index + 1, x: frame.left + thickness + scale, y: frame.top + thickness + scale, scale: scale,
                color: pixelColor, into: &image)
        }
    }
}
