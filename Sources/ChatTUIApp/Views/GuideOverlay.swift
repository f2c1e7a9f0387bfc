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
        let corners = context.unicode ? ["┌", "┐", "└", "┘"] : ["+", "+", "+", "+"]
        let (across, down) = context.unicode ? ("─", "│") : ("-", "|")
        let color = color(context)
        func put(_ text: String, _ x: Int, _ y: Int) {
            guard clip.contains(x: x, y: y), grid.contains(x: x, y: y) else { return }
            // The picture's lower half-block colour stays behind the line, so the tile still shows through.
            grid[x, y] = Cell(text, foreground: color, background: grid[x, y].background, style: .bold)
        }
        for (index, frame) in guides.tiles.enumerated() {
            let cells = guides.cells(of: frame, placement: placement)
            let (left, top) = (cells.x, cells.y)
            let (right, bottom) = (cells.x + cells.width - 1, cells.y + cells.height - 1)
            for x in left...right {
                put(across, x, top)
                put(across, x, bottom)
            }
            for y in top...bottom {
                put(down, left, y)
                put(down, right, y)
            }
            put(corners[0], left, top)
            put(corners[1], right, top)
            put(corners[2], left, bottom)
            put(corners[3], right, bottom)
            // The tile's number on its top edge, as the legend numbers it.
            for (offset, digit) in String(index + 1).enumerated() where left + 1 + offset < right {
                put(String(digit), left + 1 + offset, top)
            }
        }
    }

    /// Frame lines in pixels for every tile into `image`, whose pixel (0, 0) is the pane cell `origin` and whose
    /// cells are `cell` pixels; the composite lies at `placement` (pane cells). Lines are one pixel wide per
    /// eight pixels of cell width, so they show at any cell size.
    static func draw(
        _ guides: Guides, placement: Rect, into image: inout RGBAImage, origin: (x: Int, y: Int), cell: CellPixelSize
    ) {
        let (cellWidth, cellHeight) = (Double(max(1, cell.width)), Double(max(1, cell.height)))
        let thickness = max(1, cell.width / 8)
        let scaleX = placement.width * cellWidth / max(guides.canvas.width, 1e-9)
        let scaleY = placement.height * cellHeight / max(guides.canvas.height, 1e-9)
        let originX = (placement.minX - Double(origin.x)) * cellWidth
        let originY = (placement.minY - Double(origin.y)) * cellHeight
        let (width, height) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
                let (left, right) = (max(0, x0), min(width, x1))
                let (top, bottom) = (max(0, y0), min(height, y1))
                guard left < right, top < bottom else { return }
                for y in top..<bottom {
                    for x in left..<right {
                        let i = (y * width + x) * 4
                        pixels[i] = pixelColor.r; pixels[i + 1] = pixelColor.g; pixels[i + 2] = pixelColor.b
                        pixels[i + 3] = 255
                    }
                }
            }
            for frame in guides.tiles {
                let left = Int((originX + frame.minX * scaleX).rounded())
                let top = Int((originY + frame.minY * scaleY).rounded())
                let right = Int((originX + frame.maxX * scaleX).rounded())
                let bottom = Int((originY + frame.maxY * scaleY).rounded())
                fill(left, top, right, top + thickness)
                fill(left, bottom - thickness, right, bottom)
                fill(left, top, left + thickness, bottom)
                fill(right - thickness, top, right, bottom)
            }
        }
    }
}
