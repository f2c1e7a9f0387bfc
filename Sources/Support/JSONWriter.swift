/// JSON text from values built in code, the one way the project writes JSON (`layout --json`, presets, the
/// app's preset hand-off).
///
/// Object members keep the order they are given in, because key order is part of some outputs' contract and
/// Foundation's `JSONEncoder` does not keep it. Strings are escaped so that the text is safe to print to a
/// terminal; numbers are written as the caller formatted them.
package enum JSONWriter {
    /// One JSON value.
    package indirect enum Value: Sendable {
        /// Members in the order written; a key given twice is written twice.
        case object([(key: String, value: Value)])
        case array([Value])
        case string(String)
        /// A number's text, written as it is: callers format numbers as their output always has
        /// (`formatNumber`, or the text a user gave), and must give a JSON number.
        case number(String)
        case bool(Bool)
        case null
    }

    /// How the text is laid out.
    package enum Form: Hashable, Sendable {
        /// On one line with no spaces: `{"a":1,"b":[1,2]}`.
        case compact
        /// On one line with a space after each comma and colon: `{"a": 1, "b": [1, 2]}`.
        case spaced
        /// Objects and arrays down to `depth` levels one member per line, indented two spaces a level (an
        /// empty one as an opening line and its closing bracket); deeper ones `spaced`.
        case lines(depth: Int)
    }

    /// `value` as JSON text in `form`, without a trailing newline.
    package static func text(_ value: Value, form: Form = .compact) -> String {
        var output = ""
        write(value, form: form, level: 0, to: &output)
        return output
    }

    /// `text` as a JSON string literal that is safe to print (`JSONString.literal`).
    package static func stringLiteral(_ text: String) -> String { JSONString.literal(text) }

    private static func write(_ value: Value, form: Form, level: Int, to output: inout String) {
        switch value {
        case .object(let members):
            writeContainer(members, open: "{", close: "}", form: form, level: level, to: &output) { member, output in
                output += stringLiteral(member.key) + (form == .compact ? ":" : ": ")
                write(member.value, form: form, level: level + 1, to: &output)
            }
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", form: form, level: level, to: &output) { element, output in
                write(element, form: form, level: level + 1, to: &output)
            }
        case .string(let text): output += stringLiteral(text)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    private static func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, form: Form,
        level: Int, to output: inout String,
        writeElement: (Element, inout String) -> Void
    ) {
        output += open
        if case .lines(let depth) = form, level < depth {
            let indent = String(repeating: "  ", count: level + 1)
            for (index, element) in elements.enumerated() {
                output += (index == 0 ? "\n" : ",\n") + indent
                writeElement(element, &output)
            }
            output += "\n" + String(repeating: "  ", count: level)
        } else {
            for (index, element) in elements.enumerated() {
                if index > 0 { output += form == .compact ? "," : ", " }
                writeElement(element, &output)
            }
        }
        output += close
    }
}
