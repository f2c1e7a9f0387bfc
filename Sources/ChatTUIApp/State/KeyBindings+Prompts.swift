import GroupExport
import GroupIcon
import TerminalUI

extension KeyBindings {
    /// A yes/no question: `y` or Enter carries it out, `n` or Esc drops it; other keys wait for an answer.
    static func answer(_ state: AppState, _ key: Key) -> (AppState, [Effect]) {
        var next = state
        guard let question = state.question else { return (next, []) }
        switch key {
        case .character("y"), .character("Y"), .enter:
            next.question = nil
            if question.onYes.contains(.quit) { next.shouldQuit = true }
            return (next, question.onYes)
        case .character("n"), .character("N"), .escape:
            next.question = nil
            next.announce("Cancelled")
        default:
            break
        }
        return (next, [])
    }

    /// A line prompt: editing keys edit, Esc closes it, Enter acts on the text.
    static func editPrompt(_ state: AppState, _ key: Key) -> (AppState, [Effect]) {
        var next = state
        guard var prompt = state.prompt else { return (next, []) }
        switch key {
        case .escape:
            next.prompt = nil
            // Typed text is never dropped silently: it is kept for ↑ the next time the prompt opens.
            if prompt.editor.isTyped {
                next.promptHistory.record(prompt.editor.text, in: prompt.historyKey)
                next.announce("Cancelled; ↑ in the prompt brings back what was typed")
            }
        case .enter:
            next.prompt = nil
            let text = prompt.editor.text.trimmingCharacters(in: .whitespaces)
            next.promptHistory.record(text, in: prompt.historyKey)
            switch prompt.purpose {
            case .exportPath:
                if let group = next.selectedGroup, !text.isEmpty { return (next, [export(&next, group, to: text)]) }
            case .value(let name):
                guard let field = ParameterCatalogue.field(named: name) else { break }
                do throws(ParameterError) {
                    let (value, wasClamped) = try field.parseClamping(text, for: next.parameters)
                    ParameterEditing.set(&next, field, to: value, clampedFrom: wasClamped ? text : nil)
                } catch {
                    // The prompt stays open with the text and says what is wrong at once, so the user can
                    // correct it.
                    prompt.note = "\(error)"
                    next.prompt = prompt
                }
            case .presetName:
                return savePreset(&next, named: text)
            case .presetRename(let name):
                return renamePreset(&next, name, to: text)
            }
        default:
            guard prompt.editor.apply(key) else { break }
            prompt.note = note(next, prompt)
            next.prompt = prompt
        }
        return (next, [])
    }

    /// What a prompt says beside the text as it is typed: for `E` the files Enter writes; for a value, why the
    /// text is refused (flagged before Enter), a colour's swatch (`Prompt.swatch`), or nothing.
    static func note(_ state: AppState, _ prompt: Prompt) -> String? {
        switch prompt.purpose {
        case .exportPath:
            return exportNote(state, prompt.editor.text)
        case .value(let name):
            guard let field = ParameterCatalogue.field(named: name) else { return nil }
            let text = prompt.editor.text.trimmingCharacters(in: .whitespaces)
            do throws(ParameterError) {
                _ = try field.parseClamping(text, for: state.parameters)
                return field.kind == .color && Prompt.color(of: text) != nil ? Prompt.swatch : nil
            } catch {
                return "\(error)"
            }
        case .presetName, .presetRename:
            return nil
        }
    }

    /// The `E` prompt's note: the files Enter writes for `text` at the chosen scales, the spec hand-off too.
    static func exportNote(_ state: AppState, _ text: String) -> String? {
        guard let group = state.selectedGroup else { return nil }
        let names = ExportPlanner.names(
            text.trimmingCharacters(in: .whitespaces), group: group,
            scales: state.effectiveExportScales, usesDefaultName: false, writesSpec: state.writesSpecs)
        return names.isEmpty ? nil : "→ " + names.joined(separator: ", ")
    }

    /// An overlay: the presets list is browsed with ↑ ↓ (the highlighted preset previewed), applied with
    /// Enter, `d` deletes and `r` renames the highlighted one; any other key closes it and drops the preview
    /// (as every key closes the warnings and shared-text overlays).
    static func browseOverlay(_ state: AppState, _ key: Key) -> (AppState, [Effect]) {
        var next = state
        if case .warnings = state.overlay,
            let scroll = scrolled(state.overlayScroll, by: key, lineCount: state.warnings.count)
        {
            next.overlayScroll = scroll
            return (next, [])
        }
        if case .comparison(let selection) = state.overlay {
            return (browseComparison(state, key, selection: selection), [])
        }
        guard case .presets(let selection) = state.overlay else {
            next.overlay = nil
            return (next, [])
        }
        let names = state.presets?.presets.map(\.name) ?? []
        switch key {
        case .up, .character("k"), .down, .character("j"):
            let moved =
                key == .up || key == .character("k")
                ? max(0, selection - 1) : min(max(0, names.count - 1), selection + 1)
            next.overlay = .presets(selection: moved)
            previewPreset(&next, at: moved)
        case .enter:
            next.overlay = nil
            endPresetPreview(&next)
            if names.indices.contains(selection) { applyPreset(&next, named: names[selection]) }
        case .character("d") where names.indices.contains(selection):
            next.overlay = nil
            endPresetPreview(&next)
            guard var presets = next.presets else { break }
            presets.delete(named: names[selection])
            next.question = Question(
                text: "Delete the preset \(names[selection])? (y/n)", onYes: [.savePresets(presets)])
        case .character("r") where names.indices.contains(selection):
            next.overlay = nil
            endPresetPreview(&next)
            next.prompt = Prompt(
                purpose: .presetRename(from: names[selection]), editor: LineEditor(names[selection]))
        default:
            next.overlay = nil
            endPresetPreview(&next)
        }
        return (next, [])
    }

    /// The presets overlay's preview: the preset at `index` shown (over the defaults, as Enter applies it)
    /// without being committed; one that breaks a limit here is not shown, and the parameters before the
    /// preview stay in `presetPreview` for closing it.
    static func previewPreset(_ state: inout AppState, at index: Int) {
        let original = state.presetPreview ?? state.parameters
        state.presetPreview = original
        state.parameters = original
        guard let presets = state.presets, presets.presets.indices.contains(index),
            let parameters = try? presets.parameters(named: presets.presets[index].name),
            CompositionLimits.problem(parameters, memberCounts: state.memberCounts) == nil
        else { return }
        state.parameters = parameters
    }

    /// Ends the presets overlay's preview: the parameters before it are current again.
    static func endPresetPreview(_ state: inout AppState) {
        if let original = state.presetPreview { state.parameters = original }
        state.presetPreview = nil
    }

    /// Enter in the `r` prompt: the preset called `name` renamed to `newName` and the file written; a name in
    /// use is replaced after a question.
    private static func renamePreset(_ state: inout AppState, _ name: String, to newName: String) -> (
        AppState, [Effect]
    ) {
        guard var presets = state.presets, !newName.isEmpty, newName != name else { return (state, []) }
        let replaces = presets.preset(named: newName) != nil
        presets.rename(name, to: newName)
        if replaces {
            state.question = Question(text: "Replace the preset \(newName)? (y/n)", onYes: [.savePresets(presets)])
            return (state, [])
        }
        return (state, [.savePresets(presets)])
    }

    /// Makes the preset called `name` current (over the defaults, so it looks the same whatever came before),
    /// unless it breaks a limit for this fixture's groups.
    private static func applyPreset(_ state: inout AppState, named name: String) {
        guard let presets = state.presets else { return }
        do throws(PresetError) {
            let parameters = try presets.parameters(named: name)
            if let problem = CompositionLimits.problem(parameters, memberCounts: state.memberCounts) {
                state.announce("Preset \(name) not applied: \(problem)", warning: true)
                return
            }
            ParameterEditing.commit(&state, to: parameters, label: "preset \(name)")
            state.announce("Applied preset \(name)")
        } catch {
            state.announce("\(error)", warning: true)
        }
    }

    /// Keeps the current parameters under `name` and asks the runtime to write the file; a name in use is
    /// replaced after a question.
    private static func savePreset(_ state: inout AppState, named name: String) -> (AppState, [Effect]) {
        guard var presets = state.presets, !name.isEmpty else { return (state, []) }
        let existed = presets.preset(named: name) != nil
        presets.save(state.parameters, as: name)
        if existed {
            state.question = Question(text: "Replace the preset \(name)? (y/n)", onYes: [.savePresets(presets)])
            return (state, [])
        }
        return (state, [.savePresets(presets)])
    }

    /// The first line a text overlay of `lineCount` lines shows after `key`: up and down one line, a page, to
    /// the start or the last line (the view stops at the last screenful); nil for any other key, which closes
    /// the overlay.
    static func scrolled(_ scroll: Int, by key: Key, lineCount: Int) -> Int? {
        let page = 10
        let last = max(0, lineCount - 1)
        switch key {
        case .up, .character("k"), .wheelUp: return max(0, scroll - 1)
        case .down, .character("j"), .wheelDown: return min(last, scroll + 1)
        case .pageUp: return max(0, scroll - page)
        case .pageDown: return min(last, scroll + page)
        case .home, .character("g"): return 0
        case .end, .character("G"): return last
        default: return nil
        }
    }
}
