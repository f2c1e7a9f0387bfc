import GroupIcon

/// Parameters in words: the one-line summaries (preview title, status line), values in messages and undo
/// descriptions, and the panel's value column.
///
/// A value left to the layout shows what the layout actually uses for `memberCount` members (QQ's default gap
/// depends on the ring size), marked "auto", so a designer always sees a number.
package enum ParameterSummary {
    /// E.g. "WeChat · margin 7.3 pt auto · corner 0 pt · tile 0 pt · bg #AAAAAA" for the status line when the
    /// panel is hidden (ASCII separators when `unicode` is false).
    package static func compact(_ parameters: CompositionParameters, memberCount: Int?, unicode: Bool) -> String {
        parts(parameters, memberCount, unit: " pt", closing: false).joined(separator: unicode ? " · " : " | ")
    }

    /// E.g. "WeChat · margin 7.3 auto · corner 0 · tile 0 · bg #AAAAAA · 132pt" for the preview title, with
    /// "style circle" after the layout when the member style is not the default (ASCII separators when
    /// `unicode` is false).
    package static func text(_ parameters: CompositionParameters, memberCount: Int?, unicode: Bool) -> String {
        parts(parameters, memberCount, unit: "", closing: true).joined(separator: unicode ? " · " : " | ")
    }

    /// The parts of a summary, from the layout's fields by their `summaryForm` (those the layout ignores for
    /// `memberCount` members left out): the title, the notes of changed values, the labelled values (lengths followed by `unit`, to one decimal), then, when `closing`, the
    /// closing value. An unset value shows what the layout uses for `memberCount` members (nil: as many as it
    /// draws).
    private static func parts(
        _ parameters: CompositionParameters, _ memberCount: Int?, unit: String,
        closing: Bool
    ) -> [String] {
        let count = memberCount ?? parameters.layout.layout.maximumMembers
        let defaults = CompositionParameters()
        var titles: [String] = [], notes: [String] = [], labelled: [String] = [], closings: [String] = []
        for field in ParameterCatalogue.fields(for: parameters.layout) {
            // A value the layout ignores here (a tile radius where tiles are circles) is not shown as if it
            // changed the picture; the panel says why it is unused.
            if field.summaryForm != .title, field.summaryForm != .closing,
                ParameterUse.unusedReason(field, in: parameters, memberCount: count) != nil
            {
                continue
            }
            let set = field.value(in: parameters)
            guard let shown = set ?? field.automaticValue(in: parameters, memberCount: count) else { continue }
            // A relative length shows as typed ("5%"), without the unit of points.
            let isLength: Bool
            if case .relative = shown { isLength = false } else { isLength = field.kind == .number(unit: .points) }
            switch field.summaryForm {
            case .title:
                if case .layout(let kind) = shown {
                    titles.append(kind.layout.displayName)
                } else {
                    titles.append(short(shown))
                }
            case .noteWhenChanged(let word):
                if set != field.value(in: defaults) { notes.append("\(word) \(short(shown))") }
            case .labelled(let word):
                let automatic = set == nil && isLength ? " auto" : ""
                labelled.append("\(word) \(short(shown))" + (isLength ? unit : "") + automatic)
            case .closing where closing:
                // In full, not to a tenth: the canvas size is what the picture is made at.
                if case .number(let number) = shown, isLength {
                    closings.append(formatNumber(number) + "pt")
                } else {
                    closings.append(short(shown))
                }
            case .closing, .omitted:
                continue
            }
        }
        return titles + notes + labelled + closings
    }

    /// A value for messages and undo descriptions: numbers to one decimal ("8.3"), an automatic value as
    /// "auto (7.3)", anything else in its text form ("qq", "#FFFFFF", "true").
    package static func shortValue(
        _ field: ParameterField, _ parameters: CompositionParameters,
        memberCount: Int
    ) -> String {
        if let value = field.value(in: parameters) { return short(value) }
        guard let automatic = field.automaticValue(in: parameters, memberCount: memberCount) else { return "auto" }
        return "auto (\(short(automatic)))"
    }

    /// The panel's value column for `field`: the value with its unit ("7.33 pt"), "auto 7.33 pt" for an
    /// automatic one, a relative one with the points it resolves to for `memberCount` members ("5% (6.6 pt)"),
    /// and for lengths the pixels at the export scale ("14.67 px") when the scale is not 1.
    package static func panelValue(
        _ field: ParameterField, _ parameters: CompositionParameters,
        memberCount: Int
    ) -> (value: String, pixels: String?) {
        let set = field.value(in: parameters)
        guard let shown = set ?? field.automaticValue(in: parameters, memberCount: memberCount) else {
            return ("auto", nil)
        }
        var text: String
        var pixels: String?
        switch shown {
        case .number(let number) where field.kind == .number(unit: .points):
            text = hundredths(number) + " pt"
            if parameters.scale != 1 { pixels = hundredths(number * Double(parameters.scale)) + " px" }
        case .relative(let length):
            // The share and the points it stands for here: "5% (6.6 pt)", "tile 20% (5.2 pt)".
            let points = field.points(of: shown, in: parameters, memberCount: memberCount) ?? 0
            text = (length.base == .tile ? "tile " : "") + hundredths(length.percent) + "% (\(hundredths(points)) pt)"
            if parameters.scale != 1 { pixels = hundredths(points * Double(parameters.scale)) + " px" }
        case .number(let number): text = hundredths(number)
        case .numbers(let numbers): text = numbers.map(hundredths).joined(separator: ",") + " pt"
        case .flag(let flag): text = flag ? "on" : "off"
        default: text = ParameterField.text(of: shown)
        }
        return (set == nil ? "auto " + text : text, pixels)
    }

    private static func short(_ value: ParameterValue) -> String {
        if case .number(let number) = value { return formatNumber((number * 10).rounded() / 10) }
        return ParameterField.text(of: value)
    }

    private static func hundredths(_ number: Double) -> String {
        formatNumber((number * 100).rounded() / 100)
    }
}
