/// How many terminal columns text occupies, measured per grapheme with the project's own table.
///
/// The C library's `wcwidth` depends on the locale and the libc version, so two machines would lay the same
/// chat list out differently; this table is fixed: East Asian Wide/Fullwidth and emoji-presentation code points
/// are 2 columns, combining marks and format characters 0, everything else 1. An emoji ZWJ sequence, a flag
/// (regional-indicator pair) or a text emoji forced to emoji presentation with U+FE0F is one grapheme of width 2.
package enum TextWidth {
    /// Columns taken by `text`, grapheme by grapheme.
    package static func width(of text: String) -> Int {
        // Nearly every cell of a frame is printable ASCII or one block element (the half-block pictures):
        // answered from the bytes, without grapheme breaking or Unicode property lookups.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        let scalars = text.unicodeScalars
        if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
            blockElements.contains(only.value)
        {
            return 1
        }
        // The installed widths are read once per text, not once per grapheme through their lock.
        let widths = terminalWidths
        return text.reduce(0) { $0 + width(of: $1, widths: widths) }
    }

    /// Box drawing and block elements: one column each, whatever the terminal (none is East Asian wide or an
    /// emoji).
    private static let blockElements: ClosedRange<UInt32> = 0x2500...0x259F

    /// Columns taken by one grapheme: 0, 1 or 2; for a kind whose width depends on the terminal, what the
    /// terminal was measured to draw (`terminalWidths`).
    package static func width(of grapheme: Character) -> Int {
        width(of: grapheme, widths: terminalWidths)
    }

    /// Columns taken by one grapheme with `widths` for the kinds terminals disagree on.
    package static func width(of grapheme: Character, widths: GraphemeWidths) -> Int {
        if let kind = GraphemeWidths.kind(of: grapheme) { return widths.layoutWidth(of: kind) }
        let scalars = grapheme.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if scalars.count > 1 {
            // Flags and ZWJ sequences are kinds above; a keycap (`1️⃣`: an ASCII base) is not.
            if scalars.contains(emojiPresentationSelector) && base.properties.isEmoji { return 2 }
            // Anything else a terminal draws scalar by scalar (a base plus combining marks, halfwidth kana plus
            // a voiced mark); one grapheme never takes more than two columns.
            return min(2, scalars.reduce(0) { $0 + width(of: $1) })
        }
        return width(of: base)
    }

    /// Columns taken by one scalar.
    package static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the preceding initial consonant's cell.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// `text` cut to at most `maxWidth` columns, ending in `ellipsis` when something was cut.
    ///
    /// Graphemes are never split; when a double-width grapheme does not fit before the ellipsis, a space pads
    /// the result so that a truncated string always takes exactly `maxWidth` columns.
    package static func truncate(_ text: String, toWidth maxWidth: Int, ellipsis: String = "…") -> String {
        guard maxWidth > 0 else { return "" }
        if width(of: text) <= maxWidth { return text }
        let ellipsisWidth = width(of: ellipsis)
        guard ellipsisWidth <= maxWidth else { return String(repeating: " ", count: maxWidth) }
        let budget = maxWidth - ellipsisWidth
        var kept = ""
        var used = 0
        let widths = terminalWidths
        for grapheme in text {
            let columns = width(of: grapheme, widths: widths)
            if used + columns > budget { break }
            kept.append(grapheme)
            used += columns
        }
        return kept + ellipsis + String(repeating: " ", count: budget - used)
    }

    /// `text` truncated to `width` columns, then padded with spaces on the right to exactly `width` columns.
    package static func padded(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        let fitted = truncate(text, toWidth: width, ellipsis: ellipsis)
        return fitted + String(repeating: " ", count: max(0, width - self.width(of: fitted)))
    }

    private static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"

    private static func isWide(_ value: UInt32) -> Bool { contains(value, in: wideRanges) }

    /// Whether `value` lies in one of `ranges` (sorted, disjoint), by binary search.
    package static func contains(_ value: UInt32, in ranges: [ClosedRange<UInt32>]) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Width W and F (Unicode 15.1 EastAsianWidth.txt), sorted, merged where adjacent.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1,
        0x17000...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
        0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C, 0x1FA80...0x1FA88, 0x1FA90...0x1FABD,
        0x1FABF...0x1FAC5, 0x1FACE...0x1FADB, 0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
