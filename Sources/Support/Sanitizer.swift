/// Makes fixture text safe to put into cells.
///
/// Fixture strings are untrusted: an ESC or C1 CSI byte would let a group name clear the screen, move the cursor,
/// set the window title (OSC 0) or write the clipboard (OSC 52); bidi overrides would reorder the rest of the row
/// and zero-width characters would make the measured width lie. Every fixture string passes through `clean`
/// before it reaches a cell.
package enum Sanitizer {
    /// `text` with controls shown in caret notation (ESC as `^[`, BEL as `^G`, DEL as `^?`), C1 controls as
    /// U+FFFD, newlines and tabs as spaces, and bidi controls and invisible characters removed (`TextSafety`).
    /// Zero-width joiners survive only between two emoji of one grapheme (a ZWJ sequence such as 👨‍👩‍👧).
    package static func clean(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for grapheme in text {
            let scalars = Array(grapheme.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                switch classify(scalar) {
                case .keep:
                    output.append(scalar)
                case .space:
                    output.append(" ")
                case .caret(let letter):
                    output.append("^")
                    output.append(letter)
                case .replacement:
                    output.append("\u{FFFD}")
                case .remove:
                    break
                case .joiner:
                    let joinsEmoji =
                        index > 0 && index + 1 < scalars.count
                        && isEmojiPart(scalars[index - 1]) && scalars[index + 1].properties.isEmoji
                    if joinsEmoji { output.append(scalar) }
                }
            }
        }
        return String(output)
    }

    private enum Treatment {
        case keep, space, remove, replacement, joiner
        case caret(Unicode.Scalar)
    }

    private static func classify(_ scalar: Unicode.Scalar) -> Treatment {
        switch TextSafety.kind(of: scalar) {
        case .visible, .emojiTag: return .keep
        case .lineBreak: return .space
        case .control:
            switch scalar.value {
            case 0x7F: return .caret("?")
            case 0x80...0x9F: return .replacement
            default: return .caret(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            }
        case .joiner: return .joiner
        case .invisible: return .remove
        }
    }

    /// Whether a scalar can sit directly before the joiner of an emoji ZWJ sequence: an emoji, its presentation
    /// selector or a skin-tone modifier.
    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji || scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
}
