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
        parts(parameters, memberCount, unit: " pt").joined(separator: unicode ? " · " : " | ")
    }

    /// E.g. "WeChat · margin 7.3 auto · corner 0 · tile 0 · bg #AAAAAA · 132pt" for the preview title, with
    /// "style circle" after the layout when the member style is not the default (ASCII separators when
    /// `unicode` is false).
    package static func text(_ parameters: CompositionParameters, memberCount: Int?, unicode: Bool) -> String {
        (parts(parameters, memberCount, unit: "") + ["\(formatNumber(parameters.size))pt"])
            .joined(separator: unicode ? " · " : " | ")
    }

    /// The layout, member style (when not the default), margin, radii and background, lengths followed by `unit`.
    private static func parts(_ parameters: CompositionParameters, _ memberCount: Int?, unit: String) -> [String] {
        let style = parameters.memberStyle == .rectangle ? [] : ["style \(parameters.memberStyle)"]
        return [parameters.layout.layout.displayName] + style + [
            "margin \(margin(parameters, memberCount))\(unit)" + (parameters.margin == nil ? " auto" : ""),
            "corner \(formatNumber(parameters.cornerRadius))\(unit)",
            "tile \(formatNumber(parameters.tileRadius))\(unit)",
            "bg \(background(parameters))",
        ]
    }

    /// A value for messages and undo descriptions: numbers to one decimal ("8.3"), an automatic value as
    /// "auto (7.3)", anything else in its text form ("qq", "#FFFFFF", "true").
    package static func shortValue(_ field: ParameterField, _ parameters: CompositionParameters,
                                   memberCount: Int) -> String {
        if let value = field.value(in: parameters) { return short(value) }
        guard let automatic = field.automaticValue(in: parameters, memberCount: memberCount) else { return "auto" }
        return "auto (\(short(automatic)))"
    }

    /// The panel's value column for `field`: the value with its unit ("7.33 pt"), "auto 7.33 pt" for an
    /// automatic one, and for lengths the pixels at the export scale ("14.67 px") when the scale is not 1.
    package static func panelValue(_ field: ParameterField, _ parameters: CompositionParameters,
                                   memberCount: Int) -> (value: String, pixels: String?) {
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

    private static func background(_ parameters: CompositionParameters) -> String {
        parameters.resolvedBackground.a == 0 ? "transparent" : parameters.resolvedBackground.hexString
    }

    private static func margin(_ parameters: CompositionParameters, _ memberCount: Int?) -> String {
        if let margin = parameters.margin { return formatNumber((margin * 10).rounded() / 10) }
        let count = memberCount ?? parameters.layout.layout.maximumMembers
        let used = Layouts.resolvedMargin(count: count, parameters: parameters)
        return formatNumber((used * 10).rounded() / 10)
    }
}
