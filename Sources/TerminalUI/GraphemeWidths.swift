import Support

/// How wide the terminal draws the kinds of grapheme terminals disagree on, measured at start: each kind's
/// sample is drawn at the top-left corner before the first frame (then erased) and the terminal is asked where
/// the cursor went (CPR, `CSI 6 n` → `CSI row ; column R`).
///
/// Text is laid out with these widths (`TextWidth` consults the table the driver installs), and a grapheme is
/// sent as it is only when the terminal and curses (the C library's `wcwidth` of its first character) both
/// advance by the columns the layout gave it; otherwise it is sent in a width-safe form (`TerminalText`): a
/// flag as its two region letters, an emoji sequence as its first emoji (a ZWJ sequence always), anything
/// else as `?`. A kind not
/// measured (no answer in time) counts as in doubt.
package struct GraphemeWidths: Hashable, Sendable {
    /// The kinds of grapheme whose width depends on the terminal.
    package enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A regional-indicator pair (🇨🇳).
        case flag
        /// An emoji sequence joined by U+200D (👨‍👩‍👧).
        case joinedEmoji
        /// An emoji with a skin-tone modifier (👍🏽).
        case modifiedEmoji
        /// A text-presentation character made an emoji by U+FE0F (❤️).
        case selectedEmoji
        /// A single emoji-presentation character (🔕).
        case emoji
        /// An East Asian wide character (群).
        case wide
        /// An East Asian ambiguous-width character (…), one column in Western use, two in some CJK setups.
        case ambiguous

        /// What is drawn to measure the kind.
        package var sample: String {
            switch self {
            case .flag: "\u{1F1E8}\u{1F1F3}"
            case .joinedEmoji: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
            case .modifiedEmoji: "\u{1F44D}\u{1F3FD}"
            case .selectedEmoji: "\u{2764}\u{FE0F}"
            case .emoji: "\u{1F515}"
            case .wide: "\u{7FA4}"
            case .ambiguous: "\u{2026}"
            }
        }

        /// The columns the app gives the kind when the terminal is not asked (`TextWidth`'s own rules).
        package var standardWidth: Int { self == .ambiguous ? 1 : 2 }
    }

    /// The columns each measured kind takes in this terminal.
    package private(set) var measured: [Kind: Int]

    /// Widths as measured: a kind left out is in doubt.
    package init(measured: [Kind: Int] = [:]) { self.measured = measured }

    /// Every kind at the app's standard width, none in doubt: for a terminal that is not asked (tests, a
    /// scripted terminal) and before the driver starts.
    package static let standard = GraphemeWidths(
        measured: Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, $0.standardWidth) }))

    /// The kind of `grapheme`, nil for one every terminal draws alike (ASCII, Latin, box drawing, ...).
    package static func kind(of grapheme: Character) -> Kind? {
        let scalars = grapheme.unicodeScalars
        guard let base = scalars.first, base.value >= 0x80 else { return nil }
        if scalars.count > 1 {
            if isRegionalIndicator(base) && scalars.dropFirst().contains(where: isRegionalIndicator) { return .flag }
            if base.value > 0xFF && scalars.contains("\u{200D}") && base.properties.isEmoji { return .joinedEmoji }
            if scalars.contains(where: { $0.properties.isEmojiModifier }) && base.properties.isEmoji {
                return .modifiedEmoji
            }
            if scalars.contains("\u{FE0F}") && base.properties.isEmoji { return .selectedEmoji }
        }
        if base.properties.isEmojiPresentation { return isRegionalIndicator(base) ? nil : .emoji }
        if TextWidth.width(of: base) == 2 { return .wide }
        return isAmbiguous(base.value) ? .ambiguous : nil
    }

    /// The columns the layout gives a grapheme of `kind`: the measured width when it is one a cell can hold
    /// (1 or 2), else the standard one (the grapheme is then drawn in its width-safe form).
    package func layoutWidth(of kind: Kind) -> Int {
        measured[kind].flatMap { (1...2).contains($0) ? $0 : nil } ?? kind.standardWidth
    }

    /// Whether the terminal draws `kind` `columns` wide, as measured. Unmeasured wide and ambiguous
    /// characters count at their standard widths (two, and one): every terminal but a CJK-ambiguous set-up
    /// draws them so, and the text the app writes itself (`…`) must not turn into `?`; emoji are in doubt.
    package func draws(_ kind: Kind, columns: Int) -> Bool {
        let standard = kind == .wide || kind == .ambiguous ? kind.standardWidth : nil
        return (measured[kind] ?? standard) == columns
    }

    /// What to send to measure every kind: cursor saved, each sample at the top-left corner followed by a
    /// cursor-position request, the line erased, the cursor restored, and DA1 last (every terminal answers it,
    /// so its answer ends the wait).
    package static let question =
        "\u{1B}7" + Kind.allCases.map { "\u{1B}[1;1H" + $0.sample + "\u{1B}[6n" }.joined()
        + "\u{1B}[1;1H\u{1B}[2K\u{1B}8\u{1B}[c"

    /// The widths as they hold behind a multiplexer (tmux, screen), which answers the question by its own count,
    /// not by how the terminal outside draws: the emoji sequences (flags, joined, modified, made emoji by
    /// U+FE0F) are then in doubt, drawn in their width-safe forms. In kitty inside tmux 3.3, tmux counted ❤️ one
    /// column while kitty drew it two wide, pushing the rest of its row (the date, the separator) one column on.
    package func behindMultiplexer() -> GraphemeWidths {
        GraphemeWidths(measured: measured.filter { !Self.sequenceKinds.contains($0.key) })
    }

    /// The kinds made of several scalars, whose width terminals and multiplexers count each their own way.
    static let sequenceKinds: Set<Kind> = [.flag, .joinedEmoji, .modifiedEmoji, .selectedEmoji]

    /// The widths the answers to `question` give: the n-th cursor report on row 1 is the n-th kind's (its
    /// column less one). Anything else, or a report missing, leaves kinds unmeasured.
    package static func measured(from replies: [TerminalReply]) -> GraphemeWidths {
        var widths: [Kind: Int] = [:]
        var kinds = Kind.allCases[...]
        for case .cursorPosition(let row, let column) in replies {
            guard let kind = kinds.popFirst() else { break }
            if row == 1, (1...9).contains(column) { widths[kind] = column - 1 }
        }
        return GraphemeWidths(measured: widths)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// East Asian Width A among the symbols chat text uses: Latin-1 signs, general punctuation (… ‘ ’ “ ” •
    /// †), letterlike symbols, arrows, maths, geometric shapes and miscellaneous symbols (★ ☆ ♠ ♥). Letters of
    /// that class (é, ß, Greek, Cyrillic) are left out: terminals that draw them two wide are CJK set-ups that
    /// draw names in those scripts that way throughout, and a name must never turn into `?`.
    private static func isAmbiguous(_ value: UInt32) -> Bool {
        TextWidth.contains(value, in: ambiguousRanges)
    }

    private static let ambiguousRanges: [ClosedRange<UInt32>] = [
        0xA1...0xA1, 0xA4...0xA4, 0xA7...0xA8, 0xAA...0xAA, 0xAD...0xAE, 0xB0...0xB4, 0xB6...0xBA, 0xBC...0xBF,
        0xD7...0xD7, 0xF7...0xF7, 0x2010...0x2010, 0x2013...0x2016, 0x2018...0x2019, 0x201C...0x201D,
        0x2020...0x2022, 0x2024...0x2027, 0x2030...0x2030, 0x2032...0x2033, 0x2035...0x2035, 0x203B...0x203B,
        0x203E...0x203E, 0x2103...0x2103, 0x2109...0x2109, 0x2116...0x2116, 0x2121...0x2122, 0x2126...0x2126,
        0x212B...0x212B, 0x2153...0x2154, 0x215B...0x215E, 0x2160...0x216B, 0x2170...0x2179, 0x2190...0x2199,
        0x21D2...0x21D2, 0x21D4...0x21D4, 0x2200...0x22FF, 0x2460...0x24E9, 0x25A0...0x25A1, 0x25A3...0x25A9,
        0x25B2...0x25B3, 0x25B6...0x25B7, 0x25BC...0x25BD, 0x25C0...0x25C1, 0x25C6...0x25C8, 0x25CB...0x25CB,
        0x25CE...0x25D1, 0x25E2...0x25E5, 0x25EF...0x25EF, 0x2605...0x2606, 0x2609...0x2609, 0x260E...0x260F,
        0x261C...0x261C, 0x261E...0x261E, 0x2640...0x2640, 0x2642...0x2642, 0x2660...0x2661, 0x2663...0x2665,
        0x2667...0x266A, 0x266C...0x266D, 0x266F...0x266F,
    ]
}

extension TextWidth {
    /// The terminal's widths, installed by the driver once it has measured them (`GraphemeWidths.standard`
    /// until then, and for every terminal that is not asked).
    private static let installed = LockedState(GraphemeWidths.standard)

    /// The widths `width(of:)` lays text out with.
    package static var terminalWidths: GraphemeWidths { installed.withLock { $0 } }

    /// Lays all text out with `widths` from now on (the driver, at start, before its first frame).
    package static func install(_ widths: GraphemeWidths) { installed.withLock { $0 = widths } }
}
