import GroupIcon

/// Every change of the composition parameters in the app goes through here: a step or a typed value is moved
/// into the limits (`CompositionLimits`: each parameter's range, the pixel size, tiles at least a twelfth of
/// the canvas for every member count of the fixture) and the clamp is announced; a change that would break a
/// limit and cannot be moved (a layout, a flag) is refused with the reason; what passes is recorded for undo
/// with a description.
enum ParameterEditing {
    /// The backgrounds `b` (and stepping the background in the panel) cycles through: light grey, white, dark,
    /// transparent.
    static let backgroundCycle: [RGBA8] = [.lightGrey, .white, RGBA8(r: 34, g: 34, b: 34), .transparent]

    /// Moves `field` one fine or coarse step (`direction` -1 or +1): numbers by the field's steps starting from
    /// the value in force (for an automatic value, what the layout uses for the selected group) to the next
    /// multiple of the step, lists of numbers (grid spacing, item, insets) each number so, layouts
    /// through the registry, flags on and off, colours through `backgroundCycle`, member styles through
    /// `MemberStyle.cycle`, choices through their words. A parameter that changes nothing for the selected
    /// group (`ParameterUse`) is skipped with a message, and a tile radius stops where it rounds no more.
    static func step(_ state: inout AppState, _ field: ParameterField, direction: Int, coarse: Bool) {
        let parameters = state.parameters
        let value = field.value(in: parameters)
        if let reason = ParameterUse.unusedReason(field, in: parameters, memberCount: state.selectedMemberCount) {
            state.announce("\(field.name) has no effect: \(reason)")
            return
        }
        switch field.kind {
        case .layout:
            let kinds = LayoutRegistry.kinds
            let index = kinds.firstIndex(of: parameters.layout) ?? 0
            set(&state, field, to: .layout(kinds[(index + direction + kinds.count) % kinds.count]))
        case .flag:
            set(&state, field, to: .flag(value != .flag(true)))
        case .color:
            let cycle = backgroundCycle
            let shown: RGBA8?
            if case .color(let color)? = value ?? field.automaticValue(in: parameters, memberCount: 0) {
                shown = color
            } else {
                shown = nil
            }
            let current = shown.flatMap(cycle.firstIndex(of:)) ?? (direction > 0 ? -1 : 0)
            set(&state, field, to: .color(cycle[(current + direction + cycle.count) % cycle.count]))
        case .memberStyle:
            let cycle = MemberStyle.cycle
            let current = cycle.firstIndex(of: parameters.memberStyle) ?? (direction > 0 ? -1 : 0)
            set(&state, field, to: .memberStyle(cycle[(current + direction + cycle.count) % cycle.count]))
        case .choice:
            let choices = field.choices
            guard !choices.isEmpty else { return }
            let current =
                value.flatMap { value in choices.firstIndex { $0 == ParameterField.text(of: value) } }
                ?? (direction > 0 ? -1 : 0)
            set(&state, field, to: .choice(choices[(current + direction + choices.count) % choices.count]))
        case .number, .integer:
            guard let steps = field.steps else { return }
            if case .relative(let length)? = value {
                stepRelative(&state, field, length, direction: direction, coarse: coarse)
                return
            }
            let start = startingNumber(field, parameters, memberCount: state.selectedMemberCount)
            var wanted = stepped(start, by: coarse ? steps.coarse : steps.fine, direction: direction)
            if direction > 0,
                let useful = ParameterUse.usefulMaximum(
                    field, in: parameters,
                    memberCounts: state.memberCounts)
            {
                // Beyond it the pixels stay the same (a radius past half the tile rounds nothing more); the
                // stop is in hundredths, as the panel shows it.
                let cap = (useful * 100).rounded(.down) / 100
                guard start < cap - 1e-9 else {
                    state.announce(
                        "\(field.name) has no effect beyond \(text(field, parameters)): "
                            + "no tile is wider than \(formatNumber((useful * 200).rounded() / 100)) pt")
                    return
                }
                wanted = min(wanted, cap)
            }
            set(&state, field, to: field.kind == .integer ? .integer(Int(wanted.rounded())) : .number(wanted))
        case .numbers:
            guard let steps = field.steps else { return }
            if case .relative(let length)? = value {
                stepRelative(&state, field, length, direction: direction, coarse: coarse)
                return
            }
            let automatic = field.automaticValue(in: parameters, memberCount: state.selectedMemberCount)
            guard case .numbers(let start)? = value ?? automatic else {
                state.announce("\(field.label): press Enter to type a value")
                return
            }
            let step = coarse ? steps.coarse : steps.fine
            set(&state, field, to: .numbers(start.map { stepped($0, by: step, direction: direction) }))
        }
    }

    /// Steps of relative values, in percent of their base: one, or five.
    static let relativeSteps = (fine: 1.0, coarse: 5.0)

    /// Steps the relative `length` of `field` by `relativeSteps` to the next multiple of the step. A share of the
    /// canvas stops where a tile radius rounds no more (a share of the tile stops at half the tile, its range).
    private static func stepRelative(
        _ state: inout AppState, _ field: ParameterField, _ length: RelativeLength, direction: Int, coarse: Bool
    ) {
        let parameters = state.parameters
        var wanted = length
        wanted.percent = stepped(
            length.percent, by: coarse ? relativeSteps.coarse : relativeSteps.fine, direction: direction)
        if direction > 0, length.base == .canvas,
            let useful = ParameterUse.usefulMaximum(field, in: parameters, memberCounts: state.memberCounts)
        {
            let cap = field.relative(points: useful, of: .canvas, in: parameters, memberCount: 1).percent
            let shown = (cap * 100).rounded(.down) / 100
            guard length.percent < shown - 1e-9 else {
                state.announce(
                    "\(field.name) has no effect beyond \(text(field, parameters)): "
                        + "no tile is wider than \(formatNumber((useful * 200).rounded() / 100)) pt")
                return
            }
            wanted.percent = min(wanted.percent, shown)
        }
        set(&state, field, to: .relative(wanted))
    }

    /// `%`: turns the value of `field` (the panel's selected row) from points into a percentage of its base
    /// (the tile for a tile radius, else the canvas) or back, keeping the length drawn for the selected group
    /// to a hundredth (of a percent or a point); an automatic value is converted from what the layout uses. A list
    /// of lengths (a grid spacing) converts when it is one length.
    static func toggleRelative(_ state: inout AppState, _ field: ParameterField) {
        let parameters = state.parameters
        let count = state.selectedMemberCount
        guard let base = field.relativeBases.last else {
            state.announce(
                "% converts margin, padding, radii and grid spacing between pt and %: \(field.label) takes neither")
            return
        }
        if let reason = ParameterUse.unusedReason(field, in: parameters, memberCount: count) {
            state.announce("\(field.name) has no effect: \(reason)")
            return
        }
        let value = field.value(in: parameters)
        guard
            let points = field.points(
                of: value ?? field.automaticValue(in: parameters, memberCount: count),
                in: parameters, memberCount: count)
        else {
            state.announce("\(field.name): % converts a single length, not \(text(field, parameters))")
            return
        }
        if case .relative = value {
            let rounded = (points * 100).rounded() / 100
            set(&state, field, to: field.kind == .number(unit: .points) ? .number(rounded) : .numbers([rounded]))
        } else {
            var length = field.relative(points: points, of: base, in: parameters, memberCount: count)
            length.percent = (length.percent * 100).rounded() / 100
            set(&state, field, to: .relative(length))
        }
    }

    /// One step from `start`: to the next multiple of `step` in `direction`, so that a step from an automatic
    /// value (7.33) lands on the step grid (8, not 8.33) and the values a designer sees, exports and saves are
    /// round numbers.
    static func stepped(_ start: Double, by step: Double, direction: Int) -> Double {
        let position = start / step
        // A value on the grid up to float noise counts as on it.
        let onGrid = abs(position - position.rounded()) < 1e-9
        let next =
            onGrid
            ? position.rounded() + Double(direction)
            : direction > 0 ? position.rounded(.up) : position.rounded(.down)
        return next * step
    }

    /// Sets `field` to `value` (nil: automatic), within the limits: a number beyond them stops at the last
    /// allowed value, anything else that breaks them is refused; either is announced. `clampedFrom` is what the
    /// user typed when `ParameterField.parseClamping` already moved it into the field's own range.
    static func set(
        _ state: inout AppState, _ field: ParameterField, to value: ParameterValue?,
        clampedFrom: String? = nil
    ) {
        var candidate = state.parameters
        // A list of numbers moves into the field's own range here (single numbers are moved below, with the
        // other limits).
        let value = value.map { value in
            if case .numbers = value { return field.clamped(value, for: candidate) }
            return value
        }
        field.assign(value, to: &candidate)
        var message = clampedFrom.map { "\(field.name) \($0) is out of range: using \(text(field, candidate))" }
        if let problem = CompositionLimits.problem(candidate, memberCounts: state.memberCounts) {
            let wanted: Double
            var base: RelativeLength.Base?
            switch value {
            case .number(let number)?: wanted = number
            case .integer(let number)?: wanted = Double(number)
            case .relative(let length)?: (wanted, base) = (length.percent, length.base)
            default:
                state.announce("\(field.name) \(value.map(ParameterField.text(of:)) ?? "auto") not applied: \(problem)")
                return
            }
            let wantedText = clampedFrom ?? text(field, candidate)
            let allowed = CompositionLimits.closestAllowed(
                field, from: state.parameters, toward: wanted,
                memberCounts: state.memberCounts, relative: base)
            candidate = state.parameters
            let stop: ParameterValue =
                if let base { .relative(RelativeLength(percent: allowed, of: base)) } else if field.kind == .integer {
                    .integer(Int(allowed))
                } else { .number(allowed) }
            field.assign(stop, to: &candidate)
            message = "\(field.name) stops at \(text(field, candidate)) (at \(wantedText): \(problem))"
        }
        if let message { state.announce(message) }
        commit(&state, to: candidate)
    }

    /// Makes `parameters` current, recording the change for undo (nothing happens when nothing changes).
    /// `label` names a change of many parameters at once ("reset", "preset tight").
    /// `swapsPinned`: the current parameters become the pinned A (`s` swaps A and B), and undo and redo swap back.
    static func commit(
        _ state: inout AppState, to parameters: CompositionParameters, label: String? = nil, swapsPinned: Bool = false
    ) {
        guard parameters != state.parameters else { return }
        let changes = describe(from: state.parameters, to: parameters, memberCount: state.selectedMemberCount)
        let description = label.map { changes.isEmpty ? $0 : "\($0): \(changes)" } ?? changes
        state.undoStack.append(
            ParameterEdit(
                before: state.parameters, after: parameters, description: description, swapsPinned: swapsPinned))
        if swapsPinned { state.pinned = state.parameters }
        if state.undoStack.count > AppState.undoLimit { state.undoStack.removeFirst() }
        state.redoStack = []
        state.parameters = parameters
    }

    /// `u`: back to the parameters (or a group's members) before the last change; the group whose members
    /// came back is to be drawn again.
    static func undo(_ state: inout AppState) -> [Effect] {
        replay(&state, from: \.undoStack, to: \.redoStack, undoing: true, done: "Undone", nothing: "Nothing to undo")
    }

    /// `U` / Ctrl-R: the last undone change again.
    static func redo(_ state: inout AppState) -> [Effect] {
        replay(&state, from: \.redoStack, to: \.undoStack, undoing: false, done: "Redone", nothing: "Nothing to redo")
    }

    /// Moves the last edit of one history to the other, making its before (`undoing`) or after side current,
    /// and says so.
    private static func replay(
        _ state: inout AppState, from source: WritableKeyPath<AppState, [ParameterEdit]>,
        to target: WritableKeyPath<AppState, [ParameterEdit]>, undoing: Bool, done: String,
        nothing: String
    ) -> [Effect] {
        guard let edit = state[keyPath: source].popLast() else {
            state.announce(nothing)
            return []
        }
        if edit.swapsPinned { state.pinned = state.parameters }
        state.parameters = undoing ? edit.before : edit.after
        state[keyPath: target].append(edit)
        state.announce("\(done): \(edit.description)")
        guard let change = edit.members else { return [] }
        state.setMembers(undoing ? change.before : change.after, ofGroup: change.groupID)
        return [.invalidateComposites([change.groupID])]
    }

    /// What changed, parameter by parameter: "margin 9.3 → 8.3, layout wechat → qq" (at most three named,
    /// then how many more).
    static func describe(from old: CompositionParameters, to new: CompositionParameters, memberCount: Int) -> String {
        let fields = ParameterCatalogue.all.filter { field in
            ParameterCatalogue.fields(for: old.layout).contains { $0.name == field.name }
                || ParameterCatalogue.fields(for: new.layout).contains { $0.name == field.name }
        }
        let changes = fields.compactMap { field -> String? in
            guard field.value(in: old) != field.value(in: new) else { return nil }
            return "\(field.name) \(ParameterSummary.shortValue(field, old, memberCount: memberCount)) → "
                + ParameterSummary.shortValue(field, new, memberCount: memberCount)
        }
        guard changes.count > 3 else { return changes.joined(separator: ", ") }
        return changes.prefix(3).joined(separator: ", ") + " and \(changes.count - 3) more"
    }

    /// The number stepping starts from: the value set, else what the layout uses (`automaticValue`), else the
    /// bottom of the range.
    private static func startingNumber(
        _ field: ParameterField, _ parameters: CompositionParameters,
        memberCount: Int
    ) -> Double {
        let value = field.value(in: parameters) ?? field.automaticValue(in: parameters, memberCount: memberCount)
        switch value {
        case .number(let number)?: return number
        case .integer(let number)?: return Double(number)
        default: return field.range(in: parameters)?.lowerBound ?? 0
        }
    }

    /// The value as the messages show it, with its unit ("24.75 pt"; a relative one as typed, "5%").
    private static func text(_ field: ParameterField, _ parameters: CompositionParameters) -> String {
        let value = field.value(in: parameters)
        let text = value.map(ParameterField.text(of:)) ?? "auto"
        if case .number? = value, field.kind == .number(unit: .points) { return text + " pt" }
        return text
    }
}
