import Foundation
import Imaging

/// One composition parameter as people meet it: a command-line option (`--margin 4`), a key in a preset
/// (`"margin": 4`), a row in the interactive app's parameter panel.
///
/// Fields are values with the parameter's name, description and limits and how to read and write it in a
/// `CompositionParameters`; `ParameterCatalogue` lists them (the common ones, then each layout's own options),
/// so the CLI, presets, the app and the "copy as flags" hand-off all speak about parameters in one way.
/// Text is the interchange form: what a user types is parsed and checked against the limits in force for the
/// parameters at hand (the margin's upper limit depends on the size), and `text(in:)` writes a value back in
/// the same form.
public struct ParameterField: Sendable {
    /// What kind of value the parameter takes, which decides how it is typed, stepped and shown.
    public enum Kind: Hashable, Sendable {
        /// One of the registered layouts.
        case layout
        /// A real number; `unit` is what it measures.
        case number(unit: Unit)
        /// Comma-separated real numbers (`4,2`): one value (standing for all) or exactly `count`; limits
        /// apply to each.
        case numbers(unit: Unit, count: Int)
        /// A whole number.
        case integer
        /// On or off; on the command line, present or absent.
        case flag
        /// An sRGB colour with alpha.
        case color
        /// A `MemberStyle` in its text form (`rounded:6:2:#FFFFFF`).
        case memberStyle
        /// One of the words in `ParameterField.choices` (`initials`, `silhouette`).
        case choice
    }

    /// How a parameter enters `CompositionParameters.identifier`, the parameters' part of every composite's
    /// cache key and of PNG metadata, as `NAME=VALUE`. Every field says it, so that no parameter can change
    /// the pixels without changing the key.
    public enum KeyForm: Sendable {
        /// The value's text form (`text(in:)`), `auto` when unset.
        case text
        /// Like `text`, but a number with at most four decimals (`formatNumber`), as keys always wrote lengths.
        case rounded
        /// Text made from the parameters, where the key says more than the text form (an unset background is
        /// written as the layout's colour it draws).
        case custom(@Sendable (CompositionParameters) -> String)
        /// Like `text`, but left out of the identifier while the value's text is the one given (the field's
        /// default): for a field added after identifiers were recorded, so that every identifier made before
        /// it (cache entries, golden images, the metadata of exported files) stays the same.
        case textOmittedAt(String)
    }

    /// How a parameter shows in the app's one-line summaries of the parameters (the preview title and the
    /// status line). Every field says it, so that leaving a parameter out of them is a decision.
    public enum SummaryForm: Hashable, Sendable {
        /// The value alone, leading the summary (the layout's display name).
        case title
        /// `WORD VALUE` right after the title, only while the value differs from the default (a member style
        /// other than rectangle).
        case noteWhenChanged(String)
        /// `WORD VALUE` always. An unset value shows what the layout uses: a length marked `auto`, a colour as
        /// it is drawn.
        case labelled(String)
        /// The value with its unit and no word, closing the preview title (`132pt`); the status line leaves it
        /// out.
        case closing
        /// Not in the summaries; the parameter panel shows it.
        case omitted
    }

    /// What a number measures.
    public enum Unit: Hashable, Sendable {
        /// Points: canvas units, `scale` pixels each.
        case points
        /// A plain count or factor.
        case none
    }

    /// The parameter's name: the long option without dashes and the preset key (`corner-radius`).
    public let name: String
    /// A short name for the panel ("Corner radius").
    public let label: String
    /// One line for `--help`.
    public let help: String
    /// What sort of value the field holds, which decides how it is parsed, stepped and shown.
    public let kind: Kind
    /// The placeholder for the value in `--help` (`PT`), nil for flags.
    public let valueName: String?
    /// Whether the parameter may be unset, meaning "the layout's own default" (`auto` in text).
    public let isOptional: Bool
    /// The fine and coarse step of numeric parameters in the app (nil for other kinds).
    public let steps: (fine: Double, coarse: Double)?
    /// The words a `.choice` parameter takes, in the order a panel cycles them (empty for other kinds).
    public let choices: [String]
    /// How the parameter enters the cache key (`keyText(in:)`).
    public let keyForm: KeyForm
    /// How the parameter shows in the app's one-line summaries.
    public let summaryForm: SummaryForm
    /// What a length may be a percentage of besides being given in points (`5%`, `tile20%`); empty for
    /// parameters that take points only.
    public let relativeBases: [RelativeLength.Base]
    /// What a valid value is, without limits: "a length in points".
    private let expectation: String
    private let limits: @Sendable (CompositionParameters) -> ClosedRange<Double>?
    private let read: @Sendable (CompositionParameters) -> ParameterValue?
    private let write: @Sendable (inout CompositionParameters, ParameterValue?) -> Void
    private let automatic: @Sendable (CompositionParameters, Int) -> ParameterValue?

    init(
        name: String, label: String, help: String, kind: Kind, valueName: String?, isOptional: Bool = false,
        steps: (fine: Double, coarse: Double)? = nil, choices: [String] = [], expectation: String,
        key keyForm: KeyForm, summary summaryForm: SummaryForm, relativeBases: [RelativeLength.Base] = [],
        limits: @escaping @Sendable (CompositionParameters) -> ClosedRange<Double>? = { _ in nil },
        read: @escaping @Sendable (CompositionParameters) -> ParameterValue?,
        write: @escaping @Sendable (inout CompositionParameters, ParameterValue?) -> Void,
        automatic: @escaping @Sendable (CompositionParameters, Int) -> ParameterValue? = { _, _ in nil }
    ) {
        self.name = name; self.label = label; self.help = help; self.kind = kind; self.valueName = valueName
        self.isOptional = isOptional; self.steps = steps; self.choices = choices; self.expectation = expectation
        self.keyForm = keyForm; self.summaryForm = summaryForm; self.relativeBases = relativeBases
        self.limits = limits
        self.read = read; self.write = write; self.automatic = automatic
    }

    /// The value set in `parameters`; nil when the parameter is unset (automatic).
    public func value(in parameters: CompositionParameters) -> ParameterValue? {
        read(parameters)
    }

    /// What the layout uses for an unset optional parameter when it draws `memberCount` members (a QQ ring's
    /// own notch gap, the padding that follows the margin, ...); nil when that is not a single value. The app
    /// shows it beside "auto" and steps from it.
    public func automaticValue(in parameters: CompositionParameters, memberCount: Int) -> ParameterValue? {
        automatic(parameters, memberCount)
    }

    /// The value as text in the form `parse` accepts (`7.3333`, `#FFFFFF`, `true`, `qq`), nil when unset.
    public func text(in parameters: CompositionParameters) -> String? {
        read(parameters).map(Self.text(of:))
    }

    /// `NAME=VALUE`, the parameter's part of `CompositionParameters.identifier`, in its `keyForm`; nil when the
    /// key form leaves the value out (`KeyForm.textOmittedAt`).
    public func keyText(in parameters: CompositionParameters) -> String? {
        let value: String
        switch keyForm {
        case .text: value = text(in: parameters) ?? "auto"
        case .textOmittedAt(let omitted):
            value = text(in: parameters) ?? "auto"
            if value == omitted { return nil }
        case .rounded:
            value =
                read(parameters).map { value in
                    switch value {
                    case .number(let number): return formatNumber(number)
                    case .relative(let length): return length.keyText
                    default: return Self.text(of: value)
                    }
                } ?? "auto"
        case .custom(let text): value = text(parameters)
        }
        return "\(name)=\(value)"
    }

    /// The allowed range of a numeric parameter for `parameters` (nil for other kinds).
    public func range(in parameters: CompositionParameters) -> ClosedRange<Double>? {
        limits(parameters)
    }

    /// The allowed percentages of a relative value (`relativeBases`), the same share of the canvas as `range`
    /// in points: 0...25 for a margin of at most a quarter of the size. A tile radius of the tile has the
    /// radius's range too (0...50: half the tile rounds it fully). Nil for parameters in points only.
    public func relativeRange(in parameters: CompositionParameters) -> ClosedRange<Double>? {
        guard !relativeBases.isEmpty, let range = limits(parameters), parameters.size > 0 else { return nil }
        let share = 100 / parameters.size
        return range.lowerBound * share...range.upperBound * share
    }

    /// `points` as a percentage of `base` for composites of `memberCount` members (0 where the base is 0 pt):
    /// the same length, relative.
    public func relative(
        points: Double, of base: RelativeLength.Base, in parameters: CompositionParameters, memberCount: Int
    ) -> RelativeLength {
        let whole =
            self.points(of: .relative(RelativeLength(percent: 100, of: base)), in: parameters, memberCount: memberCount)
            ?? 0
        return RelativeLength(percent: whole > 0 ? points / whole * 100 : 0, of: base)
    }

    /// The value in points for composites of `memberCount` members: a number (or a list of one repeated number)
    /// as it is, a relative length
    /// resolved against the canvas or the smallest tile drawn (docs/GEOMETRY.md, "Relative values"); nil for
    /// other values and when unset.
    public func points(of value: ParameterValue?, in parameters: CompositionParameters, memberCount: Int) -> Double? {
        switch value {
        case .number(let number)?: return number
        // A list of lengths that are all the same (a grid spacing of one value) is that length.
        case .numbers(let numbers)? where Set(numbers).count == 1: return numbers[0]
        case .relative(let length)?:
            let tile =
                length.base == .tile
                ? CompositionLimits.smallestTileSide(parameters, memberCount: max(1, memberCount)) ?? 0 : 0
            return length.points(canvas: parameters.layoutSide, tile: tile)
        default: return nil
        }
    }

    /// Sets the value (nil unsets an optional parameter) without checking limits: for values that came from
    /// `value(in:)`, `parse` or `clamped`.
    public func assign(_ value: ParameterValue?, to parameters: inout CompositionParameters) {
        write(&parameters, value)
    }

    /// The value `text` stands for, checked against the limits in force for `parameters`. `auto` unsets an
    /// optional parameter (returns nil).
    public func parse(_ text: String, for parameters: CompositionParameters) throws(ParameterError) -> ParameterValue? {
        guard let value = try parseIgnoringLimits(text, for: parameters) else { return nil }
        guard isWithinLimits(value, parameters) else { throw error(got: text, parameters: parameters) }
        return value
    }

    /// The value `text` stands for, moved into the limits in force for `parameters` when it lies outside them
    /// (the app clamps what a user types and says so); `wasClamped` tells whether it did. Text that is not a
    /// value of this kind at all is still an error.
    public func parseClamping(_ text: String, for parameters: CompositionParameters) throws(ParameterError)
        -> (value: ParameterValue?, wasClamped: Bool)
    {
        guard let value = try parseIgnoringLimits(text, for: parameters) else { return (nil, false) }
        let clamped = self.clamped(value, for: parameters)
        return (clamped, clamped != value)
    }

    /// The value `text` stands for without looking at limits; nil for `auto`.
    private func parseIgnoringLimits(_ text: String, for parameters: CompositionParameters) throws(ParameterError)
        -> ParameterValue?
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if isOptional && trimmed.lowercased() == "auto" { return nil }
        let value: ParameterValue?
        switch kind {
        case .layout: value = LayoutKind(rawValue: trimmed).map(ParameterValue.layout)
        case .number:
            if trimmed.contains("%") {
                value = RelativeLength(parsing: trimmed).flatMap {
                    relativeBases.contains($0.base) ? .relative($0) : nil
                }
            } else {
                value = Double(trimmed).flatMap { $0.isFinite ? .number($0) : nil }
            }
        case .numbers(_, let count):
            if trimmed.contains("%") {
                value = RelativeLength(parsing: trimmed).flatMap {
                    relativeBases.contains($0.base) ? .relative($0) : nil
                }
            } else {
                value = Self.numbers(in: trimmed, count: count).map(ParameterValue.numbers)
            }
        case .integer: value = Int(trimmed).map(ParameterValue.integer)
        case .flag:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": value = .flag(true)
            case "false", "no", "off", "0": value = .flag(false)
            default: value = nil
            }
        case .color: value = RGBA8(parsing: trimmed).map(ParameterValue.color)
        case .memberStyle: value = MemberStyle(parsing: trimmed).map(ParameterValue.memberStyle)
        case .choice: value = choices.first { $0 == trimmed.lowercased() }.map(ParameterValue.choice)
        }
        guard let value else { throw error(got: text, parameters: parameters) }
        return value
    }

    /// Parses `text` and sets it in `parameters`.
    public func set(_ text: String, in parameters: inout CompositionParameters) throws(ParameterError) {
        assign(try parse(text, for: parameters), to: &parameters)
    }

    /// `value` moved into the limits in force for `parameters` (numbers only; other values pass unchanged).
    public func clamped(_ value: ParameterValue, for parameters: CompositionParameters) -> ParameterValue {
        guard let range = limits(parameters) else { return value }
        switch value {
        case .number(let number): return .number(min(max(number, range.lowerBound), range.upperBound))
        case .relative(var length):
            guard let percentages = relativeRange(in: parameters) else { return value }
            length.percent = min(max(length.percent, percentages.lowerBound), percentages.upperBound)
            return .relative(length)
        case .numbers(let numbers): return .numbers(numbers.map { min(max($0, range.lowerBound), range.upperBound) })
        case .integer(let number):
            let low = Int(range.lowerBound.rounded(.up)), high = Int(range.upperBound.rounded(.down))
            return .integer(min(max(number, low), max(low, high)))
        default: return value
        }
    }

    /// What a valid value is, with the limits in force for `parameters`: "a length in points from 0 to 33".
    public func expected(for parameters: CompositionParameters) -> String {
        if case .layout = kind { return expectation }
        guard let range = limits(parameters) else { return expectation }
        return "\(expectation) from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
    }

    /// What a valid percentage is, for text that was meant as one: "a percentage of the canvas from 0% to 25%
    /// (5%)"; for a parameter in points only, `expected(for:)` and that it takes no percentage.
    public func expectedPercentage(for parameters: CompositionParameters) -> String {
        guard let percentages = relativeRange(in: parameters) else {
            return expected(for: parameters) + " (\(name) takes no percentage)"
        }
        let tile = relativeBases.contains(.tile)
        return "a percentage of \(tile ? "the canvas or the tile" : "the canvas") from "
            + "\(formatNumber(percentages.lowerBound))% to \(formatNumber(percentages.upperBound))% "
            + (tile ? "(5% or tile20%)" : "(5%)")
    }

    private func isWithinLimits(_ value: ParameterValue, _ parameters: CompositionParameters) -> Bool {
        guard let range = limits(parameters) else { return true }
        switch value {
        case .number(let number): return range.contains(number)
        case .relative(let length): return relativeRange(in: parameters)?.contains(length.percent) ?? false
        case .numbers(let numbers): return numbers.allSatisfy(range.contains)
        case .integer(let number): return range.contains(Double(number))
        default: return true
        }
    }

    private func error(got text: String, parameters: CompositionParameters) -> ParameterError {
        let meantPercentage = text.contains("%") && (kind == .number(unit: .points) || !relativeBases.isEmpty)
        return ParameterError(
            parameter: name,
            expected: meantPercentage ? expectedPercentage(for: parameters) : expected(for: parameters),
            got: text)
    }

    /// The finite numbers of a comma-separated list of one or `count` numbers, nil otherwise.
    private static func numbers(in text: String, count: Int) -> [Double]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == count else { return nil }
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
        return numbers.count == parts.count ? numbers : nil
    }

    /// The text form of a value, as `parse` reads it.
    public static func text(of value: ParameterValue) -> String {
        switch value {
        case .layout(let kind): return kind.rawValue
        case .number(let number): return exactText(number)
        case .relative(let length): return length.description
        case .numbers(let numbers): return numbers.map(exactText).joined(separator: ",")
        case .integer(let number): return String(number)
        case .flag(let flag): return flag ? "true" : "false"
        case .color(let color): return color.a == 0 ? "transparent" : color.hexString
        case .memberStyle(let style): return style.description
        case .choice(let word): return word
        }
    }

    /// A number short when that is exact; otherwise with every digit, so that text read back is the same
    /// value (a margin stepped from 132/18 must reproduce the same pixels when handed over as `--margin`).
    static func exactText(_ number: Double) -> String {
        let short = formatNumber(number)
        return Double(short) == number || !number.isFinite ? short : "\(number)"
    }
}
