import Foundation
import Imaging

/// Everything that decides how a composite looks, as one value.
///
/// The interactive app edits it key by key, the CLI and presets build it from text (through
/// `ParameterCatalogue`), and the pipeline uses it (through `identifier`) as part of every composite's cache
/// key. Optional values mean "the layout's own default", so that the defaults reproduce the references exactly.
/// Parameters that only one layout reads live in `options`, declared by that layout.
public struct CompositionParameters: Hashable, Sendable {
    /// The composition algorithm.
    public var layout: LayoutKind
    /// Canvas side in points.
    public var size: Double
    /// Pixels per point, 1...4.
    public var scale: Int
    /// Gap between tiles in points; nil = the layout's default (WeChat: size/18; QQ: the QQ reference's notch gap).
    public var margin: Double?
    /// Outer padding in points; nil = the margin (as in the WeChat reference).
    public var padding: Double?
    /// Corner radius of the whole canvas in points (the compact WeChat reference's clip).
    public var cornerRadius: Double
    /// Corner radius of each rectangular tile in points.
    public var tileRadius: Double
    /// Canvas fill; nil = the layout's default (`CompositionLayout.defaultBackground`).
    public var background: RGBA8?
    /// The layout-specific parameters (grid columns, QQ ring centring, ...), read by their layouts.
    public var options: LayoutOptions
    /// How each member's photo is presented in its tile (the avatar-pipeline reference's styles).
    public var memberStyle: MemberStyle
    /// Fill of the gaps between tiles; nil = the gaps show the background.
    public var gapColor: RGBA8?
    /// Whether the last tile shows "+N" when members beyond the layout's cap are left out.
    public var overflowBadge: Bool
    /// Whether members are placed right to left (the layout mirrored).
    public var rightToLeft: Bool
    /// What a member without a usable photo shows.
    public var placeholder: PlaceholderStyle
    /// Margin, padding and radii given as a percentage of the canvas or the tile (`5%`, `tile20%`); each one set
    /// takes the place of its value in points, and is resolved where the layout draws.
    public var relativeLengths: RelativeLengths
    /// The colour space exported files are written in. Composition is always in sRGB (the app's preview
    /// shows that); a Display P3 export converts the finished pixels and embeds the P3 profile.
    public var colorSpace: ColorSpace
    /// The canvas side in pixels when a picture is shown at a size between two scales, nil otherwise: a chat-list
    /// avatar of 144 px from a 132 pt composite is composed at its 144 px (1.09 pixels per point), the same
    /// geometry in points, rather than reduced from a larger scale. The app sets it; presets, exports and the
    /// CLI never do, so it is not a catalogue parameter, but it is part of `identifier` and so of cache keys.
    package var exactPixelSize: Int?

    /// A parameter set; each argument left out takes the value a composite gets when nobody sets it (a
    /// WeChat avatar of 132 pt at scale 1, the layout's own margins and background). Nothing is checked here:
    /// `CompositionLimits.problem` says whether the set can be drawn, and the pipeline refuses one that cannot.
    public init(
        layout: LayoutKind = .wechat, size: Double = 132, scale: Int = 1, margin: Double? = nil,
        padding: Double? = nil, cornerRadius: Double = 0, tileRadius: Double = 0, background: RGBA8? = nil,
        options: LayoutOptions = LayoutOptions(), memberStyle: MemberStyle = .rectangle,
        gapColor: RGBA8? = nil, overflowBadge: Bool = false, rightToLeft: Bool = false,
        placeholder: PlaceholderStyle = .initials, relativeLengths: RelativeLengths = RelativeLengths(),
        colorSpace: ColorSpace = .srgb
    ) {
        self.layout = layout; self.size = size; self.scale = scale; self.margin = margin; self.padding = padding
        self.cornerRadius = cornerRadius; self.tileRadius = tileRadius; self.background = background
        self.options = options; self.memberStyle = memberStyle; self.gapColor = gapColor
        self.overflowBadge = overflowBadge; self.rightToLeft = rightToLeft; self.placeholder = placeholder
        self.relativeLengths = relativeLengths
        self.colorSpace = colorSpace
    }

    /// Valid ranges, checked by the CLI and clamped by the interactive app.
    public static let sizeRange: ClosedRange<Double> = 8...2048
    /// The pixels per point a composite may be drawn at.
    public static let scaleRange: ClosedRange<Int> = 1...4

    /// The fill actually used.
    public var resolvedBackground: RGBA8 { background ?? layout.layout.defaultBackground }

    /// Canvas side in pixels.
    public var pixelSize: Int { exactPixelSize ?? max(1, Int((size * Double(scale)).rounded())) }

    /// Pixels per point as the compositor draws them: `scale`, or `exactPixelSize` over `size`.
    package var pixelsPerPoint: Double { exactPixelSize.map { Double($0) / size } ?? Double(scale) }

    /// A stable, human-readable description of every parameter the current layout reads; part of cache keys
    /// and of PNG metadata. Made from `ParameterCatalogue.fields(for: layout)`, each field in its `keyForm`,
    /// so that a parameter added to the catalogue is part of the key. A field added after identifiers were
    /// recorded (`KeyForm.textOmittedAt`) enters only away from its default, so recorded identifiers stay valid.
    /// A composite the app makes at an exact pixel size ends in `pixels=N`.
    public var identifier: String {
        identifier(fields: ParameterCatalogue.fields(for: layout)) + (exactPixelSize.map { " pixels=\($0)" } ?? "")
    }

    /// The identifier made from `fields`: each one's `NAME=VALUE` (`ParameterField.keyText`), in order, leaving
    /// out those at a default their key form omits.
    public func identifier(fields: [ParameterField]) -> String {
        fields.compactMap { $0.keyText(in: self) }.joined(separator: " ")
    }
}

/// Shortest decimal form of a number with at most 4 decimals ("7.3333", "132").
package func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(format: "%.4f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
