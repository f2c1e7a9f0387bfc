import ChatTUITestSupport
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers every request with a square of the parameters' pixel size and records what was asked for.
private final class RecordingProvider: CompositeProvider, @unchecked Sendable {
    let asked = LockedState<[(group: String, parameters: CompositionParameters)]>([])

    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        asked.withLock { $0.append((group.id, parameters)) }
        return Composite(
            image: RGBAImage(
                width: parameters.pixelSize, height: parameters.pixelSize, fill: RGBA8(r: 200, g: 40, b: 40)))
    }
}

/// The variants sheet through the real controller, store and views.
@Suite struct VariantsSheetControllerTests {
    private func makeController(_ graphics: GraphicsProtocol?, provider: RecordingProvider) -> (
        AppController, InMemoryTerminal
    ) {
        let terminal = InMemoryTerminal(width: 120, height: 40)
        if let graphics {
            terminal.graphics = GraphicsSetup(
                graphicsProtocol: graphics, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
                cellSizeIsKnown: true, sixelColors: 256)
        }
        var options = AppController.Options()
        options.backgroundWork = QueuedWork()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.monotonicNanoseconds = { 0 }
        options.parameters.size = 40
        let controller = AppController(
            fixture: Fixture(groups: groups(withMembers: [3, 5]), baseDirectory: URL(fileURLWithPath: "/")),
            options: options, driver: terminal, provider: provider, exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows, fill: Cell("#")) })
        return (controller, terminal)
    }

    private func press(_ keys: [Key], _ controller: AppController, _ terminal: InMemoryTerminal) async {
        terminal.pendingKeys = keys
        controller.step(timeoutMilliseconds: 0)
        await controller.driveUntilSettled()
    }

    @Test func vShowsTheSheetAsTheVariantsAndTheGroupAndRedrawsItOnAParameterKey() async throws {
        let provider = RecordingProvider()
        let (controller, terminal) = makeController(.kitty, provider: provider)
        await press([], controller, terminal)
        provider.asked.withLock { $0.removeAll() }
        await press(chars("v"), controller, terminal)
        let asked = provider.asked.withLock { $0 }
        let variants = VariantsSheetLayout.memberCounts.map { "variant-\($0)" }
        #expect(variants.allSatisfy { id in asked.contains { $0.group == id && $0.parameters.size == 40 } })
        // The group itself, at the preview's size only: the context row shows that composite reduced to the
        // list's 48 pt.
        #expect(asked.contains { $0.group == "g0" && $0.parameters.size == 40 })
        #expect(!asked.contains { $0.parameters.size != 40 })
        let picture = try #require(terminal.pictureLayer.shown.first { $0.id == PreviewView.pictureIDs[0] })
        // The sheet is wider than tall (two rows of six cells and one context row), so it fills the pane's width.
        #expect(picture.area.width > picture.area.height)
        #expect((0..<3).map(terminal.row).joined().contains("1 2 3 4 5 6 7 8 9 12, g0 (3)"))

        provider.asked.withLock { $0.removeAll() }
        await press(chars("]"), controller, terminal)
        let margin = controller.state.parameters.margin
        #expect(provider.asked.withLock { $0 }.contains { $0.group == "variant-12" && $0.parameters.margin == margin })

        // t: the dark row is another sheet; v closes it and the preview is the group's composite again.
        provider.asked.withLock { $0.removeAll() }
        await press(chars("t"), controller, terminal)
        #expect(controller.state.sheetTheme == .dark && !provider.asked.withLock { $0 }.isEmpty)
        await press(chars("v"), controller, terminal)
        #expect(!controller.state.showsSheet)
        #expect(!(0..<3).map(terminal.row).joined().contains("9 12, g0"))
    }

    @Test func withoutGraphicsTheSheetIsDrawnInHalfBlocks() async {
        let provider = RecordingProvider()
        let (controller, terminal) = makeController(nil, provider: provider)
        await press(chars("v"), controller, terminal)
        let screen = (0..<40).map(terminal.row).joined(separator: "\n")
        #expect(screen.contains("Variants") && screen.contains("1 2 3 4 5 6 7 8 9 12"))
        #expect(screen.contains("####") && !screen.contains("composing the variants"))
    }

    @Test func aChangedGroupOutdatesItsAvatarItsSheetsAndTheSelectedGroupsSheets() {
        let (group, other) = (groups(withMembers: [2])[0], groups(withMembers: [2, 3])[1])
        let changed = Set(CompositeSubject.changed(by: [other.id], selected: group.id))
        let sheets = [group, other].flatMap { g in
            ChatListTheme.Name.allCases.map { CompositeSubject.sheet(groupID: g.id, theme: $0) }
        }
        #expect(changed == Set(sheets + [.avatar(groupID: other.id)]))
        #expect(!changed.contains(.avatar(groupID: group.id)))
    }
}
