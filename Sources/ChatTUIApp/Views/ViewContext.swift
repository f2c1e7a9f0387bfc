import Fixtures
import Foundation
import GroupIcon
import TerminalUI

/// What the views need besides the state: the clock and what the terminal can show.
package struct ViewContext: Sendable {
    /// "Now", for the chat list's time column (HH:mm today, yyyy-MM-dd otherwise).
    package var now: Date
    /// The time zone that decides what "today" is.
    package var timeZone: TimeZone
    /// Whether the terminal shows non-ASCII (a UTF-8 locale); otherwise the views draw ASCII only.
    package var unicode: Bool

    package init(now: Date, timeZone: TimeZone = .current, unicode: Bool = true) {
        self.now = now; self.timeZone = timeZone; self.unicode = unicode
    }

    package var ellipsis: String { unicode ? "…" : "~" }
    package var mutedMark: String { unicode ? "🔕" : "(m)" }
    package var selectionMark: String { unicode ? "▌" : ">" }
    package var placeholder: String { unicode ? "░" : "." }
    package var separator: String { unicode ? "│" : "|" }

    /// Truncates for this terminal (ASCII ellipsis when needed).
    package func fit(_ text: String, _ width: Int) -> String { TextWidth.truncate(text, toWidth: width, ellipsis: ellipsis) }
}
