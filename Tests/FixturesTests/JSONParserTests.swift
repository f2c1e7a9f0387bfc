import Testing

@testable import Fixtures

/// Parses `text` and returns the value or the error, with its position rendered as (line, column).
private func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxErrorAt> {
    bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer)
        do throws(JSONSyntaxError) {
            return .success(try parser.parseDocument())
        } catch {
            let position = TextPosition(of: error.offset, in: buffer, start: parser.documentStart)
            return .failure(JSONSyntaxErrorAt(line: position.line, column: position.column, problem: error.problem))
        }
    }
}

private struct JSONSyntaxErrorAt: Error, Equatable {
    var line: Int
    var column: Int
    var problem: String
}

private func parseError(_ text: String) -> JSONSyntaxErrorAt? {
    if case .failure(let error) = parse(Array(text.utf8)) { return error }
    return nil
}

private func parsedString(_ text: String) -> String? {
    if case .success(.array(let items)) = parse(Array(text.utf8)), case .string(let string)? = items.first {
        return string
    }
    return nil
}

@Suite struct JSONParserTests {
    @Test func parsesEveryValueKind() throws {
        let result = parse(Array(#" { "a" : [ null , true , false , -0.5e+10 , 0 , "x" , { } , [ ] ] } "#.utf8))
        guard case .success(.object(let object)) = result, case .array(let items)? = object["a"] else {
            Issue.record("expected an object with an array, got \(result)")
            return
        }
        #expect(items.count == 8)
        guard case .null = items[0], case .bool(true) = items[1], case .bool(false) = items[2],
            case .number("-0.5e+10") = items[3], case .number("0") = items[4], case .string("x") = items[5],
            case .object(let empty) = items[6], case .array(let emptyArray) = items[7]
        else {
            Issue.record("unexpected items \(items)")
            return
        }
        #expect(empty.members.isEmpty && emptyArray.isEmpty)
    }

    @Test func lastDuplicateKeyWins() {
        guard case .success(.object(let object)) = parse(Array(#"{"k": 1, "k": 2}"#.utf8)),
            case .number(let text)? = object["k"]
        else {
            Issue.record("expected an object")
            return
        }
        #expect(text == "2")
        #expect(object.members.count == 2)
    }

    @Test func decodesEscapesAndSurrogatePairs() {
        #expect(parsedString(#"["\"\\\/\b\f\n\r\t\u00e9\u4E2D"]"#) == "\"\\/\u{08}\u{0C}\n\r\té中")
        #expect(parsedString(#"["\uD83D\uDE00 ok"]"#) == "😀 ok")
        #expect(parsedString(#"["\u0000"]"#) == "\u{0}")
        #expect(parsedString(#"["周末 🚴 raw"]"#) == "周末 🚴 raw")
    }

    @Test func reportsStructuralErrorsWithLineAndColumn() {
        #expect(
            parseError("{\"groups\": [\n  {\"id\": \"a\", \"name\": \"A\" \"members\": []}\n]}")
                == JSONSyntaxErrorAt(
                    line: 2, column: 27, problem: "expected ',' or '}' after an object member, found '\"'"))
        // Columns count Unicode scalars, not bytes: 名 and 字 are 3 bytes each but one column.
        #expect(
            parseError(#"{"名字": 1 x}"#)
                == JSONSyntaxErrorAt(
                    line: 1, column: 10, problem: "expected ',' or '}' after an object member, found 'x'"))
        #expect(
            parseError("[1 2]")
                == JSONSyntaxErrorAt(
                    line: 1, column: 4, problem: "expected ',' or ']' after an array element, found '2'"))
        #expect(
            parseError(#"{"groups": ["#)
                == JSONSyntaxErrorAt(line: 1, column: 13, problem: "unexpected end of file, expected a value"))
        #expect(
            parseError(#"{"a": 1"#)
                == JSONSyntaxErrorAt(
                    line: 1, column: 8, problem: "unexpected end of file, expected ',' or '}' after an object member"))
        #expect(
            parseError("")
                == JSONSyntaxErrorAt(line: 1, column: 1, problem: "no JSON value (the input is empty)"))
        // Issue 39: 200 MB of whitespace was "(it is empty)".
        #expect(
            parseError(" \n ")
                == JSONSyntaxErrorAt(line: 2, column: 2, problem: "no JSON value (the input is 3 bytes of whitespace)"))
        #expect(
            parseError(#"{"groups": []} x"#)
                == JSONSyntaxErrorAt(line: 1, column: 16, problem: "unexpected 'x' after the JSON value"))
        #expect(parseError("[1,]") == JSONSyntaxErrorAt(line: 1, column: 4, problem: "expected a value, found ']'"))
        #expect(
            parseError(#"{"a" 1}"#)
                == JSONSyntaxErrorAt(line: 1, column: 6, problem: "expected ':' after an object key, found '1'"))
        #expect(
            parseError("{a: 1}")
                == JSONSyntaxErrorAt(line: 1, column: 2, problem: "expected a string key after '{', found 'a'"))
        #expect(
            parseError(#"{"a": 1,}"#)
                == JSONSyntaxErrorAt(line: 1, column: 9, problem: "expected a string key after ',', found '}'"))
        #expect(
            parseError("[\u{1}]") == JSONSyntaxErrorAt(line: 1, column: 2, problem: "expected a value, found 'U+0001'"))
    }

    @Test func rejectsBadLiteralsAndNumbers() {
        #expect(
            parseError(#"{"groups": tru}"#)
                == JSONSyntaxErrorAt(line: 1, column: 12, problem: "expected a value, found 'tru'"))
        #expect(
            parseError("[nullx]") == JSONSyntaxErrorAt(line: 1, column: 2, problem: "expected a value, found 'nullx'"))
        #expect(
            parseError("[01]")
                == JSONSyntaxErrorAt(line: 1, column: 2, problem: "invalid number '01': leading zeros are not allowed"))
        #expect(
            parseError("[-]")
                == JSONSyntaxErrorAt(line: 1, column: 2, problem: "invalid number '-': expected a digit after '-'"))
        #expect(
            parseError("[1.]")
                == JSONSyntaxErrorAt(line: 1, column: 2, problem: "invalid number '1.': expected a digit after '.'"))
        #expect(
            parseError("[1e]")
                == JSONSyntaxErrorAt(
                    line: 1, column: 2, problem: "invalid number '1e': expected a digit in the exponent"))
        #expect(parseError("[12abc]") == JSONSyntaxErrorAt(line: 1, column: 2, problem: "invalid number '12abc'"))
        #expect(parseError("[+1]") == JSONSyntaxErrorAt(line: 1, column: 2, problem: "expected a value, found '+'"))
    }

    @Test func rejectsBadStrings() {
        #expect(
            parseError("{\"a\": \"x\ty\"}")
                == JSONSyntaxErrorAt(
                    line: 1, column: 9,
                    problem: "unescaped control character U+0009 in a string (escape it, e.g. \\t or \\u00XX)"))
        #expect(
            parseError("{\"a\": \"x\ny\"}")
                == JSONSyntaxErrorAt(
                    line: 1, column: 9,
                    problem:
                        "unescaped control character U+000A in a string (a line break: close the string or write \\n)"))
        #expect(
            parseError("{\"a\": \"xyz")
                == JSONSyntaxErrorAt(line: 1, column: 7, problem: "unterminated string (no closing '\"')"))
        #expect(
            parseError(#"["ab\x"]"#)
                == JSONSyntaxErrorAt(line: 1, column: 5, problem: #"invalid escape '\x' in a string"#))
        #expect(
            parseError(#"["\u12G4"]"#)
                == JSONSyntaxErrorAt(
                    line: 1, column: 3, problem: #"invalid \u escape: expected four hex digits after '\u'"#))
        #expect(
            parseError(#"["\uD800"]"#)
                == JSONSyntaxErrorAt(
                    line: 1, column: 3,
                    problem: #"lone high surrogate \uD800 in a string (expected a \uDC00-\uDFFF escape after it)"#))
        #expect(
            parseError(#"["\uDC00"]"#)
                == JSONSyntaxErrorAt(line: 1, column: 3, problem: #"lone low surrogate \uDC00 in a string"#))
        #expect(
            parseError(#"["\uD800\u0041"]"#)
                == JSONSyntaxErrorAt(
                    line: 1, column: 3,
                    problem: #"lone high surrogate \uD800 in a string (followed by \u0041, not a low surrogate)"#))
    }

    @Test func capsNestingDepth() {
        let deepestAllowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(deepestAllowed) == nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(
            parseError(tooDeep) == JSONSyntaxErrorAt(line: 1, column: 513, problem: "nesting deeper than 512 levels"))
        // A hostile input far past the cap fails at the same place instead of exhausting the stack.
        #expect(parseError(String(repeating: "{\"a\":[", count: 100_000))?.problem == "nesting deeper than 512 levels")
    }

    @Test func skipsUTF8ByteOrderMark() {
        guard case .success(.array(let items)) = parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) else {
            Issue.record("a UTF-8 BOM must be skipped")
            return
        }
        #expect(items.count == 1)
        // Columns on the first line start after the mark.
        let error: JSONSyntaxErrorAt? =
            if case .failure(let error) = parse([0xEF, 0xBB, 0xBF] + Array("{x".utf8)) { error } else { nil }
        #expect(error == JSONSyntaxErrorAt(line: 1, column: 2, problem: "expected a string key after '{', found 'x'"))
    }

    @Test func validatesUTF8Strictly() {
        func firstInvalid(_ bytes: [UInt8]) -> Int? {
            bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        }
        #expect(firstInvalid(Array("a é 中 😀".utf8)) == nil)
        #expect(firstInvalid([0x61, 0xFF]) == 1)
        #expect(firstInvalid([0x61, 0xC0, 0x80]) == 1)  // overlong NUL
        #expect(firstInvalid([0xE0, 0x80, 0x80]) == 0)  // overlong 3-byte form
        #expect(firstInvalid([0xED, 0xA0, 0x80]) == 0)  // UTF-16 surrogate D800 encoded
        #expect(firstInvalid([0xF4, 0x90, 0x80, 0x80]) == 0)  // above U+10FFFF
        #expect(firstInvalid([0x61, 0x62, 0xE4, 0xB8]) == 2)  // truncated at end of input
        #expect(firstInvalid([0xC3, 0x28]) == 0)  // lead byte without continuation
        #expect(firstInvalid([0x80]) == 0)  // stray continuation byte
    }
}
