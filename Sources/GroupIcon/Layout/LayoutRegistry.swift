/// The one list of composition layouts. Adding a layout is a new file with a type conforming to
/// `CompositionLayout` (and its `LayoutKind` constant), one line here, and its tests.
public enum LayoutRegistry {
    /// Every layout, in the order the app cycles through them and help texts list them.
    public static let all: [any CompositionLayout.Type] = [
        NineGridLayout.self,
        FiveCircleLayout.self,
        GridLayout.self,
        DingTalkLayout.self,
        CompactNineGridLayout.self,
    ]

    /// Every layout's name, in registry order.
    public static let kinds: [LayoutKind] = all.map { $0.kind }

    /// The layout named `kind`. Every `LayoutKind` is registered (its initialiser checks, and a test checks
    /// the declared constants), so the fallback to the first layout is never taken.
    public static func layout(for kind: LayoutKind) -> any CompositionLayout.Type {
        all.first { $0.kind == kind } ?? all[0]
    }

    /// The names as a human list: "wechat, qq, grid, dingtalk or wechat-compact".
    public static var namesInWords: String {
        let names = kinds.map(\.rawValue)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
