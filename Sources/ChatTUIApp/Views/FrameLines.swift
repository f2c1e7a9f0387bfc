import GroupIcon
import TerminalUI

/// Rectangle outlines drawn over a picture on screen, never into a composite: the guides' tile frames and the
/// variants sheet's selection. In cells as box-drawing lines, in pixels as filled bands.
enum FrameLines {
    /// The characters of an outline: its edges and its corners (top left, top right, bottom left, bottom right).
    struct Glyphs {
        var across: String
        var down: String
        var corners: [String]

        /// Thin lines (the guides), or ASCII without Unicode.
        static func light(_ context: ViewContext) -> Glyphs {
            context.unicode
                ? Glyphs(across: "─", down: "│", corners: ["┌", "┐", "└", "┘"])
                : Glyphs(across: "-", down: "|", corners: ["+", "+", "+", "+"])
        }

        /// Heavy lines (a selection), or ASCII without Unicode.
        static func heavy(_ context: ViewContext) -> Glyphs {
            context.unicode
                ? Glyphs(across: "━", down: "┃", corners: ["┏", "┓", "┗", "┛"])
                : Glyphs(across: "=", down: "|", corners: ["+", "+", "+", "+"])
        }
    }

    /// The outline of `cells` in `color`, clipped to `clip` and the grid. Each cell keeps its background, so a
    /// half-block picture's lower colour still shows behind the line.
    static func draw(
        _ cells: CellRect, glyphs: Glyphs, color: TerminalColor, clip: CellRect, into grid: inout CellGrid
    ) {
        guard cells.width > 0, cells.height > 0 else { return }
        func put(_ text: String, _ x: Int, _ y: Int) {
            guard clip.contains(x: x, y: y), grid.contains(x: x, y: y) else { return }
            grid[x, y] = Cell(text, foreground: color, background: grid[x, y].background, style: .bold)
        }
        let (left, top) = (cells.x, cells.y)
        let (right, bottom) = (cells.x + cells.width - 1, cells.y + cells.height - 1)
        for x in left...right {
            put(glyphs.across, x, top)
            put(glyphs.across, x, bottom)
        }
        for y in top...bottom {
            put(glyphs.down, left, y)
            put(glyphs.down, right, y)
        }
        put(glyphs.corners[0], left, top)
        put(glyphs.corners[1], right, top)
        put(glyphs.corners[2], left, bottom)
        put(glyphs.corners[3], right, bottom)
    }

    /// An outline `thickness` pixels wide just inside each of `frames` (left, top, right, bottom; exclusive
    /// ends) in `color`, opaque, clipped to `image`.
    static func draw(
        _ frames: [(left: Int, top: Int, right: Int, bottom: Int)], thickness: Int, color: RGBA8,
        into image: inout RGBAImage
    ) {
        let (width, height) = (image.width, image.height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
                let (minX, maxX) = (max(0, x0), min(width, x1))
                let (minY, maxY) = (max(0, y0), min(height, y1))
                guard minX < maxX, minY < maxY else { return }
                for y in minY..<maxY {
                    for x in minX..<maxX {
                        let i = (y * width + x) * 4
                        pixels[i] = color.r; pixels[i + 1] = color.g; pixels[i + 2] = color.b; pixels[i + 3] = 255
                    }
                }
            }
            for frame in frames {
                fill(frame.left, frame.top, frame.right, frame.top + thickness)
                fill(frame.left, frame.bottom - thickness, frame.right, frame.bottom)
                fill(frame.left, frame.top, frame.left + thickness, frame.bottom)
                fill(frame.right - thickness, frame.top, frame.right, frame.bottom)
            }
        }
    }
}
