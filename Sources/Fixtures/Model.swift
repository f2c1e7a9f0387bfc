import Foundation

/// A chat-list fixture: the groups to show, read from a JSON file (schema in README.md, "Fixture format").
public struct Fixture: Hashable, Sendable {
    /// The groups in file order.
    public var groups: [ChatGroup]
    /// The folder relative avatar paths are resolved against (the fixture file's folder).
    public var baseDirectory: URL
    public init(groups: [ChatGroup], baseDirectory: URL) { self.groups = groups; self.baseDirectory = baseDirectory }
}

/// One group chat as a messenger's chat list shows it.
public struct ChatGroup: Hashable, Sendable, Identifiable {
    /// Unique within the fixture.
    public var id: String
    public var name: String
    public var lastMessage: String
    public var updatedAt: Date?
    public var unread: Int
    public var muted: Bool
    /// The group's own avatar, resolved to an absolute path; when set it wins over the composite.
    public var avatarPath: String?
    public var members: [GroupMember]
    public init(
        id: String, name: String, lastMessage: String = "", updatedAt: Date? = nil, unread: Int = 0,
        muted: Bool = false, avatarPath: String? = nil, members: [GroupMember]
    ) {
        self.id = id; self.name = name; self.lastMessage = lastMessage; self.updatedAt = updatedAt
        self.unread = unread; self.muted = muted; self.avatarPath = avatarPath; self.members = members
    }
}

/// A member of a group.
public struct GroupMember: Hashable, Sendable {
    /// The member's id; when the fixture gives none, the name stands in (placeholder colours derive from it).
    public var id: String
    public var name: String
    /// The member's photo, resolved to an absolute path; nil when the fixture gives none.
    public var avatarPath: String?
    public init(id: String, name: String, avatarPath: String? = nil) {
        self.id = id; self.name = name; self.avatarPath = avatarPath
    }
}
