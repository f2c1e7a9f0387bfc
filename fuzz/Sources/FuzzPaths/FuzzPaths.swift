import Glibc

@testable import FileSystem
@testable import GroupExport

/// The output-path code on arbitrary input: `OutputNaming.filenameSafe`, `FileIO.lexicallyAbsolute`, the
/// descriptor-path and folder-path tests on the raw text, and `FileIO.writeAtomically` into a sandbox of
/// awkward nodes (a FIFO, a folder, links to /dev/null, to the FIFO, in a loop, dangling) at paths built from
/// the input. Must hold: no trap; a stem is 1...200 bytes of [A-Za-z0-9._-] not starting with a dot and the
/// same for the same id; a lexical path is absolute without `.`, `..` or empty names; no special node is ever
/// replaced; the regular file holds its old bytes or the new ones; no temporary file is left behind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    checkStem(text)
    if !text.utf8.contains(0) { checkLexical(FileIO.lexicallyAbsolute(text)) }
    _ = OutputTarget.isDescriptorPath(text)
    _ = OutputTarget.namesFolder(text)
    Sandbox.shared.write(at: Sandbox.shared.path(from: bytes))
    return 0
}

private func checkStem(_ id: String) {
    let stem = OutputNaming.filenameSafe(id)
    let allowed = stem.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "._-".utf8.contains(byte)
    }
    guard !stem.isEmpty, stem.utf8.count <= OutputNaming.maximumStemBytes, allowed, !stem.hasPrefix("."),
        OutputNaming.filenameSafe(id) == stem
    else { fatalError("bad stem \(stem.debugDescription) for \(id.debugDescription)") }
}

private func checkLexical(_ path: String) {
    let names = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard path.hasPrefix("/"), path == "/" || !names.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else { fatalError("bad lexical path \(path.debugDescription)") }
}

/// Where the sandbox is, for the exit handler that removes it.
nonisolated(unsafe) private var sandboxRoot: String?

/// A folder of awkward nodes, made once per process; writes land in it and are undone after each input.
private final class Sandbox: @unchecked Sendable {
    static let shared = Sandbox()

    let root: String
    let folder: String
    /// The names the sandbox starts with, in `root`, `folder` and `folder/dir`.
    private var baseline: [String: Set<String>] = [:]
    private let original: [UInt8] = [7, 7, 7]

    /// Path pieces the input picks from: the nodes, the names that mean folders, names at and past the
    /// NAME_MAX limit, a NUL.
    private let pieces = [
        "file", "fifo", "dir", "to-null", "to-fifo", "loop", "dangling", "new.png", ".", "..",
        "", String(repeating: "n", count: 255), String(repeating: "n", count: 256), "a\0b",
        "/dev/stdout", "/proc/self/fd/1", "to-dir",
    ]

    private init() {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(base)/chat-tui-fuzz-paths-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot make the sandbox")
        }
        root = String(cString: made)
        folder = root + "/sandbox"
        mkdir(folder, 0o755)
        mkdir(folder + "/dir", 0o755)
        mkfifo(folder + "/fifo", 0o644)
        symlink("/dev/null", folder + "/to-null")
        symlink("fifo", folder + "/to-fifo")
        symlink("loop", folder + "/loop")
        symlink("created-through-link", folder + "/dangling")
        symlink("dir", folder + "/to-dir")
        try? FileIO.writeAtomically(original, to: folder + "/file")
        for directory in [root, folder, folder + "/dir"] { baseline[directory] = Set(FileIO.fileNames(in: directory)) }
        sandboxRoot = root
        atexit { if let sandboxRoot { FileIO.removeTree(sandboxRoot) } }
    }

    /// A path in the sandbox made of the pieces the input's bytes pick, or of the raw text for odd inputs.
    func path(from bytes: [UInt8]) -> String {
        if bytes.first.map({ $0 & 1 == 1 }) ?? false {
            return folder + "/" + String(decoding: bytes.dropFirst(), as: UTF8.self)
        }
        return folder + "/" + bytes.dropFirst().prefix(6).map { pieces[Int($0) % pieces.count] }.joined(separator: "/")
    }

    func write(at path: String) {
        try? FileIO.writeAtomically([1, 2, 3], to: path)
        check(after: path)
        undo()
    }

    private func type(of name: String) -> mode_t? {
        var info = stat()
        return lstat(folder + "/" + name, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    private func check(after path: String) {
        let expected: [(String, mode_t)] = [
            ("fifo", S_IFIFO), ("dir", S_IFDIR), ("to-null", S_IFLNK), ("to-fifo", S_IFLNK),
            ("loop", S_IFLNK), ("dangling", S_IFLNK), ("to-dir", S_IFLNK), ("file", S_IFREG),
        ]
        for (name, kind) in expected where type(of: name) != kind {
            fatalError("\(name) changed type after writing \(path.debugDescription)")
        }
        var null = stat()
        guard stat("/dev/null", &null) == 0, null.st_mode & S_IFMT == S_IFCHR else { fatalError("/dev/null replaced") }
        let content = try? FileIO.readRegularFile(path: folder + "/file", maxBytes: 16)
        guard content == original || content == [1, 2, 3] else {
            fatalError("file damaged by \(path.debugDescription)")
        }
        for directory in baseline.keys
        where FileIO.fileNames(in: directory).contains(where: TemporaryFile.isTemporaryName) {
            fatalError("temporary file left in \(directory) by \(path.debugDescription)")
        }
    }

    /// Removes what the write created and restores the regular file.
    private func undo() {
        for (directory, names) in baseline {
            for name in FileIO.fileNames(in: directory) where !names.contains(name) {
                FileIO.removeFile(directory + "/" + name)
            }
        }
        try? FileIO.writeAtomically(original, to: folder + "/file")
    }
}
