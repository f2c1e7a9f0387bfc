import FileSystem

/// One group member as the pipeline sees it: who they are and where their photo is.
///
/// Deliberately independent of the Fixtures module (GroupIcon must not depend on it); the app maps fixture
/// members to this, resolving avatar paths relative to the fixture file.
public struct MemberSource: Hashable, Sendable {
    /// Stable member id; the placeholder colour depends on it.
    public var id: String
    /// Display name; the placeholder initial depends on it.
    public var name: String
    /// Path of the avatar image file, or nil when the member has none.
    public var imagePath: String?

    public init(id: String, name: String, imagePath: String?) {
        self.id = id; self.name = name; self.imagePath = imagePath
    }
}

/// A member whose avatar could not be used and was replaced by a placeholder (or left unstyled), or a group
/// photo that could not be used.
///
/// Warnings never stop a composite: the CLI prints them to stderr, the app shows them in its status bar.
public struct AvatarWarning: Hashable, Sendable, CustomStringConvertible {
    /// Whose picture the warning is about.
    public enum Subject: Hashable, Sendable {
        /// A member's photo (`memberID`, `memberName`).
        case member
        /// The group's own photo (`memberID` and `memberName` are the group's id and name).
        case groupPhoto
    }

    public var memberID: String
    public var memberName: String
    /// The avatar file concerned, if any.
    public var path: String?
    /// What went wrong and what was done instead, e.g. `file not found; using a placeholder`.
    public var message: String
    public var subject: Subject

    public init(memberID: String, memberName: String, path: String?, message: String, subject: Subject = .member) {
        self.memberID = memberID; self.memberName = memberName; self.path = path; self.message = message
        self.subject = subject
    }

    /// `member "Alice" (u1): avatars/alice.jpg: file not found; using a placeholder`, or for the group's own
    /// photo `own avatar ride.png: file not found; ...`.
    public var description: String {
        switch subject {
        case .member: return "member \"\(memberName)\" (\(memberID)): " + (path.map { "\($0): " } ?? "") + message
        case .groupPhoto: return "own avatar " + (path.map { "\($0): " } ?? "") + message
        }
    }
}

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
