import GroupIcon

/// The one-line descriptions of parameters: full in the preview title, compact in the status line.
///
/// A margin left to the layout shows the value the layout actually uses for `memberCount` members (QQ's
/// default gap depends on the ring size), marked "auto", so a designer always sees a number.
package enum ParameterSummary {
    /// E.g. "wechat m:7.3 auto c:0 t:0 bg:#AAAAAA", leaving the status line room for messages.
    package static func compact(_ parameters: CompositionParameters, memberCount: Int?) -> String {
        let background = parameters.resolvedBackground.a == 0 ? "none" : parameters.resolvedBackground.hexString
        return "\(parameters.layout.rawValue) m:\(margin(parameters, memberCount)) "
            + "c:\(formatNumber(parameters.cornerRadius)) t:\(formatNumber(parameters.tileRadius)) bg:\(background)"
    }

    /// E.g. "WeChat · margin 7.3 auto · corner 0 · tile 0 · bg #AAAAAA · 132pt", with "style circle" after
    /// the layout when the member style is not the default (ASCII separators when `unicode` is false).
    package static func text(_ parameters: CompositionParameters, memberCount: Int?, unicode: Bool) -> String {
        let style = parameters.memberStyle == .rectangle ? [] : ["style \(parameters.memberStyle)"]
        return ([parameters.layout.layout.displayName] + style + [
            "margin \(margin(parameters, memberCount))",
            "corner \(formatNumber(parameters.cornerRadius))",
            "tile \(formatNumber(parameters.tileRadius))",
            "bg \(parameters.resolvedBackground.a == 0 ? "transparent" : parameters.resolvedBackground.hexString)",
            "\(formatNumber(parameters.size))pt",
        ]).joined(separator: unicode ? " · " : " | ")
    }

    private static func margin(_ parameters: CompositionParameters, _ memberCount: Int?) -> String {
        if let margin = parameters.margin { return formatNumber((margin * 10).rounded() / 10) }
        let count = memberCount ?? parameters.layout.layout.maximumMembers
        let used = Layouts.resolvedMargin(count: count, parameters: parameters)
        return formatNumber((used * 10).rounded() / 10) + " auto"
    }
}
