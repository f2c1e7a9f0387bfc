import Foundation
import Testing

@testable import Fixtures

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh temporary folder, removed when the test's `body` returns.
private func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FixtureFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
}

private func loadError(_ path: String) -> FixtureError? {
    do {
        _ = try FixtureLoader.load(path: path)
        return nil
    } catch {
        return error
    }
}

@Suite struct FixtureFileTests {
    @Test func missingFile() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("nope.json").path
            #expect(loadError(path)?.description == "\(path): file not found")
            let throughFile = folder.appendingPathComponent("nope.json/groups.json").path
            #expect(loadError(throughFile) == .fileNotFound(path: throughFile))
        }
    }

    @Test func directoryIsRefused() throws {
        try withTemporaryFolder { folder in
            #expect(loadError(folder.path)?.description == "\(folder.path): is a directory, not a JSON file")
        }
    }

    @Test func deviceIsRefusedWithoutReading() {
        #expect(loadError("/dev/null")?.description == "/dev/null: is a character device, not a regular file")
        // /dev/zero would never end if it were read.
        #expect(loadError("/dev/zero") == .notRegularFile(path: "/dev/zero", kind: "a character device"))
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("pipe.json").path
            #expect(mkfifo(path, 0o600) == 0)
            // No writer is attached: a blocking open or read would hang here.
            #expect(loadError(path)?.description == "\(path): is a FIFO (named pipe), not a regular file")
        }
    }

    @Test func symbolicLinkLoopIsReported() throws {
        try withTemporaryFolder { folder in
            let first = folder.appendingPathComponent("a.json")
            let second = folder.appendingPathComponent("b.json")
            try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: second.path)
            try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: first.path)
            #expect(
                loadError(first.path)?.description
                    == "\(first.path): too many levels of symbolic links (a symlink loop?)")
        }
    }

    @Test func symbolicLinkToFileIsFollowedAndPathsResolveBesideTheLink() throws {
        try withTemporaryFolder { folder in
            let target = folder.appendingPathComponent("real/groups.json")
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"groups": [{"id": "g", "name": "G", "avatar": "a.png", "members": []}]}"#.utf8).write(
                to: target)
            let link = folder.appendingPathComponent("link.json")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
            let fixture = try FixtureLoader.load(path: link.path)
            #expect(fixture.groups[0].avatarPath == folder.standardizedFileURL.path + "/a.png")
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root may read any file"))
    func unreadableFileIsReported() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("secret.json").path
            #expect(
                FileManager.default.createFile(
                    atPath: path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o000]))
            #expect(loadError(path)?.description == "\(path): permission denied")
        }
    }

    @Test func fileOverTheLimitIsRefusedBeforeReading() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("huge.json").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            // A sparse file: its size is over the limit but it takes no disk space.
            let size = FixtureLoader.maximumFileSize + 1024 * 1024
            #expect(truncate(path, off_t(size)) == 0)
            #expect(
                loadError(path)?.description
                    == "\(path): file is too big (269484032 bytes; the limit is 268435456 bytes)")
        }
    }

    @Test func malformedFileMessageStartsWithThePathAsGiven() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("broken.json")
            try Data("{\n  \"groups\": [,]\n}".utf8).write(to: file)
            #expect(
                loadError(file.path)?.description == "\(file.path):2:14: malformed JSON: expected a value, found ','")
        }
    }

    @Test func emptyFileIsMalformed() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("empty.json").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            #expect(
                loadError(path)?.description
                    == "\(path):1:1: malformed JSON: no JSON value (the input is empty)")
        }
    }
}
