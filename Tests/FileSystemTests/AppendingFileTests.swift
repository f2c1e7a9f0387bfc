import Glibc
import Testing

@testable import FileSystem

/// The access log's file: whole lines appended, reopened after a rotation, only regular files.
@Suite struct AppendingFileTests {
    @Test func linesAreAppendedAndReopenFollowsTheRotation() throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "chat-tui-append")
        defer { FileIO.removeTree(folder) }
        let path = folder + "/access.log"
        try FileIO.writeAtomically(Array("kept\n".utf8), to: path)
        let file = try AppendingFile(path: path)
        file.append(line: "one")
        file.append(line: "two")
        #expect(try FileIO.readRegularFile(path: path, maxBytes: 1000) == Array("kept\none\ntwo\n".utf8))

        #expect(rename(path, folder + "/access.log.1") == 0)
        file.append(line: "three")  // still the rotated file until reopened
        try file.reopen()
        file.append(line: "four")
        #expect(try FileIO.readRegularFile(path: folder + "/access.log.1", maxBytes: 1000).count == 19)
        #expect(try FileIO.readRegularFile(path: path, maxBytes: 1000) == Array("four\n".utf8))
    }

    @Test func aFolderIsRefused() throws {
        let folder = try FileIO.makeTemporaryDirectory(prefix: "chat-tui-append")
        defer { FileIO.removeTree(folder) }
        #expect(throws: FileIOError.self) { try AppendingFile(path: folder) }
        #expect(throws: FileIOError.self) { try AppendingFile(path: folder + "/missing/log") }
    }
}
