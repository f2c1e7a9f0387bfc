import Imaging

/// The value of one composition parameter, as `ParameterField` reads and writes it.
public enum ParameterValue: Hashable, Sendable {
    case layout(LayoutKind)
    case number(Double)
    /// A length as a percentage of the canvas or the tile (fields with `ParameterField.relativeBases`).
    case relative(RelativeLength)
    /// A list of numbers (`ParameterField.Kind.numbers`).
    case numbers([Double])
    case integer(Int)
    case flag(Bool)
    case color(RGBA8)
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

    public init(parameter: String, expected: String, got: String) {
        self.parameter = parameter; self.expected = expected; self.got = got
    }

    /// `margin: expected a length in points from 0 to 33, got '-1'`; callers put `--` or a JSON path in front.
    public var description: String { "\(parameter): expected \(expected), got '\(got)'" }
}
