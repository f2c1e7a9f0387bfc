import Fixtures
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// The key map: the part of `AppReducer` that turns a key into the next state plus effects.
///
/// Keys go to the first thing that is open: a yes/no question, a line prompt, the filter editor, the help,
/// an overlay, the focused panel (which passes on the keys it does not use); then to the chat list and the
/// single-key commands. The parts live in `KeyBindings+Panel.swift`, `KeyBindings+Prompts.swift`,
/// `KeyBindings+ActualPixels.swift` and `KeyBindings+Help.swift`.
package enum KeyBindings {
    /// Why `P` and Tab show no panel on a narrow terminal.
    static let panelTooNarrow =
        "The panel needs a terminal \(ScreenLayout.requestedPanelWidth) columns wide; "
        + "it shows when the terminal is widened"

    /// Zoom step of `+` and `-`, in percent.
    package static let zoomStep = 25

    /// The state after `key`, and what the runtime must do about it.
    static func reduce(_ state: AppState, _ key: Key, metrics: ListMetrics) -> (AppState, [Effect]) {
        var next = state
        if key == .ctrlC {
            endPresetPreview(&next)
            next.shouldQuit = true
            return (next, [.saveSession(SessionRecord(of: next)), .quit])
        }
        if key == .resize {
            // A resize is a full repaint, pictures too, even to the same size: a terminal re-attached (as
            // `dtach -r winch` signals it) or reset and then resized holds none of what was drawn.
            keepSelectionVisible(&next, metrics)
            return (next, [.repaint])
        }
        if next.question != nil { return answer(next, key) }
        if next.prompt != nil { return editPrompt(next, key) }
        if var editor = next.filterEditor {
            switch key {
            case .enter:
                next.filterEditor = nil
                next.promptHistory.record(editor.text, in: Self.filterHistory)
                return (next, [])
            case .escape:
                next.filterEditor = nil
                clearFilter(&next, metrics)
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
            if let scroll = scrolled(next.overlayScroll, by: key, lineCount: help.count) {
                next.overlayScroll = scroll
            } else {
                next.showsHelp = false
            }
            return (next, [])
        }
        if next.overlay != nil { return browseOverlay(next, key) }
        if next.panel.isFocused && metrics.panelIsShown, let handled = panelKey(next, key) { return (handled, []) }
        if let handled = actualPixelsKey(next, key, shown: metrics.actualPixelsShown) { return (handled, []) }
        if let handled = sheetKey(next, key) { return handled }
        return commandKey(next, key, metrics)
    }

    /// The chat list and the single-key commands.
    private static func commandKey(_ state: AppState, _ key: Key, _ metrics: ListMetrics) -> (AppState, [Effect]) {
        var next = state
        var effects: [Effect] = []
        switch key {
        case .escape where !next.filter.isEmpty:
            // Esc backs out of a kept filter, as in other list-and-filter tools; `/` then ↑ brings it back.
            clearFilter(&next, metrics)
        case .escape:
            // Esc closes things; it never ends the session (one Esc too many lost the tuning).
            next.announce("Nothing to close: q quits")
        case .character("q"):
            return quit(next)
        case .up, .character("k"): moveSelection(&next, by: -1, metrics)
        case .down, .character("j"): moveSelection(&next, by: 1, metrics)
        case .wheelUp(let x, let y): wheel(&next, at: x, y, direction: 1, metrics)
        case .wheelDown(let x, let y): wheel(&next, at: x, y, direction: -1, metrics)
        case .pageUp: moveSelection(&next, by: -max(1, metrics.visibleRowCount), metrics)
        case .pageDown: moveSelection(&next, by: max(1, metrics.visibleRowCount), metrics)
        case .home, .character("g"): moveSelection(&next, by: -next.matches.count, metrics)
        case .end, .character("G"): moveSelection(&next, by: next.matches.count, metrics)
        case .mouse(let x, let y): effects += select(&next, clickAt: x, y, metrics)
        case .character("/"):
            next.filterEditor = LineEditor(next.filter, recall: next.promptHistory.recall(Self.filterHistory))
        case .character("?"):
            next.showsHelp = true
            next.overlayScroll = 0
        case .character("c"):
            next.showsComparison.toggle()
        case .character("I"): openInspector(&next)
        case .character("i"):
            next.showsGuides.toggle()
            next.announce(
                next.showsGuides
                    ? "Guides: tile frames, margin, padding, edges and gaps in pt and px; i hides them"
                    : "Guides hidden")
        case .character("1"):
            next.actualPixels = ActualPixelsView()
            next.announce("1:1 view: arrows or h j k l pan, + - enlarge, 1 or Esc back to the fitted preview")
        case .character("+"), .character("="):
            next.zoomPercent = min(AppState.zoomRange.upperBound, next.zoomPercent + zoomStep)
        case .character("-"), .character("_"):
            next.zoomPercent = max(AppState.zoomRange.lowerBound, next.zoomPercent - zoomStep)
        case .character("e"):
            if let group = next.selectedGroup {
                effects.append(export(&next, group, to: next.defaultExportPath(for: group), usesDefaultName: true))
            }
        case .character("E"):
            if let group = next.selectedGroup {
                let path = next.defaultExportPath(for: group)
                next.prompt = Prompt(
                    purpose: .exportPath,
                    editor: LineEditor(path, suggested: true, recall: next.promptHistory.recall("export")),
                    note: exportNote(next, path))
            }
        case .character("u"): effects += ParameterEditing.undo(&next)
        case .character("U"), .control("r"): effects += ParameterEditing.redo(&next)
        case .character("n"): effects += MemberEditing.add(&next)
        case .character("N"): effects += MemberEditing.drop(&next)
        case .character("p"): togglePin(&next)
        case .character("a"): openComparison(&next)
        case .character("y"), .character("Y"): effects += share(&next, asJSON: key == .character("Y"))
        case .character("w"):
            next.overlay = .warnings
            next.overlayScroll = 0
        case .character("o"):
            next.overlay = .presets(selection: 0)
            previewPreset(&next, at: 0)
        case .character("s"):
            if next.presets == nil {
                next.announce("Presets cannot be saved: \(next.presetsUnavailableReason)", warning: true)
            } else {
                next.prompt = Prompt(
                    purpose: .presetName, editor: LineEditor(recall: next.promptHistory.recall("preset")))
            }
        case .character("x"): cycleExportScales(&next, direction: 1)
        case .character("%"):
            if case .parameter(let field) = PanelRow.row(named: next.panel.selectedRow, for: next.parameters) {
                ParameterEditing.toggleRelative(&next, field)
            } else {
                next.announce(
                    "% converts the panel's selected margin, padding, radius or grid spacing between pt and %")
            }
        case .tab:
            next.panel.isFocused = true
            if !metrics.panelIsShown { next.panel.visibility = .shown }
            if !metrics.panelIsShown && !metrics.panelFits { next.announce(panelTooNarrow) }
        case .character("P"):
            next.panel.visibility = metrics.panelIsShown ? .hidden : .shown
            next.panel.isFocused = next.panel.isFocused && !metrics.panelIsShown
            if !metrics.panelIsShown && !metrics.panelFits { next.announce(panelTooNarrow) }
        case .character(let character):
            parameterKey(&next, character)
        default:
            break
        }
        return (next, effects)
    }

    /// The `PromptHistory` kind of the `/` filter.
    static let filterHistory = "filter"

    /// Esc on the filter (being typed or kept): the list shows every group again, and the filter goes to the
    /// history, so `/` then ↑ brings it back.
    private static func clearFilter(_ state: inout AppState, _ metrics: ListMetrics) {
        let text = state.filterEditor?.text ?? state.filter
        state.filterEditor = nil
        guard !state.filter.isEmpty || !text.isEmpty else { return }
        state.promptHistory.record(state.filter.isEmpty ? text : state.filter, in: filterHistory)
        state.setFilter("")
        keepSelectionVisible(&state, metrics)
        state.announce("Filter cleared: / then ↑ brings it back")
    }

    /// `q`: quits, keeping the session for the next start; asks first when the parameters were not exported
    /// or saved as a preset.
    private static func quit(_ state: AppState) -> (AppState, [Effect]) {
        var next = state
        let effects: [Effect] = [.saveSession(SessionRecord(of: state)), .quit]
        guard state.parameters == state.handedOff else {
            next.question = Question(
                text: "Quit? These parameters are not exported or saved as a preset (the session keeps them) (y/n)",
                onYes: effects)
            return (next, [])
        }
        next.shouldQuit = true
        return (next, effects)
    }

    /// The single parameter keys: `l` layout, `[` `]` margin, `{` `}` canvas corner radius, `(` `)` tile corner
    /// radius (fine steps), `b` background, `m` member style, `0` reset.
    private static func parameterKey(_ state: inout AppState, _ character: Character) {
        let steps: [Character: (name: String, direction: Int)] = [
            "l": ("layout", 1), "[": ("margin", -1), "]": ("margin", 1), "{": ("corner-radius", -1),
            "}": ("corner-radius", 1), "(": ("tile-radius", -1), ")": ("tile-radius", 1), "b": ("background", 1),
            "m": ("member-style", 1),
        ]
        if character == "0" {
            reset(&state)
            return
        }
        guard let (name, direction) = steps[character], let field = ParameterCatalogue.field(named: name) else {
            return
        }
        ParameterEditing.step(&state, field, direction: direction, coarse: false)
    }

    /// `0`: back to the restored session's parameters, or to the start's (the defaults or the command line's)
    /// when the parameters are those of the restored session already; so with a restored session, `0` offers
    /// both in turn.
    private static func reset(_ state: inout AppState) {
        let restored = state.restoredParameters.flatMap {
            CompositionLimits.problem($0, memberCounts: state.memberCounts) == nil ? $0 : nil
        }
        let (target, label, name): (CompositionParameters, String, String) =
            if let restored, state.parameters != restored {
                (restored, "reset to the restored session", "the restored session's parameters (0 again: the start's)")
            } else {
                (state.initialParameters, "reset", "the start's parameters")
            }
        guard state.parameters != target else {
            state.announce("The parameters are already those of the start")
            return
        }
        ParameterEditing.commit(&state, to: target, label: label)
        state.announce("Reset to \(name) (u undoes): \(state.undoStack.last?.description ?? "")")
    }

    /// `e` and Enter in the `E` prompt: the export of `group` to `target` at the chosen scales.
    static func export(
        _ state: inout AppState, _ group: ChatGroup, to target: String,
        usesDefaultName: Bool = false
    ) -> Effect {
        state.announce(
            (state.membersAreEdited(group.id)
                ? "Exporting the members shown (edited in the session) to " : "Exporting to ")
                + "\(target)…")
        var request = ExportRequest(
            group: group, parameters: state.parameters, scales: state.effectiveExportScales,
            target: target)
        request.usesDefaultName = usesDefaultName
        request.writesSpec = state.writesSpecs
        return .export(request)
    }

    /// `p`: pins the current parameters as A, or unpins them.
    private static func togglePin(_ state: inout AppState) {
        if state.pinned == nil {
            state.pinned = state.parameters
            state.announce("Pinned the current parameters as A; keep tuning B, p again unpins")
        } else {
            state.pinned = nil
            state.announce("Unpinned A")
        }
    }

    /// `y`: the `chat-tui export` command for the selected group; `Y`: the parameters as preset JSON. Shown in
    /// an overlay and copied to the clipboard.
    private static func share(_ state: inout AppState, asJSON: Bool) -> [Effect] {
        let text: String
        if asJSON {
            text = ParameterSharing.json(ParameterSharing.settings(of: state.parameters))
        } else {
            guard let group = state.selectedGroup else {
                state.announce("Select a group to share its export command")
                return []
            }
            // The export `e` makes, at its scales and with its spec, named as its spec's command names it.
            let scales = state.effectiveExportScales
            var parameters = state.parameters
            if scales.count == 1 { parameters.scale = scales[0] }
            let name = OutputNaming.fileName(for: group)
            let output = scales.count == 1 ? OutputNaming.scaledPath(name, scale: scales[0]) : name
            text =
                editedMembersNote(state, group)
                + ParameterSharing.exportCommand(
                    parameters, fixturePath: state.fixturePath, groupID: group.id, output: output,
                    scales: scales.count > 1 ? scales : nil, spec: state.writesSpecs)
        }
        state.overlay = .shared(title: asJSON ? "Preset JSON" : "Export command", text: text)
        return [.copy(text)]
    }

    /// For a group whose members were changed in this session (`n`, `N`): a shell comment line saying that the
    /// command exports the fixture's members, not the ones shown, and which those are; empty otherwise.
    static func editedMembersNote(_ state: AppState, _ group: ChatGroup) -> String {
        guard state.membersAreEdited(group.id) else { return "" }
        let ids = group.members.map { Sanitizer.clean($0.id) }.joined(separator: " ")
        return "# members edited in the session (the fixture is unchanged; this command exports its members): "
            + "\(group.members.count) shown: \(ids)\n"
    }

    /// `x` (and stepping the panel's Export row): the next set of export scales.
    static func cycleExportScales(_ state: inout AppState, direction: Int) {
        let choices = PanelRow.exportScaleChoices
        let index = choices.firstIndex { $0 == state.exportScales } ?? 0
        state.exportScales = choices[(index + direction + choices.count) % choices.count]
        state.announce("Export at \(PanelRow.exportScalesText(state))")
    }

    private static func moveSelection(_ state: inout AppState, by delta: Int, _ metrics: ListMetrics) {
        guard !state.matches.isEmpty else { return }
        state.selection = min(max(0, state.selection + delta), state.matches.count - 1)
        keepSelectionVisible(&state, metrics)
    }

    /// A click: on a list row selects that group, on a panel row selects that row and focuses the panel, on a
    /// cell of the variants sheet selects that variant (and applies it when it was selected already), on the
    /// sheet's context row switches its theme.
    private static func select(
        _ state: inout AppState, clickAt x: Int, _ y: Int, _ metrics: ListMetrics
    ) -> [Effect] {
        var effects: [Effect] = []
        switch MouseTarget.at(x: x, y: y, state: state, metrics: metrics) {
        case .listRow(let position):
            state.selection = position
            keepSelectionVisible(&state, metrics)
        case .panelRow(let name):
            state.panel.selectedRow = name
            state.panel.isFocused = true
        case .sheetVariant(let index) where state.sheetSelection == index:
            effects += applySheetSelection(&state)
        case .sheetVariant(let index):
            selectSheetCell(&state, index)
        case .sheetContextRow:
            switchSheetTheme(&state)
        case .elsewhere:
            break
        }
        return effects
    }

    /// The wheel (`direction` 1 up, -1 down): over a panel row it steps that row's value (a fine step, as ← →),
    /// anywhere else it moves the list's selection (up: the previous group).
    private static func wheel(_ state: inout AppState, at x: Int, _ y: Int, direction: Int, _ metrics: ListMetrics) {
        guard case .panelRow(let name) = MouseTarget.at(x: x, y: y, state: state, metrics: metrics) else {
            moveSelection(&state, by: -direction, metrics)
            return
        }
        state.panel.selectedRow = name
        switch PanelRow.row(named: name, for: state.parameters) {
        case .parameter(let field): ParameterEditing.step(&state, field, direction: direction, coarse: false)
        case .exportScales: cycleExportScales(&state, direction: direction)
        }
    }

    /// Clamps the selection to the matches and scrolls just enough to show it, without leaving empty rows at the
    /// bottom when the list could be full.
    static func keepSelectionVisible(_ state: inout AppState, _ metrics: ListMetrics) {
        let count = state.matches.count
        let visible = max(1, metrics.visibleRowCount)
        state.selection = min(max(0, state.selection), max(0, count - 1))
        var offset = min(state.scrollOffset, state.selection)
        if state.selection >= offset + visible { offset = state.selection - visible + 1 }
        state.scrollOffset = max(0, min(offset, count - visible))
    }
}
