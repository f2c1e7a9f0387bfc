import Foundation

/// Everything that decides how a composite looks, as one value.
///
/// The interactive app edits it key by key, the CLI builds it from flags, and the pipeline uses it (through
/// `identifier`) as part of every composite's cache key. Optional values mean "the layout's own default", so
/// that the defaults reproduce the seeds exactly.
public struct CompositionParameters: Hashable, Sendable, Codable {
    /// The composition algorithm.
    public var layout: LayoutKind
    /// Canvas side in points.
    public var size: Double
    /// Pixels per point, 1...4.
    public var scale: Int
    /// Gap between tiles in points; nil = the layout's default (WeChat: size/18; QQ: seed 001's notch gap).
    public var margin: Double?
    /// Outer padding in points; nil = the margin (as in seed 000).
    public var padding: Double?
    /// Corner radius of the whole canvas in points (seed 003's clip).
    public var cornerRadius: Double
    /// Corner radius of each rectangular tile in points.
    public var tileRadius: Double
    /// Canvas fill; nil = the layout's default (`defaultBackground(for:)`).
    public var background: RGBA8?
    /// Grid layout: number of columns; nil = ceil(sqrt(count)).
    public var gridColumns: Int?
    /// QQ: centre odd rings (3 and 5 members) vertically instead of seed 001's top alignment.
    public var centreRings: Bool
    /// WeChat: a single member fills the canvas inside the padding instead of seed 000's (W-2m)/1.3.
    public var fullBleedSingle: Bool
    /// WeChat: put the short row at the bottom instead of the top.
    public var shortRowAtBottom: Bool

    public init(layout: LayoutKind = .wechat, size: Double = 132, scale: Int = 1, margin: Double? = nil,
                padding: Double? = nil, cornerRadius: Double = 0, tileRadius: Double = 0, background: RGBA8? = nil,
                gridColumns: Int? = nil, centreRings: Bool = false, fullBleedSingle: Bool = false,
                shortRowAtBottom: Bool = false) {
        self.layout = layout; self.size = size; self.scale = scale; self.margin = margin; self.padding = padding
        self.cornerRadius = cornerRadius; self.tileRadius = tileRadius; self.background = background
        self.gridColumns = gridColumns; self.centreRings = centreRings; self.fullBleedSingle = fullBleedSingle
        self.shortRowAtBottom = shortRowAtBottom
    }

    /// Valid ranges, checked by the CLI and clamped by the interactive app.
    public static let sizeRange: ClosedRange<Double> = 8...2048
    public static let scaleRange: ClosedRange<Int> = 1...4

    /// The canvas fill a layout uses when none is given: seed 003's light grey for the grids, seed 001's
    /// transparent canvas for QQ.
    public static func defaultBackground(for layout: LayoutKind) -> RGBA8 {
        layout == .qq ? .transparent : .lightGrey
    }

    /// The fill actually used.
    public var resolvedBackground: RGBA8 { background ?? Self.defaultBackground(for: layout) }

    /// Canvas side in pixels.
    public var pixelSize: Int { max(1, Int((size * Double(scale)).rounded())) }

    /// A stable, human-readable description of every parameter; part of cache keys and of PNG metadata.
    public var identifier: String {
        func num(_ v: Double?) -> String { v.map { formatNumber($0) } ?? "auto" }
        return [
            "layout=\(layout.rawValue)", "size=\(formatNumber(size))", "scale=\(scale)", "margin=\(num(margin))",
            "padding=\(num(padding))", "corner-radius=\(formatNumber(cornerRadius))",
            "tile-radius=\(formatNumber(tileRadius))", "background=\(resolvedBackground.hexString)",
            "grid-columns=\(gridColumns.map(String.init) ?? "auto")", "centre-rings=\(centreRings)",
            "full-bleed-single=\(fullBleedSingle)", "short-row-at-bottom=\(shortRowAtBottom)",
        ].joined(separator: " ")
    }
}

/// Shortest decimal form of a number with at most 4 decimals ("7.3333", "132").
public func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(format: "%.4f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
