import GroupExport
import TerminalUI

extension KeyBindings {
    /// The variants sheet's keys: `v` opens and closes it (Esc closes it too), `t` or `T` switches its
    /// avatar-in-context row between the light and the dark chat list. Nil for every other key, which works
    /// as usual: a parameter key redraws the sheet with the new parameters.
    static func sheetKey(_ state: AppState, _ key: Key) -> AppState? {
        var next = state
        switch key {
        case .character("v"), .character("V"):
            next.showsSheet.toggle()
            if next.showsSheet {
                next.announce("Variants sheet: parameter keys redraw it, t light / dark, v or Esc closes")
            }
        case .escape where state.showsSheet:
            next.showsSheet = false
        case .character("t"), .character("T"):
            next.sheetTheme = state.sheetTheme == .light ? .dark : .light
            next.announce(
                "Chat list theme: \(next.sheetTheme.rawValue)"
                    + (next.showsSheet ? "" : " (shown in the variants sheet, v)"))
        default:
            return nil
        }
        return next
    }
}
