import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers every request with one grey composite.
private struct GreyProvider: CompositeProvider {
    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        Composite(image: RGBAImage(width: 96, height: 96, fill: RGBA8(r: 120, g: 120, b: 120)))
    }
}

/// The app's pictures inside tmux, on the in-memory terminal that runs the drivers' `PictureLayer`: wrapped
/// in tmux's passthrough, as Unicode placeholders where the outer kitty shows them, and gone under an overlay.
@Suite struct TmuxPicturesTests {
    private func makeController(placeholders: Bool) -> (AppController, InMemoryTerminal) {
        let terminal = InMemoryTerminal(width: 100, height: 30)
        var setup = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        setup.passthrough = Multiplexer(kind: .tmux, allowsPassthrough: true, outerTerminalName: "xterm-kitty")
        setup.usesUnicodePlaceholders = placeholders
        terminal.graphics = setup
        var options = AppController.Options()
        options.backgroundWork = QueuedWork()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.monotonicNanoseconds = { 0 }
        let controller = AppController(
            fixture: Fixture(groups: ViewFixtures.groups(3), baseDirectory: URL(fileURLWithPath: "/")),
            options: options, driver: terminal, provider: GreyProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows, fill: Cell("#")) })
        return (controller, terminal)
    }

    private func press(_ keys: [Key], _ controller: AppController, _ terminal: InMemoryTerminal) async {
        terminal.pendingKeys = keys
        controller.step(timeoutMilliseconds: 0)
        await controller.driveUntilSettled()
    }

    /// The output with every passthrough taken out: what tmux itself gets.
    private func outsidePassthrough(_ output: String) -> String {
        var rest = Substring(output), outside = ""
        while let start = rest.range(of: "\u{1B}Ptmux;") {
            outside += rest[..<start.lowerBound]
            rest = rest[start.upperBound...]
            // The passthrough ends at the first ESC \ that is not a doubled ESC's second half.
            var index = rest.startIndex
            while index < rest.endIndex {
                let next = rest.index(after: index)
                if rest[index] == "\u{1B}", next < rest.endIndex {
                    if rest[next] == "\\" { index = rest.index(after: next); break }
                    index = rest.index(after: next)
                } else {
                    index = next
                }
            }
            rest = rest[index...]
        }
        return outside + rest
    }

    @Test func everyGraphicsSequenceGoesThroughThePassthrough() async throws {
        let (controller, terminal) = makeController(placeholders: false)
        await press([], controller, terminal)
        let sent = terminal.pictureUpdates.filter { !$0.sent.isEmpty }
        #expect(!sent.isEmpty, "the preview and the list avatars are pictures")
        for update in sent {
            let outside = outsidePassthrough(update.output)
            #expect(!outside.contains("\u{1B}_G"), "no kitty sequence reaches tmux unwrapped")
            // Outside the passthrough only the frame's cursor save and restore, and the scroll region that makes
            // tmux send its cells before the pictures (`PictureLayer.flushTmuxCells`).
            let rest = ["\u{1B}7", "\u{1B}[r", "\u{1B}8"].reduce(outside) { $0.replacingOccurrences(of: $1, with: "") }
            #expect(
                rest.isEmpty,
                "only the cursor save, the scroll region and the restore reach tmux: \(rest.debugDescription)")
            #expect(outside.hasPrefix("\u{1B}7\u{1B}[r") && outside.hasSuffix("\u{1B}8"))
        }
    }

    @Test func placeholdersFillThePictureCellsAndGoUnderTheHelp() async throws {
        let (controller, terminal) = makeController(placeholders: true)
        await press([], controller, terminal)
        let preview = try #require(terminal.pictureLayer.shown.first { PreviewView.pictureIDs.contains($0.id) })
        let update = try #require(terminal.pictureUpdates.last { $0.sent.contains(preview.id) })
        let outside = outsidePassthrough(update.output)
        let cells = outside.unicodeScalars.filter { $0 == KittyGraphics.placeholder }.count
        #expect(cells >= preview.area.width * preview.area.height, "every cell of the preview holds a placeholder")
        #expect(outside.contains("\u{1B}[\(preview.area.y + 1);\(preview.area.x + 1)H\u{1B}[38;5;"))
        // The help covers the pictures: their rows are repainted (wiping the placeholders) and images freed.
        await press(chars("?"), controller, terminal)
        let removal = try #require(terminal.pictureUpdates.last { !$0.rowsToRepaint.isEmpty })
        #expect(removal.rowsToRepaint.contains(preview.area.y))
        #expect(removal.output.contains(TmuxPassthrough.wrap(KittyGraphics.free(id: 16))))
        #expect(terminal.pictureLayer.shown.isEmpty)
    }
}
