/// The name of a composition layout: what `--layout` takes, what presets and `layout --json` write, and what
/// cache keys and PNG metadata hold.
///
/// Every value names a layout in `LayoutRegistry`: the failable initialiser looks the name up there, and the
/// static constants (`.wechat`, `.qq`, ...) are declared next to the layout they name. Equality is by name.
public struct LayoutKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The layout's stable name, e.g. `wechat`.
    public let rawValue: String

    /// The registered layout called `rawValue` (case-insensitively), or nil when there is none.
    public init?(rawValue: String) {
        guard let kind = LayoutRegistry.kinds.first(where: { $0.rawValue == rawValue.lowercased() }) else { return nil }
        self = kind
    }

    /// A name declared by a layout's own file; the layout must also be listed in `LayoutRegistry.all`.
    init(declaring name: String) {
        rawValue = name
    }

    /// Every registered layout's name, in registry order.
    public static var allCases: [LayoutKind] { LayoutRegistry.kinds }

    /// The layout this name stands for.
    public var layout: any CompositionLayout.Type { LayoutRegistry.layout(for: self) }

    /// The layout after this one in registry order (the interactive app's `l`), wrapping around.
    public var next: LayoutKind {
        let all = LayoutRegistry.kinds
        guard let index = all.firstIndex(of: self) else { return all[0] }
        return all[(index + 1) % all.count]
    }

    public var description: String { rawValue }
}
