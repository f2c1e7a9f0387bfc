import GroupExport
import TerminalUI

extension KeyBindings {
    /// The variants sheet's keys: `v` opens and closes it (Esc closes it too), `t` or `T` switches its
    /// avatar-in-context row between the light and the dark chat list; while it is shown the arrows select a
    /// cell and Enter applies the selected variant. Nil for every other key, which works as usual: a parameter
    /// key redraws the sheet with the new parameters.
    static func sheetKey(_ state: AppState, _ key: Key) -> (AppState, [Effect])? {
        var next = state
        var effects: [Effect] = []
        switch key {
        case .character("v"), .character("V"):
            next.showsSheet.toggle()
            next.sheetSelection = nil
            if next.showsSheet {
                next.announce(
                    "Variants sheet: arrows or a click select a variant, Enter applies it, t light / dark, "
                        + "v or Esc closes")
            }
        case .escape where state.showsSheet:
            next.showsSheet = false
            next.sheetSelection = nil
        case .character("t"), .character("T"):
            switchSheetTheme(&next)
        case .left where state.showsSheet: moveSheetSelection(&next, by: -1)
        case .right where state.showsSheet: moveSheetSelection(&next, by: 1)
        case .up where state.showsSheet: moveSheetSelection(&next, by: -VariantsSheetLayout.columns)
        case .down where state.showsSheet: moveSheetSelection(&next, by: VariantsSheetLayout.columns)
        case .enter where state.showsSheet: effects = applySheetSelection(&next)
        default:
            return nil
        }
        return (next, effects)
    }

    /// `t`, or a click on the sheet's context row: the other chat-list theme.
    static func switchSheetTheme(_ state: inout AppState) {
        state.sheetTheme = state.sheetTheme == .light ? .dark : .light
        state.announce(
            "Chat list theme: \(state.sheetTheme.rawValue)"
                + (state.showsSheet ? "" : " (shown in the variants sheet, v)"))
    }

    /// The cells of the sheet: one per variant, then the group's own.
    static var sheetCellCount: Int { VariantsSheetLayout.memberCounts.count + 1 }

    /// An arrow: the next cell that way, in the sheet's rows of `VariantsSheetLayout.columns`; the first arrow
    /// selects the group's own cell, where the designer starts from.
    private static func moveSheetSelection(_ state: inout AppState, by delta: Int) {
        let last = sheetCellCount - 1
        guard let current = state.sheetSelection else { return selectSheetCell(&state, last) }
        let moved = current + delta
        // Up and down stay in their column when the row above or below has no cell there.
        guard (0...last).contains(moved) || abs(delta) == 1 else { return selectSheetCell(&state, current) }
        selectSheetCell(&state, min(max(0, moved), last))
    }

    /// Selects the sheet's cell at `index` and says what Enter would do with it.
    static func selectSheetCell(_ state: inout AppState, _ index: Int) {
        guard let group = state.selectedGroup, (0..<sheetCellCount).contains(index) else { return }
        state.sheetSelection = index
        let counts = VariantsSheetLayout.memberCounts
        if index < counts.count {
            let count = counts[index]
            state.announce(
                "Variant: \(count) member\(count == 1 ? "" : "s") — Enter shows the group with \(count) "
                    + "member\(count == 1 ? "" : "s")")
        } else {
            let own = SheetGeometry.group(state)?.members.count ?? group.members.count
            state.announce(
                "Variant: \(group.name) as in the fixture (\(own) member\(own == 1 ? "" : "s")) — Enter shows "
                    + "the group's own members")
        }
    }

    /// Enter, or a click on the selected cell: the selected group shown with the selected variant's members
    /// (`MemberEditing.applyVariant`), and the sheet closed so that the preview shows it; when nothing
    /// changes (the members are those already, or a limit refuses them) the sheet stays and says why.
    static func applySheetSelection(_ state: inout AppState) -> [Effect] {
        guard let index = state.sheetSelection else {
            state.announce("Select a variant first: the arrows or a click on its cell")
            return []
        }
        let effects = MemberEditing.applyVariant(&state, index: index)
        if !effects.isEmpty {
            state.showsSheet = false
            state.sheetSelection = nil
        }
        return effects
    }
}
