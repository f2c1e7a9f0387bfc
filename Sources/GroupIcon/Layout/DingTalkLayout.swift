import Imaging

/// DingTalk-style split circle: one circle filling the canvas inside the padding (default 0), cut into
/// pieces separated by a gap.
///
/// One member: the whole circle. Two: left half, right half. Three: left half, top-right quarter,
/// bottom-right quarter. Four: quarters in reading order (top-left, top-right, bottom-left, bottom-right).
/// The gap between pieces is the margin; its default, size/44 (3 points on a 132-point canvas), is a thin
/// hairline like DingTalk's, much narrower than the grids' size/18 because the pieces share one outline.
///
/// Each piece's tile frame is the piece's rectangle (the part of the circle's bounding square on its side
/// of the gaps), so the member's photo is centre-cropped into that rectangle; the painted shape is the
/// circle intersected with the rectangle.
public enum DingTalkLayout: CompositionLayout {
    public static let kind = LayoutKind.dingtalk
    public static let displayName = "DingTalk"
    public static let summary = "DingTalk split circle: whole, halves, half and quarters, quarters; first 4 members"
    public static let maximumMembers = 4
    public static let defaultBackground = RGBA8.lightGrey

    /// The tiles are pieces of one circle: their corners are the circle's.
    public static func unusedReason(_ name: String, count: Int, parameters: CompositionParameters) -> String? {
        name == "tile-radius" ? "dingtalk's tiles are pieces of one circle, whose edge is their corners" : nil
    }

    /// The tiles of the first (up to) four members; no tiles for a count of zero or less.
    public static func tiles(count: Int, parameters: CompositionParameters) -> [Tile] {
        let shown = shownMembers(count)
        let canvas = parameters.layoutSide
        guard shown > 0, canvas > 0 else { return [] }
        let padding = parameters.clampedPadding(default: 0)
        let circle = Shape.circle(center: Point(x: canvas / 2, y: canvas / 2), radius: canvas / 2 - padding)
        let bounds = circle.bounds
        guard shown > 1 else { return [Tile(frame: bounds, shape: circle)] }

        let halfGap = resolvedMargin(count: count, parameters: parameters) / 2
        // The four quarters and two halves on either side of the gaps through the centre.
        let leftWidth = bounds.width / 2 - halfGap
        let rightX = bounds.midX + halfGap
        let topHeight = bounds.height / 2 - halfGap
        let bottomY = bounds.midY + halfGap
        let left = Rect(x: bounds.minX, y: bounds.minY, width: leftWidth, height: bounds.height)
        let right = Rect(x: rightX, y: bounds.minY, width: bounds.maxX - rightX, height: bounds.height)
        let topLeft = Rect(x: bounds.minX, y: bounds.minY, width: leftWidth, height: topHeight)
        let topRight = Rect(x: rightX, y: bounds.minY, width: bounds.maxX - rightX, height: topHeight)
        let bottomLeft = Rect(x: bounds.minX, y: bottomY, width: leftWidth, height: bounds.maxY - bottomY)
        let bottomRight = Rect(x: rightX, y: bottomY, width: bounds.maxX - rightX, height: bounds.maxY - bottomY)

        let pieces: [Rect]
        switch shown {
        case 2: pieces = [left, right]
        case 3: pieces = [left, topRight, bottomRight]
        default: pieces = [topLeft, topRight, bottomLeft, bottomRight]
        }
        return pieces.map { Tile(frame: $0, shape: .intersection(circle, .rect($0))) }
    }

    /// The circle the pieces are cut from (the circle inscribed in their frames' bounding square).
    public static func gapRegion(tiles: [Tile]) -> [Shape] {
        guard let first = tiles.first?.frame else { return [] }
        let left = tiles.map(\.frame.minX).min() ?? first.minX, right = tiles.map(\.frame.maxX).max() ?? first.maxX
        let top = tiles.map(\.frame.minY).min() ?? first.minY
        let radius = (right - left) / 2
        return [.circle(center: Point(x: left + radius, y: top + radius), radius: radius)]
    }

    /// The gap between pieces: the explicit margin, or size/44, clamped to `0...size/4`.
    public static func resolvedMargin(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedMargin(default: parameters.layoutSide / 44)
    }

    /// The inset of the circle: the explicit padding, or none.
    public static func resolvedPadding(count: Int, parameters: CompositionParameters) -> Double {
        parameters.clampedPadding(default: 0)
    }
}

extension LayoutKind {
    /// The DingTalk-style split circle (`DingTalkLayout`).
    public static let dingtalk = LayoutKind(declaring: "dingtalk")
}
