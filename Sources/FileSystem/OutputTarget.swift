#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an atomic write lands, worked out from the path a user gave, and the rule for what may be replaced.
///
/// The rule (the same for `chat-tui export --output`, the app's `E` prompt and every other write):
/// - a new name in an existing folder is created;
/// - a regular file is replaced;
/// - a symbolic link is followed (up to 40 links) and the file it leads to is created or replaced; the link
///   itself stays; in an export folder (`folder`) only while the file it leads to lies inside that folder: a
///   link planted there must not send an export elsewhere, so one that leads out is refused, naming it and
///   where it leads;
/// - refused: an empty path, a path ending in `/`, `.` or `..`, a folder, a FIFO, device or socket (also
///   behind links: `/dev/null` is never replaced, not even by root), and paths of file descriptors
///   (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`), which a rename cannot write through.
struct OutputTarget {
    /// The path the finished file is renamed to: the given path, or the end of its chain of symbolic links.
    let path: String
    /// The folder holding `path`, where the temporary file is made.
    let directory: String
    /// The regular file being replaced, nil when the file is new.
    let existing: stat?

    /// The most symbolic links followed, as Linux's own limit (ELOOP beyond).
    static let maximumLinks = 40

    /// Resolves `given`, a file of the export folder `folder` when one is given; throws, naming `given`, when
    /// the rule refuses it.
    init(_ given: String, folder: String? = nil) throws(FileIOError) {
        try FileIO.checkSpelling(of: given)
        if Self.namesFolder(given) { throw .isDirectory(path: given) }
        var current = given
        for _ in 0...Self.maximumLinks {
            if Self.isDescriptorPath(current) { throw .fileDescriptorPath(path: given) }
            let directory = FileIO.parentDirectory(of: current)
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                // Nothing there yet: a new file (the folder's existence is checked when the file is created).
                guard code == ENOENT else {
                    throw FileIOError(code: code, path: given, directory: directory, operation: "inspect")
                }
                try Self.checkConfinement(given, leadsTo: current, folder: folder)
                self.init(path: current, directory: directory, existing: nil)
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                try Self.checkConfinement(given, leadsTo: current, folder: folder)
                self.init(path: current, directory: directory, existing: info)
                return
            case S_IFDIR:
                throw .isDirectory(path: given)
            case S_IFLNK:
                guard let destination = FileIO.linkDestination(of: current) else {
                    throw FileIOError(code: errno, path: given, directory: directory, operation: "read the link")
                }
                current =
                    destination.hasPrefix("/")
                    ? destination
                    : (directory.hasSuffix("/") ? directory : directory + "/") + destination
                if Self.namesFolder(current) { throw .isDirectory(path: given) }
            default:
                let kind = FileIO.fileTypeName(info.st_mode & S_IFMT)
                throw .wouldReplaceSpecialFile(
                    path: given,
                    kind: current == given
                        ? kind
                        : "symbolic link to \(current), a \(kind)")
            }
        }
        throw .symlinkLoop(path: given)
    }

    private init(path: String, directory: String, existing: stat?) {
        self.path = path; self.directory = directory; self.existing = existing
    }

    /// Throws `linkLeavesFolder` when `given`, a file of the export folder `folder`, is a link whose end
    /// `destination` lies outside that folder (both compared without links, `.` or `..`; an end whose folder
    /// does not exist counts as outside).
    static func checkConfinement(_ given: String, leadsTo destination: String, folder: String?) throws(FileIOError) {
        guard let folder, destination != given else { return }
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        let parent = FileIO.realPath(of: FileIO.parentDirectory(of: destination))
        let end = parent.map { ($0 == "/" ? "" : $0) + "/" + name } ?? FileIO.lexicallyAbsolute(destination)
        let root = FileIO.realPath(of: folder) ?? FileIO.lexicallyAbsolute(folder)
        guard parent == nil || !(root == "/" || end.hasPrefix(root + "/")) else { return }
        throw .linkLeavesFolder(path: given, target: end, folder: folder)
    }

    /// Whether `path` can only name a folder: it ends in `/`, or its last name is `.` or `..`.
    static func namesFolder(_ path: String) -> Bool {
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        return last.isEmpty || last == "." || last == ".."
    }

    /// Whether `path` is one of the spellings of an open file descriptor: `/dev/stdin|stdout|stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N` or `/proc/PID/fd/N` (also with doubled
    /// slashes or `.` components).
    static func isDescriptorPath(_ path: String) -> Bool {
        let names = path.split(separator: "/").filter { $0 != "." }
        guard path.hasPrefix("/"), let first = names.first else { return false }
        switch first {
        case "dev":
            return names.count == 2 && ["stdin", "stdout", "stderr"].contains(names[1])
                || names.count >= 2 && names[1] == "fd"
        case "proc":
            guard names.count >= 3, names[2] == "fd" || names[2] == "fdinfo" else { return false }
            return names[1] == "self" || names[1] == "thread-self" || names[1].allSatisfy(\.isNumber)
        default:
            return false
        }
    }
}

extension FileIO {
    /// Where the symbolic link at `path` points, as written in the link; nil when it cannot be read (errno
    /// says why).
    static func linkDestination(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { characters in
            characters.baseAddress.map { readlink(path, $0, characters.count) } ?? -1
        }
        guard count >= 0 else { return nil }
        guard count < buffer.count else { errno = ENAMETOOLONG; return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension FileIO {
    /// The refusal a write of `path` into the export folder `folder` meets when `path` is a symbolic link
    /// leading out of the folder (`FileIOError.linkLeavesFolder`); nil otherwise. For questions asked before
    /// writing (the app asks before replacing a file): the write itself applies the same rule.
    package static func linkLeavingFolder(_ path: String, folder: String) -> FileIOError? {
        do {
            _ = try OutputTarget(path, folder: folder)
            return nil
        } catch {
            if case .linkLeavesFolder = error { return error }
            return nil
        }
    }
}
