import Testing

@testable import Support

@Suite struct JSONWriterTests {
    private let document = JSONWriter.Value.object([
        ("b", .number("1.5")), ("a", .array([.bool(true), .null, .string("x")])), ("empty", .object([])),
        ("list", .array([])),
    ])

    @Test func membersKeepTheirOrderInEachForm() {
        #expect(JSONWriter.text(document) == "{\"b\":1.5,\"a\":[true,null,\"x\"],\"empty\":{},\"list\":[]}")
        #expect(
            JSONWriter.text(document, form: .spaced)
                == "{\"b\": 1.5, \"a\": [true, null, \"x\"], \"empty\": {}, \"list\": []}")
        #expect(
            JSONWriter.text(document, form: .lines(depth: 1))
                == "{\n  \"b\": 1.5,\n  \"a\": [true, null, \"x\"],\n  \"empty\": {},\n  \"list\": []\n}")
        #expect(
            JSONWriter.text(document, form: .lines(depth: 2))
                == "{\n  \"b\": 1.5,\n  \"a\": [\n    true,\n    null,\n    \"x\"\n  ],\n  \"empty\": {\n  },\n  \"list\": [\n  ]\n}"
        )
        #expect(JSONWriter.text(.string("top")) == "\"top\"" && JSONWriter.text(.number("-2")) == "-2")
    }

    @Test func stringsAreEscapedSoThatNoneCanDriveATerminal() {
        #expect(JSONWriter.stringLiteral("a\"b\\c\n\t\r") == "\"a\\\"b\\\\c\\n\\t\\r\"")
        #expect(JSONWriter.stringLiteral("\u{1B}[2J\u{7}\u{7F}\u{9B}") == "\"\\u001B[2J\\u0007\\u007F\\u009B\"")
        // Bidi overrides, zero-width characters and line separators could reorder or hide text.
        #expect(JSONWriter.stringLiteral("\u{202E}x\u{200B}\u{2028}\u{2029}") == "\"\\u202Ex\\u200B\\u2028\\u2029\"")
        #expect(JSONWriter.stringLiteral("李雷 😀 é") == "\"李雷 😀 é\"")
        #expect(JSONWriter.text(.object([("k\u{1B}", .string("v\u{0}"))])) == "{\"k\\u001B\":\"v\\u0000\"}")
    }
}
