import ChatTUITestSupport
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Answers every request at once with a small white composite.
private struct WhiteProvider: CompositeProvider {
    func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError) -> Composite
    {
        Composite(image: RGBAImage(width: 4, height: 4, fill: .white))
    }
}

/// The controller writes the session a moment after each change (on the loop's clock), on every way out, and
/// says so when it cannot.
@Suite struct SessionSavingTests {
    private func folder() -> String {
        let path = NSTemporaryDirectory() + "chat-tui-session-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func options(sessionPath: String, clock: LockedState<UInt64> = LockedState(0)) -> AppController.Options {
        var options = AppController.Options()
        options.now = { ViewFixtures.now }
        options.timeZone = ViewFixtures.utc
        options.files = ExportFiles(kind: { _ in .missing }, createFolder: { _ in }, homeDirectory: nil)
        options.monotonicNanoseconds = { clock.withLock { $0 } }
        options.sessionPath = sessionPath
        return options
    }

    private var fixture: Fixture { Fixture(groups: ViewFixtures.groups(5), baseDirectory: URL(fileURLWithPath: "/")) }

    private func savedMargin(_ path: String) -> Double? {
        guard let bytes = try? FileIO.readRegularFile(path: path, maxBytes: 1 << 20) else { return nil }
        return (try? SessionRecord.decode(bytes, path: path))?.parameters.margin
    }

    @Test func aChangeIsWrittenWhenTheLoopsClockPassesTheSaveWindow() {
        let path = folder() + "/sessions/s.json"
        let clock = LockedState<UInt64>(1_000)
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [.character("]")])
        let controller = AppController(
            fixture: fixture, options: options(sessionPath: path, clock: clock), driver: terminal,
            provider: WhiteProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        controller.processEvents()
        #expect(controller.state.sessionSaveDeadline == 1_000 + AppReducer.sessionSaveNanoseconds)
        #expect(savedMargin(path) == nil)
        clock.withLock { $0 += AppReducer.sessionSaveNanoseconds }
        controller.processEvents()
        #expect(savedMargin(path) == controller.state.parameters.margin)
        #expect(controller.state.sessionSaveDeadline == nil)
    }

    @Test func aLostTerminalOrASignalWritesTheChangeAtOnce() throws {
        for signal in [nil, SIGHUP, SIGTERM] as [Int32?] {
            let path = folder() + "/sessions/s.json"
            let terminal = InMemoryTerminal(width: 100, height: 30, keys: [.character("]"), .character("]")])
            terminal.closesWhenKeysRunOut = signal == nil
            var turns = 0
            let status = try AppController.run(
                fixture: fixture, options: options(sessionPath: path), driver: terminal,
                provider: WhiteProvider(), exporter: { _, _, _ in },
                imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) },
                pendingSignal: {
                    // The signal arrives after the keys were handled.
                    turns += 1
                    return turns > 1 ? signal : nil
                })
            #expect(status == 128 + (signal ?? SIGHUP))
            let expected = KeyPresser().state(
                after: [.character("]"), .character("]")],
                on: AppState(groups: fixture.groups, parameters: CompositionParameters(), exportDirectory: "."))
            #expect(expected.parameters.margin != CompositionParameters().margin)
            #expect(savedMargin(path) == expected.parameters.margin, "\(String(describing: signal))")
        }
    }

    @Test func aSaveThatFailsIsSaidOnTheStatusLineAndAtExit() throws {
        // The sessions folder is a file.
        let base = folder()
        #expect(FileManager.default.createFile(atPath: base + "/sessions", contents: Data("x".utf8)))
        let path = base + "/sessions/s.json"
        let terminal = InMemoryTerminal(width: 100, height: 30, keys: [.character("]")])
        terminal.closesWhenKeysRunOut = true
        var farewell: [String] = []
        _ = try AppController.run(
            fixture: fixture, options: options(sessionPath: path), driver: terminal,
            provider: WhiteProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) },
            pendingSignal: { nil }, farewell: { farewell.append($0) })
        #expect(farewell.count == 1)
        #expect(farewell.first?.hasPrefix("the session is not saved: \(path): ") == true, "\(farewell)")

        // In the loop: the status line says it, with the path.
        let clock = LockedState<UInt64>(0)
        let live = InMemoryTerminal(width: 100, height: 30, keys: [.character("]")])
        let controller = AppController(
            fixture: fixture, options: options(sessionPath: path, clock: clock), driver: live,
            provider: WhiteProvider(), exporter: { _, _, _ in },
            imageCells: { _, columns, rows in CellGrid(width: columns, height: rows) })
        controller.processEvents()
        clock.withLock { $0 += AppReducer.sessionSaveNanoseconds }
        controller.processEvents()
        #expect(controller.state.status.hasPrefix("The session is not saved: \(path): "))
        #expect(controller.state.warnings.contains { $0.contains(path) })
    }
}
