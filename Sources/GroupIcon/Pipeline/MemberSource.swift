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
