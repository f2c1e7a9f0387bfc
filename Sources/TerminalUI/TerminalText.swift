/// Text as it can safely be sent to a terminal, so that the terminal, curses and the cell grid agree on the
/// column of every cell.
///
/// curses advances the cursor by the C library's `wcwidth` of a cell's first character, the terminal by its
/// own rules, and the grid by `TextWidth`. Where they disagree, a cell the grid reserves is never written and
/// keeps whatever an earlier frame left there:
/// - in a non-UTF-8 locale curses shows a CJK character as one `?` while the grid keeps two columns for it, and
///   the second column went stale (`? ?C?t???0?0?  ??` after a CJK title was replaced);
/// - U+2764 U+FE0F (❤️) is two columns for `TextWidth` and for terminals that honour the emoji-presentation
///   selector, but one for `wcwidth` (U+2764 is a text-presentation character), so the column after it went
///   stale.
/// Such graphemes are sent in a form every party measures as one column (`?`, or the emoji without its
/// selector), followed by a space painted into the column the grid reserved.
package enum TerminalText {
    /// `text` with every non-ASCII grapheme replaced by one `?`: what a terminal without a UTF-8 locale can
    /// show, measured alike by everyone (one column per grapheme). The grapheme count stays the same, so a
    /// cursor position in the original text is one in the result. Control characters are kept as they are
    /// (text reaching here is sanitised already).
    package static func ascii(_ text: String) -> String {
        String(text.map { grapheme in grapheme.unicodeScalars.allSatisfy(\.isASCII) ? grapheme : "?" })
    }

    /// What to send for a grid cell holding `grapheme` that takes `columns` (1 or 2) grid columns, and whether
    /// the driver must also paint a space into the second column.
    ///
    /// - Without UTF-8: the grapheme itself when ASCII, else `?`; a two-column grapheme's second column gets a
    ///   space.
    /// - With UTF-8: the grapheme itself, except for a two-column grapheme whose first scalar `wcwidth` counts
    ///   as one column (a text-presentation base made an emoji by U+FE0F): the base alone, then a space.
    package static func drawable(_ grapheme: String, columns: Int, unicode: Bool) -> (
        text: String, padsSecondColumn: Bool
    ) {
        let scalars = grapheme.unicodeScalars
        if !unicode {
            let text = scalars.allSatisfy(\.isASCII) ? grapheme : "?"
            return (text, columns == 2)
        }
        guard columns == 2, let base = scalars.first, scalars.contains("\u{FE0F}"),
            TextWidth.width(of: base) == 1
        else { return (grapheme, false) }
        return (String(base), true)
    }
}
