/// JSON string literals that are safe to print.
package enum JSONString {
    /// `text` as a JSON string literal with control characters escaped. C1 controls (U+0080...U+009F; U+009B is
    /// a CSI to some terminals), line separators and invisible format characters (bidi overrides, zero-width
    /// characters) are escaped too: the literal may be printed to a terminal and must neither drive it nor
    /// reorder it. With a `limit`, only the first `limit` scalars are kept and "…" marks the cut.
    package static func literal(_ text: String, limit: Int? = nil) -> String {
        var result = "\""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                result += "…"
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if TextSafety.mustEscape(scalar) {
                    result += "\\u\(hexDigits(scalar.value, count: 4))"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `scalar` is escaped in text that may be printed or pasted: C0 and C1 controls and DEL (ESC
    /// starts terminal sequences, among them the end of a bracketed paste; a newline or ^C acts at once in a
    /// shell), line and paragraph separators, and invisible format characters (bidi overrides would show text
    /// in another order than a program reads it).
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || category == .format || category == .lineSeparator || category == .paragraphSeparator
    }
}
