import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers every request at once with a small white composite, recording the order of requests; `warning`
/// is reported for every composite when set.
private final class RecordingProvider: CompositeProvider {
    let calls = LockedState<[PreviewKey]>([])
    let warning: AvatarWarning?

    init(warning: AvatarWarning? = nil) { self.warning = warning }

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        calls.withLock { $0.append(PreviewKey(groupID: group.id, parameters: parameters)) }
        return Composite(image: RGBAImage(width: 4, height: 4, fill: .white), warnings: warning.map { [$0] } ?? [])
    }
}

@Suite struct InputReadinessTests {
    @Test func theTerminalIsGoneOnHangUpErrorsAndEndOfInput() {
        let never: () -> Int? = {
            Issue.record("asked for bytes"); return 1
        }
        #expect(InputReadiness.classify(events: 0, bytesAvailable: never) == .idle)
        #expect(
            InputReadiness.classify(events: Int16(POLLHUP), bytesAvailable: never) == .closed("the terminal hung up"))
        #expect(
            InputReadiness.classify(events: Int16(POLLIN | POLLHUP), bytesAvailable: never)
                == .closed("the terminal hung up"))
        #expect(
            InputReadiness.classify(events: Int16(POLLERR), bytesAvailable: never)
                == .closed("an error on the terminal"))
        #expect(
            InputReadiness.classify(events: Int16(POLLNVAL), bytesAvailable: never)
                == .closed("the input descriptor is not open"))
        // Readable with nothing to read is the end of input; a descriptor that cannot say (EIO) is gone too.
        #expect(InputReadiness.classify(events: Int16(POLLIN), bytesAvailable: { 0 }) == .closed("end of input"))
        #expect(
            InputReadiness.classify(events: Int16(POLLIN), bytesAvailable: { nil })
                == .closed("the terminal cannot be read"))
        #expect(InputReadiness.classify(events: Int16(POLLIN), bytesAvailable: { 3 }) == .readable)
    }

    @Test func aPipeAtItsEndIsClosedAndOneWithBytesIsReadable() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { Issue.record("no pipe"); return }
        defer { close(ends[0]) }
        var byte: UInt8 = 7
        _ = write(ends[1], &byte, 1)
        let events = EventPoll.wait([ends[0]], timeoutMilliseconds: 1000)
        #expect(
            InputReadiness.classify(events: events[0], bytesAvailable: { EventPoll.bytesAvailable(ends[0]) })
                == .readable)
        _ = read(ends[0], &byte, 1)
        close(ends[1])
        let closed = EventPoll.wait([ends[0]], timeoutMilliseconds: 1000)
        #expect(
            InputReadiness.classify(events: closed[0], bytesAvailable: { EventPoll.bytesAvailable(ends[0]) })
                == .closed("the terminal hung up"))
    }
}

@Suite struct WakeSignalTests {
    @Test func aPostWakesAWaitAndConsumingMakesItSleepAgain() {
        let wake = WakeSignal()
        #expect(wake.failure == nil)
        #expect(!wake.wait(timeoutMilliseconds: 0))
        // Posts from another thread, and many of them: one wake, then quiet.
        let posted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<10_000 { wake.post() }
            posted.signal()
        }
        posted.wait()
        #expect(wake.wait(timeoutMilliseconds: 1000))
        #expect(!wake.wait(timeoutMilliseconds: 0))
        // The signal-handler path: a bare write to the post end.
        WakeSignal.post(toDescriptor: wake.postDescriptor)
        #expect(EventPoll.wait([wake.descriptor], timeoutMilliseconds: 0) == [Int16(POLLIN)])
    }

    @Test func anInboxPostWakesTheLoopsPoll() {
        let wake = WakeSignal()
        let inbox = CompletionInbox(wake: wake)
        #expect(!inbox.waitForMessage(seconds: 0.01))
        Thread.detachNewThread { inbox.post(.exportFinished("done", failed: false)) }
        #expect(inbox.waitForMessage(seconds: 30))
        #expect(inbox.drain().count == 1)
    }
}

@Suite struct EventLoopTests {
    /// Background work queued and run when a test drives the loop (`QueuedWork`), or with `tasks` in real
    /// tasks, for the tests of what wakes the loop's `poll` and of `run`, which waits in it.
    private func options(tasks: Bool = false) -> AppController.Options {
        var options = AppController.Options()
        if !tasks { options.backgroundWork = QueuedWork() }
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.files = ExportFiles(
            kind: { $0 == "out" ? .directory : .missing }, createFolder: { _ in },
            homeDirectory: nil)
        options.exportDirectory = "out"
        // A clock that stands still: no message expires while a slow (sanitized, loaded) run gets to look at it.
        options.monotonicNanoseconds = { 0 }
        return options
    }

    private func fixture(_ groups: [ChatGroup]) -> Fixture {
        Fixture(groups: groups, baseDirectory: URL(fileURLWithPath: "/"))
    }

    @Test func theSessionEndsWhenTheTerminalGoesAwayAndTheDriverIsStopped() throws {
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [.down, .character("]")])
        terminal.closesWhenKeysRunOut = true
        let status = try AppController.run(
            fixture: fixture(ViewFixtures.groups(5)), options: options(tasks: true), driver: terminal,
            provider: RecordingProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) },
            pendingSignal: { nil })
        #expect(status == 129)
        #expect(!terminal.isStarted)
    }

    @Test func aSignalEndsTheSessionWithItsStatus() throws {
        let terminal = InMemoryTerminal(width: 100, height: 30)
        let status = try AppController.run(
            fixture: fixture(ViewFixtures.groups(5)), options: options(tasks: true), driver: terminal,
            provider: RecordingProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) },
            pendingSignal: { SIGTERM })
        #expect(status == 128 + SIGTERM)
        #expect(!terminal.isStarted)
    }

    @Test func thePreviewIsRequestedBeforeAnyThumbnail() async {
        let provider = RecordingProvider()
        // Wide enough for a preview at scale 2, so that its composite differs from the list's.
        let terminal = InMemoryTerminal(width: 300, height: 100)
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(30)), options: options(), driver: terminal,
            provider: provider, exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        controller.processEvents()
        // Only the preview is asked for while it is being made ...
        #expect(controller.runningRequestCount == 1)
        await controller.driveUntilSettled()
        let calls = provider.calls.withLock { $0 }
        #expect(calls.first?.parameters.scale == 2)
        #expect(calls.first?.groupID == "g0")
        // ... and after it the list, whose avatars are drawn at the state's parameters.
        #expect(calls.dropFirst().allSatisfy { $0.parameters == CompositionParameters() })
        #expect(controller.isSettled && controller.isPreviewSettled)
    }

    @Test func thumbnailsArrivingTogetherCostAFewFramesNotOneEach() async {
        // A clock that stands still: no thumbnail frame is due until the round is complete.
        var options = options()
        options.monotonicNanoseconds = { 1 }
        let provider = RecordingProvider()
        let terminal = InMemoryTerminal(width: 100, height: 30)
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(30)), options: options, driver: terminal,
            provider: provider, exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows, fill: Cell("#")) })
        await controller.driveUntilSettled()
        #expect(provider.calls.withLock { $0.count } >= 13)
        // The first frame, the preview's, and the end of the round (a frame in between at most).
        #expect(terminal.drawCount <= 4)
        #expect(terminal.row(24).hasPrefix(" ######"))
    }

    @Test func aFinishedCompositeWakesTheLoopWithoutAKeyOrTimer() async {
        let terminal = InMemoryTerminal(width: 100, height: 30)
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(3)), options: options(tasks: true), driver: terminal,
            provider: RecordingProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows, fill: Cell("#")) })
        // The waits run on a thread of their own, so that the composites can be made on the pool meanwhile.
        let settled = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            nonisolated(unsafe) let controller = controller
            Thread.detachNewThread {
                controller.processEvents()
                var turns = 0
                while !controller.isSettled && turns < 100 {
                    // No timeout: only a posted completion can end the wait.
                    controller.waitForEvents(timeoutMilliseconds: nil)
                    controller.processEvents()
                    turns += 1
                }
                done.resume(returning: controller.isSettled)
            }
        }
        #expect(settled)
        #expect(terminal.row(0).hasPrefix("▌######"))
    }

    @Test func aKeysFrameWaitsForItsPreviewAtMostThePreviewWait() async {
        let clock = LockedState<UInt64>(0)
        var options = options()
        options.monotonicNanoseconds = { clock.withLock { $0 } }
        let provider = RecordingProvider()
        let terminal = InMemoryTerminal(width: 100, height: 30)
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(3)), options: options, driver: terminal,
            provider: provider, exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        #expect(await controller.driveUntilSettled())
        let settledFrames = terminal.drawCount
        // A margin key with its composite held back (its job queued, not run): no frame within the wait ...
        let wait = UInt64(options.previewWaitSeconds * 1e9)
        terminal.pendingKeys = [.character("]")]
        controller.processEvents()
        clock.withLock { $0 = wait - 1_000_000 }
        controller.processEvents()
        #expect(terminal.drawCount == settledFrames)
        #expect(!controller.isPreviewSettled)
        // ... and the frame (new margin, old picture) once it is over.
        clock.withLock { $0 = wait }
        controller.processEvents()
        #expect(terminal.drawCount == settledFrames + 1)
        #expect(await controller.driveUntilSettled())
        // A key whose composite comes within the wait costs one frame for the preview.
        let before = terminal.drawCount
        terminal.pendingKeys = [.character("]")]
        #expect(await controller.drive { controller.isPreviewSettled })
        #expect(terminal.drawCount == before + 1)
        // A key that leaves the preview as it is (the help) is drawn at once.
        #expect(await controller.driveUntilSettled())
        let settledAgain = terminal.drawCount
        terminal.pendingKeys = [.character("?")]
        controller.processEvents()
        #expect(terminal.drawCount == settledAgain + 1)
    }

    @Test func messagesExpireAndWarningsStayInTheList() async {
        let clock = LockedState<UInt64>(0)
        var options = options()
        options.monotonicNanoseconds = { clock.withLock { $0 } }
        let warning = AvatarWarning(
            memberID: "m", memberName: "M", path: "a.jpg", message: "file not found",
            subject: .member)
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [.character("u")])
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(2)), options: options, driver: terminal,
            provider: RecordingProvider(warning: warning), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        controller.processEvents()
        #expect(terminal.row(29).contains("Nothing to undo"))
        clock.withLock { $0 = 3_900_000_000 }
        controller.processEvents()
        #expect(terminal.row(29).contains("Nothing to undo"))
        clock.withLock { $0 = 4_100_000_000 }
        controller.processEvents()
        #expect(!terminal.row(29).contains("Nothing to undo"))
        await controller.driveUntilSettled()
        #expect(
            controller.state.warnings == [
                "group \"g0\": member \"M\" (m): a.jpg: file not found",
                "group \"g1\": member \"M\" (m): a.jpg: file not found",
            ])
        // With no message, the status line shows the selected group's warning; all of them are counted.
        #expect(terminal.row(29).hasPrefix(" warning: group \"g0\": member \"M\" (m): a.jpg: file not found"))
        #expect(
            ViewFixtures.rows(
                StatusBar.render(controller.state, width: 300, warnings: [], context: ViewFixtures.context))[0]
                .contains("2 warnings (w)"))
    }

    @Test func eWritesEveryScaleAndAsksBeforeReplacing() async {
        let written = LockedState<[String]>([])
        let existing = LockedState<Set<String>>([])
        var options = options()
        options.files = ExportFiles(
            kind: { path in
                path == "out" ? .directory : existing.withLock { $0.contains(path) } ? .regularFile : .missing
            }, createFolder: { _ in }, homeDirectory: nil)
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: chars("xe"))
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(2)), options: options, driver: terminal,
            provider: RecordingProvider(),
            exporter: { _, parameters, path in
                written.withLock { $0.append("\(path)@\(parameters.scale)") }
                existing.withLock { _ = $0.insert(path) }
            },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        await controller.driveUntilSettled()
        #expect(written.withLock { $0 } == ["out/g0.png@1", "out/g0@2x.png@2", "out/g0@3x.png@3"])
        #expect(terminal.row(29).contains("Exported to out/g0.png, g0@2x.png, g0@3x.png"))
        terminal.pendingKeys = chars("e")
        controller.processEvents()
        #expect(controller.state.question?.text == "Replace out/g0.png, out/g0@2x.png, out/g0@3x.png? (y/n)")
        #expect(terminal.row(29).contains("Replace out/g0.png"))
        terminal.pendingKeys = chars("n")
        await controller.driveUntilSettled()
        #expect(controller.state.question == nil)
        #expect(written.withLock { $0.count } == 3)
        terminal.pendingKeys = chars("ey")
        await controller.driveUntilSettled()
        #expect(written.withLock { $0.count } == 6)
    }

    /// With a spec writer (the app has one), `e` writes the spec hand-off after the images, handing it every
    /// image written and the `--output` its command names; the status line names it with them.
    @Test func eWritesTheSpecAfterTheImages() async {
        let written = LockedState<[String]>([])
        var options = options()
        options.files = ExportFiles(
            kind: { $0 == "out" ? .directory : .missing }, createFolder: { _ in }, homeDirectory: nil)
        options.specExporter = { group, parameters, images, output, path, _ in
            let files = images.map { "\($0.path)@\($0.scale)" }.joined(separator: ",")
            written.withLock {
                $0.append("spec \(path) of \(group.id) [\(files)] --output \(output) @\(parameters.scale)")
            }
        }
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: chars("xxe"))
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(2)), options: options, driver: terminal,
            provider: RecordingProvider(),
            exporter: { _, _, path in written.withLock { $0.append(path) } },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        #expect(controller.state.writesSpecs)
        await controller.driveUntilSettled()
        #expect(
            written.withLock { $0 } == [
                "out/g0@2x.png", "out/g0@3x.png",
                "spec out/g0.spec.json of g0 [out/g0@2x.png@2,out/g0@3x.png@3] --output out/g0.png @2",
            ])
        #expect(terminal.row(29).contains("Exported to out/g0@2x.png, g0@3x.png, g0.spec.json"))
    }

    @Test func theSpecOfAGroupEditedInTheSessionSaysSoAboveItsCommand() async {
        let notes = LockedState<[String]>([])
        var options = options()
        options.files = ExportFiles(
            kind: { $0 == "out" ? .directory : .missing }, createFolder: { _ in }, homeDirectory: nil)
        options.specExporter = { _, _, _, _, _, note in notes.withLock { $0.append(note) } }
        // The two exports run in the order they were started.
        // g0 takes g1's second member (n), is exported (e), goes back to its own (u) and is exported again.
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: chars("neue"))
        let groups = [
            ChatGroup(id: "g0", name: "Group 0", members: [GroupMember(id: "a", name: "A")]),
            ChatGroup(
                id: "g1", name: "Group 1", members: [GroupMember(id: "a", name: "A"), GroupMember(id: "b", name: "B")]),
        ]
        let controller = AppController(
            fixture: fixture(groups), options: options, driver: terminal, provider: RecordingProvider(),
            exporter: { _, _, _ in }, imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        await controller.driveUntilSettled()
        let written = notes.withLock { $0 }
        #expect(written.count == 2)
        #expect(written.first?.hasPrefix("# members edited in the session") == true)
        #expect(written.first?.hasSuffix("2 shown: a b\n") == true)
        #expect(written.last == "")
    }

    @Test func aFailedExportIsAWarningInPlainWords() async {
        struct Failure: Error, CustomStringConvertible { var description: String { "out/g0.png: permission denied" } }
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: chars("e"))
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(2)), options: options(), driver: terminal,
            provider: RecordingProvider(), exporter: { _, _, _ in throw Failure() },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        await controller.driveUntilSettled()
        #expect(controller.state.warnings == ["Export failed: out/g0.png: permission denied"])
    }

    @Test func extraWakeSourcesAreWatched() async {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { Issue.record("no pipe"); return }
        defer { close(ends[0]); close(ends[1]) }
        let seen = LockedState(0)
        var options = options()
        options.wakeSources = [
            AppController.WakeSource(descriptor: ends[0]) { _ in
                var byte: UInt8 = 0
                _ = read(ends[0], &byte, 1)
                seen.withLock { $0 += 1 }
            }
        ]
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(1)), options: options,
            driver: InMemoryTerminal(width: 100, height: 30), provider: RecordingProvider(),
            exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        await controller.driveUntilSettled()
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
        controller.waitForEvents(timeoutMilliseconds: 10_000)
        #expect(seen.withLock { $0 } == 1)
    }

    @Test func startupWarningsAreShownAndKept() {
        var options = options()
        options.startupWarnings = ["presets not loaded: /cfg/presets.json:1:2: malformed JSON: oops"]
        let terminal = InMemoryTerminal(width: 100, height: 30)
        let controller = AppController(
            fixture: fixture(ViewFixtures.groups(1)), options: options, driver: terminal,
            provider: RecordingProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        controller.processEvents()
        #expect(terminal.row(29).contains("presets not loaded: /cfg/presets.json:1:2"))
        #expect(controller.state.warnings.count == 1)
    }
}
