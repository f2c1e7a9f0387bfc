import Dispatch
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI

/// The interactive app's runtime: turns keys, finished background work, the terminal's answers and the time
/// into `AppEvent`s for the reducer (`AppReducer.reduce`), keeps the state it returns and carries out its
/// effects, asks for the composites the screen needs (the selected group's preview first, list thumbnails
/// after), and draws. It changes the state only by the reducer's answer.
///
/// What the screen shows is decided once per state, by `ScreenPlan.make`: the frame is drawn from the plan, and
/// the composites requested are its slots, in its order, each job framing its picture for the slot's request.
///
/// Runs on one thread, which sleeps in one `poll` over the terminal's input, the `WakeSignal` that background
/// work and signal handlers post to, and any extra descriptors (`Options.wakeSources`). Image and file work
/// runs through `Options.backgroundWork` (detached tasks) and posts to the `CompletionInbox`; so a finished composite wakes the loop like a
/// key does, and the loop never waits on a timer except for a real deadline (a message's expiry).
package final class AppController {
    /// Another descriptor the loop waits on (for example a file-change watch): `onReadable` runs on the loop's
    /// thread when it is readable and must read what is waiting, or the loop wakes again at once.
    package struct WakeSource {
        package var descriptor: Int32
        package var onReadable: (AppController) -> Void

        package init(descriptor: Int32, onReadable: @escaping (AppController) -> Void) {
            self.descriptor = descriptor; self.onReadable = onReadable
        }
    }

    /// Settings of an interactive session.
    package struct Options {
        /// Parameters at start, and what `0` resets to.
        package var parameters = CompositionParameters()
        /// Where `e` writes `<group-id>.png` (and `@2x`, `@3x`).
        package var exportDirectory = "."
        /// The fixture as the user gave it, for the flags `y` shares.
        package var fixturePath = "groups.json"
        /// The side of a list avatar in points where avatars are pixel pictures (`--list-avatar-size`): at the
        /// export scale, in screen pixels, rounded up to whole cells; list rows grow to fit it.
        package var listAvatarPoints = 48.0
        /// The chat-list themes of the variants sheet's context row, and the one it starts on (`t` switches).
        package var themes: [ChatListTheme] = [.light, .dark]
        package var sheetTheme = ChatListTheme.Name.light
        /// Rows below the visible ones whose composites are requested ahead (and half as many above).
        package var lookAhead = 4
        /// Composite requests running at once.
        package var maxConcurrentRequests = 4
        /// Least time between two frames drawn only for list thumbnails that arrived, in seconds: a round of
        /// twenty thumbnails then costs a few frames, not twenty. The last thumbnail of a round is always drawn.
        package var thumbnailFrameSeconds = 0.016
        /// After a key that asks for a new preview, how long the frame waits for that composite, in seconds:
        /// one frame with the new picture instead of one without it followed by one with it. On two busy cores
        /// the first frame would hold up the composite's arrival on screen; a slower composite (a photo to
        /// decode) is drawn after this wait with what the store has. In pixels the composite comes with its
        /// picture framed and encoded (a sixel preview: 15–20 ms on two cores), which the wait covers; the loop
        /// reads keys meanwhile.
        package var previewWaitSeconds = 0.025
        /// The time zone that decides what "today" is in the chat list.
        package var timeZone = TimeZone.current
        /// The clock for the chat list's time column.
        package var now: @Sendable () -> Date = { Date() }
        /// How the terminal shows colour (the views avoid colour altogether in `.monochrome`).
        package var colorMode = ColorMode.truecolor
        /// A monotonic clock in nanoseconds: the time of the `.timer` events (message expiry) and of frame pacing.
        package var monotonicNanoseconds: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
        /// The file system as exports see it.
        package var files = ExportFiles.live
        /// The presets `o` applies and `s` saves to; nil when there is no place for them ...
        package var presets: PresetFile?
        /// ... for this reason, the end of "Presets cannot be saved: ".
        package var presetsUnavailableReason = "set XDG_CONFIG_HOME or HOME"
        /// Problems found before the app started (an unreadable presets file): shown at once, kept in `w`.
        package var startupWarnings: [String] = []
        /// The last session with this fixture, to continue from (nil: start clean).
        package var session: SessionRecord?
        /// When the session's file was written (its modification time), which the status line names on start.
        package var sessionSavedAt: Date?
        /// Where the session is kept (`SessionRecord.defaultPath`); nil: not kept.
        package var sessionPath: String?
        /// Writes the spec hand-off beside every export's images (`e`, `E`); nil: exports write images only.
        package var specExporter: SpecExporter?
        /// The pipeline's memory budget, which the variants sheet reserves its painting from and whose limit
        /// decides the scale it is drawn at (`VariantsSheet.scaleFitting`); nil: no limit.
        package var memoryBudget: MemoryBudget?
        /// Descriptors to wait on besides the terminal and the wake pipe.
        package var wakeSources: [WakeSource] = []
        /// Where composites, exports, presets and fixture reads run (tests queue them and run them at will).
        package var backgroundWork: any BackgroundWork = DetachedTasks()

        package init() {}
    }

    /// Runs an interactive session on `driver` until the user quits, `pendingSignal` reports a termination
    /// signal (the executable's handlers record it and post to `wake`; `pendingRepaint` says SIGCONT came), or the terminal goes away (end of input,
    /// hang-up, I/O error). Running exports get up to a second to finish on the way out; the driver is stopped,
    /// restoring the terminal where there still is one, on every way out; a session change not written yet is
    /// written on the way out too. What the user must know after the screen is gone (a session that could not
    /// be saved) goes to `farewell` once the driver has stopped. Returns the exit status: 0 after quitting,
    /// 128 + the signal number after a signal, 129 (as for SIGHUP) when the terminal went away. Throws
    /// `TerminalError` when the terminal cannot be used.
    package static func run(
        fixture: Fixture, options: Options, driver: TerminalDriver, provider: any CompositeProvider,
        exporter: @escaping CompositeExporter, imageCells: @escaping ImageCellRenderer,
        wake: WakeSignal = WakeSignal(), pendingSignal: () -> Int32?, pendingRepaint: () -> Bool = { false },
        farewell: (String) -> Void = { _ in }
    ) throws -> Int32 {
        if let failure = wake.failure { throw TerminalError.cannotWait(failure) }
        try driver.start()
        var lastWords: [String] = []
        defer {
            driver.stop()
            lastWords.forEach(farewell)
        }
        let controller = AppController(
            fixture: fixture, options: options, driver: driver, provider: provider,
            exporter: exporter, imageCells: imageCells, wake: wake)
        defer {
            controller.cancelRequests()
            lastWords = controller.state.sessionSaveProblem.map { ["the session is not saved: \($0)"] } ?? []
        }
        controller.redraw()
        while true {
            if let signal = pendingSignal() {
                controller.handle(.sessionEnding)
                controller.waitForExports(seconds: 1)
                return 128 + signal
            }
            if pendingRepaint() { controller.handle(.repaint) }
            controller.processEvents()
            if controller.isFinished { return 0 }
            if controller.terminalClosed {
                controller.handle(.sessionEnding)
                controller.waitForExports(seconds: 1)
                return 128 + SIGHUP
            }
            controller.waitForEvents(timeoutMilliseconds: nil)
        }
    }

    package private(set) var state: AppState
    /// Set once the terminal's input has ended; the session is over.
    package private(set) var terminalClosed = false
    let options: Options
    private let driver: TerminalDriver
    let provider: any CompositeProvider
    private let exporter: CompositeExporter
    let store: CompositeStore
    private let wake: WakeSignal
    let inbox: CompletionInbox
    /// The composites being made: each job, and the request it frames its picture for (its slot's).
    private var requests: [PreviewKey: (job: BackgroundJob, framedAhead: PictureRequest?)] = [:]
    private var cancelledRequests: Set<PreviewKey> = []
    private var pendingExports = 0
    var needsRedraw = true
    /// Where reading the fixture again stands (`AppController+Reload.swift`).
    var fixtureReading = FixtureReading()
    /// List thumbnails arrived that no frame shows yet.
    private var thumbnailsArrived = false
    /// A preview composite arrived that no frame shows yet: thumbnails are not started until it is drawn, so
    /// that the frame that sends the new preview picture has the cores to itself.
    private var previewAwaitingFrame = false
    private var lastFrame: UInt64 = 0
    /// Until when a key's frame waits for its preview composite (`Options.previewWaitSeconds`).
    private var previewDeadline: UInt64?
    /// The plan of the current state, made once and used by the frame and the requests alike; nil after the
    /// state changed.
    private var currentPlan: ScreenPlan?

    package init(
        fixture: Fixture, options: Options, driver: TerminalDriver, provider: any CompositeProvider,
        exporter: @escaping CompositeExporter, imageCells: @escaping ImageCellRenderer,
        wake: WakeSignal = WakeSignal()
    ) {
        state = AppState(
            groups: fixture.groups, parameters: options.parameters,
            exportDirectory: options.exportDirectory, fixturePath: options.fixturePath,
            presets: options.presets, presetsUnavailableReason: options.presetsUnavailableReason,
            writesSpecs: options.specExporter != nil, sheetTheme: options.sheetTheme)
        self.options = options
        self.driver = driver
        self.provider = provider
        self.exporter = exporter
        self.wake = wake
        inbox = CompletionInbox(wake: wake)
        store = CompositeStore(renderImage: imageCells)
        // The session first, so that the start's warnings (said after it) stay on the status line.
        if let session = options.session {
            handle(.sessionRestored(session, savedAt: options.sessionSavedAt.map { describeTime($0) }))
        }
        handle(.started(graphics: driver.graphics, warnings: options.startupWarnings))
    }

    /// True once the user has quit and no export is still being written.
    package var isFinished: Bool { state.shouldQuit && pendingExports == 0 }

    /// Composite requests currently running (including cancelled ones that have not ended yet).
    package var runningRequestCount: Int { requests.count }

    /// Whether an export is being written.
    package var hasRunningExports: Bool { pendingExports > 0 }

    /// Whether every picture of the preview pane shows its exact composite.
    package var isPreviewSettled: Bool { previewKeys().allSatisfy { store.contains($0) } }

    /// Whether every composite the screen plans (preview, visible rows and the rows ahead) has arrived.
    package var isSettled: Bool { plannedComposites().allSatisfy { store.contains($0.key) } }

    /// The screen as the current state and terminal make it (`ScreenPlan.make`), made once per state.
    package var plan: ScreenPlan {
        let layout = screenLayout
        if let currentPlan, currentPlan.layout == layout, currentPlan.context.graphics == driver.graphics {
            return currentPlan
        }
        let made = ScreenPlan.make(state, layout: layout, context: viewContext, lookAhead: options.lookAhead)
        currentPlan = made
        return made
    }

    /// The composites the plan's slots need, in the plan's order (each once, with the first slot that needs it).
    package func plannedComposites() -> [(key: PreviewKey, slot: ScreenPlan.Slot)] {
        var seen = Set<PreviewKey>()
        return plan.slots.map { (store.key(for: $0.subject, parameters: $0.parameters), $0) }
            .filter { seen.insert($0.key).inserted }
    }

    /// The composites of the preview pane's slots.
    private func previewKeys() -> [PreviewKey] {
        plan.slots.filter { $0.pane == .preview }.map { store.key(for: $0.subject, parameters: $0.parameters) }
    }

    /// One turn of the loop as tests drive it: waits up to `timeoutMilliseconds` for an event when it is above
    /// 0, then `processEvents`.
    package func step(timeoutMilliseconds: Int) {
        if timeoutMilliseconds > 0 { waitForEvents(timeoutMilliseconds: timeoutMilliseconds) }
        processEvents()
    }

    /// Hands the reducer every key waiting (so a burst of parameter keys costs one round of requests: only the
    /// last parameters are asked for), the finished work and the time (an expired message leaves), starts the
    /// requests the screen needs and redraws if anything changed. Never blocks.
    package func processEvents() {
        var handled = 0
        var previewsBeforeKeys: [PreviewKey]?
        reading: while handled < 256 {
            switch driver.readInput() {
            case .key(let key):
                if previewsBeforeKeys == nil { previewsBeforeKeys = previewKeys() }
                handle(.key(key))
                handled += 1
            case .ignored:
                handled += 1
            case .none:
                break reading
            case .closed:
                terminalClosed = true
                break reading
            }
        }
        takeCompletions()
        handle(.timer(now: options.monotonicNanoseconds()))
        if !state.shouldQuit && !terminalClosed { scheduleRequests() }
        if thumbnailsArrived {
            let since = Double(options.monotonicNanoseconds() &- lastFrame) / 1e9
            if requests.isEmpty || since >= options.thumbnailFrameSeconds { needsRedraw = true }
        }
        guard needsRedraw && !state.shouldQuit && !terminalClosed else { return }
        let previews = previewKeys()
        guard !waitsForPreview(previews, changedByKey: previewsBeforeKeys.map { $0 != previews } ?? false) else {
            return
        }
        let heldThumbnails = previewAwaitingFrame
        redraw()
        // The preview is on screen: now the thumbnails it held back.
        if heldThumbnails && !state.shouldQuit && !terminalClosed { scheduleRequests() }
    }

    /// Whether this frame waits for one of `previews` that a key has just asked for (the key changed what the
    /// preview shows): from the key until the composite arrives or `previewWaitSeconds` pass.
    private func waitsForPreview(_ previews: [PreviewKey], changedByKey: Bool) -> Bool {
        let pending = previews.contains { requests[$0] != nil && !store.contains($0) }
        let now = options.monotonicNanoseconds()
        if changedByKey && pending && previewDeadline == nil {
            previewDeadline = now + UInt64(options.previewWaitSeconds * 1e9)
        }
        guard pending, let deadline = previewDeadline, now < deadline else {
            previewDeadline = nil
            return false
        }
        return true
    }

    /// Sleeps until a key, a posted wake (finished work, a signal), an extra wake source, the next message expiry
    /// or the end of a key's wait for its preview, or `timeoutMilliseconds` (nil: no limit besides those).
    /// Notices a terminal that went away.
    package func waitForEvents(timeoutMilliseconds: Int?) {
        var timeout = timeoutMilliseconds
        for deadline in [state.statusDeadline, state.sessionSaveDeadline, previewDeadline].compactMap({ $0 }) {
            let now = options.monotonicNanoseconds()
            let untilDeadline = deadline > now ? Int((deadline - now + 999_999) / 1_000_000) : 0
            timeout = min(timeout ?? untilDeadline, untilDeadline)
        }
        let input = driver.inputDescriptor
        let descriptors = [input ?? -1, wake.descriptor] + options.wakeSources.map(\.descriptor)
        let events = EventPoll.wait(descriptors, timeoutMilliseconds: timeout)
        if let input,
            case .closed = InputReadiness.classify(
                events: events[0],
                bytesAvailable: {
                    EventPoll.bytesAvailable(input)
                })
        {
            terminalClosed = true
        }
        if events[1] != 0 { wake.consume() }
        for (source, revents) in zip(options.wakeSources, events.dropFirst(2)) where revents != 0 {
            source.onReadable(self)
        }
    }

    /// Hands `event` to the reducer, keeps the state it returns and carries out its effects; the screen is
    /// drawn again when the state changed (or the terminal's size did).
    package func handle(_ event: AppEvent) {
        let resized = if case .key(.resize) = event { true } else { false }
        if apply(event) || resized { needsRedraw = true }
    }

    /// `handle` without the redraw: true when the state changed.
    private func apply(_ event: AppEvent) -> Bool {
        var metrics = screenLayout.listMetrics
        metrics.actualPixelsShown = actualPixelsShown()
        let layout = screenLayout
        if !layout.isTooSmall {
            metrics.sheet = SheetGeometry.shown(
                state, width: layout.preview.width, height: layout.preview.height, context: viewContext
            )?.moved(x: layout.preview.x, y: layout.preview.y)
        }
        let (next, effects) = AppReducer.reduce(state, event, metrics: metrics)
        let changed = next != state
        state = next
        if changed { currentPlan = nil }
        for effect in effects { perform(effect) }
        return changed
    }

    /// Blocks until the screen's composites have all arrived and every export has ended, or `seconds` pass
    /// without news; for callers on a thread of their own that need a settled screen (the benchmark). It
    /// blocks its thread, so it must not run on the concurrency pool the composites are made on.
    package func waitForBackgroundWork(seconds: Double) {
        while true {
            takeCompletions()
            if previewAwaitingFrame { redraw() }
            scheduleRequests()
            guard !requests.isEmpty || pendingExports > 0 else { break }
            guard inbox.waitForMessage(seconds: seconds) else { return }
        }
        if needsRedraw { redraw() }
    }

    /// Waits up to `seconds` for running exports to end (on the way out, so an export is not cut short).
    package func waitForExports(seconds: Double) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while pendingExports > 0 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline, inbox.waitForMessage(seconds: Double(deadline - now) / 1e9) else { return }
            takeCompletions()
        }
    }

    /// Cancels every running composite request (on the way out).
    package func cancelRequests() {
        for running in requests.values { running.job.cancel() }
    }

    /// Draws the current state (the loop does this whenever something changed).
    package func redraw() {
        var plan = plan
        plan.context.now = options.now()
        let frame = ScreenView.frame(plan, source: store)
        let problem = driver.draw(frame.grid, pictures: frame.pictures)
        needsRedraw = false
        handle(.frameDrawn(pictureProblem: problem))
        thumbnailsArrived = false
        previewAwaitingFrame = false
        lastFrame = options.monotonicNanoseconds()
    }

    var screenLayout: ScreenLayout {
        let avatarRows =
            driver.graphics.drawsPixels
            ? ScreenLayout.avatarCells(pixels: listAvatarPixels, cell: driver.graphics.cellPixelSize).rows : 0
        return ScreenLayout(
            width: driver.size.width, height: driver.size.height, panel: state.panel.visibility,
            avatarRows: avatarRows)
    }

    /// `--list-avatar-size` in screen pixels at the export scale.
    private var listAvatarPixels: Int {
        max(1, Int((options.listAvatarPoints * Double(state.parameters.scale)).rounded()))
    }

    private var viewContext: ViewContext {
        var context = ViewContext(
            now: options.now(), timeZone: options.timeZone, unicode: driver.supportsUnicode,
            colorMode: options.colorMode, graphics: driver.graphics)
        context.listAvatarPixels = listAvatarPixels
        context.listAvatarPoints = options.listAvatarPoints
        context.memoryLimit = options.memoryBudget?.limit
        return context
    }

    /// How much of the composite the 1:1 view shows now (all of it when the view is closed or has nothing):
    /// the preview slot's request framing the composite that slot shows.
    private func actualPixelsShown() -> ShownFraction {
        guard let view = state.actualPixels, let slot = plan.slot(.preview), let request = slot.request,
            let image = store.imageSize(for: slot.subject, parameters: slot.parameters)
        else { return ShownFraction() }
        let area = request.areaPixels
        let shown = PictureFrame.visibleFraction(
            imageWidth: image.width, imageHeight: image.height,
            areaWidth: area.width, areaHeight: area.height,
            magnification: view.magnification)
        return ShownFraction(width: shown.width, height: shown.height)
    }

    /// Starts what the plan's slots need, in the plan's order, and cancels what no slot needs any more. The
    /// preview comes first: list thumbnails wait while a preview picture is being made and until the frame
    /// that shows it is drawn, so that on a parameter key the selected group's new picture gets the cores
    /// first, and its frame composes and encodes the preview alone.
    private func scheduleRequests() {
        let planned = plannedComposites()
        let plannedKeys = Set(planned.map(\.key))
        for (key, running) in requests where !plannedKeys.contains(key) && !cancelledRequests.contains(key) {
            running.job.cancel()
            cancelledRequests.insert(key)
        }
        let previewKeys = Set(planned.filter { $0.slot.pane == .preview }.map(\.key))
        for (key, slot) in planned where requests.count < options.maxConcurrentRequests {
            if !previewKeys.contains(key)
                && (previewAwaitingFrame || previewKeys.contains(where: { requests[$0] != nil }))
            {
                break
            }
            guard !store.contains(key), requests[key] == nil else { continue }
            requests[key] = (options.backgroundWork.start(compositeJob(for: slot, key: key)), slot.framedAhead)
        }
    }

    /// The job that makes `slot`'s composite (`key`) and, when the slot's picture is drawn as it is made
    /// (`framedAhead`), frames it for the slot's request (and for sixel, kitty and iTerm2 encodes it), so that
    /// the frame that shows it only places it and writes its bytes.
    private func compositeJob(for slot: ScreenPlan.Slot, key: PreviewKey) -> @Sendable () async -> Void {
        let sheet: (@Sendable (CompositionParameters) async throws(CompositionError) -> Composite)? =
            if case .sheet(_, let theme) = slot.subject { sheetWork(for: slot.group, theme: theme) } else { nil }
        let (group, request, graphics) = (slot.group, slot.framedAhead, driver.graphics)
        return { [provider, inbox] in
            func ready(_ composite: Composite) -> PixelPicture? {
                request.flatMap { CompositeStore.readyPicture(composite.image, request: $0, graphics: graphics) }
            }
            if let sheet {
                let result = try? await sheet(key.parameters)
                guard !Task.isCancelled, let result else { return inbox.post(.composite(key, nil)) }
                return inbox.post(.composite(key, result, picture: ready(result)))
            }
            if let provisional = try? await provider.provisionalComposite(for: group, parameters: key.parameters) {
                inbox.post(.provisional(key, provisional))
            }
            let result = try? await provider.composite(for: group, parameters: key.parameters)
            guard !Task.isCancelled, let result else { return inbox.post(.composite(key, nil)) }
            inbox.post(.composite(key, result, picture: ready(result)))
        }
    }

    /// A picture for `key` is in the store: the preview is drawn at once; thumbnails as a round (see
    /// `processEvents`).
    private func noteArrival(of key: PreviewKey) {
        if previewKeys().contains(key) {
            needsRedraw = true
            previewAwaitingFrame = true
        } else {
            thumbnailsArrived = true
        }
    }

    private func takeCompletions() {
        let messages = inbox.drain()
        guard !messages.isEmpty else { return }
        lazy var wantedKeys = Set(plannedComposites().map(\.key))
        for message in messages {
            switch message {
            case .composite(let key, let result, let picture):
                let framedAhead = requests.removeValue(forKey: key)?.framedAhead
                // A composite the screen stopped wanting while it was made (its parameters changed again, its
                // row scrolled away) and does not want again is dropped: stale work is neither kept nor sent.
                guard cancelledRequests.remove(key) == nil || wantedKeys.contains(key) else { continue }
                // A composite asked for before its group changed is not shown, nor are its warnings.
                guard let result, store.store(result, for: key) else { continue }
                if let picture, let framedAhead { store.storePicture(picture, for: key, request: framedAhead) }
                // Its warnings go to the list; the frame that shows them is paced like the picture's.
                _ = apply(.compositeArrived(key, warnings: result.warnings))
                noteArrival(of: key)
            case .provisional(let key, let composite):
                store.storeProvisional(composite, for: key)
                noteArrival(of: key)
            case .exportFinished(let status, let failed):
                pendingExports -= 1
                handle(.exportFinished(status, failed: failed))
            case .presetsSaved(let status, let presets):
                handle(.presetsSaved(status, presets))
            case .fixtureReloaded(let reload):
                finishReading(reload)
            }
        }
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .export(let request):
            handle(.exportPlanned(request, ExportPlanner.plan(request, files: options.files)))
        case .writeExport(let group, let jobs, let folder):
            startExport(group, jobs, creatingFolder: folder)
        case .copy(let text):
            if !driver.copyToClipboard(text) { handle(.copyRefused) }
        case .savePresets(let presets):
            _ = options.backgroundWork.start { [inbox] in
                // Written under the file's lock over what is on disk now; what comes back has the presets
                // other processes saved meanwhile as well.
                var presets = presets
                do throws(PresetError) {
                    try presets.write()
                    inbox.post(.presetsSaved("Saved presets to \(presets.path)", presets))
                } catch {
                    inbox.post(.presetsSaved("\(error)", nil))
                }
            }
        case .invalidateComposites(let groupIDs):
            store.invalidate(CompositeSubject.changed(by: groupIDs, selected: state.selectedGroup?.id))
        case .saveSession(let record):
            guard let path = options.sessionPath else { break }
            // Small, so written on the loop (a signal's way out has no later turn); atomically, so a failure or
            // a kill mid-write leaves the last session's file as it was.
            do throws(FileIOError) {
                try FileIO.createDirectory(FileIO.parentDirectory(of: path))
                try FileIO.writeAtomically(Array(record.jsonText.utf8), to: path)
                handle(.sessionSaveEnded(problem: nil))
            } catch {
                handle(.sessionSaveEnded(problem: "\(path): \(error)"))
            }
        case .repaint:
            driver.invalidate()
            needsRedraw = true
        case .quit:
            break
        }
    }

    /// A time as the status line names it: the day and minute in the session's time zone.
    private func describeTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    private func startExport(_ group: ChatGroup, _ jobs: [ExportJob], creatingFolder folder: String?) {
        pendingExports += 1
        let files = options.files
        // The spec of a group edited in the session (`n`, `N`) says so above its command, as `y` does.
        let note = KeyBindings.editedMembersNote(state, group)
        _ = options.backgroundWork.start { [exporter, specExporter = options.specExporter, inbox] in
            do {
                if let folder { try files.createFolder(folder) }
                var images: [ExportSpec.Image] = []
                for job in jobs {
                    switch job.kind {
                    case .image:
                        try await exporter(group, job.parameters, job.path)
                        images.append(ExportSpec.Image(scale: job.parameters.scale, path: job.path))
                    case .spec(let output):
                        try await specExporter?(group, job.parameters, images, output, job.path, note)
                    }
                }
                // The first path in full, the others by name: they are in the same folder.
                let names = jobs.enumerated().map { index, job in
                    index == 0 ? job.path : job.path.split(separator: "/").last.map(String.init) ?? job.path
                }
                inbox.post(.exportFinished("Exported to \(names.joined(separator: ", "))", failed: false))
            } catch {
                inbox.post(.exportFinished("Export failed: \(error)", failed: true))
            }
        }
    }
}
