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
    /// How the screen shows colour; in `.monochrome` (`NO_COLOR`) no view sets one and emphasis is bold or
    /// reverse video instead.
    package var colorMode: ColorMode
    /// How the terminal shows pictures: the preview, the list's avatars and the strip are drawn in pixels when
    /// it can.
    package var graphics: GraphicsSetup
    /// The side of a list avatar in screen pixels (`--list-avatar-size` at the export scale), used where the
    /// avatars are pixel pictures; nil: as tall as the list row, twice as many columns wide.
    package var listAvatarPixels: Int?
    /// `--list-avatar-size` in points: the variants sheet's avatar-in-context row is shown at it.
    package var listAvatarPoints = 48.0
    /// The memory budget's limit in bytes, which decides the scale the variants sheet is drawn at
    /// (`VariantsSheet.scaleFitting`); nil: none.
    package var memoryLimit: Int?

    package init(
        now: Date, timeZone: TimeZone = .current, unicode: Bool = true, colorMode: ColorMode = .truecolor,
        graphics: GraphicsSetup = .halfBlocks
    ) {
        self.now = now; self.timeZone = timeZone; self.unicode = unicode; self.colorMode = colorMode
        self.graphics = graphics
    }

    /// The terminal's cell in pixels when the preview is drawn in pixels; nil for half blocks.
    package var pixelCell: CellPixelSize? { graphics.drawsPixels ? graphics.cellPixelSize : nil }

    /// The cells a list avatar takes where the avatars are pixel pictures; nil for half blocks.
    package var listAvatarCells: (columns: Int, rows: Int)? {
        guard let pixels = listAvatarPixels, let cell = pixelCell else { return nil }
        return ScreenLayout.avatarCells(pixels: pixels, cell: cell)
    }

    /// The pixels of a cell that preview pictures are framed for: the terminal's when it draws pixels, else
    /// the half-block pixels (one per cell without UTF-8).
    package var pictureCell: CellPixelSize { pixelCell ?? (unicode ? .halfBlock : .singlePixel) }

    /// The unread badge's colour and style: bold red, or bold reverse video without colour.
    package var badge: (foreground: TerminalColor, style: CellStyle) {
        colorMode == .monochrome ? (.terminalDefault, [.bold, .reverse]) : (.indexed(1), .bold)
    }

    /// A cell of an avatar that has not arrived yet: grey shade, or a dim one without colour.
    package var placeholderCell: Cell {
        colorMode == .monochrome ? Cell(placeholder, style: .dim) : Cell(placeholder, foreground: .indexed(8))
    }

    package var ellipsis: String { unicode ? "…" : "~" }
    package var mutedMark: String { unicode ? "🔕" : "(m)" }
    package var selectionMark: String { unicode ? "▌" : ">" }
    package var placeholder: String { unicode ? "░" : "." }
    package var separator: String { unicode ? "│" : "|" }

    /// Text as this terminal can show it: unchanged with Unicode, one `?` per non-ASCII grapheme without, so
    /// that what is measured is what is drawn (see `TerminalText`).
    package func shown(_ text: String) -> String { unicode ? text : TerminalText.ascii(text) }

    /// `shown(text)` truncated for this terminal (ASCII ellipsis when needed).
    package func fit(_ text: String, _ width: Int) -> String {
        TextWidth.truncate(shown(text), toWidth: width, ellipsis: ellipsis)
    }
}
