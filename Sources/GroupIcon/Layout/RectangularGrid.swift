/// What the nine-grid (`wechat`) works out before placing tiles: how many members are shown,
/// the canvas side, the gap between tiles, the outer padding (the margin unless set) and the side inside it.
struct RectangularGrid {
    let shown: Int
    let canvas: Double
    let margin: Double
    let padding: Double
    let inner: Double

    /// nil when nothing is drawn (no members, or an unusable size).
    init?(count: Int, layout: any CompositionLayout.Type, parameters: CompositionParameters) {
        shown = layout.shownMembers(count)
        canvas = parameters.layoutSide
        guard shown > 0, canvas > 0 else { return nil }
        margin = layout.resolvedMargin(count: count, parameters: parameters)
        padding = parameters.clampedPadding(default: margin)
        inner = canvas - 2 * padding
    }
}
