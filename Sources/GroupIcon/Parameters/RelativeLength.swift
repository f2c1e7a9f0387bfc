import Foundation

/// A length given as a percentage of something the layout measures instead of in points: `5%` of the canvas
/// side, or `tile20%` of a tile's shorter side. It stays relative when the size, the scale or the member count
/// changes, and is resolved to points where a layout draws (docs/GEOMETRY.md, "Relative values").
///
/// The canvas is `size`, the side a composite is asked for (not the smaller canvas of a grid that grows to fit
/// its items). The tile is the shorter side of each tile as the layout computes it; only the tile radius takes
/// it, since every other length decides the tile's size (a padding of a fifth of a tile that the padding
/// itself shrinks has no single answer).
public struct RelativeLength: Hashable, Sendable, CustomStringConvertible {
    /// What the percentage is of.
    public enum Base: Hashable, Sendable {
        /// The canvas side (`CompositionParameters.size`).
        case canvas
        /// The shorter side of the tile the length belongs to.
        case tile
    }

    /// The share in percent (5 for `5%`).
    public var percent: Double
    /// Whether the percentage is of the canvas or of the tile.
    public var base: Base

    /// `percent` percent of `base` (the canvas side unless said otherwise).
    public init(percent: Double, of base: Base = .canvas) {
        self.percent = percent; self.base = base
    }

    /// The length in points for a canvas of side `canvas` and a tile whose shorter side is `tile`.
    public func points(canvas: Double, tile: Double) -> Double {
        percent / 100 * (base == .canvas ? canvas : tile)
    }

    /// The canonical spelling, as `--margin` and presets take it: `5%`, `tile20%`. The percentage keeps every
    /// digit it needs to be read back as the same value.
    public var description: String {
        (base == .tile ? "tile" : "") + ParameterField.exactText(percent) + "%"
    }

    /// The spelling with the percentage rounded to 4 decimals, as cache keys write numbers (`margin=5%`).
    var keyText: String {
        (base == .tile ? "tile" : "") + formatNumber(percent) + "%"
    }

    /// Reads `5%` and `tile20%`, also written `tile 20%` (any spaces between the word and the number, the word
    /// in any case); nil for anything else, including `%5`, `5 %`, `5%%` and percentages that are not finite.
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var base = Base.canvas
        if rest.lowercased().hasPrefix("tile") {
            base = .tile
            rest = rest.dropFirst(4).drop(while: { $0 == " " })
        }
        guard rest.hasSuffix("%") else { return nil }
        let number = rest.dropLast()
        // Double("") and Double(" 5") are rejected or odd; only plain decimal digits, a sign and a point pass.
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }),
            let percent = Double(number), percent.isFinite
        else { return nil }
        self.init(percent: percent, of: base)
    }
}

/// The lengths of `CompositionParameters` given relative to the canvas or the tile; a relative length set here
/// takes the place of the parameter's value in points (which `ParameterField` then keeps unset or 0).
public struct RelativeLengths: Hashable, Sendable {
    /// The margin as a share of the canvas.
    public var margin: RelativeLength?
    /// The outer padding as a share of the canvas.
    public var padding: RelativeLength?
    /// The canvas's corner radius as a share of the canvas.
    public var cornerRadius: RelativeLength?
    /// Each tile's corner radius as a share of the canvas or of the tile.
    public var tileRadius: RelativeLength?

    /// Relative lengths for the parameters given; the others keep their value in points.
    public init(
        margin: RelativeLength? = nil, padding: RelativeLength? = nil, cornerRadius: RelativeLength? = nil,
        tileRadius: RelativeLength? = nil
    ) {
        self.margin = margin; self.padding = padding; self.cornerRadius = cornerRadius; self.tileRadius = tileRadius
    }

    /// Whether no length is relative.
    public var isEmpty: Bool { self == RelativeLengths() }
}
