import Foundation

/// A chat-list fixture: the groups to show, read from a JSON file (schema in README.md, "Fixture format").
public struct Fixture: Hashable, Sendable {
    /// The groups in file order.
    public var groups: [ChatGroup]
    /// The folder relative avatar paths are resolved against (the fixture file's folder).
    public var baseDirectory: URL
    /// A fixture of `groups` whose relative avatar paths were resolved against `baseDirectory`.
    public init(groups: [ChatGroup], baseDirectory: URL) { self.groups = groups; self.baseDirectory = baseDirectory }
}

/// One group chat as a messenger's chat list shows it.
public struct ChatGroup: Hashable, Sendable, Identifiable {
    /// Unique within the fixture.
    public var id: String
    /// The group's display name: the chat list's title and the composite's caption.
    public var name: String
    /// The last message's text, shown under the name in a chat list.
    public var lastMessage: String
    /// When the last message arrived, nil when the fixture gives no time.
    public var updatedAt: Date?
    /// Messages not read yet: the count on the unread badge (0: no badge).
    public var unread: Int
    /// Whether notifications are off, which a chat list shows with a muted mark.
    public var muted: Bool
    /// The group's own avatar, resolved to an absolute path; when set it wins over the composite.
    public var avatarPath: String?
    /// The group's own avatar as the fixture writes it (a relative path, an absolute one or a URL), for the
    /// spec hand-off; nil when the fixture gives none or the group was not read from a fixture.
    public var avatarSource: String?
    /// The members in fixture order: the order they are placed in the composite.
    public var members: [GroupMember]
    /// A group as a fixture describes it; everything but its id, name and members has a quiet default.
    public init(
        id: String, name: String, lastMessage: String = "", updatedAt: Date? = nil, unread: Int = 0,
        muted: Bool = false, avatarPath: String? = nil, avatarSource: String? = nil, members: [GroupMember]
    ) {
        self.id = id; self.name = name; self.lastMessage = lastMessage; self.updatedAt = updatedAt
        self.unread = unread; self.muted = muted; self.avatarPath = avatarPath; self.avatarSource = avatarSource
        self.members = members
    }

    /// Groups are equal when they show the same: the spelling of the group's photo (`avatarSource`) is a note
    /// for the spec hand-off, the resolved `avatarPath` says which photo it is.
    public static func == (a: ChatGroup, b: ChatGroup) -> Bool {
        a.id == b.id && a.name == b.name && a.lastMessage == b.lastMessage && a.updatedAt == b.updatedAt
            && a.unread == b.unread && a.muted == b.muted && a.avatarPath == b.avatarPath && a.members == b.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id); hasher.combine(name); hasher.combine(lastMessage); hasher.combine(updatedAt)
        hasher.combine(unread); hasher.combine(muted); hasher.combine(avatarPath); hasher.combine(members)
    }
}

/// A member of a group.
public struct GroupMember: Hashable, Sendable {
    /// The member's id; when the fixture gives none, the name stands in (placeholder colours derive from it).
    public var id: String
    /// The member's display name: their placeholder's initials come from it.
    public var name: String
    /// The member's photo, resolved to an absolute path; nil when the fixture gives none.
    public var avatarPath: String?
    /// The member's photo as the fixture writes it (a relative path, an absolute one or a URL), for the spec
    /// hand-off; nil when the fixture gives none or the member was not read from a fixture.
    public var avatarSource: String?
    /// A member called `name`, with their photo at `avatarPath` (nil: a placeholder).
    public init(id: String, name: String, avatarPath: String? = nil, avatarSource: String? = nil) {
        self.id = id; self.name = name; self.avatarPath = avatarPath; self.avatarSource = avatarSource
    }

    /// Members are equal when they are drawn the same: `avatarSource` is the spelling, `avatarPath` the photo.
    public static func == (a: GroupMember, b: GroupMember) -> Bool {
        a.id == b.id && a.name == b.name && a.avatarPath == b.avatarPath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id); hasher.combine(name); hasher.combine(avatarPath)
    }
}
