import TerminalUI

extension KeyBindings {
    /// Keys of the 1:1 view, while it is open: arrows and `h` `j` `k` `l` pan, `+` `-` step the enlargement
    /// (the image point in the middle stays there), `1` or Esc go back to the fitted preview. Nil for every
    /// other key, which works as usual (parameter keys change the picture the view shows).
    static func actualPixelsKey(_ state: AppState, _ key: Key, shown: ShownFraction) -> AppState? {
        guard var view = state.actualPixels else { return nil }
        var next = state
        if view.cursor != nil, let moved = inspectorKey(state, key, view: view, shown: shown) {
            next.actualPixels = moved
            return next
        }
        switch key {
        case .character("1"), .escape:
            next.actualPixels = nil
            return next
        case .character("I"):
            view.cursor = centreCursor(state, view)
            next.announce(
                "Pixel inspector: arrows move the cursor (Shift-← → by 10 px), h j k l pan, I hides it")
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

    /// `I` outside the 1:1 view: opens it with the pixel inspector's cursor in the middle of the composite.
    static func openInspector(_ state: inout AppState) {
        var view = ActualPixelsView()
        view.cursor = centreCursor(state, view)
        state.actualPixels = view
        state.announce("Pixel inspector: arrows move the cursor (Shift-← → by 10 px), h j k l pan, I hides it")
    }

    /// The pixel at the middle of what the view shows.
    private static func centreCursor(_ state: AppState, _ view: ActualPixelsView) -> PixelPosition? {
        guard let size = PixelInspector.compositeSize(state) else { return nil }
        return PixelPosition(
            x: min(size.width - 1, Int(view.centreX * Double(size.width))),
            y: min(size.height - 1, Int(view.centreY * Double(size.height))))
    }

    /// Keys of the pixel inspector: the arrows move its cursor one pixel (Shift-← → ten), kept on the
    /// composite, and the view pans to keep it shown; `I` hides it. Nil for the other keys.
    private static func inspectorKey(
        _ state: AppState, _ key: Key, view: ActualPixelsView, shown: ShownFraction
    ) -> ActualPixelsView? {
        guard var cursor = view.cursor, let size = PixelInspector.compositeSize(state) else { return nil }
        var moved = view
        switch key {
        case .left: cursor.x -= 1
        case .right: cursor.x += 1
        case .shiftLeft: cursor.x -= 10
        case .shiftRight: cursor.x += 10
        case .up: cursor.y -= 1
        case .down: cursor.y += 1
        case .character("I"):
            moved.cursor = nil
            return moved
        default: return nil
        }
        cursor.x = min(max(cursor.x, 0), size.width - 1)
        cursor.y = min(max(cursor.y, 0), size.height - 1)
        moved.cursor = cursor
        moved.centreX = following(view.centreX, (Double(cursor.x) + 0.5) / Double(size.width), shown.width)
        moved.centreY = following(view.centreY, (Double(cursor.y) + 0.5) / Double(size.height), shown.height)
        return moved
    }

    /// The view's centre moved just enough that `target` (a fraction of the image) is in the part shown.
    private static func following(_ centre: Double, _ target: Double, _ shown: Double) -> Double {
        let half = min(max(shown, 0), 1) / 2
        guard half < 0.5 else { return centre }
        let clamped = min(max(centre, half), 1 - half)
        let placed = min(max(clamped, target - half), target + half)
        return min(max(placed, half), 1 - half)
    }

    /// `centre` moved a quarter of the shown part in `direction`, kept where the view stays on the image: a
    /// centre left beyond that by a smaller enlargement first comes back to the edge, so no key is lost.
    private static func panned(_ centre: Double, by direction: Int, shown: Double) -> Double {
        let half = min(max(shown, 0), 1) / 2
        let clamped = min(max(centre, half), 1 - half)
        return min(max(clamped + Double(direction) * max(shown, 0) / 4, half), 1 - half)
    }
}
