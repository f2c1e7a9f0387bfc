#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if os(Linux)
    import CFileSystem
#endif

/// When a written file reaches the disk.
package enum WriteDurability: Sendable {
    /// Before `writeAtomically` returns: the file and its folder entry are flushed (`fsync`).
    case synced
    /// Whenever the system writes it back, or at the next `FileIO.syncFileSystem`: the file still appears
    /// atomically to readers, but a power loss before that sync may leave the old content or an empty file.
    case deferred
}

/// Whole-file reads, atomic writes and the few other file-system calls the project makes.
///
/// The `FileSystem` module is the only code in chat-tui that calls the file system directly (libc or
/// Foundation's `FileManager`); every other module goes through `FileIO`, so that every path is checked the
/// same way and every failure becomes a `FileIOError` that names the path and says what to fix.
package enum FileIO {
    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    ///
    /// Opens non-blocking and inspects the open descriptor, so a FIFO cannot hang the caller and the checked
    /// file is the one read; directories, devices (like `/dev/zero`), FIFOs and sockets are refused. The
    /// size cap also holds for files that grow while being read or report no size (`/proc`).
    package static func readRegularFile(path: String, maxBytes: Int) throws(FileIOError) -> [UInt8] {
        try readVersionedFile(path: path, maxBytes: maxBytes).bytes
    }

    /// The bytes of the regular file at `path` (as `readRegularFile`) and the status of the very file read,
    /// taken from the open descriptor: comparing it with an earlier `status(of:)` tells whether the bytes are
    /// still the version that was looked at (a file replaced or rewritten in between has another status).
    package static func readVersionedFile(path: String, maxBytes: Int) throws(FileIOError)
        -> (bytes: [UInt8], status: FileStatus)
    {
        let (descriptor, info) = try openRegularFile(path)
        defer { close(descriptor) }
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
            let count = try readSome(descriptor, into: &bytes, at: total, path: path)
            if count == 0 { break }
            total += count
        }
        bytes.removeSubrange(total...)
        return (bytes, FileStatus(info))
    }

    /// At most the first `count` bytes of the regular file at `path` (fewer when it is shorter): enough to read
    /// an image header without reading the image. Refuses what `readRegularFile` refuses.
    package static func readPrefix(of path: String, count: Int) throws(FileIOError) -> [UInt8] {
        let (descriptor, _) = try openRegularFile(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var total = 0
        while total < bytes.count {
            let read = try readSome(descriptor, into: &bytes, at: total, path: path)
            if read == 0 { break }
            total += read
        }
        bytes.removeSubrange(total...)
        return bytes
    }

    /// Opens `path` for reading, non-blocking, and checks on the descriptor that it is a regular file.
    static func openRegularFile(_ path: String) throws(FileIOError) -> (descriptor: Int32, info: stat) {
        try checkSpelling(of: path)
        let directory = parentDirectory(of: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileIOError(code: errno, path: path, directory: directory, operation: "open")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileIOError(code: code, path: path, directory: directory, operation: "inspect")
        }
        let fileType = info.st_mode & S_IFMT
        guard fileType == S_IFREG else {
            close(descriptor)
            if fileType == S_IFDIR { throw .isDirectory(path: path) }
            throw .notRegularFile(path: path, kind: fileTypeName(fileType))
        }
        return (descriptor, info)
    }

    /// One `read` into `bytes` from `offset` to the end of the buffer, retried on EINTR; 0 at the end of file.
    static func readSome(
        _ descriptor: Int32, into bytes: inout [UInt8], at offset: Int,
        path: String
    ) throws(FileIOError) -> Int {
        while true {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
            }
            if count >= 0 { return count }
            if errno != EINTR {
                throw FileIOError(code: errno, path: path, directory: parentDirectory(of: path), operation: "read")
            }
        }
    }

    /// Replaces the file at `path` with `bytes` so that readers see either the old or the new content, never
    /// a mix: the bytes go to a new file in the same folder (nameless where the file system supports
    /// `O_TMPFILE`, else a hidden `.chat-tui-<16 hex>.tmp`), are flushed to disk, and the file is then linked or
    /// renamed to `path`. On any failure nothing is left behind and `path` is untouched.
    ///
    /// What `path` may name (`OutputTarget`): a new file in an existing folder, or a regular file, which is
    /// replaced keeping its permission bits but never its setuid/setgid bits. `options.durability` says whether
    /// the file and its folder entry are flushed before this returns. A symbolic link is followed to
    /// the file it points to, which is replaced (the link stays), unless it leads out of `options.folder`.
    /// Folders, devices, FIFOs and sockets (also behind links), file-descriptor paths like `/dev/stdout`, and
    /// the files in `options.inputs` are refused.
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String,
        options: AtomicWriteOptions = AtomicWriteOptions()
    ) throws(FileIOError) {
        let target = try OutputTarget(path, folder: options.folder)
        if let existing = target.existing, let input = options.inputs[FileIdentity(existing)] {
            throw .isInput(path: path, input: input)
        }
        var file = try TemporaryFile(in: target.directory, permissions: options.permissions, reportingAs: path)
        if let existing = target.existing {
            // Only the permission bits: a setuid or setgid bit on the replaced file must not pass to ours.
            fchmod(file.descriptor, existing.st_mode & 0o777)
        }
        func failure(_ operation: String) -> FileIOError {
            FileIOError(code: errno, path: path, directory: target.directory, operation: operation)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(file.descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            written += count
        }
        if options.durability == .synced {
            // fsync reports deferred write errors (NFS, quotas) before the file takes the place of the old one.
            guard fsync(file.descriptor) == 0 else { throw failure("flush") }
        }
        try file.publish(as: target, reportingAs: path)
        if options.durability == .synced { syncDirectory(target.directory) }
    }

    /// Flushes every written file of the file system that holds `path` (a file or folder) to disk, with their
    /// folder entries: one `syncfs` after a batch of `.deferred` writes instead of an `fsync` per file. Where
    /// `syncfs` is missing (not Linux), the folder itself is flushed.
    package static func syncFileSystem(containing path: String) throws(FileIOError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileIOError(code: errno, path: path, directory: parentDirectory(of: path), operation: "open")
        }
        defer { close(descriptor) }
        #if os(Linux)
            let status = syncfs(descriptor)
        #else
            let status = fsync(descriptor)
        #endif
        guard status == 0 else {
            throw FileIOError(code: errno, path: path, directory: parentDirectory(of: path), operation: "flush")
        }
    }

    /// Removes the temporary files `writeAtomically` left in `directory` because their writer died between
    /// creating and renaming them (`kill -9`, a crash, power loss). Best effort; returns how many were removed.
    ///
    /// Only files this program provably made are touched: the name must be exactly `.chat-tui-<16 hex>.tmp`,
    /// the file a regular one owned by this user, and no process may hold the lock every writer keeps on its
    /// temporary file until it is renamed. Locks are released by the kernel when a process dies, in any
    /// container; no process ids are involved. Everything else stays, including leftovers of older versions,
    /// whose names could not be told from a user's files.
    @discardableResult
    package static func removeStaleTemporaryFiles(in directory: String) -> Int {
        fileNames(in: directory).reduce(0) { removed, name in
            guard TemporaryFile.isTemporaryName(name) else { return removed }
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
            return removed + (TemporaryFile.removeIfAbandoned(path) ? 1 : 0)
        }
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
    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Throws for paths no file can have: empty ones, and ones holding a NUL, which the C call would cut there
    /// (so `a.jpg\0../x` would open `a.jpg`).
    static func checkSpelling(of path: String) throws(FileIOError) {
        if path.isEmpty { throw .emptyPath }
        if path.utf8.contains(0) { throw .containsNUL(path: path.replacingNUL) }
    }

    /// What `stat` calls a file of type `type` (`st_mode & S_IFMT`), for messages.
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

extension String {
    /// The string with each NUL shown as `\0`, for messages (a NUL would end the text on a terminal).
    var replacingNUL: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "\0" { scalars.append(contentsOf: #"\0"#.unicodeScalars) } else { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
