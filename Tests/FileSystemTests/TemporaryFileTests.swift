import Foundation
import Testing

@testable import FileSystem

/// Temporary files of atomic writes: short fixed names, and a sweep that removes only what this program
/// provably left behind (issue 11: the old sweep deleted a user's `.notes.12345-beef.tmp` and a live writer's
/// file in another PID namespace).
@Suite struct TemporaryFileTests {
    @Test func temporaryNamesHaveOneExactForm() {
        #expect(TemporaryFile.isTemporaryName(".chat-tui-0123456789abcdef.tmp"))
        #expect(!TemporaryFile.isTemporaryName(".chat-tui-0123456789ABCDEF.tmp"))
        #expect(!TemporaryFile.isTemporaryName(".chat-tui-0123456789abcde.tmp"))
        #expect(!TemporaryFile.isTemporaryName(".chat-tui-0123456789abcdef0.tmp"))
        #expect(!TemporaryFile.isTemporaryName("chat-tui-0123456789abcdef.tmp"))
        #expect(!TemporaryFile.isTemporaryName(".notes.12345-beef.tmp"))
        #expect(!TemporaryFile.isTemporaryName(".icon.png.4242-1f2e.tmp"))
    }

    @Test func theSweepRemovesOnlyUnlockedFilesOfItsOwnForm() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let abandoned = ".chat-tui-00000000000000aa.tmp"
        let live = ".chat-tui-00000000000000bb.tmp"
        // Names the old PID-based sweep removed: a user's file, and an old-style temporary file of a dead pid.
        let foreign = [
            ".notes.12345-beef.tmp", ".icon.png.\(Int32.max)-9ab.tmp", "icon.png",
            ".chat-tui-00000000000000CC.tmp",
        ]
        for name in [abandoned, live] + foreign { try FileIO.writeAtomically([1], to: folder + "/" + name) }
        // A live writer holds the lock (on its own open file description, as another process would).
        let writer = open(folder + "/" + live, O_RDONLY)
        try #require(writer >= 0 && flock(writer, LOCK_EX) == 0)
        defer { close(writer) }
        #expect(FileIO.removeStaleTemporaryFiles(in: folder) == 1)
        #expect(try FileIOTests.contents(of: folder) == ([live] + foreign).sorted())
        #expect(FileIO.removeStaleTemporaryFiles(in: folder + "/missing") == 0)
    }

    @Test func aFolderNamedLikeATemporaryFileIsLeftAlone() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = ".chat-tui-00000000000000dd.tmp"
        try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/.chat-tui-00000000000000ee.tmp",
            withDestinationPath: folder + "/" + name)
        #expect(FileIO.removeStaleTemporaryFiles(in: folder) == 0)
        #expect(try FileIOTests.contents(of: folder).count == 2)
    }

    /// Both ways of making the file, nameless (O_TMPFILE) and named, publish to a new and to an existing
    /// target and leave nothing else behind; the named one holds its lock while it exists.
    @Test(arguments: [true, false])
    func publishingLeavesNoTemporaryName(nameless: Bool) throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for round in 0..<2 {
            let target = try OutputTarget(folder + "/out.png")
            #expect((target.existing != nil) == (round == 1))
            var file = try TemporaryFile(in: folder, permissions: 0o644, reportingAs: target.path, nameless: nameless)
            #expect(write(file.descriptor, [UInt8(round)], 1) == 1)
            if !nameless {
                let names = try FileIOTests.contents(of: folder).filter(TemporaryFile.isTemporaryName)
                #expect(names.count == 1)
                #expect(FileIO.removeStaleTemporaryFiles(in: folder) == 0, "a live writer's file was swept")
            }
            try file.publish(as: target, reportingAs: target.path)
            #expect(try FileIOTests.contents(of: folder) == ["out.png"])
            #expect(try FileIO.readRegularFile(path: folder + "/out.png", maxBytes: 10) == [UInt8(round)])
        }
    }

    @Test func anUnpublishedFileLeavesNothing() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for nameless in [true, false] {
            let file = try TemporaryFile(in: folder, permissions: 0o644, reportingAs: "x", nameless: nameless)
            _ = consume file
        }
        #expect(try FileIOTests.contents(of: folder) == [])
    }
}
