import Imaging

/// One line of text in the placeholders' font (HarfBuzz shaping, FreeType coverage): captions and mock chat
/// rows drawn around avatars, such as the labels of `chat-tui export --sheet`.
///
/// Every line of one size has the same height and baseline, so captions side by side line up whatever their
/// letters; the width is the ink's, so a caller can centre or right-align it.
package enum TextLine {
    /// The line's height and its baseline from the top, in ems: room for ascenders, CJK ideographs and
    /// descenders of the usual fonts.
    package static let lineHeight = 1.3
    package static let baseline = 1.0

    /// `text` (control characters should already be removed) at `pixelsPerEm`, as coverage over a box at the
    /// origin `lineHeight` ems high: characters the font lacks (emoji) left out, cut at the end with "…" until
    /// it is at most `maxWidth` pixels wide. An empty box for text without ink (spaces); nil without a text
    /// font, when no character is left, or when not even "…" fits.
    package static func mask(_ text: String, pixelsPerEm: Double, maxWidth: Int) -> CoverageMask? {
        TextRasterizer.shared.lineMask(text, pixelsPerEm: pixelsPerEm, maxWidth: maxWidth)
    }

    /// Whether a text font was found: without one, `mask` is always nil.
    package static var hasFont: Bool { TextRasterizer.shared.hasTextFont }
}
