import Foundation
import Testing

@testable import FileSystem

/// The rule for what an atomic write may replace (issue 11: devices replaced by PNGs, crashes on `.`,
/// misleading messages for `..`, `""` and `/dev/stdout`, long names, setuid bits, inputs overwritten).
@Suite struct OutputTargetTests {
    static func type(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    static func read(_ path: String) throws -> [UInt8] {
        try FileIO.readRegularFile(path: path, maxBytes: 1 << 20)
    }

    @Test func fifosDevicesAndLinksToThemAreNeverReplaced() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #require(mkfifo(folder + "/pipe", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/to-null", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: folder + "/to-pipe", withDestinationPath: "pipe")
        var cases: [(path: String, kind: String, type: mode_t)] = [
            (folder + "/pipe", "FIFO (named pipe)", S_IFIFO),
            (folder + "/to-null", "symbolic link to /dev/null, a character device", S_IFLNK),
            (folder + "/to-pipe", "symbolic link to \(folder)/pipe, a FIFO (named pipe)", S_IFLNK),
        ]
        // A private copy of /dev/null's device node: replacing it as root is what turned /dev/null into a PNG.
        var null = stat()
        if getuid() == 0, stat("/dev/null", &null) == 0, mknod(folder + "/null", S_IFCHR | 0o666, null.st_rdev) == 0 {
            cases.append((folder + "/null", "character device", S_IFCHR))
        }
        for (path, kind, type) in cases {
            #expect(throws: FileIOError.wouldReplaceSpecialFile(path: path, kind: kind)) {
                try FileIO.writeAtomically([1, 2, 3], to: path)
            }
            #expect(Self.type(of: path) == type, "\(path) was replaced")
        }
        #expect(try FileIOTests.contents(of: folder) == cases.map { ($0.path as NSString).lastPathComponent }.sorted())
    }

    @Test func aLinkToARegularFileIsFollowedNotReplaced() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: false)
        try FileIO.writeAtomically([1], to: folder + "/real/icon.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "real/icon.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link2.png", withDestinationPath: "link.png")
        try FileIO.writeAtomically([7, 8], to: folder + "/link2.png")
        #expect(Self.type(of: folder + "/link.png") == S_IFLNK)
        #expect(Self.type(of: folder + "/link2.png") == S_IFLNK)
        #expect(try Self.read(folder + "/real/icon.png") == [7, 8])
        #expect(try FileIOTests.contents(of: folder + "/real") == ["icon.png"])
        // A dangling link is followed too: its target is created, as the shell's `>` does.
        try FileManager.default.createSymbolicLink(atPath: folder + "/new.png", withDestinationPath: "real/new.png")
        try FileIO.writeAtomically([9], to: folder + "/new.png")
        #expect(Self.type(of: folder + "/new.png") == S_IFLNK)
        #expect(try Self.read(folder + "/real/new.png") == [9])
    }

    /// Issue 39: a link planted in an export folder sent the export outside it (a dangling link: a new file
    /// elsewhere; a link to another file: that file replaced by a PNG).
    @Test func aLinkOutOfAnExportFolderIsRefusedNamingItsTarget() throws {
        let root = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/out"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileIO.writeAtomically([1], to: root + "/precious.txt")
        try FileIO.writeAtomically([2], to: folder + "/sub/kept.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/ride.png", withDestinationPath: "../precious.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/kittens.png", withDestinationPath: root + "/elsewhere/kittens.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loose.png", withDestinationPath: "../new.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/inside.png", withDestinationPath: "sub/kept.png")
        let real = try #require(FileIO.realPath(of: root))
        let refused = [
            ("ride.png", real + "/precious.txt"), ("kittens.png", root + "/elsewhere/kittens.png"),
            ("loose.png", real + "/new.png"),
        ]
        for (name, target) in refused {
            let path = folder + "/" + name
            let expected = FileIOError.linkLeavesFolder(path: path, target: target, folder: folder)
            #expect(throws: expected) {
                try FileIO.writeAtomically([9], to: path, options: AtomicWriteOptions(folder: folder))
            }
            #expect(FileIO.linkLeavingFolder(path, folder: folder) == expected)
            #expect(Self.type(of: path) == S_IFLNK)
            #expect("\(expected)".contains("\(path): is a symbolic link to \(target), outside the export folder"))
        }
        #expect(try Self.read(root + "/precious.txt") == [1])
        #expect(!FileManager.default.fileExists(atPath: root + "/new.png"))
        #expect(!FileManager.default.fileExists(atPath: root + "/elsewhere"))
        // A link that stays inside the folder is followed as anywhere else; so is any link outside an export.
        #expect(FileIO.linkLeavingFolder(folder + "/inside.png", folder: folder) == nil)
        try FileIO.writeAtomically([3], to: folder + "/inside.png", options: AtomicWriteOptions(folder: folder))
        #expect(try Self.read(folder + "/sub/kept.png") == [3])
        try FileIO.writeAtomically([4], to: folder + "/ride.png")
        #expect(try Self.read(root + "/precious.txt") == [4])
    }

    @Test func pathsThatNameAFolderAreRefusedWithoutCrashing() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/up", withDestinationPath: "..")
        for path in [
            ".", "./", ".//", "..", "../", "/", folder, folder + "/", folder + "/.", folder + "/..",
            folder + "/missing/", folder + "/up",
        ] {
            #expect(throws: FileIOError.isDirectory(path: path)) { try FileIO.writeAtomically([1], to: path) }
        }
        #expect(throws: FileIOError.emptyPath) { try FileIO.writeAtomically([1], to: "") }
        #expect(FileIOError.emptyPath.description == "the path is empty: give a file name")
        #expect(FileIOError.isDirectory(path: "..").description == "..: is a directory, not a file")
        #expect(try FileIOTests.contents(of: folder) == ["up"])
    }

    @Test func fileDescriptorPathsAreRefusedByName() throws {
        for path in [
            "/dev/stdout", "/dev/stderr", "/dev/fd/1", "//dev/./stdout", "/proc/self/fd/1",
            "/proc/thread-self/fd/2", "/proc/\(getpid())/fd/1",
        ] {
            #expect(throws: FileIOError.fileDescriptorPath(path: path)) { try OutputTarget(path) }
        }
        for path in ["/dev/null2", "/devices/stdout", "dev/stdout", "/proc/self/status", "/proc/fd/1"] {
            #expect(OutputTarget.isDescriptorPath(path) == false, "\(path)")
        }
        // Also behind a link (this one is written through, so it must fail before anything is created).
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/out.png", withDestinationPath: "/proc/self/fd/1")
        #expect(throws: FileIOError.fileDescriptorPath(path: folder + "/out.png")) {
            try FileIO.writeAtomically([1], to: folder + "/out.png")
        }
        #expect(Self.type(of: folder + "/out.png") == S_IFLNK)
        #expect(
            FileIOError.fileDescriptorPath(path: "/dev/stdout").description.hasPrefix(
                "/dev/stdout: names a file descriptor, not a file"))
    }

    @Test func namesUpToTheFileSystemLimitWork() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for length in [236, 250, 255] {
            let path = folder + "/" + String(repeating: "n", count: length - 4) + ".png"
            try FileIO.writeAtomically([UInt8(length & 0xFF)], to: path)
            try FileIO.writeAtomically([1, UInt8(length & 0xFF)], to: path)  // replacing, too
            #expect(try Self.read(path) == [1, UInt8(length & 0xFF)])
        }
        let tooLong = folder + "/" + String(repeating: "n", count: 256)
        #expect(throws: FileIOError.nameTooLong(path: tooLong)) { try FileIO.writeAtomically([1], to: tooLong) }
        #expect(try FileIOTests.contents(of: folder).count == 3)
    }

    @Test func setuidAndSetgidBitsAreNeverCopied() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tool"
        try FileIO.writeAtomically([1], to: path)
        try #require(chmod(path, 0o6755) == 0)
        try FileIO.writeAtomically([2], to: path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o755)
    }

    @Test func newFilesGetTheRequestedPermissions() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileIO.writeAtomically([1], to: folder + "/private", options: AtomicWriteOptions(permissions: 0o600))
        let permissions =
            try FileManager.default.attributesOfItem(atPath: folder + "/private")[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func inputsAreNeverOverwrittenWhateverTheSpelling() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixture = folder + "/groups.json"
        try FileIO.writeAtomically(Array("{}".utf8), to: fixture)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: "groups.json")
        try #require(link(fixture, folder + "/hard.json") == 0)
        let identity = try #require(FileIO.identity(of: fixture))
        let options = AtomicWriteOptions(inputs: [identity: "the fixture file"])
        for path in [fixture, folder + "/./groups.json", folder + "/link.json", folder + "/hard.json"] {
            #expect(throws: FileIOError.isInput(path: path, input: "the fixture file")) {
                try FileIO.writeAtomically([0], to: path, options: options)
            }
        }
        #expect(try Self.read(fixture) == Array("{}".utf8))
        #expect(
            FileIOError.isInput(path: "g.json", input: "the fixture file").description
                == "g.json: is the fixture file: refusing to overwrite an input with an export")
        try FileIO.writeAtomically([0], to: folder + "/other.png", options: options)
    }

    @Test func aNULInAPathIsRejectedNotTruncated() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.png\0.txt"
        #expect(throws: FileIOError.containsNUL(path: folder + "/a.png\\0.txt")) {
            try FileIO.writeAtomically([1], to: path)
        }
        #expect(throws: FileIOError.containsNUL(path: folder + "/a.png\\0.txt")) {
            try FileIO.readRegularFile(path: path, maxBytes: 10)
        }
        #expect(try FileIOTests.contents(of: folder) == [])
    }
}
