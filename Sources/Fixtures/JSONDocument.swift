/// Whole JSON documents (fixtures, the lines of a JSON Lines fixture, presets), with the fixture parser's
/// errors: the file, line and column, and what is wrong there.
package enum JSONDocument {
    /// The value `bytes` hold (UTF-8, optionally with a byte order mark); errors name `fileName`.
    /// `firstLine` is the line number of the document's first line in its file (JSON Lines).
    package static func parse(_ bytes: [UInt8], fileName: String, firstLine: Int = 1) throws(FixtureError) -> JSONValue
    {
        let parsed: Result<JSONValue, FixtureError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                let position = TextPosition(of: error.offset, in: buffer, start: parser.documentStart)
                let line = position.line + firstLine - 1
                if error.isEncodingError {
                    return .failure(
                        .invalidUTF8(
                            file: fileName, line: line, column: position.column,
                            byteOffset: error.offset, problem: error.problem))
                }
                return .failure(
                    .malformedJSON(
                        file: fileName, line: line, column: position.column,
                        problem: error.problem))
            }
        }
        return try parsed.get()
    }
}
