#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written; every message names the path and says what to fix.
public enum FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    case symlinkLoop(path: String)
    case isDirectory(path: String)
    /// Something other than a folder is where a folder is needed.
    case notADirectory(path: String)
    /// A FIFO, device or socket where a regular file was expected; `kind` names which.
    case notRegularFile(path: String, kind: String)
    case tooLarge(path: String, bytes: Int, maxBytes: Int)
    /// A line of a file read line by line (`LineReader`) is longer than the reader accepts.
    case lineTooLong(path: String, line: Int, maxBytes: Int)
    /// The folder that should hold `path` does not exist (or a path component is not a folder).
    case directoryMissing(path: String, directory: String)
    case noSpace(path: String)
    case readOnlyFileSystem(path: String)
    /// Any other system error while doing `operation` ("read", "rename", ...).
    case system(path: String, operation: String, code: Int32)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file"
        case .permissionDenied(let path):
            return "\(path): permission denied (check the permissions of the file and its folders)"
        case .symlinkLoop(let path):
            return "\(path): too many levels of symbolic links (a link points back to itself)"
        case .isDirectory(let path):
            return "\(path): is a directory, not a file"
        case .notADirectory(let path):
            return "\(path): exists but is not a folder"
        case .notRegularFile(let path, let kind):
            return "\(path): is a \(kind), not a regular file"
        case .tooLarge(let path, let bytes, let maxBytes):
            return "\(path): file is \(bytes.byteCountDescription), larger than the \(maxBytes.byteCountDescription) limit"
        case .lineTooLong(let path, let line, let maxBytes):
            return "\(path):\(line): line longer than the \(maxBytes.byteCountDescription) limit (is it a JSON Lines file?)"
        case .directoryMissing(let path, let directory):
            return "\(path): the folder \(directory) does not exist"
        case .noSpace(let path):
            return "\(path): no space left on the device (or disk quota exceeded)"
        case .readOnlyFileSystem(let path):
            return "\(path): the file system is read-only"
        case .system(let path, let operation, let code):
            return "\(path): could not \(operation): \(String(cString: strerror(code)))"
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
        default: self = .system(path: path, operation: operation, code: code)
        }
    }
}
