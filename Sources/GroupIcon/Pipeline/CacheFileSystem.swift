import Foundation

/// The pipeline's few file-system calls (stat with nanosecond times, touch, listing, removal), kept in one file
/// so that libc stays confined here. Reading and atomic writing go through `PipelineDependencies` instead.
enum CacheFileSystem {
    /// What `stat` says about an existing path.
    struct Status: Hashable, Sendable {
        var size: Int64
        /// Modification time in nanoseconds since the epoch.
        var modificationNanoseconds: Int64
        var isRegularFile: Bool
    }

    /// The status of `path`, or nil when nothing is there (or it cannot be examined).
    static func status(of path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let nanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        return Status(size: Int64(info.st_size), modificationNanoseconds: nanoseconds,
                      isRegularFile: (info.st_mode & S_IFMT) == S_IFREG)
    }

    /// Sets the modification (and access) time of `path`; `nil` means now. Returns false when that failed.
    @discardableResult
    static func setModificationTime(of path: String, to date: Date? = nil) -> Bool {
        guard let date else { return utimensat(AT_FDCWD, path, nil, 0) == 0 }
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let stamp = timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        let times = [stamp, stamp]
        return times.withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, 0) == 0 }
    }

    /// The names of the entries of `directory` (empty when it cannot be listed).
    static func fileNames(in directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }

    /// Removes the file at `path`; a file that is already gone counts as removed.
    @discardableResult
    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// Creates `directory` and its parents.
    static func createDirectory(_ directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
}
