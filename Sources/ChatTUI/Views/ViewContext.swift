import Foundation
import Fixtures
import GroupIcon

/// Where the views get avatar pictures from: cells already rendered from the latest composite available.
///
/// The runtime answers with the exact composite when it has arrived and otherwise with the group's previous one
/// (so nothing blanks while a new composite is being made); tests answer with fixed grids.
protocol CompositeCellSource {
    /// The group's composite at `parameters` (or the closest older one) drawn into exactly `columns`×`rows`
    /// cells; nil when no composite of the group has arrived yet.
    func cells(for group: ChatGroup, parameters: CompositionParameters, columns: Int, rows: Int) -> CellGrid?
    /// Warnings the pipeline reported for that composite (missing or unreadable avatars, ...).
    func warnings(for group: ChatGroup, parameters: CompositionParameters) -> [String]
}

/// What the views need besides the state: the clock and what the terminal can show.
struct ViewContext: Sendable {
    /// "Now", for the chat list's time column (HH:mm today, yyyy-MM-dd otherwise).
    var now: Date
    /// The time zone that decides what "today" is.
    var timeZone: TimeZone
    /// Whether the terminal shows non-ASCII (a UTF-8 locale); otherwise the views draw ASCII only.
    var unicode: Bool
    /// How the screen shows colour; in `.monochrome` (`NO_COLOR`) no view sets one and emphasis is bold or
    /// reverse video instead.
    var colorMode: ColorMode

    init(now: Date, timeZone: TimeZone = .current, unicode: Bool = true, colorMode: ColorMode = .truecolor) {
        self.now = now; self.timeZone = timeZone; self.unicode = unicode; self.colorMode = colorMode
    }

    /// The unread badge's colour and style: bold red, or bold reverse video without colour.
    var badge: (foreground: TerminalColor, style: CellStyle) {
        colorMode == .monochrome ? (.terminalDefault, [.bold, .reverse]) : (.indexed(1), .bold)
    }

    /// A cell of an avatar that has not arrived yet: grey shade, or a dim one without colour.
    var placeholderCell: Cell {
        colorMode == .monochrome ? Cell(placeholder, style: .dim) : Cell(placeholder, foreground: .indexed(8))
    }

    var ellipsis: String { unicode ? "…" : "~" }
    var mutedMark: String { unicode ? "🔕" : "(m)" }
    var selectionMark: String { unicode ? "▌" : ">" }
    var placeholder: String { unicode ? "░" : "." }
    var separator: String { unicode ? "│" : "|" }

    /// Text as this terminal can show it: unchanged with Unicode, one `?` per non-ASCII grapheme without, so
    /// that what is measured is what is drawn (see `TerminalText`).
    func shown(_ text: String) -> String { unicode ? text : TerminalText.ascii(text) }

    /// `shown(text)` truncated for this terminal (ASCII ellipsis when needed).
    func fit(_ text: String, _ width: Int) -> String {
        TextWidth.truncate(shown(text), toWidth: width, ellipsis: ellipsis)
    }
}

extension LayoutKind {
    /// The name shown in titles and the comparison strip.
    var displayName: String {
        switch self {
        case .wechat: return "WeChat"
        case .qq: return "QQ"
        case .grid: return "Grid"
        case .dingtalk: return "DingTalk"
        }
    }
}

/// The one-line descriptions of parameters: full in the preview title, compact in the status line.
///
/// A margin left to the layout shows the value the layout actually uses for `memberCount` members (QQ's
/// default gap depends on the ring size), marked "auto", so a designer always sees a number.
enum ParameterSummary {
    /// E.g. "wechat m:7.3 auto c:0 t:0 bg:#AAAAAA", leaving the status line room for messages.
    static func compact(_ parameters: CompositionParameters, memberCount: Int?) -> String {
        let background = parameters.resolvedBackground.a == 0 ? "none" : parameters.resolvedBackground.hexString
        return "\(parameters.layout.rawValue) m:\(margin(parameters, memberCount)) "
            + "c:\(formatNumber(parameters.cornerRadius)) t:\(formatNumber(parameters.tileRadius)) bg:\(background)"
    }

    /// E.g. "WeChat · margin 7.3 auto · corner 0 · tile 0 · bg #AAAAAA · 132pt" (ASCII separators without
    /// Unicode).
    static func text(_ parameters: CompositionParameters, memberCount: Int?, context: ViewContext) -> String {
        [
            parameters.layout.displayName,
            "margin \(margin(parameters, memberCount))",
            "corner \(formatNumber(parameters.cornerRadius))",
            "tile \(formatNumber(parameters.tileRadius))",
            "bg \(parameters.resolvedBackground.a == 0 ? "transparent" : parameters.resolvedBackground.hexString)",
            "\(formatNumber(parameters.size))pt",
        ].joined(separator: context.unicode ? " · " : " | ")
    }

    private static func margin(_ parameters: CompositionParameters, _ memberCount: Int?) -> String {
        if let margin = parameters.margin { return formatNumber((margin * 10).rounded() / 10) }
        let count = memberCount ?? parameters.layout.maximumMembers
        let used = Layouts.resolvedMargin(count: count, parameters: parameters)
        return formatNumber((used * 10).rounded() / 10) + " auto"
    }
}
