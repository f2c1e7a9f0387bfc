import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Every full-repaint trigger goes one way: Ctrl-L, the focus coming back and SIGCONT (`AppEvent.repaint`) are
/// `Effect.repaint`, which the controller carries out by making the driver forget what the terminal shows.
@Suite struct RepaintTests {
    let keys = KeyPresser()
    var nine: AppState { ViewFixtures.state(groups(withMembers: [9, 3])) }

    @Test func ctrlLFocusBackAndTheRepaintEventAreOneEffect() {
        for event in [AppEvent.key(.control("l")), .key(.focusIn), .repaint] {
            let (state, effects) = AppReducer.reduce(nine, event, metrics: keys.metrics)
            #expect(effects == [.repaint] && state == nine)
        }
        // Whatever is open stays open: a prompt keeps its text.
        let typing = keys.state(after: chars("E") + chars("x"), on: nine)
        let (after, effects) = AppReducer.reduce(typing, .key(.control("l")), metrics: keys.metrics)
        #expect(effects == [.repaint] && after.prompt == typing.prompt)
    }

    @Test func aTmuxThatPassesNoFocusReportsIsAWarning() {
        var tmux = Multiplexer(kind: .tmux, allowsPassthrough: true)
        tmux.focusEvents = false
        var graphics = GraphicsSetup(
            graphicsProtocol: .sixel, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        graphics.passthrough = tmux
        let told = AppReducer.reduce(nine, .started(graphics: graphics, warnings: []), metrics: keys.metrics).0
        #expect(told.warnings.contains(AppReducer.focusEventsAdvice))
        // The status line still says how pictures are drawn.
        #expect(told.status == graphics.summary)
        tmux.focusEvents = true
        var passing = graphics
        passing.passthrough = tmux
        let quiet = AppReducer.reduce(nine, .started(graphics: passing, warnings: []), metrics: keys.metrics).0
        #expect(!quiet.warnings.contains(AppReducer.focusEventsAdvice))
    }

    @Test func theControllerRepaintsEveryCellAndPictureAfterARepaint() {
        let (terminal, controller) = Self.sixelApp()
        controller.redraw()
        controller.processEvents()
        let draws = terminal.drawCount
        terminal.pendingKeys = [.control("l")]
        controller.processEvents()
        #expect(terminal.invalidations == 1 && terminal.drawCount == draws + 1)
        // Every cell painted again.
        #expect(terminal.lastPaintCount == 100 * 30)
        controller.handle(.repaint)
        controller.processEvents()
        #expect(terminal.invalidations == 2 && terminal.lastPaintCount == 100 * 30)
    }
}

extension RepaintTests {
    /// A re-attached terminal (tmux sends a focus report; dtach a resize at the same size) or one reset and
    /// then resized holds none of the pictures: each of those events sends every picture whole again, the
    /// preview and every list avatar.
    @Test(arguments: [Key.focusIn, .resize, .control("l")])
    func everyPictureIsSentAgainAfter(_ key: Key) async {
        let (terminal, controller) = Self.sixelApp()
        controller.step(timeoutMilliseconds: 0)
        await controller.driveUntilSettled()
        let shown = Set(terminal.pictureLayer.shown.map(\.id))
        // The preview and the three list avatars.
        #expect(shown.count == 4 && shown.isSuperset(of: PreviewView.pictureIDs.prefix(1)))
        let updates = terminal.pictureUpdates.count
        terminal.pendingKeys = [key]
        controller.step(timeoutMilliseconds: 0)
        await controller.driveUntilSettled()
        let sent = Set(terminal.pictureUpdates.dropFirst(updates).flatMap(\.sent))
        #expect(sent == shown, "after \(key)")
        #expect(terminal.invalidations == 1)
    }

    /// The app on a 100×30 sixel terminal with three groups of white composites, at a fixed clock.
    static func sixelApp() -> (InMemoryTerminal, AppController) {
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [])
        terminal.graphics = GraphicsSetup(
            graphicsProtocol: .sixel, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        var options = AppController.Options()
        options.backgroundWork = QueuedWork()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.monotonicNanoseconds = { 0 }
        let controller = AppController(
            fixture: Fixture(groups: ViewFixtures.groups(3), baseDirectory: URL(fileURLWithPath: "/")),
            options: options, driver: terminal, provider: WhiteComposites(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        return (terminal, controller)
    }
}

/// Answers every request at once with a small white composite.
private struct WhiteComposites: CompositeProvider {
    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        Composite(image: RGBAImage(width: 4, height: 4, fill: .white))
    }
}
