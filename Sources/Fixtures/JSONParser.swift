internal import FileSystem
import Support

/// A parsed JSON value (RFC 8259).
///
/// Numbers keep their source text so the schema decoder can tell `3` from `3.0` and report the value exactly
/// as the user wrote it.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object's members in source order.
package struct JSONObject: Sendable {
    /// The members as written, duplicates included.
    package var members: [(key: String, value: JSONValue)]

    /// The value of `key`; when a key repeats, the last occurrence wins (as in JavaScript's `JSON.parse`).
    package subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }
}

/// Why a byte sequence is not a JSON document, and where (a byte offset into the parsed buffer).
struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Byte offset of the offending byte (or of the end of input).
    var offset: Int
    /// What is wrong, phrased for a user ("expected ',' or '}' after an object member, found 'x'").
    var problem: String
    /// True when the bytes are not UTF-8 (reported differently from grammar errors).
    var isEncodingError: Bool = false
}

/// A 1-based line and column in a text, the column counted in Unicode scalars.
struct TextPosition: Equatable, Sendable {
    var line: Int
    var column: Int

    /// The position of byte `offset` in `bytes`, counting from `start` (after a byte order mark).
    /// Only called on the error path, so it rescans instead of tracking lines while parsing.
    init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        var line = 1
        var column = 1
        var index = start
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar their lead byte already counted.
                column += 1
            }
            index += 1
        }
        self.line = line
        self.column = column
    }
}

/// An iterative JSON parser over a byte buffer.
///
/// Iterative (an explicit stack, nesting capped at `maximumDepth`) so no input can overflow the call stack;
/// it validates UTF-8 in a first pass so that strings can be sliced straight out of the buffer.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    /// Where the document starts: 3 when the input begins with a UTF-8 byte order mark, else 0.
    let documentStart: Int

    /// Prepares to parse `bytes`; the buffer must outlive the parser.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        documentStart = hasByteOrderMark ? 3 : 0
        index = documentStart
    }

    /// Parses the whole buffer as one JSON document.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        try validateEncoding()
        skipWhitespace()
        if index == bytes.count {
            let blank = bytes.count - documentStart
            throw JSONSyntaxError(
                offset: index,
                problem: blank == 0
                    ? "no JSON value (the input is empty)"
                    : "no JSON value (the input is \(blank.byteCountDescription) of whitespace)")
        }
        let value = try parseValueTree()
        skipWhitespace()
        if index < bytes.count {
            throw JSONSyntaxError(offset: index, problem: "unexpected \(describeByte(at: index)) after the JSON value")
        }
        return value
    }

    // MARK: Encoding

    private func validateEncoding() throws(JSONSyntaxError) {
        // UTF-32 first: its little-endian mark FF FE 00 00 begins with UTF-16's FF FE.
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw JSONSyntaxError(
                offset: 0, problem: "the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8",
                isEncodingError: true)
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw JSONSyntaxError(
                offset: 0, problem: "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8",
                isEncodingError: true)
        }
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw JSONSyntaxError(
                offset: offset, problem: "invalid UTF-8 byte 0x\(hexDigits(bytes[offset], count: 2))",
                isEncodingError: true)
        }
    }

    // MARK: Grammar

    /// One open container: where its elements (and, for objects, keys) start on the shared stacks.
    private struct OpenContainer {
        var isObject: Bool
        var firstValue: Int
        var firstKey: Int
    }

    /// Parses one value, containers included, without recursion: pending elements live on flat stacks and
    /// are moved into their container when it closes.
    private mutating func parseValueTree() throws(JSONSyntaxError) -> JSONValue {
        var containers: [OpenContainer] = []
        var pendingValues: [JSONValue] = []
        var pendingKeys: [String] = []

        while true {
            // Parse the start of a value; containers are opened and the loop continues with their first element.
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput(expecting: "a value") }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                if containers.count == Self.maximumDepth {
                    throw JSONSyntaxError(offset: index, problem: "nesting deeper than \(Self.maximumDepth) levels")
                }
                index += 1
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == closer {
                    index += 1
                    value = isObject ? .object(JSONObject(members: [])) : .array([])
                } else {
                    containers.append(
                        OpenContainer(
                            isObject: isObject, firstValue: pendingValues.count,
                            firstKey: pendingKeys.count))
                    if isObject { pendingKeys.append(try parseKey(after: "'{'")) }
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                throw JSONSyntaxError(offset: index, problem: "expected a value, found \(describeByte(at: index))")
            }

            // Attach the finished value to its container; closing a container finishes a value in turn.
            while let container = containers.last {
                pendingValues.append(value)
                skipWhitespace()
                let closer = container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let context = container.isObject ? "an object member" : "an array element"
                guard index < bytes.count else {
                    throw endOfInput(expecting: "',' or '\(Character(Unicode.Scalar(closer)))' after \(context)")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if container.isObject { pendingKeys.append(try parseKey(after: "','")) }
                    break
                }
                guard byte == closer else {
                    throw JSONSyntaxError(
                        offset: index,
                        problem:
                            "expected ',' or '\(Character(Unicode.Scalar(closer)))' after \(context), found \(describeByte(at: index))"
                    )
                }
                index += 1
                containers.removeLast()
                let elements = Array(pendingValues[container.firstValue...])
                pendingValues.removeSubrange(container.firstValue...)
                if container.isObject {
                    let keys = pendingKeys[container.firstKey...]
                    value = .object(JSONObject(members: Array(zip(keys, elements).lazy.map { (key: $0, value: $1) })))
                    pendingKeys.removeSubrange(container.firstKey...)
                } else {
                    value = .array(elements)
                }
            }
            if containers.isEmpty { return value }
        }
    }

    /// Parses `"key" :` inside an object, leaving the index at the member's value.
    private mutating func parseKey(after previous: String) throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput(expecting: "a string key after \(previous)") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(
                offset: index, problem: "expected a string key after \(previous), found \(describeByte(at: index))")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput(expecting: "':' after an object key") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(
                offset: index, problem: "expected ':' after an object key, found \(describeByte(at: index))")
        }
        index += 1
        return key
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw JSONSyntaxError(offset: start, problem: "expected a value, found \(describeWord(at: start))")
            }
            index += 1
        }
        if index < bytes.count, Self.isWordByte(bytes[index]) {
            throw JSONSyntaxError(offset: start, problem: "expected a value, found \(describeWord(at: start))")
        }
    }

    /// Parses a number per RFC 8259 and returns its text: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw JSONSyntaxError(
                offset: start, problem: "invalid number \(describeWord(at: start)): expected a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw JSONSyntaxError(
                    offset: start, problem: "invalid number \(describeWord(at: start)): leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw JSONSyntaxError(
                    offset: start, problem: "invalid number \(describeWord(at: start)): expected a digit after '.'")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw JSONSyntaxError(
                    offset: start,
                    problem: "invalid number \(describeWord(at: start)): expected a digit in the exponent")
            }
            skipDigits()
        }
        if index < bytes.count, Self.isWordByte(bytes[index]) {
            throw JSONSyntaxError(offset: start, problem: "invalid number \(describeWord(at: start))")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote. Strings without escapes are sliced straight from the
    /// (already validated) buffer; escapes take the slower path through a scratch buffer.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let openingQuote = index
        index += 1
        let contentStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(contentStart: contentStart, openingQuote: openingQuote)
            }
            if byte < 0x20 { throw controlCharacterError(byte) }
            index += 1
        }
        throw JSONSyntaxError(offset: openingQuote, problem: "unterminated string (no closing '\"')")
    }

    private mutating func parseEscapedString(contentStart: Int, openingQuote: Int) throws(JSONSyntaxError) -> String {
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scratch)
            case ..<0x20:
                throw controlCharacterError(byte)
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw JSONSyntaxError(offset: openingQuote, problem: "unterminated string (no closing '\"')")
    }

    /// Decodes the escape at `index` (a backslash) and appends its UTF-8 to `scratch`.
    private mutating func appendEscape(to scratch: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw endOfInput(expecting: "an escape character after '\\'") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw JSONSyntaxError(
                offset: escapeStart, problem: "invalid escape '\\\(describeCharacter(at: index))' in a string")
        }
        if let simple {
            scratch.append(simple)
            index += 1
            return
        }
        index += 1
        let unit = try parseHexQuad(escapeStart: escapeStart)
        var scalarValue = UInt32(unit)
        if (0xDC00...0xDFFF).contains(unit) {
            throw JSONSyntaxError(
                offset: escapeStart, problem: "lone low surrogate \\u\(hexDigits(unit, count: 4)) in a string")
        }
        if (0xD800...0xDBFF).contains(unit) {
            let lowStart = index
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw JSONSyntaxError(
                    offset: escapeStart,
                    problem:
                        "lone high surrogate \\u\(hexDigits(unit, count: 4)) in a string (expected a \\uDC00-\\uDFFF escape after it)"
                )
            }
            index += 2
            let low = try parseHexQuad(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError(
                    offset: escapeStart,
                    problem:
                        "lone high surrogate \\u\(hexDigits(unit, count: 4)) in a string (followed by \\u\(hexDigits(low, count: 4)), not a low surrogate)"
                )
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        // Surrogates were handled above, so every remaining value is a valid scalar.
        if let scalar = Unicode.Scalar(scalarValue) {
            UTF8.encode(scalar) { scratch.append($0) }
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func parseHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw JSONSyntaxError(
                    offset: escapeStart, problem: "invalid \\u escape: expected four hex digits after '\\u'")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        let hint = byte == 0x0A ? " (a line break: close the string or write \\n)" : " (escape it, e.g. \\t or \\u00XX)"
        return JSONSyntaxError(
            offset: index, problem: "unescaped control character U+\(hexDigits(byte, count: 4)) in a string" + hint)
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func endOfInput(expecting expected: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: bytes.count, problem: "unexpected end of file, expected \(expected)")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Letters, digits and the characters that continue a number or literal: what makes `truex` one bad word.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte >= 0x80
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The scalar starting at `offset` (the buffer is valid UTF-8 by now), as text for a message.
    private func describeCharacter(at offset: Int) -> String {
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "?" }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "U+\(hexDigits(scalar.value, count: 4))" }
        return String(Character(scalar))
    }

    /// "'x'" for the character at `offset`, or "end of file".
    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        return "'\(describeCharacter(at: offset))'"
    }

    /// The run of word characters at `offset`, quoted and shortened, for messages about bad literals/numbers.
    private func describeWord(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 32, Self.isWordByte(bytes[end]) { end += 1 }
        guard end > offset else { return describeByte(at: offset) }
        // Never cut a multi-byte scalar: back off to a scalar boundary.
        while end < bytes.count, bytes[end] & 0xC0 == 0x80, end > offset + 1 { end -= 1 }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
    }
}

/// A strict UTF-8 validator (no overlong forms, surrogates or values above U+10FFFF), per RFC 3629.
enum UTF8Validation {
    /// The byte offset where the first invalid sequence starts, or nil when all of `bytes` is valid UTF-8.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte depends on the lead byte; later bytes are plain continuations.
            let length: Int
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondHigh = 0x9F
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondHigh = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= secondLow, second <= secondHigh else { return index }
            var continuation = 2
            while continuation < length {
                guard bytes[index + continuation] & 0xC0 == 0x80 else { return index }
                continuation += 1
            }
            index += length
        }
        return nil
    }
}
