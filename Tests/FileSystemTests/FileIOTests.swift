import Foundation
import Testing

@testable import FileSystem

@Suite struct FileIOTests {
    /// A fresh, empty folder under the system temporary directory.
    static func makeFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fileio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url.path
    }

    static func contents(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// Issue 39: `--fixtures - < /dev/zero` buffered twice the limit before refusing, and called standard input a
    /// "file". Reading stops one byte past the limit, and the message names the stream.
    @Test func anEndlessStreamIsRefusedAtTheLimitNamingIt() throws {
        let descriptor = open("/dev/zero", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: FileIOError.streamTooLarge(name: "standard input", maxBytes: 1 << 20)) {
            try FileIO.readStream(descriptor, name: "standard input", maxBytes: 1 << 20)
        }
        #expect(
            FileIOError.streamTooLarge(name: "standard input", maxBytes: 1 << 20).description
                == "standard input is over the 1 MiB limit")
        // A stream within the limit is read whole, however its reads are cut.
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        let sent = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        let writeEnd = pipeEnds[1]
        let writer = Thread {
            _ = sent.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        defer { close(pipeEnds[0]) }
        #expect(try FileIO.readStream(pipeEnds[0], name: "standard input", maxBytes: 70_000) == sent)
    }

    @Test func writeCreatesFileAndLeavesNoTemporaryFile() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/icon.png"
        try FileIO.writeAtomically([1, 2, 3], to: path)
        #expect(try Self.contents(of: folder) == ["icon.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
    }

    @Test func writeReplacesExistingContentAndKeepsPermissions() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/icon.png"
        try Data(repeating: 9, count: 1000).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try FileIO.writeAtomically([4, 5], to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([4, 5]))
        #expect(try Self.contents(of: folder) == ["icon.png"])
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func writeAndReadEmptyFile() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileIO.writeAtomically([], to: folder + "/empty")
        #expect(try FileIO.readRegularFile(path: folder + "/empty", maxBytes: 10) == [])
    }

    @Test func writeIntoMissingFolderNamesTheFolder() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing/icon.png"
        #expect(throws: FileIOError.directoryMissing(path: path, directory: folder + "/missing")) {
            try FileIO.writeAtomically([1], to: path)
        }
        #expect(try Self.contents(of: folder) == [])
    }

    @Test func writeOverDirectoryFailsAndCleansUp() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/icon.png", withIntermediateDirectories: false)
        #expect(throws: FileIOError.isDirectory(path: folder + "/icon.png")) {
            try FileIO.writeAtomically([1], to: folder + "/icon.png")
        }
        #expect(try Self.contents(of: folder) == ["icon.png"])
    }

    /// sysfs refuses new files even to root, so this runs on any Linux machine.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel")))
    func writeIntoUnwritableFolderIsPermissionDenied() {
        #expect(throws: FileIOError.permissionDenied(path: "/sys/kernel")) {
            try FileIO.writeAtomically([1], to: "/sys/kernel/chat-tui-test.png")
        }
    }

    @Test(.enabled(if: getuid() != 0, "root ignores folder permissions"))
    func writeIntoReadOnlyFolderIsPermissionDenied() throws {
        let folder = try Self.makeFolder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder)
        #expect(throws: FileIOError.permissionDenied(path: folder)) {
            try FileIO.writeAtomically([1], to: folder + "/icon.png")
        }
    }

    @Test func readReturnsBytesAndEnforcesCap() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/data"
        try Data((0..<100).map { UInt8($0) }).write(to: URL(fileURLWithPath: path))
        #expect(try FileIO.readRegularFile(path: path, maxBytes: 100) == (0..<100).map { UInt8($0) })
        #expect(throws: FileIOError.tooLarge(path: path, bytes: 100, maxBytes: 99)) {
            try FileIO.readRegularFile(path: path, maxBytes: 99)
        }
    }

    @Test func readRefusesDirectory() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FileIOError.isDirectory(path: folder)) {
            try FileIO.readRegularFile(path: folder, maxBytes: 10)
        }
    }

    @Test func readRefusesFIFOWithoutBlocking() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/pipe"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(throws: FileIOError.notRegularFile(path: path, kind: "FIFO (named pipe)")) {
            try FileIO.readRegularFile(path: path, maxBytes: 10)
        }
    }

    @Test func readRefusesCharacterDevice() {
        #expect(throws: FileIOError.notRegularFile(path: "/dev/zero", kind: "character device")) {
            try FileIO.readRegularFile(path: "/dev/zero", maxBytes: 10)
        }
    }

    @Test func readReportsMissingFileAndSymlinkLoop() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FileIOError.notFound(path: folder + "/nope.jpg")) {
            try FileIO.readRegularFile(path: folder + "/nope.jpg", maxBytes: 10)
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: folder + "/b")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b", withDestinationPath: folder + "/a")
        #expect(throws: FileIOError.symlinkLoop(path: folder + "/a")) {
            try FileIO.readRegularFile(path: folder + "/a", maxBytes: 10)
        }
    }

    @Test func readsFileThatReportsNoSize() throws {
        // /proc files stat as 0 bytes but have content: the reader must not trust the stated size.
        let bytes = try FileIO.readRegularFile(path: "/proc/self/status", maxBytes: 1 << 20)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
        #expect(throws: FileIOError.self) { try FileIO.readRegularFile(path: "/proc/self/status", maxBytes: 16) }
    }

    @Test func messagesNameThePathAndTheCause() {
        let path = "/out/icon.png"
        #expect(
            FileIOError(code: ENOSPC, path: path, directory: "/out", operation: "write").description
                == "/out/icon.png: no space left on the device (or disk quota exceeded)")
        #expect(
            FileIOError(code: EROFS, path: path, directory: "/out", operation: "create").description
                == "/out/icon.png: the file system is read-only")
        #expect(
            FileIOError(code: ENOENT, path: path, directory: "/out", operation: "create").description
                == "/out/icon.png: the folder /out does not exist")
        #expect(
            FileIOError(code: ENOENT, path: path, directory: "/out", operation: "open").description
                == "/out/icon.png: no such file")
        #expect(
            FileIOError(code: EIO, path: path, directory: "/out", operation: "read").description
                == "/out/icon.png: could not read: Input/output error")
    }

    @Test func parentDirectoryOfPaths() {
        #expect(FileIO.parentDirectory(of: "icon.png") == ".")
        #expect(FileIO.parentDirectory(of: "/icon.png") == "/")
        #expect(FileIO.parentDirectory(of: "out/a/icon.png") == "out/a")
    }
}
