import ChatTUITestSupport
import Fixtures
import Foundation
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers with a provisional composite (grey: photos still downloading) at once, and with the real one
/// (white) once the test releases it; the test can wait until a request waits for that.
private final class DownloadingProvider: CompositeProvider {
    private struct Gate {
        var released = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let gate = LockedState(Gate())

    func provisionalComposite(for group: ChatGroup, parameters: CompositionParameters)
        async throws(CompositionError) -> Composite?
    {
        Composite(image: RGBAImage(width: 4, height: 4, fill: RGBA8(r: 0xD6, g: 0xD6, b: 0xD6)))
    }

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError)
        -> Composite
    {
        await withCheckedContinuation { continuation in
            let (now, watchers) = gate.withLock { gate in
                if gate.released { return (true, [CheckedContinuation<Void, Never>]()) }
                gate.waiting.append(continuation)
                defer { gate.watchers = [] }
                return (false, gate.watchers)
            }
            if now { continuation.resume() }
            for watcher in watchers { watcher.resume() }
        }
        return Composite(image: RGBAImage(width: 4, height: 4, fill: .white))
    }

    /// Returns once a request waits for `release`.
    func requestWaits() async {
        await withCheckedContinuation { continuation in
            let now = gate.withLock { gate in
                if !gate.waiting.isEmpty { return true }
                gate.watchers.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Lets every request, waiting or to come, answer.
    func release() {
        let waiting = gate.withLock { gate in
            gate.released = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

@Suite struct ProvisionalCompositeTests {
    /// Loading tiles first, then the real composite in their place, with no empty frame in between.
    @Test func loadingCompositesAreReplacedInPlace() async {
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [])
        let work = QueuedWork()
        var options = AppController.Options()
        options.backgroundWork = work
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        let provider = DownloadingProvider()
        let controller = AppController(
            fixture: Fixture(groups: ViewFixtures.groups(5), baseDirectory: URL(fileURLWithPath: "/")),
            options: options,
            driver: terminal, provider: provider, exporter: { _, _, _ in },
            imageCells: { image, columns, rows in
                CellGrid(width: columns, height: rows, fill: Cell(image[0, 0] == .white ? "#" : "~"))
            })
        controller.step(timeoutMilliseconds: 0)
        // The preview's job posts its loading tiles, then waits for the photos.
        let running = Task { await work.runPending() }
        await provider.requestWaits()
        controller.step(timeoutMilliseconds: 0)
        #expect(terminal.row(0).hasPrefix("▌~~~~"))
        #expect(controller.runningRequestCount > 0)

        provider.release()
        _ = await running.value
        await controller.settle(work)
        #expect(terminal.row(0).hasPrefix("▌####"))
        #expect(controller.runningRequestCount == 0)
    }
}
