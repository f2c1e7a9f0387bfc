/// The limits that keep every composite meaningful, shared by the CLI (which refuses parameters that break them),
/// presets and the interactive app (which clamps and says so).
///
/// Each parameter has its own range (`ParameterField.range(in:)`, e.g. a margin of at most a quarter of the
/// size), but some combinations are empty or degenerate although every value is in range: a nine-member
/// WeChat grid with a margin of 33 pt on a 132 pt canvas leaves tiles of 0 pt, a blank square. So there are
/// three rules on the whole set as well:
/// - **tiles**: every tile the layout draws for the member counts at hand is at least a quarter of a member's
///   share of the canvas side on its shorter side: `minimumTileFraction` of it (11 pt on a 132 pt canvas) for
///   up to nine members, and for more (the grid draws up to 64) a quarter of `size / ceil(sqrt(n))`, so that a
///   full grid of small faces is allowed but a blank one is not;
/// - **borders**: a `rounded` member style's border is at most `maximumBorderFraction` of the smallest tile's
///   shorter side (of the avatar's side for `chat-tui avatar`), so the photo keeps at least half of it: a
///   transparent border as wide as the tile would otherwise leave nothing opaque at all;
/// - **pixels**: the canvas is at most `maximumPixelSize` pixels per side (`size × scale`), so a composite
///   never needs more memory than a few tens of megabytes.
///
/// The tile rule depends on how many members a composite shows, so it is checked for the member counts that
/// will actually be drawn (a group's, every group's of a fixture, `layout --count`), capped at what the layout
/// draws. One member with a large margin is fine where nine are not.
public enum CompositionLimits {
    /// The smallest tile side of up to nine members, as a fraction of the canvas side.
    public static let minimumTileFraction = 1.0 / 12
    /// The largest canvas, in pixels per side.
    public static let maximumPixelSize = 4096
    /// The widest member-style border, as a fraction of the side of the tile (or avatar) it frames.
    public static let maximumBorderFraction = 0.25

    /// The problem with `style` framing a tile or avatar whose shorter side is `side` points: a border wider
    /// than `maximumBorderFraction` of it; nil when there is none.
    public static func borderProblem(_ style: MemberStyle, side: Double) -> LimitProblem? {
        guard case .rounded(_, let border, _) = style else { return nil }
        let widest = side * maximumBorderFraction
        // The same hair of tolerance as the tile rule, for values rounded for display.
        return border > widest + 1e-9 ? .borderTooWide(border: border, side: side, maximum: widest) : nil
    }

    /// The smallest tile side allowed on `parameters`' canvas for `memberCount` members, in points.
    /// The canvas is the one the layout draws on: `size` square, or the smaller canvas of a grid that grows to
    /// fit fixed items (measured by its longer side).
    public static func minimumTileSide(_ parameters: CompositionParameters, memberCount: Int) -> Double {
        let canvas = Layouts.canvas(count: memberCount, parameters: parameters)
        let side = max(canvas.width, canvas.height)
        let columns = shareColumns(memberCount: memberCount)
        return columns <= 3 ? side * minimumTileFraction : side / (4 * Double(columns))
    }

    /// The columns of a square grid that holds `memberCount` members: the share of the canvas side each gets.
    static func shareColumns(memberCount: Int) -> Int {
        Int(Double(memberCount).squareRoot().rounded(.up))
    }

    /// The shorter side of the smallest tile the layout draws for `memberCount` members, in points; nil when it
    /// draws none.
    public static func smallestTileSide(_ parameters: CompositionParameters, memberCount: Int) -> Double? {
        Layouts.tiles(count: memberCount, parameters: parameters).map { min($0.frame.width, $0.frame.height) }.min()
    }

    /// The first limit `parameters` break when composites of `memberCounts` members are drawn; nil when none.
    /// Checks every parameter the layout uses (`ParameterUse`: an unused one never limits another) against its
    /// range, then the pixel size, then the tiles and the member style's border on them.
    public static func problem(_ parameters: CompositionParameters, memberCounts: some Sequence<Int>)
        -> LimitProblem?
    {
        let counts = Array(memberCounts)
        for field in ParameterCatalogue.fields(for: parameters.layout) {
            guard let range = field.range(in: parameters), let value = field.value(in: parameters),
                !ParameterUse.isUnused(field, in: parameters, memberCounts: counts)
            else { continue }
            let number: Double
            switch value {
            case .number(let real): number = real
            case .integer(let whole): number = Double(whole)
            // Checked as the same share of the canvas; a share of a tile is never more than that.
            case .relative(let length): number = length.points(canvas: parameters.size, tile: parameters.size)
            default: continue
            }
            if !range.contains(number) {
                return .outOfRange(parameter: field.name, value: number, range: range)
            }
        }
        let pixels = parameters.size * parameters.pixelsPerPoint
        if pixels > Double(maximumPixelSize) {
            return .tooManyPixels(size: parameters.size, scale: parameters.scale)
        }
        let shownCounts = Set(counts.map { min($0, parameters.layout.layout.maximumMembers) }.filter { $0 > 0 })
        for count in shownCounts.sorted(by: >) {
            let minimum = minimumTileSide(parameters, memberCount: count)
            // A hair of tolerance: values rounded for display must not flip a tile exactly at the limit.
            if let side = smallestTileSide(parameters, memberCount: count), side < minimum - 1e-9 {
                return .tilesTooSmall(
                    layout: parameters.layout, memberCount: count, tileSide: side,
                    minimumSide: minimum)
            }
        }
        for count in shownCounts.sorted(by: >) {
            if let side = smallestTileSide(parameters, memberCount: count),
                let problem = borderProblem(parameters.memberStyle, side: side)
            {
                return problem
            }
        }
        return nil
    }

    /// The value of the numeric parameter `field` closest to `wanted` on the way from its value in `valid`
    /// (which breaks no limit) that still breaks none; `wanted` itself when it is fine. A value beyond the
    /// field's own range stops exactly at the range's end when that is fine. Otherwise limits move
    /// monotonically along the way for every numeric parameter of the catalogue (a larger margin only shrinks
    /// tiles), so halving the interval finds the boundary, rounded to 4 decimals (towards the valid side when
    /// the nearest 4-decimal value is not allowed). With a `relative` base the numbers are percentages of it
    /// (`ParameterField.relativeRange`), the value in `valid` converted when it is in points.
    public static func closestAllowed(
        _ field: ParameterField, from valid: CompositionParameters, toward wanted: Double,
        memberCounts: [Int], relative base: RelativeLength.Base? = nil
    ) -> Double {
        let memberCount = memberCounts.max() ?? 1
        func value(_ number: Double) -> ParameterValue {
            if let base { return .relative(RelativeLength(percent: number, of: base)) }
            return field.kind == .integer ? .integer(Int(number)) : .number(number)
        }
        func allowed(_ number: Double) -> Bool {
            var candidate = valid
            field.assign(value(number), to: &candidate)
            return problem(candidate, memberCounts: memberCounts) == nil
        }
        /// A value of `valid` as a number in this search's unit.
        func number(_ value: ParameterValue?) -> Double? {
            if case .integer(let whole)? = value { return Double(whole) }
            guard let points = field.points(of: value, in: valid, memberCount: memberCount) else { return nil }
            if case .relative(let length)? = value, length.base == base { return length.percent }
            return base.map { field.relative(points: points, of: $0, in: valid, memberCount: memberCount).percent }
                ?? points
        }
        if allowed(wanted) { return wanted }
        if let range = base == nil ? field.range(in: valid) : field.relativeRange(in: valid), !range.contains(wanted) {
            let end = min(max(wanted, range.lowerBound), range.upperBound)
            if allowed(end) { return end }
        }
        guard
            let start = number(field.value(in: valid))
                ?? number(field.automaticValue(in: valid, memberCount: memberCount))
        else { return wanted }
        var good = start, bad = wanted
        for _ in 0..<60 where abs(bad - good) > 1e-6 {
            let middle = (good + bad) / 2
            if allowed(middle) { good = middle } else { bad = middle }
        }
        if field.kind == .integer { return wanted > start ? good.rounded(.down) : good.rounded(.up) }
        // The boundary itself is often a round number (24.75); else the nearest 4-decimal value on the valid side.
        let nearest = (good * 10_000).rounded() / 10_000
        let inside = wanted > start ? (good * 10_000).rounded(.down) / 10_000 : (good * 10_000).rounded(.up) / 10_000
        return [nearest, inside].first(where: allowed) ?? start
    }
}

/// A limit a set of parameters breaks; the description says which and what would be allowed.
public enum LimitProblem: Equatable, Sendable, CustomStringConvertible {
    /// A parameter outside its own range (which may depend on others: the margin on the size).
    case outOfRange(parameter: String, value: Double, range: ClosedRange<Double>)
    /// `size × scale` above `CompositionLimits.maximumPixelSize`.
    case tooManyPixels(size: Double, scale: Int)
    /// Tiles of `memberCount`-member composites would be smaller than the minimum.
    case tilesTooSmall(layout: LayoutKind, memberCount: Int, tileSide: Double, minimumSide: Double)
    /// A member-style border wider than `maximum` points on a tile or avatar of `side` points.
    case borderTooWide(border: Double, side: Double, maximum: Double)

    public var description: String {
        switch self {
        case .outOfRange(let parameter, let value, let range):
            return
                "\(parameter) \(formatNumber(value)) is outside \(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))"
        case .tooManyPixels(let size, let scale):
            return
                "size \(formatNumber(size)) at scale \(scale) is \(formatNumber(size * Double(scale))) px, more than \(CompositionLimits.maximumPixelSize) px per side"
        case .tilesTooSmall(let layout, let count, let side, let minimum):
            let columns = CompositionLimits.shareColumns(memberCount: count)
            let share = columns <= 3 ? "a twelfth of the size" : "a quarter of size/\(columns)"
            return
                "\(layout.rawValue) tiles of \(count)-member groups would be \(formatNumber((side * 10).rounded() / 10)) pt, "
                + "less than the \(formatNumber((minimum * 10).rounded() / 10)) pt minimum (\(share))"
        case .borderTooWide(let border, let side, let maximum):
            return "a member-style border of \(formatNumber(border)) pt leaves too little of the photo in a "
                + "\(formatNumber((side * 10).rounded() / 10)) pt tile: at most "
                + "\(formatNumber((maximum * 100).rounded(.down) / 100)) pt (a quarter of its side)"
        }
    }
}
