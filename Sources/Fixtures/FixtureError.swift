internal import FileSystem
import Foundation
import Support

/// Why a fixture file could not be loaded. Every message starts with the file, so a user knows where to look.
public enum FixtureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path does not exist (or a folder on the way to it does not).
    case fileNotFound(path: String)
    /// The path is a folder, not a JSON file.
    case isDirectory(path: String)
    /// The path is a FIFO, device or socket; only regular files are read (so reading can never block).
    case notRegularFile(path: String, kind: String)
    /// The file (or a folder on its path) may not be read by this user.
    case permissionDenied(path: String)
    /// Following symbolic links never reaches a file.
    case symbolicLinkLoop(path: String)
    /// The file is larger than `FixtureLoader.maximumFileSize`.
    case fileTooBig(path: String, byteCount: Int, limit: Int)
    /// Standard input (`name`) went on past `FixtureLoader.maximumFileSize`; reading stopped at the limit.
    case streamTooBig(name: String, limit: Int)
    /// Opening or reading failed for another operating-system reason (`reason` is the system's message).
    case readFailed(path: String, reason: String)
    /// The bytes are not UTF-8 text.
    case invalidUTF8(file: String, line: Int, column: Int, byteOffset: Int, problem: String)
    /// A line of a JSON Lines fixture is longer than its limit (`GroupStream.maximumLineBytes`); the stream
    /// goes on with the next line.
    case lineTooLong(file: String, line: Int, limit: Int)
    /// The text is not JSON.
    case malformedJSON(file: String, line: Int, column: Int, problem: String)
    /// The JSON does not follow the fixture schema; `path` is the JSON path of the offending value.
    case schema(file: String, path: String, problem: SchemaProblem)

    /// What is wrong with one value of a well-formed JSON fixture.
    public enum SchemaProblem: Equatable, Sendable, CustomStringConvertible {
        /// A required field is absent.
        case missing
        /// The value has the wrong type or range; `found` is the value as written (shortened).
        case unexpectedValue(expected: String, found: String)
        /// A group id or member id is the empty string.
        case empty
        /// A group id repeats; `firstPath` is where it was first used.
        case duplicateID(String, firstPath: String)

        /// The problem as the end of a message ("missing", "expected a string, found 42").
        public var description: String {
            switch self {
            case .missing: "missing"
            case .unexpectedValue(let expected, let found): "expected \(expected), found \(found)"
            case .empty: "must not be empty"
            case .duplicateID(let id, let firstPath): "duplicate id \(quoted(id)) (first used by \(firstPath))"
            }
        }
    }

    /// The full message: `file: problem`, `file:line:column: problem` or `file: json.path: problem`.
    public var description: String {
        switch self {
        case .fileNotFound(let path): "\(path): file not found"
        case .isDirectory(let path): "\(path): is a directory, not a JSON file"
        case .notRegularFile(let path, let kind): "\(path): is \(kind), not a regular file"
        case .permissionDenied(let path): "\(path): permission denied"
        case .symbolicLinkLoop(let path): "\(path): too many levels of symbolic links (a symlink loop?)"
        case .fileTooBig(let path, let byteCount, let limit):
            "\(path): file is too big (\(byteCount) bytes; the limit is \(limit) bytes)"
        case .streamTooBig(let name, let limit):
            "\(name) is over the \(limit.byteCountDescription) limit of a fixture (is it the right input?)"
        case .readFailed(let path, let reason): "\(path): cannot read: \(reason)"
        case .invalidUTF8(let file, let line, let column, let byteOffset, let problem):
            "\(file):\(line):\(column): not UTF-8 text (byte offset \(byteOffset)): \(problem)"
        case .lineTooLong(let file, let line, let limit):
            "\(file):\(line): the line is longer than the \(limit.byteCountDescription) limit (a JSON Lines fixture holds one group per line)"
        case .malformedJSON(let file, let line, let column, let problem):
            "\(file):\(line):\(column): malformed JSON: \(problem)"
        case .schema(let file, let path, let problem): "\(file): \(path): \(problem)"
        }
    }
}

/// `text` as a JSON-style quoted string for messages, shortened to 40 characters (see `JSONString.literal`), so
/// a message always stays on one line.
func quoted(_ text: String) -> String {
    JSONString.literal(text, limit: 40)
}

extension FixtureError {
    /// The fixture-level error for a failed read of the fixture file (reads go through `FileIO`,
    /// which refuses FIFOs, devices and directories without blocking and caps the size).
    init(reading error: FileIOError) {
        switch error {
        case .notFound(let path): self = .fileNotFound(path: path)
        case .permissionDenied(let path): self = .permissionDenied(path: path)
        case .symlinkLoop(let path): self = .symbolicLinkLoop(path: path)
        case .isDirectory(let path): self = .isDirectory(path: path)
        case .notRegularFile(let path, let kind): self = .notRegularFile(path: path, kind: "a " + kind)
        case .tooLarge(let path, let bytes, let maxBytes):
            self = .fileTooBig(path: path, byteCount: bytes, limit: maxBytes)
        case .streamTooLarge(let name, let maxBytes): self = .streamTooBig(name: name, limit: maxBytes)
        case .system(let path, _, let code): self = .readFailed(path: path, reason: String(cString: strerror(code)))
        case .nameTooLong(let path), .containsNUL(let path), .outsideAllowedFolders(let path):
            self = .readFailed(path: path, reason: error.reason)
        case .lineTooLong(let path, let line, let maxBytes):
            self = .lineTooLong(file: path, line: line, limit: maxBytes)
        case .emptyPath:
            self = .readFailed(path: "\"\"", reason: error.reason)
        case .directoryMissing(let path, _), .noSpace(let path), .readOnlyFileSystem(let path),
            .notADirectory(let path),
            .fileDescriptorPath(let path), .wouldReplaceSpecialFile(let path, _), .isInput(let path, _),
            .locked(let path), .insideSystemFolder(let path, _), .linkLeavesFolder(let path, _, _):
            // Write failures; a read never produces them, but the mapping stays total.
            self = .readFailed(path: path, reason: error.reason)
        case .watchLimitReached, .watchUnavailable:
            // Failures to watch files, which reading never meets either.
            self = .readFailed(path: "the fixture", reason: error.reason)
        }
    }
}
