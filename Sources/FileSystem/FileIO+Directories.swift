import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileIO {
    /// Sets the modification (and access) time of `path`; `nil` means now. Returns false when that failed.
    @discardableResult
    package static func setModificationTime(of path: String, to date: Date? = nil) -> Bool {
        guard let date else { return utimensat(AT_FDCWD, path, nil, 0) == 0 }
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let stamp = timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        let times = [stamp, stamp]
        return times.withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, 0) == 0 }
    }

    /// The names of the entries of `directory` (empty when it cannot be listed), without `.` and `..`.
    package static func fileNames(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes the file at `path`; a file that is already gone counts as removed.
    @discardableResult
    package static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// Whether something (a file, folder or any other node) exists at `path`, following symbolic links.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Creates `directory` and every missing folder above it (like `mkdir -p`), with `permissions` minus the
    /// umask. An existing folder is fine (its mode is left alone); an existing file of another kind is an error.
    package static func createDirectory(_ directory: String, permissions: mode_t = 0o777) throws(FileIOError) {
        guard !directory.isEmpty else { return }
        try checkSpelling(of: directory)
        var isFolder = stat()
        if stat(directory, &isFolder) == 0 {
            guard isFolder.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: directory) }
            return
        }
        let parent = parentDirectory(of: directory)
        if parent != directory && parent != "." && parent != "/" {
            try createDirectory(parent, permissions: permissions)
        }
        guard mkdir(directory, permissions) == 0 || errno == EEXIST else {
            throw FileIOError(code: errno, path: directory, directory: parent, operation: "create the folder")
        }
    }

    /// A new, empty folder under the system's temporary directory, named after `prefix`.
    package static func makeTemporaryDirectory(prefix: String) throws(FileIOError) -> String {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array(((base.hasSuffix("/") ? base : base + "/") + prefix + "-XXXXXX").utf8) + [0]
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp(UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
        guard created != nil else {
            throw FileIOError(code: errno, path: base, directory: base, operation: "create a temporary folder")
        }
        return String(decoding: template.dropLast(), as: UTF8.self)
    }

    /// Removes `path` and, for a folder, everything in it. Best effort; returns false when something stayed.
    @discardableResult
    package static func removeTree(_ path: String) -> Bool {
        (try? FileManager.default.removeItem(atPath: path)) != nil
    }

    /// The process's current folder.
    package static var currentDirectory: String { FileManager.default.currentDirectoryPath }
}
