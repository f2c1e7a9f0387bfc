import Fixtures
import GroupIcon
import TerminalUI

/// The guides (`i`): every tile's frame of the selected group's composite and the spacing around the tiles, in
/// points and in pixels at the export scale, like a design tool's redlines. The frames are the layout engine's
/// (`LayoutDescription`, what `layout --json` prints); the spacing is measured from them, so it is what the
/// picture really has whatever the parameters asked for.
package struct Guides: Equatable, Sendable {
    /// The canvas in points.
    package var canvas: Size
    /// Every tile's frame in points, in member order.
    package var tiles: [Rect]
    /// The margin and padding the layout uses (`Layouts.resolvedMargin`, `resolvedPadding`), in points.
    package var margin: Double
    package var padding: Double
    /// The export scale the pixel figures are given at.
    package var scale: Int

    /// The guides of `memberCount` members drawn with `parameters`.
    package init(memberCount: Int, parameters: CompositionParameters) {
        let description = LayoutDescription(count: memberCount, parameters: parameters)
        canvas = description.canvas
        tiles = description.tiles.map(\.frame)
        margin = description.margin
        padding = Layouts.resolvedPadding(count: memberCount, parameters: parameters)
        scale = parameters.scale
    }

    /// The guides of the selected group at the current parameters; nil when they are off or nothing is selected.
    package static func shown(in state: AppState) -> Guides? {
        guard state.showsGuides, let group = state.selectedGroup else { return nil }
        return Guides(memberCount: group.members.count, parameters: state.parameters)
    }

    /// The space between the tiles and the canvas's left, top, right and bottom edges, in points (nil without
    /// tiles).
    package var edges: (left: Double, top: Double, right: Double, bottom: Double)? {
        guard let minX = tiles.map(\.minX).min(), let minY = tiles.map(\.minY).min(),
            let maxX = tiles.map(\.maxX).max(), let maxY = tiles.map(\.maxY).max()
        else { return nil }
        return (minX, minY, canvas.width - maxX, canvas.height - maxY)
    }

    /// The narrowest space between two tiles side by side (`horizontal`, tiles whose rows overlap) and one
    /// above the other (`vertical`), in points; nil where no two tiles are so placed or they overlap (QQ's
    /// notched circles).
    package var gaps: (horizontal: Double?, vertical: Double?) {
        var horizontal: Double?, vertical: Double?
        for a in tiles {
            for b in tiles {
                if a.minY < b.maxY && b.minY < a.maxY && b.minX >= a.maxX - Self.tolerance {
                    horizontal = min(horizontal ?? .infinity, max(0, b.minX - a.maxX))
                }
                if a.minX < b.maxX && b.minX < a.maxX && b.minY >= a.maxY - Self.tolerance {
                    vertical = min(vertical ?? .infinity, max(0, b.minY - a.maxY))
                }
            }
        }
        return (horizontal, vertical)
    }

    /// The legend under the picture: the canvas, margin and padding, the measured edges and gaps, then one line
    /// per tile as `chat-tui layout` prints it ("1. x 4  y 4  w 60  h 60").
    package var legend: [String] {
        let scale = "@\(self.scale)x"
        var lines = [
            "guides \(scale): canvas \(dimension(canvas.width))"
                + (canvas.width == canvas.height ? "" : " x \(dimension(canvas.height))")
                + " · margin \(dimension(margin)) · padding \(dimension(padding))"
        ]
        var spacing: [String] = []
        if let edges {
            let all = [edges.left, edges.top, edges.right, edges.bottom]
            spacing.append(
                all.allSatisfy({ abs($0 - edges.left) < Self.tolerance })
                    ? "edges \(dimension(edges.left))"
                    : "edges l \(formatNumber(edges.left)) t \(formatNumber(edges.top)) r \(formatNumber(edges.right))"
                        + " b \(formatNumber(edges.bottom)) pt")
        }
        let gaps = self.gaps
        if let horizontal = gaps.horizontal, let vertical = gaps.vertical, abs(horizontal - vertical) < Self.tolerance {
            spacing.append("gap \(dimension(horizontal))")
        } else {
            if let horizontal = gaps.horizontal { spacing.append("gap across \(dimension(horizontal))") }
            if let vertical = gaps.vertical { spacing.append("gap down \(dimension(vertical))") }
        }
        if !spacing.isEmpty { lines.append(spacing.joined(separator: " · ")) }
        for (index, frame) in tiles.enumerated() {
            lines.append(
                "\(index + 1). x \(formatNumber(frame.minX))  y \(formatNumber(frame.minY))  "
                    + "w \(formatNumber(frame.width))  h \(formatNumber(frame.height))")
        }
        return lines
    }

    /// "7.3333 pt 22 px": a length in points and in pixels at the export scale.
    private func dimension(_ points: Double) -> String {
        "\(formatNumber(points)) pt \(formatNumber(points * Double(scale))) px"
    }

    /// Lengths closer than this (points) are the same: the layouts' float arithmetic leaves noise.
    private static let tolerance = 1e-6

    /// Where a tile's frame (points) falls in the cells of a picture whose composite covers `placement` (cells,
    /// fractional, from the pane's top-left corner): the cells its edges pass through.
    package func cells(of frame: Rect, placement: Rect) -> CellRect {
        let scaleX = placement.width / max(canvas.width, Self.tolerance)
        let scaleY = placement.height / max(canvas.height, Self.tolerance)
        let left = Int((placement.minX + frame.minX * scaleX).rounded(.down))
        let top = Int((placement.minY + frame.minY * scaleY).rounded(.down))
        // The edge's last cell: the one the right edge ends in, not the next one when it ends on a boundary.
        let right = Int((placement.minX + frame.maxX * scaleX - Self.tolerance).rounded(.up)) - 1
        let bottom = Int((placement.minY + frame.maxY * scaleY - Self.tolerance).rounded(.up)) - 1
        return CellRect(x: left, y: top, width: max(1, right - left + 1), height: max(1, bottom - top + 1))
    }
}
