import ChatTUITestSupport
import Fixtures
import Foundation
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// A composite whose colour says the parameters' margin, so that every parameter key changes every picture.
/// Records the parameters asked for. (Jobs run when the test's `QueuedWork` runs them, so a thumbnail is "being
/// made" until then.)
private final class MarginProvider: CompositeProvider {
    let asked = LockedState<[CompositionParameters]>([])

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        asked.withLock { $0.append(parameters) }
        return Composite(image: RGBAImage(width: 40, height: 40, fill: Self.color(parameters)))
    }

    static func color(_ parameters: CompositionParameters) -> RGBA8 {
        RGBA8(r: UInt8(truncatingIfNeeded: Int(((parameters.margin ?? -1) * 10).rounded())), g: 120, b: 40)
    }
}

/// A terminal that notes, at every frame, the pictures it sent and how many composites were being made.
private final class FrameLog: TerminalDriver {
    func invalidate() {}
    struct Frame {
        var sent: [UInt32]
        var runningRequests: Int
    }

    let terminal: InMemoryTerminal
    var frames: [Frame] = []
    var runningRequests: () -> Int = { 0 }

    init(_ terminal: InMemoryTerminal) { self.terminal = terminal }

    var size: TerminalSize { terminal.size }
    var supportsUnicode: Bool { terminal.supportsUnicode }
    var graphics: GraphicsSetup { terminal.graphics }
    var inputDescriptor: Int32? { terminal.inputDescriptor }
    func start() throws { try terminal.start() }
    func stop() { terminal.stop() }
    func readInput() -> TerminalInput { terminal.readInput() }
    func copyToClipboard(_ text: String) -> Bool { terminal.copyToClipboard(text) }

    func draw(_ grid: CellGrid, pictures: [PixelPicture]) -> GraphicsError? {
        let problem = terminal.draw(grid, pictures: pictures)
        frames.append(Frame(sent: terminal.pictureUpdates.last?.sent ?? [], runningRequests: runningRequests()))
        return problem
    }
}

/// On a parameter key in real pixels, the key's frame composes and encodes the preview alone: list thumbnails
/// are started after it is drawn, and thumbnails of parameters that changed again are dropped.
@Suite struct PicturesFirstTests {
    private func makeController(_ provider: MarginProvider) -> (AppController, FrameLog) {
        let terminal = InMemoryTerminal(width: 100, height: 30)
        terminal.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        let log = FrameLog(terminal)
        var options = AppController.Options()
        options.backgroundWork = QueuedWork()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        // Time stands still: the key's frame waits for its preview however long it takes.
        options.monotonicNanoseconds = { 0 }
        let controller = AppController(
            fixture: Fixture(groups: ViewFixtures.groups(3), baseDirectory: URL(fileURLWithPath: "/")),
            options: options, driver: log, provider: provider, exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows, fill: Cell("#")) })
        log.runningRequests = { [unowned controller] in controller.runningRequestCount }
        return (controller, log)
    }

    /// Whether the middle of `picture` is `color` (resampling a flat picture may round by one).
    private func shows(_ picture: PixelPicture, _ color: RGBA8) -> Bool {
        let middle = picture.image[picture.image.width / 2, picture.image.height / 2]
        return abs(Int(middle.r) - Int(color.r)) <= 1 && abs(Int(middle.g) - Int(color.g)) <= 1
            && abs(Int(middle.b) - Int(color.b)) <= 1
    }

    private let avatarIDs = Set((0..<3).map { ChatListView.firstPictureID + UInt32($0) })
    private let previewID = PreviewView.pictureIDs[0]

    @Test func theKeysFrameSendsThePreviewBeforeAnyThumbnailIsStarted() async throws {
        let provider = MarginProvider()
        let (controller, log) = makeController(provider)
        controller.redraw()
        #expect(await controller.driveUntilSettled())
        #expect(Set(log.terminal.pictureLayer.shown.map(\.id)).isSuperset(of: avatarIDs.union([previewID])))
        log.frames = []
        log.terminal.pendingKeys = [.character("]")]
        #expect(await controller.driveUntilSettled())
        // The first frame that sends a picture sends the new preview first, while nothing else is being made;
        // beside it only the selected group's avatar, which shows the preview's new composite until its own
        // arrives.
        let firstIndex = try #require(log.frames.firstIndex { !$0.sent.isEmpty })
        let first = log.frames[firstIndex]
        #expect(first.sent.first == previewID)
        #expect(Set(first.sent).isSubset(of: [previewID, ChatListView.firstPictureID]))
        #expect(first.runningRequests == 0, "no thumbnail was started before the preview's frame")
        // Later frames send the other list thumbnails at the new parameters, and never the preview again.
        let later = log.frames[(firstIndex + 1)...].flatMap(\.sent)
        #expect(Set(later).isSuperset(of: avatarIDs.subtracting(first.sent)) && !later.contains(previewID))
        let color = MarginProvider.color(controller.state.parameters)
        for avatar in log.terminal.pictureLayer.shown where avatarIDs.contains(avatar.id) {
            #expect(shows(avatar, color))
        }
    }

    @Test func thumbnailsOfParametersThatChangedAgainAreDroppedNotSent() async throws {
        let provider = MarginProvider()
        let (controller, log) = makeController(provider)
        controller.redraw()
        #expect(await controller.driveUntilSettled())
        let start = controller.state.parameters
        // One margin step: its preview is drawn, its thumbnails are being made (queued, not run yet).
        log.terminal.pendingKeys = [.character("]")]
        #expect(await controller.drive { controller.isPreviewSettled && controller.runningRequestCount > 0 })
        let stale = controller.state.parameters
        #expect(stale != start)
        // Another step before they finish: they are no longer wanted.
        log.terminal.pendingKeys = [.character("]")]
        // They run cancelled, like work that finished just as it was cancelled.
        #expect(await controller.drive { controller.isPreviewSettled })
        #expect(await controller.driveUntilSettled())
        #expect(controller.state.parameters != stale)
        // Thumbnails are asked for at the list avatar's pixels (`exactPixelSize`), otherwise at those parameters.
        let staleThumbnails = provider.asked.withLock {
            Set(
                $0.filter { asked in
                    var shared = asked
                    shared.exactPixelSize = nil
                    return shared == stale && asked.exactPixelSize != nil
                })
        }
        #expect(!staleThumbnails.isEmpty, "the stale thumbnails were asked for")
        // None of them was kept, nor sent: every avatar shows the last parameters' colour.
        for group in controller.state.groups {
            for parameters in staleThumbnails.union([stale]) {
                #expect(!controller.store.contains(controller.store.key(for: group.id, parameters: parameters)))
            }
        }
        let color = MarginProvider.color(controller.state.parameters)
        let avatars = log.terminal.pictureLayer.shown.filter { avatarIDs.contains($0.id) }
        #expect(avatars.count == 3)
        for avatar in avatars { #expect(shows(avatar, color)) }
    }
}
