import FileSystemTestSupport
import Foundation
import Testing

@testable import FileSystem

@Suite struct FileStatusTests {
    @Test func spellingsAndHardLinksNameOneFile() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/av", withIntermediateDirectories: false)
        let path = folder + "/av/big.png"
        try FileIO.writeAtomically([1, 2, 3], to: path)
        try FileManager.default.linkItem(atPath: path, toPath: folder + "/linked.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/symlinked.png", withDestinationPath: path)

        let status = try #require(FileIO.status(of: path))
        for spelling in [
            folder + "/av//big.png", folder + "/av/./big.png", folder + "/av/../av/big.png",
            folder + "/linked.png", folder + "/symlinked.png",
        ] {
            let other = try #require(FileIO.status(of: spelling))
            #expect(other.device == status.device && other.inode == status.inode, "\(spelling)")
        }
        let canonical = try #require(FileIO.canonicalPath(of: path))
        for spelling in [folder + "/av//big.png", folder + "/av/./big.png", folder + "/symlinked.png"] {
            #expect(FileIO.canonicalPath(of: spelling) == canonical)
        }
        #expect(canonical.hasSuffix("/av/big.png") && !canonical.contains("//") && !canonical.contains("/./"))
        #expect(FileIO.canonicalPath(of: folder + "/missing.png") == nil)
        #expect(FileIO.canonicalPath(of: "") == nil)
    }

    /// `cp -p`, `rsync -t` and `tar x` set the modification time back; the change time still moves.
    @Test func sameSizeRewriteWithTheTimeSetBackIsAnotherVersion() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.png"
        try FileIO.writeAtomically([1, 2, 3], to: path)
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        FileIO.setModificationTime(of: path, to: past)
        let before = try #require(FileIO.status(of: path))
        FileClock.waitUntilChangeTimesPass(path)

        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data([9, 9, 9]))
        try handle.close()
        FileIO.setModificationTime(of: path, to: past)
        let after = try #require(FileIO.status(of: path))
        #expect(after.size == before.size && after.modificationNanoseconds == before.modificationNanoseconds)
        #expect(after.inode == before.inode)
        #expect(after.changeNanoseconds != before.changeNanoseconds)
        #expect(!after.isSameVersion(as: before))
        #expect(before.isSameVersion(as: before))
    }

    @Test func replacementByRenameIsAnotherVersion() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.png"
        try FileIO.writeAtomically([1, 2, 3], to: path)
        let before = try #require(FileIO.status(of: path))
        try FileIO.writeAtomically([4, 5, 6], to: folder + "/b.png")
        #expect(rename(folder + "/b.png", path) == 0)
        let after = try #require(FileIO.status(of: path))
        #expect(after.inode != before.inode)
        #expect(!after.isSameVersion(as: before))
    }

    @Test func prefixReadsStopAtTheCountAndRefuseWhatReadsRefuse() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.bin"
        try FileIO.writeAtomically(Array(0..<100), to: path)
        #expect(try FileIO.readPrefix(of: path, count: 10) == Array(0..<10))
        #expect(try FileIO.readPrefix(of: path, count: 1000) == Array(0..<100))
        #expect(try FileIO.readPrefix(of: path, count: 0) == [])
        #expect(throws: FileIOError.isDirectory(path: folder)) { try FileIO.readPrefix(of: folder, count: 4) }
        #expect(throws: FileIOError.notRegularFile(path: "/dev/zero", kind: "character device")) {
            try FileIO.readPrefix(of: "/dev/zero", count: 4)
        }
    }

    @Test func deferredWritesAppearAtomicallyAndOneSyncFlushesThem() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 0..<5 {
            try FileIO.writeAtomically(
                [UInt8(index)], to: folder + "/\(index).png", options: AtomicWriteOptions(durability: .deferred))
        }
        #expect(try FileIOTests.contents(of: folder) == (0..<5).map { "\($0).png" })
        try FileIO.syncFileSystem(containing: folder)
        try FileIO.syncFileSystem(containing: folder + "/3.png")
        #expect(throws: FileIOError.notFound(path: folder + "/gone")) {
            try FileIO.syncFileSystem(containing: folder + "/gone")
        }
    }

    @Test func usableMemoryIsKnownHere() {
        let usable = SystemMemory.usableBytes()
        #expect(usable != nil && usable! > 64 << 20)
    }
}
