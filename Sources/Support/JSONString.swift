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
                if TextSafety.kind(of: scalar) != .visible {
                    result += "\\u\(hexDigits(scalar.value, count: 4))"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
