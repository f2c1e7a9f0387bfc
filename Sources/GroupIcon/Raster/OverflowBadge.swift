import Imaging

/// The "+N" badge over the last tile when a group has more members than its layout draws
/// (`CompositionParameters.overflowBadge`): the tile dimmed, and the count in white in its middle.
///
/// The text is set in the placeholders' font (`TextRasterizer`, the same size rules as a placeholder label on a
/// square of the tile's shorter side). Without a text font it is drawn with seven-segment glyphs built from
/// rectangles, rasterised with the same anti-aliased coverage as every other shape.
enum OverflowBadge {
    /// Laid over the tile's painted region.
    static let shade = RGBA8(r: 0, g: 0, b: 0, a: 128)
    /// The text colour.
    static let ink = RGBA8.white
    /// Glyph height as a share of the tile's shorter side, and the most of the tile's width the text takes.
    static let heightShare = 0.36
    static let widthShare = 0.8
    /// Glyph proportions, in glyph heights: digit width, '+' width, stroke, space between glyphs.
    static let digitWidth = 0.56, plusWidth = 0.62, stroke = 0.14, spacing = 0.14

    /// Segments of the digits 0-9, as in a seven-segment display: a top, b top right, c bottom right,
    /// d bottom, e bottom left, f top left, g middle.
    private static let segments: [String] = [
        "abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc",
        "abcdefg", "abcdfg",
    ]

    /// "+`hidden`" in the placeholder font, centred on `frame` (pixels); nil when there is nothing to draw or
    /// no text font.
    static func textMask(hidden: Int, frame: Rect, rasterizer: TextRasterizer = .shared) -> CoverageMask? {
        let side = min(frame.width, frame.height)
        guard hidden > 0, side >= 1, side.isFinite,
            case .coverage(let values)? = rasterizer.ink(
                for: PlaceholderLabel(text: "+\(hidden)", kind: .initials),
                side: Int(side))
        else { return nil }
        let pixels = Int(side)
        let box = PixelBox(
            x: Int((frame.midX - Double(pixels) / 2).rounded()), y: Int((frame.midY - Double(pixels) / 2).rounded()),
            width: pixels, height: pixels)
        return CoverageMask(box: box, values: values)
    }

    /// The seven-segment shapes of "+`hidden`" centred in `frame` (points), sized to the frame: the text when
    /// no font is found. Empty when `hidden` is not positive or the frame is empty.
    static func glyphs(hidden: Int, in frame: Rect) -> [Shape] {
        guard hidden > 0, frame.width > 0, frame.height > 0 else { return [] }
        let digits = String(hidden).compactMap(\.wholeNumberValue)
        let widthInHeights = plusWidth + Double(digits.count) * (spacing + digitWidth)
        let height = min(heightShare * min(frame.width, frame.height), widthShare * frame.width / widthInHeights)
        let t = stroke * height
        var x = frame.midX - widthInHeights * height / 2
        let y = frame.midY - height / 2
        let plus = plusWidth * height
        var shapes: [Shape] = [
            .rect(Rect(x: x, y: y + (height - t) / 2, width: plus, height: t)),
            .rect(Rect(x: x + (plus - t) / 2, y: y + (height - plus) / 2, width: t, height: plus)),
        ]
        x += plus
        let w = digitWidth * height, half = (height + t) / 2
        for digit in digits {
            x += spacing * height
            let parts: [Character: Rect] = [
                "a": Rect(x: x, y: y, width: w, height: t),
                "b": Rect(x: x + w - t, y: y, width: t, height: half),
                "c": Rect(x: x + w - t, y: y + height - half, width: t, height: half),
                "d": Rect(x: x, y: y + height - t, width: w, height: t),
                "e": Rect(x: x, y: y + height - half, width: t, height: half),
                "f": Rect(x: x, y: y, width: t, height: half),
                "g": Rect(x: x, y: y + (height - t) / 2, width: w, height: t),
            ]
            shapes += segments[digit].compactMap { parts[$0].map(Shape.rect) }
            x += w
        }
        return shapes
    }
}
