import TerminalUI

extension KeyBindings {
    /// Keys of the 1:1 view, while it is open: arrows and `h` `j` `k` `l` pan, `+` `-` step the enlargement
    /// (the image point in the middle stays there), `1` or Esc go back to the fitted preview. Nil for every
    /// other key, which works as usual (parameter keys change the picture the view shows).
    static func actualPixelsKey(_ state: AppState, _ key: Key, shown: ShownFraction) -> AppState? {
        guard var view = state.actualPixels else { return nil }
        var next = state
        switch key {
        case .character("1"), .escape:
            next.actualPixels = nil
            return next
        case .left, .character("h"): view.centreX = panned(view.centreX, by: -1, shown: shown.width)
        case .right, .character("l"): view.centreX = panned(view.centreX, by: 1, shown: shown.width)
        case .up, .character("k"): view.centreY = panned(view.centreY, by: -1, shown: shown.height)
        case .down, .character("j"): view.centreY = panned(view.centreY, by: 1, shown: shown.height)
        case .character("+"), .character("="), .character("-"), .character("_"):
            let steps = ActualPixelsView.magnifications
            let index = steps.lastIndex { $0 <= view.magnification } ?? 0
            let larger = key == .character("+") || key == .character("=")
            view.magnification = steps[min(max(index + (larger ? 1 : -1), 0), steps.count - 1)]
        default:
            return nil
        }
        next.actualPixels = view
        return next
    }

    /// `centre` moved a quarter of the shown part in `direction`, kept where the view stays on the image: a
    /// centre left beyond that by a smaller enlargement first comes back to the edge, so no key is lost.
    private static func panned(_ centre: Double, by direction: Int, shown: Double) -> Double {
        let half = min(max(shown, 0), 1) / 2
        let clamped = min(max(centre, half), 1 - half)
        return min(max(clamped + Double(direction) * max(shown, 0) / 4, half), 1 - half)
    }
}
