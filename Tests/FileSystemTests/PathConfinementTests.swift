import Foundation
import Testing

@testable import FileSystem

/// `--allow-paths`: avatar paths confined to folders, by spelling and by where links lead.
@Suite struct PathConfinementTests {
    @Test func pathsInsideAreAllowedAndOthersRefused() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: false)
        try FileIO.writeAtomically([1], to: folder + "/photos/a.jpg")
        try FileIO.writeAtomically([1], to: folder + "/secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/photos/escape.jpg", withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/photos/inner.jpg", withDestinationPath: "a.jpg")
        let confinement = try PathConfinement(allowing: [folder + "/photos/"])
        for allowed in [
            "/photos/a.jpg", "/photos/./a.jpg", "/photos//inner.jpg", "/photos/missing.jpg",
            "/photos/sub/../a.jpg",
        ] {
            #expect(throws: Never.self) { try confinement.check(folder + allowed) }
        }
        for refused in [
            "/secret.txt", "/photos/../secret.txt", "/photos/escape.jpg", "/photos-other/a.jpg",
            "/photos/../../etc/passwd",
        ] {
            #expect(throws: FileIOError.outsideAllowedFolders(path: folder + refused)) {
                try confinement.check(folder + refused)
            }
        }
        #expect(throws: FileIOError.outsideAllowedFolders(path: "/etc/shadow")) { try confinement.check("/etc/shadow") }
        #expect(
            FileIOError.outsideAllowedFolders(path: "/etc/shadow").description
                == "/etc/shadow: outside the allowed folders")
    }

    @Test func allowedFoldersMustExist() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileIO.writeAtomically([1], to: folder + "/file")
        #expect(throws: FileIOError.notFound(path: folder + "/missing")) {
            try PathConfinement(allowing: [folder + "/missing"])
        }
        #expect(throws: FileIOError.notADirectory(path: folder + "/file")) {
            try PathConfinement(allowing: [folder + "/file"])
        }
    }

    @Test func lexicalPathsWorkOutDotsAndSlashes() {
        #expect(FileIO.lexicallyAbsolute("/a/./b//../c") == "/a/c")
        #expect(FileIO.lexicallyAbsolute("/../..") == "/")
        #expect(FileIO.lexicallyAbsolute("x").hasSuffix("/x"))
        // The spellings live reload watches are made absolute the same way.
        #expect(FileIO.lexicallyAbsolute("/a//b/./c/../d.png") == "/a/b/d.png")
        #expect(FileIO.lexicallyAbsolute("/../x") == "/x")
        #expect(FileIO.lexicallyAbsolute("x.png") == FileIO.lexicallyAbsolute(FileIO.currentDirectory + "/x.png"))
    }

    @Test func lookUpProblemsSayWhatIsWrong() throws {
        let folder = try FileIOTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileIO.lookUpProblem(of: folder) == nil)
        #expect(FileIO.lookUpProblem(of: folder + "/nope.jpg") == .notFound(path: folder + "/nope.jpg"))
        let long = folder + "/" + String(repeating: "x", count: 300) + ".jpg"
        #expect(FileIO.lookUpProblem(of: long) == .nameTooLong(path: long))
        #expect(FileIO.lookUpProblem(of: "a\0b") == .containsNUL(path: "a\\0b"))
    }
}
