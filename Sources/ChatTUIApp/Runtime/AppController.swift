import Fixtures
import Foundation
import GroupIcon
import TerminalUI

/// The interactive app's runtime: reads keys, applies the reducer, asks for the composites the screen needs,
/// and draws.
///
/// Runs on one thread. Image work happens in detached tasks that post results to a `CompletionInbox`; the loop
/// polls keys with a short timeout and drains the inbox between keys, so a key is never kept waiting by an image.
package final class AppController {
    /// Settings of an interactive session.
    package struct Options {
        /// Parameters at start, and what `0` resets to.
        package var parameters = CompositionParameters()
        /// Where `e` writes `<group-id>-<layout>.png`.
        package var exportDirectory = "."
        /// Rows below the visible ones whose composites are requested ahead (and half as many above).
        package var lookAhead = 4
        /// Composite requests running at once.
        package var maxConcurrentRequests = 4
        /// How long one key poll waits, in milliseconds.
        package var pollMilliseconds = 30
        /// The time zone that decides what "today" is in the chat list.
        package var timeZone = TimeZone.current
        /// The clock for the chat list's time column.
        package var now: @Sendable () -> Date = { Date() }
        /// How the terminal shows colour (the views avoid colour altogether in `.monochrome`).
        package var colorMode = ColorMode.truecolor

        package init() {}
    }

    /// Runs an interactive session on `driver` until the user quits or `pendingSignal` reports a termination
    /// signal (the executable's handlers record them); the driver is stopped, restoring the terminal, on every
    /// way out. Returns the process exit status: 0 after quitting, 128 + the signal number after a signal.
    /// Throws `TerminalError` when the terminal cannot be used.
    package static func run(fixture: Fixture, options: Options, driver: TerminalDriver, provider: any CompositeProvider,
                            exporter: @escaping CompositeExporter, imageCells: @escaping ImageCellRenderer,
                            pendingSignal: () -> Int32?) throws -> Int32 {
        try driver.start()
        defer { driver.stop() }
        let controller = AppController(fixture: fixture, options: options, driver: driver, provider: provider,
                                       exporter: exporter, imageCells: imageCells)
        defer { controller.cancelRequests() }
        controller.redraw()
        while !controller.isFinished {
            if let signal = pendingSignal() { return 128 + signal }
            controller.step(timeoutMilliseconds: options.pollMilliseconds)
        }
        return 0
    }

    package private(set) var state: AppState
    private let options: Options
    private let driver: TerminalDriver
    private let provider: any CompositeProvider
    private let exporter: CompositeExporter
    private let store: CompositeStore
    private let inbox = CompletionInbox()
    private var requests: [PreviewKey: Task<Void, Never>] = [:]
    private var cancelledRequests: Set<PreviewKey> = []
    private var pendingExports = 0
    private var needsRedraw = true

    package init(fixture: Fixture, options: Options, driver: TerminalDriver, provider: any CompositeProvider,
         exporter: @escaping CompositeExporter, imageCells: @escaping ImageCellRenderer) {
        state = AppState(groups: fixture.groups, parameters: options.parameters,
                         exportDirectory: options.exportDirectory)
        self.options = options
        self.driver = driver
        self.provider = provider
        self.exporter = exporter
        store = CompositeStore(renderImage: imageCells)
    }

    /// True once the user has quit and no export is still being written.
    package var isFinished: Bool { state.shouldQuit && pendingExports == 0 }

    /// Composite requests currently running (including cancelled ones that have not ended yet).
    package var runningRequestCount: Int { requests.count }

    /// One turn of the loop: waits up to `timeoutMilliseconds` for a key, applies it and any keys already
    /// queued behind it (so a burst of parameter keys costs one round of requests: only the last parameters
    /// are asked for), takes in finished work, starts the requests the screen needs, redraws if anything changed.
    package func step(timeoutMilliseconds: Int) {
        var key = driver.readKey(timeoutMilliseconds: state.shouldQuit ? 0 : timeoutMilliseconds)
        var handled = 0
        while let current = key, handled < 256 {
            handle(current)
            handled += 1
            key = driver.readKey(timeoutMilliseconds: 0)
        }
        takeCompletions()
        if !state.shouldQuit { scheduleRequests() }
        if needsRedraw && !state.shouldQuit { redraw() }
        if state.shouldQuit && pendingExports > 0 { _ = inbox.waitForMessage(seconds: 0.1) }
    }

    /// Applies one key through the reducer and carries out its effects.
    package func handle(_ key: Key) {
        let metrics = ScreenLayout(width: driver.size.width, height: driver.size.height).listMetrics
        let (next, effects) = KeyBindings.reduce(state, key, metrics: metrics)
        if next != state || key == .resize { needsRedraw = true }
        state = next
        for effect in effects {
            guard case .export(let group, let parameters, let path) = effect else { continue }
            pendingExports += 1
            Task.detached { [exporter, inbox] in
                do {
                    try await exporter(group, parameters, path)
                    inbox.post(.exportFinished("Exported to \(path)"))
                } catch {
                    inbox.post(.exportFinished("Export to \(path) failed: \(error)"))
                }
            }
        }
    }

    /// Returns once every running request and export has ended or `seconds` pass without news; for tests and
    /// the benchmark, which need a settled screen.
    package func waitForBackgroundWork(seconds: Double) async {
        while !requests.isEmpty || pendingExports > 0 {
            guard await inbox.nextMessage(seconds: seconds) else { return }
            takeCompletions()
        }
        takeCompletions()
        if needsRedraw { redraw() }
    }

    /// Cancels every running composite request (on the way out).
    package func cancelRequests() {
        for task in requests.values { task.cancel() }
    }

    /// The composites the screen shows now, most important first: the selected group, its comparison
    /// variants, the visible rows, then a few rows ahead (below, then above).
    package func wantedComposites() -> [(key: PreviewKey, group: ChatGroup)] {
        let layout = ScreenLayout(width: driver.size.width, height: driver.size.height)
        guard !layout.isTooSmall else { return [] }
        var wanted: [(key: PreviewKey, group: ChatGroup)] = []
        if let selected = state.selectedGroup {
            let preview = PreviewGeometry.imageParameters(state, width: layout.preview.width,
                                                          height: layout.preview.height)
            let parameters = state.showsComparison
                ? [preview] + PreviewGeometry.comparisonVariants(of: state.parameters) : [preview]
            wanted += parameters.map { (PreviewKey(groupID: selected.id, parameters: $0), selected) }
        }
        let visible = layout.listMetrics.visibleRowCount
        let first = state.scrollOffset
        let positions = Array(first..<(first + visible + options.lookAhead))
            + Array((first - max(1, options.lookAhead / 2))..<first).reversed()
        wanted += positions.compactMap { state.group(atPosition: $0) }
            .map { (PreviewKey(groupID: $0.id, parameters: state.parameters), $0) }
        var seen = Set<PreviewKey>()
        return wanted.filter { seen.insert($0.key).inserted }
    }

    private func scheduleRequests() {
        let wanted = wantedComposites()
        let wantedKeys = Set(wanted.map(\.key))
        for (key, task) in requests where !wantedKeys.contains(key) && !cancelledRequests.contains(key) {
            task.cancel()
            cancelledRequests.insert(key)
        }
        for (key, group) in wanted where requests.count < options.maxConcurrentRequests {
            guard !store.contains(key), requests[key] == nil else { continue }
            requests[key] = Task.detached(priority: .userInitiated) { [provider, inbox] in
                if let provisional = try? await provider.provisionalComposite(for: group, parameters: key.parameters) {
                    inbox.post(.provisional(key, provisional))
                }
                let result = try? await provider.composite(for: group, parameters: key.parameters)
                inbox.post(.composite(key, Task.isCancelled ? nil : result))
            }
        }
    }

    private func takeCompletions() {
        for message in inbox.drain() {
            switch message {
            case .composite(let key, let result):
                requests[key] = nil
                cancelledRequests.remove(key)
                if let result {
                    store.store(result, for: key)
                    needsRedraw = true
                }
            case .provisional(let key, let composite):
                store.storeProvisional(composite, for: key)
                needsRedraw = true
            case .exportFinished(let status):
                pendingExports -= 1
                state.status = status
                needsRedraw = true
            }
        }
    }

    /// Draws the current state (the loop does this whenever something changed).
    package func redraw() {
        let size = driver.size
        let context = ViewContext(now: options.now(), timeZone: options.timeZone, unicode: driver.supportsUnicode,
                                  colorMode: options.colorMode)
        let frame = ScreenView.render(state, layout: ScreenLayout(width: size.width, height: size.height),
                                      source: store, context: context)
        driver.draw(frame)
        needsRedraw = false
    }
}
