#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads, atomic writes and the few other file-system calls the project makes.
///
/// The `FileSystem` module is the only code in chat-tui that calls the file system directly (libc or
/// Foundation's `FileManager`); every other module goes through `FileIO`, so that every path is checked the
/// same way and every failure becomes a `FileIOError` that names the path and says what to fix.
public enum FileIO {
    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    ///
    /// Opens non-blocking and inspects the open descriptor, so a FIFO cannot hang the caller and the checked
    /// file is the one read; directories, devices (like `/dev/zero`), FIFOs and sockets are refused. The
    /// size cap also holds for files that grow while being read or report no size (`/proc`).
    public static func readRegularFile(path: String, maxBytes: Int) throws(FileIOError) -> [UInt8] {
        let directory = parentDirectory(of: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileIOError(code: errno, path: path, directory: directory, operation: "open")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileIOError(code: errno, path: path, directory: directory, operation: "inspect")
        }
        let fileType = info.st_mode & S_IFMT
        guard fileType == S_IFREG else {
            if fileType == S_IFDIR { throw .isDirectory(path: path) }
            throw .notRegularFile(path: path, kind: fileTypeName(fileType))
        }
        let limit = max(0, min(maxBytes, Int.max - 1))
        let statedSize = Int(info.st_size)
        guard statedSize <= limit else { throw .tooLarge(path: path, bytes: statedSize, maxBytes: limit) }
        // One byte beyond the stated size: reading it means the file grew, and reading goes on up to the cap.
        var bytes = [UInt8](repeating: 0, count: statedSize + 1)
        var total = 0
        while true {
            if total == bytes.count {
                guard total <= limit else { throw .tooLarge(path: path, bytes: total, maxBytes: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(total, 4096), limit + 1 - total)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress?.advanced(by: total), buffer.count - total)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileIOError(code: errno, path: path, directory: directory, operation: "read")
            }
            total += count
        }
        bytes.removeSubrange(total...)
        return bytes
    }

    /// Replaces the file at `path` with `bytes` so that readers see either the old or the new content, never
    /// a mix: writes a uniquely named temporary file in the same folder, flushes it to disk, then renames it
    /// over `path`. On any failure the temporary file is removed and `path` is untouched. An existing
    /// file's permission bits are kept; a symbolic link at `path` is replaced, not followed.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileIOError) {
        let directory = parentDirectory(of: path)
        guard !path.isEmpty, !path.hasSuffix("/") else { throw .isDirectory(path: path) }
        let (descriptor, temporaryPath) = try createTemporaryFile(for: path, in: directory)
        var isOpen = true
        var isRenamed = false
        defer {
            if isOpen { close(descriptor) }
            if !isRenamed { unlink(temporaryPath) }
        }
        var existing = stat()
        if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            fchmod(descriptor, existing.st_mode & 0o7777)
        }
        func failure(_ operation: String) -> FileIOError {
            FileIOError(code: errno, path: path, directory: directory, operation: operation)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw failure("flush") }
        isOpen = false
        // close can report a deferred write error (NFS, quotas), so its result matters.
        guard close(descriptor) == 0 else { throw failure("write") }
        guard rename(temporaryPath, path) == 0 else { throw failure("replace") }
        isRenamed = true
        syncDirectory(directory)
    }

    /// Removes the temporary files `writeAtomically` left in `directory` because their process died before it
    /// could clean up (`kill -9`, a crash, power loss): hidden `.<name>.<pid>-<hex>.tmp` files whose process no
    /// longer exists. Files of live processes (a concurrent writer, this one) and every other file stay.
    /// Best effort; returns how many files were removed.
    ///
    /// Such leftovers never look like the file they were meant to replace (they are hidden and end in `.tmp`),
    /// so readers can ignore them; this only keeps them from piling up.
    @discardableResult
    public static func removeStaleTemporaryFiles(in directory: String) -> Int {
        guard let stream = opendir(directory) else { return 0 }
        defer { closedir(stream) }
        var removed = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let owner = temporaryFileOwner(name), kill(owner, 0) != 0, errno == ESRCH else { continue }
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// The process id in a name made by `createTemporaryFile` (`.<name>.<pid>-<hex>.tmp`), nil for other names.
    package static func temporaryFileOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return nil }
        let parts = stem[stem.index(after: dot)...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isHexDigit),
              let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Creates `.<name>.<pid>-<random>.tmp` next to `path` with O_EXCL, retrying on the rare name clash.
    private static func createTemporaryFile(
        for path: String, in directory: String
    ) throws(FileIOError) -> (descriptor: Int32, path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let temporaryPath = (directory.hasSuffix("/") ? directory : directory + "/")
                + ".\(name).\(getpid())-\(suffix).tmp"
            let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, temporaryPath) }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw FileIOError(code: lastError, path: path, directory: directory, operation: "create")
    }

    /// Flushes the folder entry of the rename. Best effort: some file systems refuse fsync on folders, and
    /// the data itself is already on disk by then.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The folder part of `path`: "." for a bare name, "/" for a file at the root.
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    static func fileTypeName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "FIFO (named pipe)"
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        case S_IFSOCK: return "socket"
        case S_IFLNK: return "symbolic link"
        default: return "special file"
        }
    }
}
