import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Every event but the keys (those are `KeyBindingsTests` and the other key suites): a state, one event, the
/// next state and the effects; no clock, thread or terminal.
@Suite struct AppReducerTests {
    private let metrics = ListMetrics(
        visibleRowCount: 5, rowHeight: 2,
        frame: CellRect(x: 0, y: 0, width: 30, height: 10))

    private func reduce(_ state: AppState, _ events: [AppEvent]) -> (AppState, [Effect]) {
        var current = state
        var effects: [Effect] = []
        for event in events {
            let (next, produced) = AppReducer.reduce(current, event, metrics: metrics)
            current = next
            effects += produced
        }
        return (current, effects)
    }

    private func reduce(_ state: AppState, _ event: AppEvent) -> (AppState, [Effect]) { reduce(state, [event]) }

    private var three: AppState { ViewFixtures.state(ViewFixtures.groups(3)) }

    private static func fixture(_ groups: [ChatGroup]) -> Fixture {
        Fixture(groups: groups, baseDirectory: URL(fileURLWithPath: "/"))
    }

    @Test func theStartSaysHowPicturesAreDrawnThenTheStartupWarnings() {
        var kitty = GraphicsSetup.halfBlocks
        kitty.graphicsProtocol = .kitty
        kitty.reason = "the terminal answered the kitty query"
        let told = reduce(three, .started(graphics: kitty, warnings: [])).0
        #expect(told.status == kitty.summary && told.status.hasPrefix("Graphics: kitty (the terminal answered"))
        #expect(told.warnings.isEmpty)
        // Half blocks as asked for are not worth a message; a warning is, and it is kept for `w`.
        let warning = "presets not loaded: /cfg/presets.json:1:2: malformed JSON"
        let warned = reduce(three, .started(graphics: .halfBlocks, warnings: [warning])).0
        #expect(warned.status == warning && warned.warnings == [warning])
        #expect(reduce(three, .started(graphics: .halfBlocks, warnings: [])).0 == three)
        // Both: the warning is said last, so it is the one on the status line.
        #expect(reduce(three, .started(graphics: kitty, warnings: [warning])).0.status == warning)
        // A forced protocol the terminal's answers deny is warned about, and kept for `w`.
        var denied = kitty
        denied.warning = "--graphics kitty, but the terminal did not answer the kitty graphics query"
        let deniedState = reduce(three, .started(graphics: denied, warnings: [])).0
        #expect(deniedState.status == denied.warning && deniedState.warnings == [denied.warning!])
    }

    @Test func keysGoToTheKeyMap() {
        let (quit, effects) = reduce(three, .key(.character("q")))
        #expect(quit.shouldQuit && effects == [.saveSession(SessionRecord(of: three)), .quit])
        #expect(reduce(three, [.key(.down), .key(.mouse(x: 3, y: 4))]).0.selection == 2)
    }

    @Test func aCompositesWarningsAreKeptUntilALaterRevisionNoLongerGivesThem() {
        let state = ViewFixtures.state([ChatGroup(id: "g", name: "G", members: [GroupMember(id: "a", name: "A")])])
        let missing = AvatarWarning(memberID: "a", memberName: "A", path: "a.jpg", message: "file not found")
        let broken = AvatarWarning(memberID: "a", memberName: "A", path: "b.jpg", message: "not a PNG")
        let key = PreviewKey(groupID: "g", parameters: CompositionParameters())
        let described = "group \"g\": member \"A\" (a): a.jpg: file not found"
        let first = reduce(state, .compositeArrived(key, warnings: [missing]))
        #expect(first.0.warnings == [described] && first.1.isEmpty)
        // The same warning from another composite of the revision (the preview, a thumbnail) is kept once.
        var other = key
        other.parameters.scale = 2
        let both = reduce(
            first.0,
            [
                .compositeArrived(other, warnings: [missing]),
                .compositeArrived(key, warnings: [broken]),
            ]
        ).0
        #expect(both.warnings == [described, "group \"g\": member \"A\" (a): b.jpg: not a PNG"])
        // A composite of the next revision (the photos changed) without them takes them back.
        var fixed = key
        fixed.revision = 1
        #expect(reduce(both, .compositeArrived(fixed, warnings: [])).0.warnings.isEmpty)
        // A warning of the next revision stays; the ones it no longer gives go.
        #expect(
            reduce(both, .compositeArrived(fixed, warnings: [broken])).0.warnings
                == ["group \"g\": member \"A\" (a): b.jpg: not a PNG"])
        // A composite of a group the fixture no longer has changes nothing.
        let gone = PreviewKey(groupID: "old", parameters: CompositionParameters())
        #expect(reduce(state, .compositeArrived(gone, warnings: [missing])).0 == state)
    }

    @Test func aPlannedExportIsWrittenAskedAboutOrRefused() {
        let group = three.groups[0]
        let request = ExportRequest(group: group, parameters: CompositionParameters(), scales: [1], target: "out")
        let jobs = [ExportJob(parameters: CompositionParameters(), path: "out/g0.png")]
        let (written, effects) = reduce(three, .exportPlanned(request, .write(jobs, creatingFolder: "out")))
        #expect(written == three)
        #expect(effects == [.writeExport(group, jobs, creatingFolder: "out")])
        var agreed = request
        agreed.replacesFiles = true
        let (asked, none) = reduce(three, .exportPlanned(request, .ask("Replace out/g0.png? (y/n)", agreed)))
        #expect(none.isEmpty)
        #expect(asked.question == Question(text: "Replace out/g0.png? (y/n)", onYes: [.export(agreed)]))
        // Yes plans the agreed request again.
        #expect(reduce(asked, .key(.character("y"))).1 == [.export(agreed)])
        let refused = reduce(three, .exportPlanned(request, .refuse("Cannot export to out: it is a folder"))).0
        #expect(refused.status == "Cannot export to out: it is a folder")
        #expect(refused.warnings == ["Cannot export to out: it is a folder"] && refused.question == nil)
    }

    @Test func aFinishedExportIsSaidAndAFailedOneIsAWarning() {
        let done = reduce(three, .exportFinished("Exported to out/g0.png", failed: false))
        #expect(done.0.status == "Exported to out/g0.png" && done.0.warnings.isEmpty && done.1.isEmpty)
        let failed = reduce(three, .exportFinished("Export failed: out/g0.png: permission denied", failed: true)).0
        #expect(failed.warnings == ["Export failed: out/g0.png: permission denied"])
    }

    @Test func savedPresetsBecomeTheStatesAndAFailedSaveKeepsTheOldOnes() {
        var state = three
        state.presets = PresetFile(path: "/cfg/presets.json")
        var saved = PresetFile(path: "/cfg/presets.json")
        saved.save(CompositionParameters(margin: 4), as: "tight")
        let kept = reduce(state, .presetsSaved("Saved presets to /cfg/presets.json", saved)).0
        #expect(kept.presets == saved)
        #expect(kept.status == "Saved presets to /cfg/presets.json" && kept.warnings.isEmpty)
        let failed = reduce(state, .presetsSaved("/cfg/presets.json: permission denied", nil)).0
        #expect(failed.presets == state.presets)
        #expect(failed.warnings == ["/cfg/presets.json: permission denied"])
    }

    @Test func aReloadedFixtureKeepsTheSelectionAndRedrawsOnlyTheGroupsThatChanged() {
        // g5 selected, the list scrolled to show it.
        let state = reduce(ViewFixtures.state(ViewFixtures.groups(8)), Array(repeating: .key(.down), count: 5)).0
        #expect(state.selectedGroup?.id == "g5" && state.scrollOffset == 1)
        // The file now has g5 first and renamed, a new group, and neither g6 nor g7.
        var groups = ViewFixtures.groups(6)
        groups[5].name = "Group 5 renamed"
        groups.insert(groups.removeLast(), at: 0)
        groups.append(ChatGroup(id: "new", name: "New", members: []))
        let reloaded = AppEvent.fixtureReloaded(Self.fixture(groups), warnings: ["live reload: /p: no watch"])
        let (next, effects) = reduce(state, reloaded)
        #expect(next.groups == groups)
        #expect(next.selectedGroup?.name == "Group 5 renamed" && next.selection == 0 && next.scrollOffset == 0)
        #expect(effects == [.invalidateComposites(["g5", "new"])])
        #expect(next.status == "Reloaded groups.json: 7 groups")
        #expect(next.warnings == ["live reload: /p: no watch"])
        #expect(next.parameters == state.parameters)
        // The same data again redraws nothing.
        #expect(reduce(next, .fixtureReloaded(Self.fixture(groups), warnings: [])).1.isEmpty)
    }

    @Test func aReloadWhoseGroupsTheParametersDoNotSuitKeepsThemAndWarns() {
        var state = ViewFixtures.state([ChatGroup(id: "one", name: "One", members: [GroupMember(id: "a", name: "A")])])
        state.parameters.margin = 30
        let members = (0..<9).map { GroupMember(id: "m\($0)", name: "M\($0)") }
        let nine = ChatGroup(id: "nine", name: "Nine", members: members)
        let next = reduce(state, .fixtureReloaded(Self.fixture(state.groups + [nine]), warnings: [])).0
        #expect(next.parameters.margin == 30)
        #expect(next.status.hasPrefix("Reloaded groups.json: 2 groups; the parameters now break a limit: wechat tiles"))
        #expect(next.warnings == [next.status])
    }

    @Test func aBrokenFixtureKeepsTheGroupsAndSaysWhyUntilAReadSucceeds() {
        let missing = FixtureError.schema(file: "groups.json", path: "groups[2].name", problem: .missing)
        let (broken, effects) = reduce(three, .fixtureReloadFailed(missing, warnings: []))
        #expect(broken.groups == three.groups && effects.isEmpty)
        let problem = "\(missing) (showing the groups as they were until the file is fixed)"
        #expect(broken.fixtureProblem == problem && broken.status == problem && broken.warnings == [problem])
        // Another problem replaces the first in the warnings; a good read takes it away.
        let gone = FixtureError.fileNotFound(path: "groups.json")
        let other = reduce(broken, .fixtureReloadFailed(gone, warnings: [])).0
        #expect(other.warnings == ["\(gone) (showing the groups as they were until the file is fixed)"])
        let fixed = reduce(other, .fixtureReloaded(Self.fixture(three.groups), warnings: [])).0
        #expect(fixed.fixtureProblem == nil && fixed.warnings.isEmpty)
        #expect(fixed.status == "Reloaded groups.json: 3 groups")
    }

    @Test func aChangedPhotoRedrawsTheGroupsThatShowIt() {
        let state = ViewFixtures.state([
            ChatGroup(id: "one", name: "One", members: [GroupMember(id: "a", name: "A", avatarPath: "/p/a.png")]),
            ChatGroup(id: "two", name: "Two", members: [GroupMember(id: "b", name: "B", avatarPath: "/p/b.png")]),
            ChatGroup(id: "own", name: "Own", avatarPath: "/p/a.png", members: []),
        ])
        let (next, effects) = reduce(state, .photosChanged(["/p/a.png", "/p/other.png"]))
        #expect(next == state)
        #expect(effects == [.invalidateComposites(["one", "own"])])
        #expect(reduce(state, .photosChanged(["/p/other.png"])).1.isEmpty)
    }

    @Test func aLiveReloadProblemIsAWarning() {
        let next = reduce(three, .liveReloadProblem("live reload: /photos: the watch limit is reached")).0
        #expect(next.status == "live reload: /photos: the watch limit is reached")
        #expect(next.warnings == [next.status])
    }

    @Test func aPictureProblemIsSaidOnceNotOnEveryFrame() {
        let problem = GraphicsError.sixel(step: "sixel_encode", message: "out of memory")
        let said = reduce(three, .frameDrawn(pictureProblem: problem)).0
        #expect(said.status == "cannot encode the preview as sixel (sixel_encode): out of memory")
        #expect(said.warnings == [said.status])
        // The next frame fails the same way: nothing new to say.
        #expect(reduce(said, .frameDrawn(pictureProblem: problem)).0 == said)
        // Once a frame drew, the same problem later is said again.
        let again = reduce(
            said,
            [
                .frameDrawn(pictureProblem: nil), .exportFinished("Exported", failed: false),
                .frameDrawn(pictureProblem: problem),
            ]
        ).0
        #expect(again.status == said.status)
        #expect(reduce(three, .frameDrawn(pictureProblem: nil)).0 == three)
    }

    @Test func aCopyTheTerminalCannotTakeIsSaid() {
        #expect(reduce(three, .copyRefused).0.status == "Not copied: the text is too long for the clipboard")
    }

    @Test func aMessageLeavesFourSecondsAfterTheTimerFirstSawIt() {
        let said = reduce(three, .key(.character("u"))).0
        #expect(said.status == "Nothing to undo" && said.statusDeadline == nil)
        let timed = reduce(said, .timer(now: 1_000)).0
        #expect(timed.statusDeadline == 1_000 + AppReducer.statusNanoseconds)
        #expect(reduce(timed, .timer(now: 4_000_000_999)).0.status == "Nothing to undo")
        let expired = reduce(timed, .timer(now: 4_000_001_000)).0
        #expect(expired.status.isEmpty && expired.statusDeadline == nil)
        // The same message said again is timed again from the next timer.
        let repeated = reduce(timed, [.timer(now: 3_000_000_000), .key(.character("u")), .timer(now: 3_500_000_000)]).0
        #expect(repeated.statusDeadline == 3_500_000_000 + AppReducer.statusNanoseconds)
        #expect(reduce(repeated, .timer(now: 5_000_000_000)).0.status == "Nothing to undo")
        // No message: nothing to time.
        #expect(reduce(three, .timer(now: 5)).0 == three)
    }
}
