#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about an existing path (following symbolic links).
public struct FileStatus: Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since the epoch.
    public var modificationNanoseconds: Int64
    /// Whether the path names a regular file (not a folder, device, FIFO or socket).
    public var isRegularFile: Bool

    public init(size: Int64, modificationNanoseconds: Int64, isRegularFile: Bool) {
        self.size = size; self.modificationNanoseconds = modificationNanoseconds; self.isRegularFile = isRegularFile
    }
}

extension FileIO {
    /// The status of `path`, or nil when nothing is there (or it cannot be examined).
    public static func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let nanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        return FileStatus(size: Int64(info.st_size), modificationNanoseconds: nanoseconds,
                          isRegularFile: (info.st_mode & S_IFMT) == S_IFREG)
    }
}
