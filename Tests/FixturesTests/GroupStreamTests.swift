import FileSystem
import Foundation
import Testing

@testable import Fixtures

@Suite struct GroupStreamTests {
    private func withFixture(
        _ text: String, name: String = "groups.jsonl",
        _ body: (String) throws -> Void
    ) throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "GroupStreamTests")
        defer { FileIO.removeTree(folder) }
        let path = folder + "/" + name
        try FileIO.writeAtomically(Array(text.utf8), to: path)
        try body(path)
    }

    private func groups(_ stream: GroupStream) throws -> [ChatGroup] {
        var groups: [ChatGroup] = []
        while let group = try stream.next() { groups.append(group) }
        return groups
    }

    @Test func readsOneGroupPerLineSkippingBlankLines() throws {
        let text =
            "\u{FEFF}{\"id\":\"a\",\"name\":\"A\",\"members\":[{\"name\":\"x\",\"avatar\":\"av/x.png\"}]}\r\n\n"
            + "  \n{\"id\":\"b\",\"name\":\"B\",\"members\":[],\"avatar\":\"/abs/b.png\"}"
        try withFixture(text) { path in
            let stream = try GroupStream(path: path)
            let read = try groups(stream)
            #expect(read.map(\.id) == ["a", "b"])
            #expect(read[0].members[0].avatarPath == FileIO.parentDirectory(of: path) + "/av/x.png")
            #expect(read[1].avatarPath == "/abs/b.png")
            #expect(stream.lineNumber == 4)
        }
    }

    @Test func messagesNameTheLine() throws {
        let text =
            "{\"id\":\"a\",\"name\":\"A\",\"members\":[]}\n{\"id\":\"b\",\"members\":[{\"id\":\"m\"}],\"name\":\"B\"}\n"
            + "{\"id\": tru}\n{\"id\":\"c\",\"name\":\"C\",\"members\":[]}"
        try withFixture(text) { path in
            let stream = try GroupStream(path: path)
            #expect(try stream.next()?.id == "a")
            #expect(throws: FixtureError.schema(file: "\(path):2", path: "members[0].name", problem: .missing)) {
                try stream.next()
            }
            #expect(
                throws: FixtureError.malformedJSON(
                    file: path, line: 3, column: 8,
                    problem: "expected a value, found 'tru'")
            ) { try stream.next() }
            #expect(try stream.next()?.id == "c")
            #expect(try stream.next() == nil)
            #expect(
                FixtureError.schema(file: "\(path):2", path: "members[0].name", problem: .missing).description
                    == "\(path):2: members[0].name: missing")
        }
    }

    /// Read whole (the app, `--group`), a JSON Lines fixture's ids are checked like a JSON fixture's.
    @Test func loadingWholeChecksDuplicateIds() throws {
        let text = "{\"id\":\"a\",\"name\":\"A\",\"members\":[]}\n\n{\"id\":\"a\",\"name\":\"again\",\"members\":[]}\n"
        try withFixture(text) { path in
            #expect(
                throws: FixtureError.schema(
                    file: "\(path):3", path: "id",
                    problem: .duplicateID("a", firstPath: "line 1"))
            ) {
                try FixtureLoader.load(path: path)
            }
        }
        try withFixture("{\"id\":\"a\",\"name\":\"A\",\"members\":[]}", name: "G.JSONL") { path in
            let ids = try FixtureLoader.load(path: path).groups.map(\.id)
            #expect(ids == ["a"])
        }
    }

    @Test func aLineBeyondTheCapNamesItsLine() throws {
        let group = "{\"id\":\"a\",\"name\":\"A\",\"members\":[]}\n"
        try withFixture(
            group + String(repeating: " ", count: 300) + "\n" + group.replacingOccurrences(of: "\"a\"", with: "\"b\"")
        ) { path in
            let stream = try GroupStream(path: path, maximumLineBytes: 100)
            #expect(try stream.next()?.id == "a")
            #expect(throws: FixtureError.lineTooLong(file: path, line: 2, limit: 100)) { try stream.next() }
            #expect(
                "\(FixtureError.lineTooLong(file: path, line: 2, limit: 100))"
                    == "\(path):2: the line is longer than the 100 bytes limit (a JSON Lines fixture holds one group per line)"
            )
            // The long line is skipped: the stream goes on with the next, numbered as in the file.
            #expect(try stream.next()?.id == "b")
            #expect(stream.lineNumber == 3)
            #expect(try stream.next() == nil)
        }
    }
}
