#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The new file of an atomic write while it is being written: nameless (`O_TMPFILE`) where the file system
/// supports it, else a hidden `.chat-tui-<16 hex>.tmp` in the target's folder. Either way the writer holds an
/// exclusive `flock` on it from creation until it is published, which is how `removeIfAbandoned` tells a
/// live writer's file from one whose process died.
///
/// Temporary names are short and fixed-length, so a target name of up to NAME_MAX (255 bytes) still works.
/// Dropping the value without publishing closes the file and removes any name it had.
struct TemporaryFile: ~Copyable {
    /// The open file, for writing.
    let descriptor: Int32
    /// The temporary name, nil while the file has none (`O_TMPFILE`) or once it has been published.
    private var temporaryPath: String?
    private let directory: String

    static let namePrefix = ".chat-tui-"
    static let nameSuffix = ".tmp"
    /// Hex digits of randomness in a temporary name.
    static let randomDigits = 16

    /// Creates the file in `directory` with `permissions` (less the umask). `reportedPath` is the path errors
    /// name (the path the user gave); `nameless: false` makes a named file even where `O_TMPFILE` works
    /// (tests of that path).
    init(
        in directory: String, permissions: mode_t, reportingAs reportedPath: String,
        nameless: Bool = true
    ) throws(FileIOError) {
        self.directory = directory
        #if os(Linux)
            // glibc defines O_TMPFILE as __O_TMPFILE (which includes O_DIRECTORY); Swift imports only the latter.
            // Naming the file later goes through /proc/self/fd, so without /proc the named form is used.
            if nameless && access("/proc/self/fd", X_OK) == 0 {
                let descriptor = open(directory, __O_TMPFILE | O_WRONLY | O_CLOEXEC, permissions)
                if descriptor >= 0 {
                    flock(descriptor, LOCK_EX)
                    self.descriptor = descriptor
                    temporaryPath = nil
                    return
                }
                // Only "this file system cannot" falls through to a named file; anything else is the folder's answer.
                guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
                    throw FileIOError(code: errno, path: reportedPath, directory: directory, operation: "create")
                }
            }
        #endif
        (descriptor, temporaryPath) = try Self.createNamed(
            in: directory, permissions: permissions,
            reportingAs: reportedPath)
    }

    /// Creates a named temporary file with O_EXCL and locks it, retrying on a name clash and in the moment
    /// between creation and locking, where a sweeper may have taken the unlocked file for abandoned.
    private static func createNamed(in directory: String, permissions: mode_t, reportingAs reportedPath: String)
        throws(FileIOError) -> (Int32, String)
    {
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let path = name(in: directory)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
            guard descriptor >= 0 else {
                lastError = errno
                if lastError == EEXIST { continue }
                break
            }
            flock(descriptor, LOCK_EX)
            if FileIO.sameFile(descriptor: descriptor, path: path) { return (descriptor, path) }
            close(descriptor)
            lastError = EEXIST
        }
        throw FileIOError(code: lastError, path: reportedPath, directory: directory, operation: "create")
    }

    /// A fresh random temporary name in `directory`.
    private static func name(in directory: String) -> String {
        var digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        digits = String(repeating: "0", count: randomDigits - digits.count) + digits
        return (directory.hasSuffix("/") ? directory : directory + "/") + namePrefix + digits + nameSuffix
    }

    /// Whether `name` is exactly the form temporary names take: `.chat-tui-<16 lowercase hex>.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(namePrefix), name.hasSuffix(nameSuffix) else { return false }
        let digits = name.utf8.dropFirst(namePrefix.utf8.count).dropLast(nameSuffix.utf8.count)
        return digits.count == randomDigits
            && digits.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// Puts the finished file at `target.path`: a new target is linked into place directly (creating it
    /// atomically, no name clash possible); an existing one is replaced by renaming a temporary name over
    /// it, after checking once more that what is there is still no folder or special file.
    mutating func publish(as target: OutputTarget, reportingAs reportedPath: String) throws(FileIOError) {
        func failure(_ operation: String) -> FileIOError {
            FileIOError(code: errno, path: reportedPath, directory: directory, operation: operation)
        }
        let namedPath: String
        if let temporaryPath {
            namedPath = temporaryPath
        } else {
            if target.existing == nil {
                if link(into: target.path) { return }
                guard errno == EEXIST else { throw failure("create") }
            }
            namedPath = try linkUnderTemporaryName(reportingAs: reportedPath)
            temporaryPath = namedPath
        }
        var info = stat()
        if lstat(target.path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw .isDirectory(path: reportedPath) }
            if type != S_IFREG {
                throw .wouldReplaceSpecialFile(path: reportedPath, kind: FileIO.fileTypeName(type))
            }
        }
        guard rename(namedPath, target.path) == 0 else { throw failure("replace") }
        temporaryPath = nil
    }

    /// Gives the nameless file a temporary name, for the rename over an existing target.
    private func linkUnderTemporaryName(reportingAs reportedPath: String) throws(FileIOError) -> String {
        for _ in 0..<16 {
            let path = Self.name(in: directory)
            if link(into: path) { return path }
            guard errno == EEXIST else { break }
        }
        throw FileIOError(code: errno, path: reportedPath, directory: directory, operation: "create")
    }

    /// Links the open nameless file to `path` (fails with EEXIST when something is there).
    private func link(into path: String) -> Bool {
        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    }

    deinit {
        if let temporaryPath { unlink(temporaryPath) }
        close(descriptor)
    }

    /// Removes the temporary file at `path` if it is provably abandoned: a regular file owned by this user
    /// that nobody holds a lock on (its writer died). Returns whether it was removed.
    static func removeIfAbandoned(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
            flock(descriptor, LOCK_EX | LOCK_NB) == 0,
            FileIO.sameFile(descriptor: descriptor, path: path)
        else { return false }
        return unlink(path) == 0
    }
}

extension FileIO {
    /// Whether `path` (not following a final symbolic link) is the file open as `descriptor`.
    static func sameFile(descriptor: Int32, path: String) -> Bool {
        var open = stat(), named = stat()
        return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}
