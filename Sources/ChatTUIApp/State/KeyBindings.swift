import Fixtures
import GroupIcon
import TerminalUI

/// Something the reducer asks the runtime to do outside the state.
package enum Effect: Hashable, Sendable {
    /// Write the group's composite at these parameters to a PNG file.
    case export(ChatGroup, CompositionParameters, path: String)
    /// Leave the app.
    case quit
}

/// What the reducer needs to know about the chat list's geometry: paging and mouse hit-testing.
package struct ListMetrics: Equatable, Sendable {
    /// Rows (groups) that fit in the list.
    package var visibleRowCount: Int
    /// Text rows per group.
    package var rowHeight: Int
    /// Where the list is on screen.
    package var frame: CellRect
}

/// The key map: a pure reducer from (state, key) to the next state plus effects.
package enum KeyBindings {
    /// Margin step of `[` and `]`, in points.
    package static let marginStep = 1.0
    /// Radius step of `{` `}` and `(` `)`, in points.
    package static let radiusStep = 2.0
    /// Zoom step of `+` and `-`, in percent.
    package static let zoomStep = 25
    /// The backgrounds `b` cycles through: light grey, white, dark, transparent.
    package static let backgroundCycle: [RGBA8] = [.lightGrey, .white, RGBA8(r: 34, g: 34, b: 34), .transparent]

    /// The margin a layout uses when none is set, where `[` and `]` start stepping from: the layout's own
    /// margin for its largest member count.
    package static func layoutMargin(_ parameters: CompositionParameters) -> Double {
        Layouts.resolvedMargin(count: parameters.layout.layout.maximumMembers, parameters: parameters)
    }

    /// Every key with what it does, in the order the help overlay lists them.
    package static let help: [(keys: String, action: String)] = [
        ("↑ ↓  j k", "select previous / next group"),
        ("PgUp PgDn", "page up / down"),
        ("g G  Home End", "first / last group"),
        ("/", "filter by name (Enter keeps, Esc clears)"),
        ("click", "select a row"),
        ("l", "cycle layout " + LayoutRegistry.kinds.map(\.rawValue).joined(separator: " → ")),
        ("[ ]", "margin − / +"),
        ("{ }", "canvas corner radius − / +"),
        ("( )", "tile corner radius − / +"),
        ("b", "cycle background"),
        ("s", "cycle member style (rectangle, rounded, circle, original)"),
        ("0", "reset parameters"),
        ("u", "undo last parameter change"),
        ("+ -", "zoom preview in / out"),
        ("c", "toggle comparison strip"),
        ("e", "export selected group to the export folder"),
        ("E", "export to a path you type"),
        ("?", "toggle this help"),
        ("q  Esc  Ctrl-C", "quit (Esc first clears a kept filter)"),
    ]

    /// The state after `key`, and what the runtime must do about it.
    package static func reduce(_ state: AppState, _ key: Key, metrics: ListMetrics,
                       defaultMargin: (CompositionParameters) -> Double = layoutMargin) -> (AppState, [Effect]) {
        var next = state
        var effects: [Effect] = []
        if key == .ctrlC {
            next.shouldQuit = true
            return (next, [.quit])
        }
        if key == .resize {
            keepSelectionVisible(&next, metrics)
            return (next, [])
        }
        if var prompt = next.exportPrompt {
            switch key {
            case .enter:
                next.exportPrompt = nil
                let path = prompt.text.trimmingCharacters(in: .whitespaces)
                if let group = next.selectedGroup, !path.isEmpty {
                    effects.append(.export(group, next.parameters, path: path))
                    next.status = "Exporting to \(path)…"
                }
            case .escape:
                next.exportPrompt = nil
            default:
                if prompt.apply(key) { next.exportPrompt = prompt }
            }
            return (next, effects)
        }
        if var editor = next.filterEditor {
            switch key {
            case .enter:
                next.filterEditor = nil
                return (next, [])
            case .escape:
                next.filterEditor = nil
                next.setFilter("")
                keepSelectionVisible(&next, metrics)
                return (next, [])
            default:
                if editor.apply(key) {
                    next.filterEditor = editor
                    next.setFilter(editor.text)
                    keepSelectionVisible(&next, metrics)
                    return (next, [])
                }
            }
        }
        if next.showsHelp {
            next.showsHelp = false
            return (next, [])
        }
        switch key {
        case .escape where !next.filter.isEmpty:
            // Esc backs out of a kept filter before it quits, as in other list-and-filter tools.
            next.setFilter("")
            keepSelectionVisible(&next, metrics)
        case .character("q"), .escape:
            next.shouldQuit = true
            effects.append(.quit)
        case .up, .character("k"), .wheelUp: moveSelection(&next, by: -1, metrics)
        case .down, .character("j"), .wheelDown: moveSelection(&next, by: 1, metrics)
        case .pageUp: moveSelection(&next, by: -max(1, metrics.visibleRowCount), metrics)
        case .pageDown: moveSelection(&next, by: max(1, metrics.visibleRowCount), metrics)
        case .home, .character("g"): moveSelection(&next, by: -next.matches.count, metrics)
        case .end, .character("G"): moveSelection(&next, by: next.matches.count, metrics)
        case .mouse(let x, let y): select(&next, clickAt: x, y, metrics)
        case .character("/"):
            next.filterEditor = LineEditor(next.filter)
        case .character("?"):
            next.showsHelp = true
        case .character("c"):
            next.showsComparison.toggle()
        case .character("+"), .character("="):
            next.zoomPercent = min(AppState.zoomRange.upperBound, next.zoomPercent + zoomStep)
        case .character("-"), .character("_"):
            next.zoomPercent = max(AppState.zoomRange.lowerBound, next.zoomPercent - zoomStep)
        case .character("e"):
            if let group = next.selectedGroup {
                let path = next.defaultExportPath(for: group)
                effects.append(.export(group, next.parameters, path: path))
                next.status = "Exporting to \(path)…"
            }
        case .character("E"):
            if let group = next.selectedGroup { next.exportPrompt = LineEditor(next.defaultExportPath(for: group), suggested: true) }
        case .character("u"):
            if let previous = next.undoStack.popLast() {
                next.parameters = previous
                next.status = "Undone"
            } else {
                next.status = "Nothing to undo"
            }
        case .character(let character):
            changeParameters(&next, character, defaultMargin: defaultMargin)
        default:
            break
        }
        return (next, effects)
    }

    /// The parameter keys; each change is pushed on the undo stack unless it changed nothing (a clamp).
    private static func changeParameters(_ state: inout AppState, _ character: Character,
                                         defaultMargin: (CompositionParameters) -> Double) {
        var parameters = state.parameters
        let half = parameters.size / 2
        switch character {
        case "l": parameters.layout = parameters.layout.next
        case "[", "]":
            let current = parameters.margin ?? defaultMargin(parameters)
            let step = character == "]" ? marginStep : -marginStep
            parameters.margin = clamp(current + step, 0, parameters.size / 4)
        case "{", "}":
            parameters.cornerRadius = clamp(parameters.cornerRadius + (character == "}" ? radiusStep : -radiusStep), 0, half)
        case "(", ")":
            parameters.tileRadius = clamp(parameters.tileRadius + (character == ")" ? radiusStep : -radiusStep), 0, half)
        case "b":
            let current = backgroundCycle.firstIndex(of: parameters.resolvedBackground) ?? -1
            parameters.background = backgroundCycle[(current + 1) % backgroundCycle.count]
        case "s":
            let current = MemberStyle.cycle.firstIndex(of: parameters.memberStyle) ?? -1
            parameters.memberStyle = MemberStyle.cycle[(current + 1) % MemberStyle.cycle.count]
        case "0": parameters = state.initialParameters
        default: return
        }
        guard parameters != state.parameters else { return }
        state.undoStack.append(state.parameters)
        if state.undoStack.count > AppState.undoLimit { state.undoStack.removeFirst() }
        state.parameters = parameters
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), max(low, high))
    }

    private static func moveSelection(_ state: inout AppState, by delta: Int, _ metrics: ListMetrics) {
        guard !state.matches.isEmpty else { return }
        state.selection = min(max(0, state.selection + delta), state.matches.count - 1)
        keepSelectionVisible(&state, metrics)
    }

    private static func select(_ state: inout AppState, clickAt x: Int, _ y: Int, _ metrics: ListMetrics) {
        guard metrics.frame.contains(x: x, y: y), metrics.rowHeight > 0 else { return }
        let position = state.scrollOffset + (y - metrics.frame.y) / metrics.rowHeight
        guard position < state.matches.count else { return }
        state.selection = position
        keepSelectionVisible(&state, metrics)
    }

    /// Clamps the selection to the matches and scrolls just enough to show it, without leaving empty rows at the
    /// bottom when the list could be full.
    package static func keepSelectionVisible(_ state: inout AppState, _ metrics: ListMetrics) {
        let count = state.matches.count
        let visible = max(1, metrics.visibleRowCount)
        state.selection = min(max(0, state.selection), max(0, count - 1))
        var offset = min(state.scrollOffset, state.selection)
        if state.selection >= offset + visible { offset = state.selection - visible + 1 }
        state.scrollOffset = max(0, min(offset, count - visible))
    }
}
