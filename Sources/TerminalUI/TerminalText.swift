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

    /// What to send for a grid cell holding `grapheme` that takes `columns` (1 or 2) grid columns, and what to
    /// paint into the second column, if anything.
    ///
    /// - Without UTF-8: the grapheme itself when ASCII, else `?`; a two-column grapheme's second column gets a
    ///   space.
    /// - With UTF-8: the grapheme itself when the terminal draws its kind `columns` wide (`widths`, measured)
    ///   and curses, which counts `cursesWidth` of its first scalar (the C library's `wcwidth`), agrees; never
    ///   a ZWJ sequence, which curses cannot hold whole.
    ///   Otherwise a width-safe form: a flag as its two region letters (`CN`); an emoji sequence as its first
    ///   emoji, when that is drawn alike by both; a text-presentation base made an emoji by U+FE0F as the base
    ///   alone, then a space; anything else as `?` (and a space).
    package static func drawable(
        _ grapheme: String, columns: Int, unicode: Bool, widths: GraphemeWidths = .standard,
        cursesWidth: (Unicode.Scalar) -> Int = { TextWidth.width(of: $0) }
    ) -> (text: String, secondColumn: String?) {
        let scalars = grapheme.unicodeScalars
        let pad: String? = columns == 2 ? " " : nil
        if !unicode {
            return (scalars.allSatisfy(\.isASCII) ? grapheme : "?", pad)
        }
        guard let character = grapheme.first, let base = scalars.first,
            let kind = GraphemeWidths.kind(of: character)
        else { return (grapheme, nil) }
        // A ZWJ sequence is never sent whole: curses keeps at most four characters of a cell (CCHARW_MAX), so a
        // family would arrive cut after a joiner, which tmux then joins to whatever comes next.
        if kind != .joinedEmoji && widths.draws(kind, columns: columns) && cursesWidth(base) == columns {
            return (grapheme, nil)
        }
        switch kind {
        case .flag where columns == 2:
            let letters = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }.prefix(2).compactMap {
                Unicode.Scalar($0.value - 0x1F1E6 + 0x41).map(String.init)
            }
            if letters.count == 2 { return (letters[0], letters[1]) }
        case .joinedEmoji, .modifiedEmoji:
            if base.properties.isEmojiPresentation, widths.draws(.emoji, columns: columns),
                cursesWidth(base) == columns
            {
                return (String(base), nil)
            }
        case .selectedEmoji where cursesWidth(base) == 1:
            return (String(base), pad)
        default:
            break
        }
        return ("?", pad)
    }
}
