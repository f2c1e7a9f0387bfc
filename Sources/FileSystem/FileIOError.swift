#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read or written; every message names the path and says what to fix.
package enum FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    case symlinkLoop(path: String)
    case isDirectory(path: String)
    /// Something other than a folder is where a folder is needed.
    case notADirectory(path: String)
    /// A FIFO, device or socket where a regular file was expected; `kind` names which.
    case notRegularFile(path: String, kind: String)
    case tooLarge(path: String, bytes: Int, maxBytes: Int)
    /// A stream without a size (standard input, `name`) went on past `maxBytes`; reading stopped there.
    case streamTooLarge(name: String, maxBytes: Int)
    /// A line of a file read line by line (`LineReader`) is longer than the reader accepts.
    case lineTooLong(path: String, line: Int, maxBytes: Int)
    /// The folder that should hold `path` does not exist (or a path component is not a folder).
    case directoryMissing(path: String, directory: String)
    case noSpace(path: String)
    case readOnlyFileSystem(path: String)
    /// Any other system error while doing `operation` ("read", "rename", ...).
    case system(path: String, operation: String, code: Int32)
    /// An empty path where a file name is needed.
    case emptyPath
    /// The path holds a NUL character, which no file name can contain (the C call would silently cut it).
    case containsNUL(path: String)
    /// A name in the path is longer than the file system allows (NAME_MAX, usually 255 bytes), or the whole
    /// path is longer than PATH_MAX.
    case nameTooLong(path: String)
    /// An output path that names a file descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`), which an
    /// atomic replace (temporary file, then rename) cannot write through.
    case fileDescriptorPath(path: String)
    /// An output path that names a FIFO, device or socket (directly or through symbolic links); such nodes
    /// are never replaced. `kind` names which.
    case wouldReplaceSpecialFile(path: String, kind: String)
    /// An output path that names one of the inputs (the fixture, a member's photo); `input` says which.
    case isInput(path: String, input: String)
    /// A path outside the folders the user allowed (`--allow-paths`).
    case outsideAllowedFolders(path: String)
    /// The inotify watch limit is reached: `folders` folders holding watched files are not watched.
    case watchLimitReached(folders: Int)
    /// No file can be watched at all; `reason` says why and what to change.
    case watchUnavailable(reason: String)
    /// Another process has held the lock file `path` (`FileLock`) for longer than the wait allowed.
    case locked(path: String)
    /// A new output name inside `/dev` or `/proc` (`folder`), where exports make no files.
    case insideSystemFolder(path: String, folder: String)
    /// A file of an export folder (`folder`) that is a symbolic link leading to `target`, outside the folder.
    case linkLeavesFolder(path: String, target: String, folder: String)

    package var description: String {
        switch self {
        case .emptyPath, .watchLimitReached, .watchUnavailable: return reason
        case .streamTooLarge(let name, _): return "\(name) \(reason)"
        case .notFound(let path), .permissionDenied(let path), .symlinkLoop(let path), .isDirectory(let path),
            .notADirectory(let path), .notRegularFile(let path, _), .tooLarge(let path, _, _),
            .directoryMissing(let path, _), .noSpace(let path), .readOnlyFileSystem(let path),
            .system(let path, _, _), .containsNUL(let path), .nameTooLong(let path),
            .fileDescriptorPath(let path), .wouldReplaceSpecialFile(let path, _), .isInput(let path, _),
            .outsideAllowedFolders(let path), .locked(let path), .insideSystemFolder(let path, _),
            .linkLeavesFolder(let path, _, _):
            return "\(path): \(reason)"
        case .lineTooLong(let path, let line, _):
            return "\(path):\(line): \(reason)"
        }
    }

    /// The cause alone, without the path: for messages that name the path already
    /// (`member "Alice" (u1): a.jpg: file not found; using a placeholder`).
    package var reason: String {
        switch self {
        case .notFound: return "no such file"
        case .permissionDenied: return "permission denied (check the permissions of the file and its folders)"
        case .symlinkLoop: return "too many levels of symbolic links (a link points back to itself)"
        case .isDirectory: return "is a directory, not a file"
        case .notADirectory: return "exists but is not a folder"
        case .notRegularFile(_, let kind): return "is a \(kind), not a regular file"
        case .tooLarge(_, let bytes, let maxBytes):
            return "file is \(bytes.byteCountDescription), larger than the \(maxBytes.byteCountDescription) limit"
        case .streamTooLarge(_, let maxBytes): return "is over the \(maxBytes.byteCountDescription) limit"
        case .lineTooLong(_, _, let maxBytes):
            return "line longer than the \(maxBytes.byteCountDescription) limit (is it a JSON Lines file?)"
        case .directoryMissing(_, let directory): return "the folder \(directory) does not exist"
        case .noSpace: return "no space left on the device (or disk quota exceeded)"
        case .readOnlyFileSystem: return "the file system is read-only"
        case .system(_, let operation, let code): return "could not \(operation): \(String(cString: strerror(code)))"
        case .emptyPath: return "the path is empty: give a file name"
        case .containsNUL: return "the path contains a NUL character, which no file name can hold"
        case .nameTooLong: return "the path is too long (at most 255 bytes per name and 4095 in all)"
        case .fileDescriptorPath:
            return
                "names a file descriptor, not a file: files are replaced atomically (a temporary file, then a rename), which cannot go through a descriptor; give a file path"
        case .wouldReplaceSpecialFile(_, let kind):
            return "is a \(kind): only regular files are replaced (give the path of a new or regular file)"
        case .isInput(_, let input): return "is \(input): refusing to overwrite an input with an export"
        case .outsideAllowedFolders: return "outside the allowed folders"
        case .watchLimitReached(let folders):
            return
                "\(folders) folder\(folders == 1 ? "" : "s") not watched: the inotify watch limit is reached (raise fs.inotify.max_user_watches)"
        case .watchUnavailable(let reason): return "files cannot be watched: \(reason)"
        case .locked: return "locked by another process for too long (another chat-tui saving?); try again"
        case .insideSystemFolder(_, let folder):
            return "\(folder) holds devices and processes, not files: no export makes a new name there"
        case .linkLeavesFolder(_, let target, let folder):
            return
                "is a symbolic link to \(target), outside the export folder \(folder): exports never write through a link out of their folder (remove the link, or export elsewhere)"
        }
    }

    /// The error for `errno` value `code` raised while doing `operation` on `path` inside `directory`.
    package init(code: Int32, path: String, directory: String, operation: String) {
        switch code {
        case ENOENT where operation == "create", ENOTDIR: self = .directoryMissing(path: path, directory: directory)
        case ENOENT: self = .notFound(path: path)
        // Creating the temporary file is refused by the folder, so name the folder.
        case EACCES where operation == "create", EPERM where operation == "create":
            self = .permissionDenied(path: directory)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ELOOP: self = .symlinkLoop(path: path)
        case EISDIR: self = .isDirectory(path: path)
        case ENOSPC, EDQUOT: self = .noSpace(path: path)
        case EROFS: self = .readOnlyFileSystem(path: path)
        case ENAMETOOLONG: self = .nameTooLong(path: path)
        default: self = .system(path: path, operation: operation, code: code)
        }
    }
}
