import Foundation
import Testing

@testable import FileSystem

@Suite struct LineReaderTests {
    private func lines(of text: String, bufferBytes: Int = 64, maximumLineBytes: Int = 1 << 20) throws -> [String] {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileIO.writeAtomically(Array(text.utf8), to: folder + "/lines.jsonl")
        let reader = try LineReader(
            path: folder + "/lines.jsonl", maximumLineBytes: maximumLineBytes,
            bufferBytes: bufferBytes)
        var result: [String] = []
        while let line = try reader.nextLine() {
            result.append(String(decoding: line, as: UTF8.self))
            #expect(reader.lineNumber == result.count)
        }
        #expect(try reader.nextLine() == nil)
        return result
    }

    @Test func splitsOnNewlinesDroppingCarriageReturns() throws {
        #expect(try lines(of: "a\nbb\r\n\nccc") == ["a", "bb", "", "ccc"])
        #expect(try lines(of: "a\n") == ["a"])
        #expect(try lines(of: "") == [])
        #expect(try lines(of: "\n\n") == ["", ""])
        #expect(try lines(of: "only\r") == ["only"])
    }

    /// Lines longer than the buffer, and lines that straddle refills, come out whole.
    @Test func linesLongerThanTheBufferGrowIt() throws {
        let long = String(repeating: "x", count: 1000)
        let text = (0..<50).map { "\($0)-" + (($0 % 7 == 0) ? long : "short") }.joined(separator: "\n")
        #expect(try lines(of: text, bufferBytes: 64) == text.split(separator: "\n").map(String.init))
    }

    @Test func aLineBeyondTheCapIsAnErrorNamingIt() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.jsonl"
        try FileIO.writeAtomically(
            Array(("ok\nfine\n" + String(repeating: "y", count: 5000) + "\nnever").utf8), to: path)
        let reader = try LineReader(path: path, maximumLineBytes: 1000, bufferBytes: 64)
        #expect(try reader.nextLine() == Array("ok".utf8))
        #expect(try reader.nextLine() == Array("fine".utf8))
        #expect(throws: FileIOError.lineTooLong(path: path, line: 3, maxBytes: 1000)) { try reader.nextLine() }
        #expect(FileIOError.lineTooLong(path: path, line: 3, maxBytes: 1000).description.contains("big.jsonl:3:"))
    }

    @Test func readingGoesOnAfterALineBeyondTheCap() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.jsonl"
        // Long lines: one ending inside a buffer, one ending in "\r\n", one at the end of the file.
        let text =
            "ok\n" + String(repeating: "y", count: 5000) + "\nnext\n" + String(repeating: "z", count: 1000)
            + "\r\nlast\n" + String(repeating: "w", count: 3000)
        try FileIO.writeAtomically(Array(text.utf8), to: path)
        let reader = try LineReader(path: path, maximumLineBytes: 999, bufferBytes: 64)
        #expect(try reader.nextLine() == Array("ok".utf8))
        #expect(throws: FileIOError.lineTooLong(path: path, line: 2, maxBytes: 999)) { try reader.nextLine() }
        #expect(try reader.nextLine() == Array("next".utf8))
        #expect(throws: FileIOError.lineTooLong(path: path, line: 4, maxBytes: 999)) { try reader.nextLine() }
        #expect(try reader.nextLine() == Array("last".utf8))
        #expect(reader.lineNumber == 5)
        #expect(throws: FileIOError.lineTooLong(path: path, line: 6, maxBytes: 999)) { try reader.nextLine() }
        #expect(try reader.nextLine() == nil)
    }

    @Test func refusesWhatWholeFileReadsRefuse() throws {
        #expect(throws: FileIOError.notRegularFile(path: "/dev/zero", kind: "character device")) {
            _ = try LineReader(path: "/dev/zero", maximumLineBytes: 10)
        }
        #expect(throws: FileIOError.notFound(path: "/nonexistent/x.jsonl")) {
            _ = try LineReader(path: "/nonexistent/x.jsonl", maximumLineBytes: 10)
        }
    }
}
