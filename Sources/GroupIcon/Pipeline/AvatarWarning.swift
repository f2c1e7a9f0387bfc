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

    /// The id of the member (or of the group, for its own photo) whose picture could not be used.
    public var memberID: String
    /// That member's (or group's) display name, as messages show it.
    public var memberName: String
    /// The avatar file concerned, if any.
    public var path: String?
    /// What went wrong and what was done instead, e.g. `file not found; using a placeholder`.
    public var message: String
    /// Whether a member's photo or the group's own photo is concerned.
    public var subject: Subject

    /// A warning about `memberID`'s picture at `path`, with `message` saying what happened instead.
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
