#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A set of folders that file paths must stay inside (`--allow-paths DIR`, for servers that render untrusted
/// fixtures): a path is allowed when, written out without `.` and `..`, it lies in one of the folders, and,
/// when it exists, the file its symbolic links lead to does too.
///
/// Limit: the check looks at the path when it is made; a file swapped for a link in the moment between the
/// check and the read is not caught. Keep untrusted writers out of the allowed folders.
package struct PathConfinement: Hashable, Sendable {
    /// The allowed folders, each as given (made absolute, `.` and `..` worked out) and as its real path.
    package let folders: [String]
    private let realFolders: [String]

    /// Confines paths to `folders`; each must be an existing folder.
    package init(allowing folders: [String]) throws(FileIOError) {
        var given: [String] = []
        var real: [String] = []
        for folder in folders {
            try FileIO.checkSpelling(of: folder)
            guard let canonical = FileIO.realPath(of: folder) else {
                throw FileIOError(
                    code: errno, path: folder, directory: FileIO.parentDirectory(of: folder),
                    operation: "find the folder")
            }
            guard FileIO.isDirectory(canonical) else { throw .notADirectory(path: folder) }
            given.append(FileIO.lexicallyAbsolute(folder))
            real.append(canonical)
        }
        self.folders = given
        realFolders = real
    }

    /// Throws `.outsideAllowedFolders` unless `path` is allowed.
    package func check(_ path: String) throws(FileIOError) {
        try FileIO.checkSpelling(of: path)
        let written = FileIO.lexicallyAbsolute(path)
        guard (folders + realFolders).contains(where: { Self.contains(folder: $0, path: written) }) else {
            throw .outsideAllowedFolders(path: path)
        }
        if let real = FileIO.realPath(of: path),
            !realFolders.contains(where: { Self.contains(folder: $0, path: real) })
        {
            throw .outsideAllowedFolders(path: path)
        }
    }

    private static func contains(folder: String, path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}

extension FileIO {
    /// `path` made absolute against the current folder, with `.`, `..` and repeated slashes worked out on the
    /// text alone (symbolic links are not looked at): `/a/./b//../c` is `/a/c`.
    package static func lexicallyAbsolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var names: [Substring] = []
        for name in full.split(separator: "/") {
            switch name {
            case ".": continue
            case "..": _ = names.popLast()
            default: names.append(name)
            }
        }
        return "/" + names.joined(separator: "/")
    }

    /// The absolute path of the file `path` leads to, without symbolic links, `.` or `..`; nil when it does
    /// not exist (errno says why).
    package static func realPath(of path: String) -> String? {
        guard (try? checkSpelling(of: path)) != nil, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` leads to a folder.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return (try? checkSpelling(of: path)) != nil && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Why `path` cannot be looked at, nil when `stat` succeeds: a missing file, a name that is too long, a
    /// folder on the way without search permission, a loop of links, ...
    package static func lookUpProblem(of path: String) -> FileIOError? {
        do { try checkSpelling(of: path) } catch { return error }
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        return FileIOError(code: errno, path: path, directory: parentDirectory(of: path), operation: "look up")
    }
}
