import GroupIcon
import TerminalUI

/// A/B as data (`a`, with A pinned by `p`): the parameters that differ between A and the current B, one row
/// each; Enter copies the selected row's A value into B (through `ParameterEditing`, so limits apply and `u`
/// undoes it), `s` swaps A and B, ↑ ↓ choose a row, Esc (or any other key) closes.
extension KeyBindings {
    /// The fields whose values differ between `a` and `b`, in catalogue order: those of either layout (an
    /// option of A's layout is listed even where B's layout has no such option).
    package static func differingFields(_ a: CompositionParameters, _ b: CompositionParameters) -> [ParameterField] {
        let names = Set(ParameterCatalogue.fields(for: a.layout).map(\.name))
            .union(ParameterCatalogue.fields(for: b.layout).map(\.name))
        return ParameterCatalogue.all.filter { field in
            names.contains(field.name) && field.value(in: a) != field.value(in: b)
        }
    }

    /// `a`: the differences overlay, or why there is none.
    static func openComparison(_ state: inout AppState) {
        guard state.pinned != nil else {
            state.announce("Nothing pinned: p pins the current parameters as A, then a lists what B changes")
            return
        }
        state.overlay = .comparison(selection: 0)
    }

    /// A key in the differences overlay.
    static func browseComparison(_ state: AppState, _ key: Key, selection: Int) -> AppState {
        var next = state
        guard let pinned = state.pinned else {
            next.overlay = nil
            return next
        }
        let fields = differingFields(pinned, state.parameters)
        switch key {
        case .up, .character("k"): next.overlay = .comparison(selection: max(0, selection - 1))
        case .down, .character("j"):
            next.overlay = .comparison(selection: min(max(0, fields.count - 1), selection + 1))
        case .enter:
            guard fields.indices.contains(selection) else { break }
            copyFromA(&next, fields[selection], pinned: pinned)
            let left = differingFields(pinned, next.parameters).count
            next.overlay = .comparison(selection: min(selection, max(0, left - 1)))
        case .character("s"):
            swapAAndB(&next, pinned: pinned)
        default:
            next.overlay = nil
        }
        return next
    }

    /// Enter: B takes A's value of `field`, within the limits, undoable.
    private static func copyFromA(_ state: inout AppState, _ field: ParameterField, pinned: CompositionParameters) {
        guard ParameterCatalogue.fields(for: state.parameters.layout).contains(where: { $0.name == field.name })
        else {
            state.announce(
                "\(field.name) belongs to the \(pinned.layout.rawValue) layout, not \(state.parameters.layout.rawValue): "
                    + "copy the layout first")
            return
        }
        let (before, said) = (state.parameters, state.statusSerial)
        ParameterEditing.set(&state, field, to: field.value(in: pinned))
        // `set` says why when it clamped or refused; a plain copy says what changed.
        if state.statusSerial == said, state.parameters != before, let edit = state.undoStack.last {
            state.announce("B takes A's \(edit.description) (u undoes)")
        }
    }

    /// `s`: A becomes the current parameters and the current ones are pinned as A (undoable: `u` swaps them
    /// back, pinning A again); refused when A's parameters break a limit of the groups now (the fixture changed
    /// since it was pinned).
    private static func swapAAndB(_ state: inout AppState, pinned: CompositionParameters) {
        if let problem = CompositionLimits.problem(pinned, memberCounts: state.memberCounts) {
            state.announce("A and B not swapped: A's parameters now break a limit: \(problem)", warning: true)
            return
        }
        ParameterEditing.commit(&state, to: pinned, label: "A and B swapped", swapsPinned: true)
        state.announce("Swapped A and B: B is now the pinned parameters (u swaps them back)")
    }
}
