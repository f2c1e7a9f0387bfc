/// The composition algorithms a group avatar can be drawn with.
public enum LayoutKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// WeChat nine-grid (seed 000; canvas clip and background from seed 003).
    case wechat
    /// QQ five-circle with notched circles (seed 001).
    case qq
    /// The general grid of seed 004 (columns, item size, spacing, insets).
    case grid
    /// DingTalk-style split circle: whole, halves, half + two quarters, quarters.
    case dingtalk

    /// How many members the layout can show; members beyond that are left out.
    public var maximumMembers: Int {
        switch self {
        case .wechat, .grid: return 9
        case .qq: return 5
        case .dingtalk: return 4
        }
    }

    /// The layout that `l` in the interactive app switches to.
    public var next: LayoutKind {
        let all = LayoutKind.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
