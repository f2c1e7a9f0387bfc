/// The one set of rules for untrusted text (fixture names, ids, paths, messages) that may reach a terminal,
/// a clipboard or a file a terminal prints: which scalars act on a terminal, break lines, or hide and reorder
/// text. `Sanitizer` (text for cells) and `JSONString` (JSON literals) each render these kinds their own way.
package enum TextSafety {
    /// What a scalar does when printed.
    package enum Kind: Equatable, Sendable {
        /// Printed as it is.
        case visible
        /// Tab, line feed, vertical tab, form feed, carriage return, NEL, line and paragraph separators: they move
        /// the cursor or break the line.
        case lineBreak
        /// The other C0 controls, DEL and the C1 controls (U+0080...U+009F; U+009B is a CSI to some terminals):
        /// they start escape sequences and drive the terminal.
        case control
        /// The zero-width joiner, harmless only inside an emoji ZWJ sequence (👨‍👩‍👧).
        case joiner
        /// Emoji tag characters (U+E0020...U+E007F), which only modify the emoji before them (subdivision flags).
        case emojiTag
        /// Every other format character: bidi embeddings, overrides and isolates, zero-width spaces and
        /// non-joiners, word joiners, the byte order mark, soft hyphens: they reorder the rest of a line or make
        /// its measured width lie.
        case invisible
    }

    /// Whether `scalar` is escaped in text that may be printed or pasted (JSON literals, the shell words of a
    /// copied command): every kind but visible. ESC starts terminal sequences, among them the end of a bracketed
    /// paste; a newline or ^C acts at once in a shell; bidi overrides show text in another order than a program
    /// reads it.
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool { kind(of: scalar) != .visible }

    package static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: return .lineBreak
        case 0x00..<0x20, 0x7F...0x9F: return .control
        case 0x200D: return .joiner
        case 0xE0020...0xE007F: return .emojiTag
        default: return scalar.properties.generalCategory == .format ? .invisible : .visible
        }
    }
}

/// `value` in upper-case hex, zero-padded to at least `count` digits ("00E9").
package func hexDigits(_ value: some BinaryInteger, count: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, count - digits.count)) + digits
}
