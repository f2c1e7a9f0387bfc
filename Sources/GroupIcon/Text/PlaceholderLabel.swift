/// What a member placeholder shows of the member's name, as DingTalk, Feishu and Slack do.
///
/// The rules, applied to the name after control and format characters are removed (zero-width joiners and
/// emoji tag characters stay, since emoji sequences need them):
/// - The first character that is a letter, a digit, a CJK character or an emoji decides the kind; anything
///   before it (spaces, punctuation such as "@" or "(") is skipped.
/// - **Emoji** (`🐱 Kitty`): that one character (a whole grapheme, so 👨‍👩‍👧 and 🇯🇵 stay one), drawn in
///   colour.
/// - **CJK** (Han, kana, Hangul): the first run of CJK characters is the name; spaces inside it are ignored
///   and any other character ends it (so a nickname after an emoji or a Latin word is not used). A run with
///   Han or Hangul gives its **last two** characters, the given name in Chinese, Japanese and Korean order:
///   李雷 → 李雷, 王小明 → 小明, 山田太郎 and 山田 太郎 → 太郎, 김민준 → 민준, 孙悟空🐒齐天大圣 → 悟空. A run of
///   kana only (さくら, マイケル) is usually a given name or a transcribed foreign name, whose start reads
///   better: its **first two** characters. One character gives itself.
/// - **Anything else** (Latin, Cyrillic, Greek, ... letters and digits): **initials**, the first letter or
///   digit of the first two words (split at whitespace), uppercased: `bob smith` → BS, `Émile Zola` → ÉZ
///   (accents kept: the font has them), `Дмитрий` → Д. Words whose first letter or digit is missing, CJK or
///   an emoji are skipped (`Noah 🚀` → N). A one-word name gives **one** letter, as Slack and Google do: two
///   letters of one word ("Al") read like a word fragment rather than initials.
/// - A name with none of these (empty, whitespace, only punctuation) has no label: the silhouette.
package struct PlaceholderLabel: Hashable, Sendable {
    /// Which rule made the label, which decides the font.
    package enum Kind: Hashable, Sendable {
        case initials
        case cjk
        case emoji
    }

    /// The characters to draw.
    package let text: String
    package let kind: Kind

    package init(text: String, kind: Kind) {
        self.text = text; self.kind = kind
    }

    /// The label for a member's name, nil when the name has nothing to show.
    package init?(name: String) {
        let characters = Array(String(String.UnicodeScalarView(name.unicodeScalars.compactMap(Self.cleaned))))
        guard let start = characters.firstIndex(where: { Self.isEmoji($0) || Self.isCJK($0) || Self.isInitial($0) })
        else { return nil }
        let first = characters[start]
        if Self.isEmoji(first) {
            self.init(text: String(first), kind: .emoji)
        } else if Self.isCJK(first) {
            let run = characters[start...].prefix { Self.isCJK($0) || $0.isWhitespace }.filter { !$0.isWhitespace }
            let kanaOnly = run.allSatisfy(Self.isKana)
            self.init(text: String(kanaOnly ? run.prefix(2) : run.suffix(2)), kind: .cjk)
        } else {
            let words = characters[start...].split(whereSeparator: \.isWhitespace)
            let initials = words.lazy.compactMap { word in word.first(where: Self.isLetterOrDigit) }
                .filter(Self.isInitial).prefix(2)
                .compactMap { $0.uppercased().first }
            self.init(text: String(initials), kind: .initials)
        }
    }

    /// A scalar after cleaning: whitespace of every kind (tabs, line breaks) becomes a space, so it still
    /// separates words; other control and format characters (bidi overrides, zero-width spaces) go, except
    /// the joiner and tag characters that emoji sequences are made of.
    private static func cleaned(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar.properties.isWhitespace { return " " }
        switch scalar.properties.generalCategory {
        case .control: return nil
        case .format: return scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value) ? scalar : nil
        default: return scalar
        }
    }

    /// A letter or digit that may start a word.
    private static func isLetterOrDigit(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// A letter or digit usable as an initial: not CJK and not an emoji (keycap digits are emoji).
    private static func isInitial(_ character: Character) -> Bool {
        isLetterOrDigit(character) && !isCJK(character) && !isEmoji(character)
    }

    /// Whether a character is drawn as an emoji: its first scalar has emoji presentation by default (😀, 🇯,
    /// 🏻), or a text-style emoji (❤, ☺, a digit) asks for emoji presentation or is part of a sequence.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return first.properties.isEmoji && scalars.contains { [0xFE0F, 0x200D, 0x20E3].contains($0.value) }
    }

    /// Whether a character is a CJK letter: a Han ideograph, kana or Hangul (punctuation such as 、 and ・
    /// is not).
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, scalar.properties.isAlphabetic else { return false }
        return isHanOrHangul(scalar) || isKanaScalar(scalar)
    }

    private static func isKana(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isKanaScalar) ?? false
    }

    private static func isKanaScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x1B000...0x1B16F: return true
        default: return false
        }
    }

    private static func isHanOrHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0x20000...0x323AF:
            return true  // Han
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC: return true  // Hangul
        default: return false
        }
    }
}
