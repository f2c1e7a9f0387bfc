import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Issue 35's "nothing lost": the session is written a moment after each change and when the app ends without
/// `q`, a restored session is named with its time and offered by `0`, and Esc never drops typed text.
@Suite struct NothingLostTests {
    let keys = KeyPresser()
    var nine: AppState { ViewFixtures.state(groups(withMembers: [9, 3])) }
    let second = AppReducer.sessionSaveNanoseconds

    private func reduce(_ state: AppState, _ event: AppEvent) -> (AppState, [Effect]) {
        AppReducer.reduce(state, event, metrics: keys.metrics)
    }

    @Test func aChangeIsSavedOneSaveWindowAfterTheTimerFirstSawIt() {
        let changed = keys.state(after: chars("]"), on: nine)
        // The first timer after the change starts the window; nothing is written yet.
        let (waiting, none) = reduce(changed, .timer(now: 10))
        #expect(none.isEmpty && waiting.sessionSaveDeadline == 10 + second)
        // More keys inside the window are written with it, once.
        let more = keys.state(after: chars("]"), on: waiting)
        #expect(reduce(more, .timer(now: 10 + second - 1)).1.isEmpty)
        let (saved, effects) = reduce(more, .timer(now: 10 + second))
        #expect(effects == [.saveSession(SessionRecord(of: more))])
        #expect(saved.sessionSaveDeadline == nil && saved.savedSession == SessionRecord(of: more))
        // Nothing changed since: later timers write nothing.
        #expect(reduce(saved, .timer(now: 20 * second)).1.isEmpty)
        // A state that came back to what was saved has nothing pending.
        #expect(reduce(nine, .timer(now: 5)).0.sessionSaveDeadline == nil)
    }

    @Test func theSessionIsWrittenAtOnceWhenItEndsWithoutQ() {
        let changed = keys.state(after: chars("]"), on: nine)
        let (ended, effects) = reduce(changed, .sessionEnding)
        #expect(effects == [.saveSession(SessionRecord(of: changed))])
        // Written already: ending again (or quitting's own save) writes nothing more.
        #expect(reduce(ended, .sessionEnding).1.isEmpty)
        #expect(reduce(nine, .sessionEnding).1.isEmpty)
    }

    @Test func aPresetPreviewIsNotSavedAsTheSession() {
        var previewing = nine
        previewing.presetPreview = previewing.parameters
        previewing.parameters.margin = 2
        #expect(SessionRecord(of: previewing).parameters == nine.parameters)
    }

    @Test func theRestoredSessionIsNamedWithItsTimeAndOfferedByZero() {
        var parameters = CompositionParameters()
        parameters.margin = 5
        let (restored, effects) = reduce(
            nine, .sessionRestored(SessionRecord(parameters: parameters), savedAt: "2026-12-07 06:40"))
        #expect(effects.isEmpty && restored.status.hasPrefix("Restored the session of 2026-12-07 06:40"))
        #expect(restored.status.contains("0 offers it and the defaults"))
        // A message at start (a warning, how pictures are drawn) does not hide it: it follows when that leaves.
        let warned = reduce(restored, .started(graphics: .halfBlocks, warnings: ["presets not loaded"])).0
        #expect(warned.status == "presets not loaded")
        let timed = reduce(warned, .timer(now: 0)).0
        let after = reduce(timed, .timer(now: AppReducer.statusNanoseconds)).0
        #expect(after.status == restored.status && after.statusDeadline == 2 * AppReducer.statusNanoseconds)
        #expect(reduce(after, .timer(now: 2 * AppReducer.statusNanoseconds)).0.status.isEmpty)
        // Restoring is not a change to save.
        #expect(reduce(restored, .timer(now: 1)).0.sessionSaveDeadline == nil)
        let tuned = keys.state(after: chars("]]"), on: restored)
        let back = keys.state(after: chars("0"), on: tuned)
        #expect(back.parameters == parameters && back.status.hasPrefix("Reset to the restored session's"))
        let defaults = keys.state(after: chars("0"), on: back)
        #expect(defaults.parameters == CompositionParameters() && defaults.status.hasPrefix("Reset to the start's"))
        #expect(keys.state(after: chars("0"), on: defaults).parameters == parameters)
    }

    @Test func aFailedSaveIsSaidOnceWithItsReason() {
        let (failed, _) = reduce(nine, .sessionSaveEnded(problem: "/s/sessions/a.json: Not a directory"))
        #expect(failed.status == "The session is not saved: /s/sessions/a.json: Not a directory")
        #expect(failed.sessionSaveProblem == "/s/sessions/a.json: Not a directory")
        var later = failed
        later.status = ""
        #expect(reduce(later, .sessionSaveEnded(problem: "/s/sessions/a.json: Not a directory")).0.status.isEmpty)
        #expect(reduce(failed, .sessionSaveEnded(problem: nil)).0.sessionSaveProblem == nil)
    }

    @Test func escKeepsATypedExportPathForUpToRecall() {
        let typed = keys.state(after: chars("E") + chars("out/a.png"), on: nine)
        let (cancelled, _) = keys.press([.escape], on: typed)
        #expect(cancelled.prompt == nil && cancelled.status.contains("↑"))
        let reopened = keys.state(after: chars("E") + [.up], on: cancelled)
        #expect(reopened.prompt?.editor.text == "out/a.png")
        // ↓ past the newest entry brings back the suggestion the prompt opened with.
        let down = keys.state(after: [.down], on: reopened)
        #expect(down.prompt?.editor.text == nine.defaultExportPath(for: nine.groups[0]))
        // An untouched suggestion closed with Esc is not history.
        let untouched = keys.state(after: chars("E") + [.escape], on: nine)
        #expect(untouched.promptHistory.recall("export").isEmpty)
    }

    @Test func escOnAFilterKeepsItForUpToRecall() {
        let kept = keys.state(after: chars("/g1") + [.enter], on: nine)
        let cleared = keys.state(after: [.escape], on: kept)
        #expect(cleared.filter.isEmpty && cleared.status.contains("↑"))
        let recalled = keys.state(after: chars("/") + [.up], on: cleared)
        #expect(recalled.filter == "g1" && recalled.filterEditor?.text == "g1")
        // Typed into the filter and dropped with Esc: recalled too.
        let typed = keys.state(after: chars("/g0") + [.escape] + chars("/") + [.up], on: nine)
        #expect(typed.filterEditor?.text == "g0")
        // With text of the user's own, ↑ is not recall (it moves the list as before).
        let own = keys.state(after: chars("/g") + [.up], on: cleared)
        #expect(own.filterEditor?.text == "g")
    }
}
