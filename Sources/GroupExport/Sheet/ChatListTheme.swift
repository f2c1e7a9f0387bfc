import GroupIcon

/// The colours of a mock chat list: what the avatar-in-context rows of a variants sheet are painted with.
package struct ChatListTheme: Hashable, Sendable {
    /// The two standard themes.
    package enum Name: String, CaseIterable, Sendable {
        case light
        case dark
    }

    package var name: Name
    /// The row's background.
    package var background: RGBA8
    /// The group's name.
    package var text: RGBA8
    /// The last message and the time.
    package var secondaryText: RGBA8
    /// The unread badge's disc (its count is white in both themes, as messengers draw it).
    package var badge: RGBA8
    /// The unread count on the badge.
    package var badgeText: RGBA8

    package init(
        name: Name, background: RGBA8, text: RGBA8, secondaryText: RGBA8, badge: RGBA8,
        badgeText: RGBA8 = .white
    ) {
        self.name = name; self.background = background; self.text = text; self.secondaryText = secondaryText
        self.badge = badge; self.badgeText = badgeText
    }

    // The defaults follow WeChat's chat list as its own design library (WeUI) defines the colours: in the
    // light theme a white cell, the title in black at 90 % opacity and secondary text at 50 %; in the dark
    // theme a near-black #191919 cell, white text at 80 % and 50 %; in both the badge in WeUI's red, #FA5151.
    // Opacities are flattened onto the cell colour, since the rows are painted opaque.

    /// WeChat's light chat list.
    package static let light = ChatListTheme(
        name: .light, background: RGBA8(r: 0xFF, g: 0xFF, b: 0xFF), text: RGBA8(r: 0x1A, g: 0x1A, b: 0x1A),
        secondaryText: RGBA8(r: 0x80, g: 0x80, b: 0x80), badge: RGBA8(r: 0xFA, g: 0x51, b: 0x51))

    /// WeChat's dark chat list.
    package static let dark = ChatListTheme(
        name: .dark, background: RGBA8(r: 0x19, g: 0x19, b: 0x19), text: RGBA8(r: 0xD1, g: 0xD1, b: 0xD1),
        secondaryText: RGBA8(r: 0x8C, g: 0x8C, b: 0x8C), badge: RGBA8(r: 0xFA, g: 0x51, b: 0x51))

    /// The standard theme called `name`.
    package static func standard(_ name: Name) -> ChatListTheme {
        switch name {
        case .light: light
        case .dark: dark
        }
    }
}
