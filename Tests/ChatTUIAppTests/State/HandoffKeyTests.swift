import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// The spec hand-off from the app's keys: `e` and `E` ask for it when the runtime writes specs, and the `E`
/// prompt names it among the files.
@Suite struct SpecHandoffKeyTests {
    private let keys = KeyPresser()

    private func state(writesSpecs: Bool) -> AppState {
        var state = ViewFixtures.state(groups(withMembers: [4]))
        state.writesSpecs = writesSpecs
        return state
    }

    @Test func eAndEAskForTheSpecWhenTheRuntimeWritesSpecs() {
        for writes in [true, false] {
            guard case .export(let request)? = keys.press(chars("e"), on: state(writesSpecs: writes)).1.first else {
                Issue.record("e exported nothing")
                return
            }
            #expect(request.writesSpec == writes)
            let prompted = keys.state(after: chars("E"), on: state(writesSpecs: writes))
            guard case .export(let typedRequest)? = keys.press([.enter], on: prompted).1.first else {
                Issue.record("E and Enter exported nothing")
                return
            }
            #expect(typedRequest.writesSpec == writes)
        }
    }

    @Test func thePromptNamesTheSpecWithTheImages() {
        var prompted = keys.state(after: chars("xE"), on: state(writesSpecs: true))
        #expect(prompted.prompt?.note == "→ out/g0.png, out/g0@2x.png, out/g0@3x.png, out/g0.spec.json")
        prompted = keys.state(after: [.control("u")] + chars("a.png"), on: prompted)
        #expect(prompted.prompt?.note == "→ a.png, a@2x.png, a@3x.png, a.spec.json")
        let plain = keys.state(after: chars("E"), on: state(writesSpecs: false))
        #expect(plain.prompt?.note == "→ out/g0.png")
    }
}

/// A/B as data: `a` lists what differs between the pinned A and B; Enter copies A's value into B (undoable),
/// `s` swaps them, Esc closes.
@Suite struct ComparisonKeyTests {
    private let keys = KeyPresser()
    private let start = ViewFixtures.state(groups(withMembers: [4, 9]))

    /// A pinned at the start, then B with more margin and another layout.
    private func tuned() -> AppState {
        keys.state(after: chars("p]]]l"), on: start)
    }

    @Test func aWithNothingPinnedSaysSo() {
        let next = keys.state(after: chars("a"), on: start)
        #expect(next.overlay == nil)
        #expect(next.status.hasPrefix("Nothing pinned: p pins the current parameters as A"))
    }

    @Test func aListsTheParametersThatDiffer() throws {
        let state = tuned()
        let pinned = try #require(state.pinned)
        #expect(KeyBindings.differingFields(pinned, state.parameters).map(\.name) == ["layout", "margin"])
        let open = keys.state(after: chars("a"), on: state)
        #expect(open.overlay == .comparison(selection: 0))
        #expect(KeyBindings.differingFields(pinned, pinned).isEmpty)
        // Esc closes and changes nothing.
        let closed = keys.state(after: [.escape], on: open)
        #expect(closed.overlay == nil && closed.parameters == state.parameters)
    }

    @Test func enterCopiesAsValueIntoBAndUndoTakesItBack() throws {
        let state = tuned()
        let pinned = try #require(state.pinned)
        // The second row is the margin.
        let copied = keys.state(after: chars("a") + [.down, .enter], on: state)
        #expect(copied.parameters.margin == pinned.margin)
        #expect(copied.parameters.layout == .qq)
        #expect(copied.status.hasPrefix("B takes A's margin"))
        // The copied row is gone; the selection stays on a row that is there.
        #expect(copied.overlay == .comparison(selection: 0))
        #expect(KeyBindings.differingFields(pinned, copied.parameters).map(\.name) == ["layout"])
        let undone = keys.state(after: [.escape] + chars("u"), on: copied)
        #expect(undone.parameters == state.parameters)
        // Copying the layout too leaves nothing that differs.
        let same = keys.state(after: [.enter], on: copied)
        #expect(same.parameters == pinned)
        #expect(KeyBindings.differingFields(pinned, same.parameters).isEmpty)
    }

    @Test func sSwapsAAndBUndoably() throws {
        let state = tuned()
        let pinned = try #require(state.pinned)
        let swapped = keys.state(after: chars("as"), on: state)
        #expect(swapped.parameters == pinned && swapped.pinned == state.parameters)
        #expect(swapped.overlay == .comparison(selection: 0))
        let back = keys.state(after: [.escape] + chars("u"), on: swapped)
        #expect(back.parameters == state.parameters)
        // Undoing the swap pins the old A again, and redoing it swaps once more.
        #expect(back.pinned == pinned)
        let again = keys.state(after: chars("U"), on: back)
        #expect(again.parameters == pinned && again.pinned == state.parameters)
    }

    @Test func anOptionOfAsLayoutIsNotCopiedIntoALayoutWithoutIt() throws {
        // A: qq with centre rings; B: back to wechat.
        var qq = start
        qq.parameters.layout = .qq
        let ringsField = try #require(ParameterCatalogue.field(named: "centre-rings"))
        ringsField.assign(.flag(true), to: &qq.parameters)
        var state = keys.state(after: chars("pllll"), on: qq)
        #expect(state.parameters.layout == .wechat)
        // Options stay stored across layouts; B's has its ring option off.
        ringsField.assign(.flag(false), to: &state.parameters)
        let pinned = try #require(state.pinned)
        let fields = KeyBindings.differingFields(pinned, state.parameters).map(\.name)
        #expect(fields == ["layout", "centre-rings"])
        let refused = keys.state(after: chars("a") + [.down, .enter], on: state)
        #expect(refused.parameters == state.parameters)
        #expect(refused.status == "centre-rings belongs to the qq layout, not wechat: copy the layout first")
    }

    @Test func theHelpListsA() {
        #expect(KeyBindings.help.contains { $0.keys == "a" && $0.action.contains("s swaps A and B") })
    }
}

@Suite struct SessionFileTests {
    /// The session file is `JSONWriter`'s text: one key per line, each preset on one line, read back whole.
    @Test func theSessionFileIsWrittenByTheJSONWriter() throws {
        var parameters = CompositionParameters(layout: .qq, margin: 6)
        parameters.background = .white
        let record = SessionRecord(
            parameters: parameters, pinned: CompositionParameters(margin: 3), groupID: "ride\u{1B}",
            exportScales: [1, 2], panelVisibility: .shown, panelRow: "margin")
        let lines = record.jsonText.split(separator: "\n").map(String.init)
        #expect(lines.first == "{" && lines.last == "}")
        #expect(lines.contains("    \"current\": {\"layout\": \"qq\", \"margin\": 6, \"background\": \"#FFFFFF\"},"))
        #expect(lines.contains("  \"group\": \"ride\\u001B\","))
        #expect(!record.jsonText.unicodeScalars.contains("\u{1B}"))
        #expect(try SessionRecord.decode(Array(record.jsonText.utf8), path: "/s.json") == record)
        #expect(throws: AppError.unreadableSession("/s.json: the top level: expected an object {\"presets\": {...}}")) {
            try SessionRecord.decode(Array("[]".utf8), path: "/s.json")
        }
    }
}

/// The presets overlay: the highlighted preset previewed without being committed until Enter; `d` deletes
/// after a question, `r` renames through a prompt; both write the file (merged under its lock).
@Suite struct PresetManagementKeyTests {
    private let keys = KeyPresser()

    private func state() -> AppState {
        var file = PresetFile(path: "/config/presets.json")
        file.save(CompositionParameters(layout: .qq), as: "round")
        file.save(CompositionParameters(margin: 3), as: "tight")
        var state = ViewFixtures.state(groups(withMembers: [4]))
        state.presets = file
        return state
    }

    @Test func theHighlightedPresetIsPreviewedAndOnlyEnterCommitsIt() throws {
        let start = state()
        let opened = keys.state(after: chars("o"), on: start)
        #expect(opened.parameters.layout == .qq && opened.undoStack.isEmpty)
        let moved = keys.state(after: [.down], on: opened)
        #expect(moved.parameters.margin == 3 && moved.parameters.layout == .wechat && moved.undoStack.isEmpty)
        // Closing without Enter brings the parameters back.
        let closed = keys.state(after: [.escape], on: moved)
        #expect(closed.parameters == start.parameters && closed.presetPreview == nil && closed.overlay == nil)
        // Enter commits, undoably.
        let applied = keys.state(after: [.enter], on: moved)
        #expect(applied.parameters.margin == 3 && applied.undoStack.count == 1 && applied.presetPreview == nil)
        #expect(keys.state(after: chars("u"), on: applied).parameters == start.parameters)
        // Ctrl-C while previewing keeps the parameters before the preview for the next session.
        #expect(keys.press([.ctrlC], on: moved).1.first == .saveSession(SessionRecord(of: start)))
    }

    @Test func dDeletesAfterAQuestion() throws {
        let start = state()
        let asked = keys.state(after: chars("o") + [.down] + chars("d"), on: start)
        #expect(asked.parameters == start.parameters && asked.overlay == nil)
        #expect(asked.question?.text == "Delete the preset tight? (y/n)")
        guard case .savePresets(let saved)? = keys.press(chars("y"), on: asked).1.first else {
            Issue.record("y saved nothing")
            return
        }
        #expect(saved.presets.map(\.name) == ["round"] && saved.unsavedChanges.last == .delete(name: "tight"))
        #expect(keys.press(chars("n"), on: asked).1.isEmpty)
    }

    @Test func rRenamesThroughAPrompt() throws {
        let start = state()
        let prompted = keys.state(after: chars("or"), on: start)
        #expect(prompted.prompt?.purpose == .presetRename(from: "round") && prompted.prompt?.editor.text == "round")
        #expect(prompted.prompt?.label == "Rename preset round to: ")
        let typed = keys.state(after: [.control("u")] + chars("circles"), on: prompted)
        guard case .savePresets(let saved)? = keys.press([.enter], on: typed).1.first else {
            Issue.record("Enter saved nothing")
            return
        }
        #expect(saved.presets.map(\.name) == ["circles", "tight"])
        // Onto a name in use: asked first.
        let onto = keys.state(after: [.control("u")] + chars("tight") + [.enter], on: prompted)
        #expect(onto.question?.text == "Replace the preset tight? (y/n)")
    }
}
