import FileSystem

/// What identifies the pixels of one member's avatar, found by `stat` without reading the file.
///
/// A file is identified by its path, size and modification time in nanoseconds, so rewriting it yields a new
/// identity (and so new cache keys) while an untouched file keeps its cached decodes.
public enum ImageIdentity: Hashable, Sendable {
    /// The member has no avatar path.
    case none
    /// The path names nothing.
    case missing(path: String)
    /// An existing file.
    case file(path: String, size: Int64, modificationNanoseconds: Int64)

    /// Looks at the member's avatar file.
    public init(of member: MemberSource) {
        guard let path = member.imagePath else { self = .none; return }
        guard let status = FileIO.status(of: path) else { self = .missing(path: path); return }
        self = .file(path: path, size: status.size, modificationNanoseconds: status.modificationNanoseconds)
    }

    /// A stable text form, part of cache keys.
    public var identifier: String {
        switch self {
        case .none: return "none"
        case .missing(let path): return "missing path=\(path)"
        case .file(let path, let size, let nanoseconds): return "file path=\(path) size=\(size) mtime-ns=\(nanoseconds)"
        }
    }
}
