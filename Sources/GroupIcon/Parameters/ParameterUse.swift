/// Which parameters change a composite, and over which of their values: what the app's panel shows as unused
/// (with the reason), what its keys skip, and what never limits another parameter.
///
/// Each layout says which parameters it ignores (`CompositionLayout.unusedReason`: a tile radius where the
/// tiles are circles); the rule every layout with rectangular tiles shares is that a tile radius larger than
/// half a tile's shorter side rounds nothing more (the compositor clamps it there).
public enum ParameterUse {
    /// Why `field` changes nothing in composites of `parameters` with `memberCount` members; nil when it does.
    public static func unusedReason(
        _ field: ParameterField, in parameters: CompositionParameters,
        memberCount: Int
    ) -> String? {
        parameters.layout.layout.unusedReason(field.name, count: memberCount, parameters: parameters)
    }

    /// Whether `field` changes nothing in composites of any of `memberCounts` (one member when there are none).
    public static func isUnused(
        _ field: ParameterField, in parameters: CompositionParameters,
        memberCounts: some Sequence<Int>
    ) -> Bool {
        let counts = Array(memberCounts)
        return (counts.isEmpty ? [1] : counts).allSatisfy {
            unusedReason(field, in: parameters, memberCount: $0) != nil
        }
    }

    /// The largest value of `field` that still changes composites of `memberCounts`, when there is one below
    /// its range's end: for the tile radius, half the shorter side of the largest tile drawn. Nil otherwise.
    public static func usefulMaximum(
        _ field: ParameterField, in parameters: CompositionParameters,
        memberCounts: some Sequence<Int>
    ) -> Double? {
        guard field.name == "tile-radius", parameters.layout.layout.tileForm == .rectangle else { return nil }
        let counts = Array(memberCounts)
        let halves = (counts.isEmpty ? [parameters.layout.layout.maximumMembers] : counts).flatMap { count in
            Layouts.tiles(count: count, parameters: parameters).map { min($0.frame.width, $0.frame.height) / 2 }
        }
        return halves.max()
    }

    /// The values of the numeric `field` a user can set for `memberCounts`, starting from `parameters` (which
    /// break no limit): its range, cut where a limit on the whole set stops it (a margin of at most 24.75 pt,
    /// not the 33 pt of a quarter of the size) and at `usefulMaximum`. A relative value's range is in
    /// percentages of its base (`ParameterField.relativeRange`), its limits worked out on the resolved points.
    /// Nil for other kinds.
    public static func usableRange(
        _ field: ParameterField, in parameters: CompositionParameters,
        memberCounts: [Int]
    ) -> ClosedRange<Double>? {
        var base: RelativeLength.Base?
        if case .relative(let length)? = field.value(in: parameters) { base = length.base }
        guard let range = base == nil ? field.range(in: parameters) : field.relativeRange(in: parameters) else {
            return nil
        }
        switch field.kind {
        case .number, .integer: break
        default: return range
        }
        let lower = CompositionLimits.closestAllowed(
            field, from: parameters, toward: range.lowerBound,
            memberCounts: memberCounts, relative: base)
        var upper = CompositionLimits.closestAllowed(
            field, from: parameters, toward: range.upperBound,
            memberCounts: memberCounts, relative: base)
        // A share of the tile rounds every tile alike: its range (up to half the tile) is all useful.
        if base != .tile, let useful = usefulMaximum(field, in: parameters, memberCounts: memberCounts) {
            let limit =
                base.map {
                    field.relative(points: useful, of: $0, in: parameters, memberCount: memberCounts.max() ?? 1).percent
                } ?? useful
            upper = min(upper, limit)
        }
        return min(lower, upper)...max(lower, upper)
    }
}
