import Imaging

/// The value of one composition parameter, as `ParameterField` reads and writes it.
public enum ParameterValue: Hashable, Sendable {
    /// The layout field's value.
    case layout(LayoutKind)
    /// A length in points or a plain number (size, margin, radii).
    case number(Double)
    /// A length as a percentage of the canvas or the tile (fields with `ParameterField.relativeBases`).
    case relative(RelativeLength)
    /// A list of numbers (`ParameterField.Kind.numbers`).
    case numbers([Double])
    /// A whole number (scale, grid columns).
    case integer(Int)
    /// An on/off field's value (overflow badge, right to left).
    case flag(Bool)
    /// A colour field's value (background, gap colour).
    case color(RGBA8)
    /// How members' photos sit in their tiles.
    case memberStyle(MemberStyle)
    /// One of a `.choice` field's words.
    case choice(String)
}

/// A parameter value a user gave that cannot be used; the message says what was expected.
public struct ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's name (`margin`).
    public var parameter: String
    /// What would have been accepted, e.g. "a length in points from 0 to 33".
    public var expected: String
    /// The text given.
    public var got: String

    /// The error for `got` given as `parameter`'s value where `expected` was wanted.
    public init(parameter: String, expected: String, got: String) {
        self.parameter = parameter; self.expected = expected; self.got = got
    }

    /// `margin: expected a length in points from 0 to 33, got '-1'`; callers put `--` or a JSON path in front.
    public var description: String { "\(parameter): expected \(expected), got '\(got)'" }
}
