import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers every request at once and records it, and whether its job was cancelled when it was asked. (The
/// tests' `QueuedWork` decides when a job runs, so a composite is "being made" until the test runs it.)
private final class FakeProvider: CompositeProvider {
    let calls = LockedState<[PreviewKey]>([])
    let cancelledCalls = LockedState<[PreviewKey]>([])

    init() {}

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError)
        -> Composite
    {
        let key = PreviewKey(groupID: group.id, parameters: parameters)
        if Task.isCancelled {
            cancelledCalls.withLock { $0.append(key) }
            throw .cancelled
        }
        calls.withLock { $0.append(key) }
        return Composite(image: RGBAImage(width: 4, height: 4, fill: .white))
    }
}

private final class ExportLog: Sendable {
    let paths = LockedState<[String]>([])
}

@Suite struct AppControllerTests {
    private func makeController(
        keys: [Key] = [], provider: FakeProvider, work: QueuedWork, log: ExportLog = ExportLog(),
        groups: [ChatGroup] = ViewFixtures.groups(30),
        clock: LockedState<UInt64> = LockedState(0)
    ) -> (AppController, InMemoryTerminal) {
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: keys)
        var options = AppController.Options()
        options.exportDirectory = "/tmp/exports"
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.files = ExportFiles(
            kind: { $0 == "/tmp/exports" ? .directory : .missing }, createFolder: { _ in },
            homeDirectory: nil)
        // A clock that stands still: no message expires while a slow (sanitized, loaded) run gets to look at it.
        options.monotonicNanoseconds = { clock.withLock { $0 } }
        options.backgroundWork = work
        let controller = AppController(
            fixture: Fixture(groups: groups, baseDirectory: URL(fileURLWithPath: "/")), options: options,
            driver: terminal, provider: provider,
            exporter: { group, parameters, path in log.paths.withLock { $0.append(path) } },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows, fill: Cell("#")) })
        return (controller, terminal)
    }

    @Test func compositesArriveAndAreDrawn() async {
        let work = QueuedWork()
        let (controller, terminal) = makeController(provider: FakeProvider(), work: work)
        controller.step(timeoutMilliseconds: 0)
        #expect(terminal.row(0).hasPrefix("▌░░░░░░"))
        await controller.settle(work)
        #expect(terminal.row(0).hasPrefix("▌######"))
        #expect(terminal.row(15).contains(String(repeating: "#", count: 40)))
    }

    @Test func onlyVisibleRowsAndALittleAheadAreComposed() async {
        let work = QueuedWork()
        let provider = FakeProvider()
        let (controller, _) = makeController(provider: provider, work: work, groups: ViewFixtures.groups(10_000))
        controller.step(timeoutMilliseconds: 0)
        await controller.settle(work)
        for _ in 0..<10 { controller.step(timeoutMilliseconds: 0); await controller.settle(work) }
        // 29 content rows / 3 per row = 9 visible rows, plus 4 ahead.
        let requested = Set(provider.calls.withLock { $0.map(\.groupID) })
        #expect(requested == Set((0..<13).map { "g\($0)" }))
    }

    @Test func oldImageStaysWhileTheNewOneIsMadeAndKeysStillWork() async {
        let work = QueuedWork()
        let provider = FakeProvider()
        let clock = LockedState<UInt64>(0)
        let (controller, terminal) = makeController(provider: provider, work: work, clock: clock)
        controller.step(timeoutMilliseconds: 0)
        await controller.settle(work)
        terminal.pendingKeys = [.character("]")]
        controller.step(timeoutMilliseconds: 0)
        // The frame waits a moment for the new preview (its job waits in the queue), then shows the new margin
        // over the old picture.
        #expect(work.pendingCount == 1)
        #expect(!terminal.row(1).contains("margin 8.3"))
        clock.withLock { $0 = UInt64(AppController.Options().previewWaitSeconds * 1e9) }
        controller.step(timeoutMilliseconds: 0)
        #expect(controller.runningRequestCount > 0)
        #expect(terminal.row(0).hasPrefix("▌######"))
        // 7.33 + 1 lands on the step grid (issue 24).
        #expect(terminal.row(1).contains("margin 8 "))
        terminal.pendingKeys = [.down]
        controller.step(timeoutMilliseconds: 0)
        #expect(controller.state.selection == 1)
        controller.cancelRequests()
    }

    @Test func aBurstOfParameterKeysRequestsOnlyTheLastParameters() async {
        let work = QueuedWork()
        let provider = FakeProvider()
        let (controller, terminal) = makeController(provider: provider, work: work)
        controller.step(timeoutMilliseconds: 0)
        await controller.settle(work)
        terminal.pendingKeys = Array(repeating: .character("]"), count: 5)
        controller.step(timeoutMilliseconds: 0)
        await controller.settle(work)
        let margins = Set(provider.calls.withLock { $0.map(\.parameters.margin) })
        #expect(margins.count == 2)
        #expect(margins.contains(nil))
        // Five steps from 7.33 on the step grid (issue 24): 8, 9, 10, 11, 12.
        #expect(margins.contains(12))
    }

    @Test func exportWritesToTheExportFolderAndSaysWhere() async {
        let work = QueuedWork()
        let log = ExportLog()
        let (controller, terminal) = makeController(
            keys: [.character("e")], provider: FakeProvider(), work: work,
            log: log)
        controller.step(timeoutMilliseconds: 0)
        await controller.settle(work)
        #expect(log.paths.withLock { $0 } == ["/tmp/exports/g0.png"])
        #expect(terminal.row(29).contains("Exported to /tmp/exports/g0.png"))
    }

    @Test func runQuitsOnQAndRestoresTheTerminal() throws {
        let terminal = InMemoryTerminal(width: 80, height: 24, keys: [.down, .resize, .character("q")])
        let status = try AppController.run(
            fixture: Fixture(groups: ViewFixtures.groups(3), baseDirectory: URL(fileURLWithPath: "/")),
            options: AppController.Options(), driver: terminal, provider: FakeProvider(),
            exporter: { _, _, _ in }, imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) },
            pendingSignal: { nil })
        #expect(status == 0)
        #expect(!terminal.isStarted)
        #expect(terminal.drawCount >= 1)
    }

    @Test func resizingToOneByOneShowsTheNotice() async {
        let work = QueuedWork()
        let (controller, terminal) = makeController(provider: FakeProvider(), work: work)
        controller.step(timeoutMilliseconds: 0)
        terminal.size = TerminalSize(width: 1, height: 1)
        terminal.pendingKeys = [.resize]
        controller.step(timeoutMilliseconds: 0)
        #expect(terminal.text == "…")
        await controller.settle(work)
    }

    @Test func theRequestsAreThePlansSlotsInThePlansOrder() async {
        let provider = FakeProvider()
        let work = QueuedWork()
        let (controller, terminal) = makeController(provider: provider, work: work)
        controller.step(timeoutMilliseconds: 0)
        let planned = controller.plannedComposites().map(\.key)
        await controller.settle(work)
        #expect(provider.calls.withLock { $0 } == planned)
        #expect(controller.isSettled)
        // A parameter key: every slot's composite changes, and exactly the new plan's are asked for, in order.
        provider.calls.withLock { $0 = [] }
        terminal.pendingKeys = [.character("]")]
        controller.step(timeoutMilliseconds: 0)
        let replanned = controller.plannedComposites().map(\.key)
        #expect(Set(replanned).isDisjoint(with: planned))
        await controller.settle(work)
        #expect(provider.calls.withLock { $0 } == replanned)
        #expect(provider.cancelledCalls.withLock { $0 }.isEmpty)
    }

    @Test func aSlotThatLeavesThePlanIsCancelledAndItsCompositeNotKept() async {
        let provider = FakeProvider()
        let work = QueuedWork()
        let (controller, terminal) = makeController(provider: provider, work: work, groups: ViewFixtures.groups(100))
        controller.step(timeoutMilliseconds: 0)
        // The first preview's job is queued, not run; then the selection moves to the end, where neither the
        // preview nor the list shows the first group.
        let first = controller.store.key(for: "g0", parameters: controller.plan.slots[0].parameters)
        #expect(controller.plan.slots[0].source == .preview && work.pendingCount == 1)
        terminal.pendingKeys = [.end]
        controller.step(timeoutMilliseconds: 0)
        #expect(controller.plan.slots[0].subject == .avatar(groupID: "g99"))
        await controller.settle(work)
        #expect(provider.cancelledCalls.withLock { $0 } == [first])
        #expect(!controller.store.contains(first))
        #expect(controller.isSettled && controller.runningRequestCount == 0)
    }
}
