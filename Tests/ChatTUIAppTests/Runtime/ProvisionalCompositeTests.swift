import ChatTUITestSupport
import Fixtures
import Foundation
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers with a provisional composite (grey: photos still downloading) at once, and with the real one
/// (white) once the test lets it.
private final class DownloadingProvider: CompositeProvider {
    let released = LockedState(false)

    func provisionalComposite(for group: ChatGroup, parameters: CompositionParameters)
        async throws(CompositionError) -> Composite?
    {
        Composite(image: RGBAImage(width: 4, height: 4, fill: RGBA8(r: 0xD6, g: 0xD6, b: 0xD6)))
    }

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError)
        -> Composite
    {
        while !released.withLock({ $0 }) {
            guard (try? await Task.sleep(for: .milliseconds(5))) != nil else { throw .cancelled }
        }
        return Composite(image: RGBAImage(width: 4, height: 4, fill: .white))
    }
}

@Suite struct ProvisionalCompositeTests {
    /// Loading tiles first, then the real composite in their place, with no empty frame in between.
    @Test func loadingCompositesAreReplacedInPlace() async {
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [])
        var options = AppController.Options()
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
        var polls = 0
        while !terminal.row(0).hasPrefix("▌~~~~"), polls < 2000 {
            polls += 1
            try? await Task.sleep(for: .milliseconds(5))
            controller.step(timeoutMilliseconds: 0)
        }
        #expect(terminal.row(0).hasPrefix("▌~~~~"))
        #expect(controller.runningRequestCount > 0)

        provider.released.withLock { $0 = true }
        controller.waitForBackgroundWork(seconds: 120)
        #expect(terminal.row(0).hasPrefix("▌####"))
        #expect(controller.runningRequestCount == 0)
    }
}
