#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about an existing path (following symbolic links).
///
/// Device and inode name the file itself, whatever path spelling or hard link reached it; size, modification
/// and change time tell whether it was rewritten. The change time (ctime) cannot be set by `touch`, `cp -p`,
/// `rsync -t` or `tar x`: any write, `chmod` or timestamp change moves it to the current time.
package struct FileStatus: Hashable, Sendable {
    /// Size in bytes.
    package var size: Int64
    /// Modification time in nanoseconds since the epoch.
    package var modificationNanoseconds: Int64
    /// Whether the path names a regular file (not a folder, device, FIFO or socket).
    package var isRegularFile: Bool
    /// The device the file lives on (`st_dev`).
    package var device: UInt64
    /// The file's inode number on that device (`st_ino`).
    package var inode: UInt64
    /// Status change time in nanoseconds since the epoch (`st_ctim`).
    package var changeNanoseconds: Int64

    package init(
        size: Int64, modificationNanoseconds: Int64, isRegularFile: Bool, device: UInt64 = 0,
        inode: UInt64 = 0, changeNanoseconds: Int64 = 0
    ) {
        self.size = size; self.modificationNanoseconds = modificationNanoseconds; self.isRegularFile = isRegularFile
        self.device = device; self.inode = inode; self.changeNanoseconds = changeNanoseconds
    }

    /// The status in a `stat` result.
    init(_ info: stat) {
        func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec) }
        self.init(
            size: Int64(info.st_size), modificationNanoseconds: nanoseconds(info.st_mtim),
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino), changeNanoseconds: nanoseconds(info.st_ctim))
    }

    /// Whether `other` describes the same file in the same state: same device and inode, size, modification
    /// and change time. A file replaced by `mv`, rewritten, or whose times were set back differs.
    package func isSameVersion(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modificationNanoseconds == other.modificationNanoseconds && changeNanoseconds == other.changeNanoseconds
    }
}

extension FileIO {
    /// The status of `path`, or nil when nothing is there (or it cannot be examined).
    package static func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// The absolute path of `path` with every symbolic link, `.`, `..` and repeated slash resolved (what
    /// messages name a file by, so that `av//a.png`, `av/./a.png` and a link to it read the same); nil when
    /// the path cannot be resolved (missing, a loop, no search permission).
    package static func canonicalPath(of path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
