import Fixtures
import GroupExport
import GroupIcon
import TerminalUI

/// Something the reducer asks the runtime to do outside the state.
package enum Effect: Hashable, Sendable {
    /// Look at the file system for an export (`ExportPlanner`); what it finds comes back as
    /// `AppEvent.exportPlanned`.
    case export(ExportRequest)
    /// Write a group's composite to these PNG files, first creating `creatingFolder` when it is given (the user
    /// agreed); the end comes back as `AppEvent.exportFinished`.
    case writeExport(ChatGroup, [ExportJob], creatingFolder: String?)
    /// Put text on the terminal's clipboard (OSC 52).
    case copy(String)
    /// Write the presets file; the end comes back as `AppEvent.presetsSaved`.
    case savePresets(PresetFile)
    /// Make the composites of the groups with these ids again (their data or a photo they show changed): the
    /// old ones stay on screen until the new ones arrive (`CompositeStore.invalidate`).
    case invalidateComposites([String])
    /// Draw everything again, cells and pictures whole, forgetting what the terminal is believed to show
    /// (`TerminalDriver.invalidate`).
    case repaint
    /// Keep this for the next session with the same fixture (the runtime writes the session file).
    case saveSession(SessionRecord)
    /// Leave the app.
    case quit
}

/// What the reducer needs to know about the screen's geometry: the chat list's paging, where the list and the
/// panel are for mouse hit-testing (`MouseTarget`), and whether the parameter panel is on screen.
package struct ListMetrics: Equatable, Sendable {
    /// Rows (groups) that fit in the list.
    package var visibleRowCount: Int
    /// Text rows per group.
    package var rowHeight: Int
    /// Where the list is on screen.
    package var frame: CellRect
    /// Whether the parameter panel is on screen (so it can take the focus).
    package var panelIsShown = false
    /// Whether the terminal is wide enough for the panel when it is asked for (`P`, Tab).
    package var panelFits = true
    /// Where the panel is on screen when it is shown (mouse hit-testing).
    package var panelFrame: CellRect?
    /// How much of the composite the 1:1 view shows (for its pans).
    package var actualPixelsShown = ShownFraction()
    /// Where the variants sheet's cells are on screen while it is shown (mouse hit-testing).
    package var sheet: SheetGeometry?
}

/// The interactive app's one pure reducer: (state, event) to the next state plus effects. The runtime
/// (`AppController`) turns everything that happens into an `AppEvent`, keeps the state this returns and carries
/// out the effects; nothing else changes `AppState`, so every rule of the app is tested without a clock, a
/// thread or a terminal. Keys go to `KeyBindings`, split by what has them.
package enum AppReducer {
    /// How long a status-line message stays, in nanoseconds of the `.timer` clock.
    package static let statusNanoseconds: UInt64 = 4_000_000_000

    /// Said inside a tmux that does not pass focus reports on: its window switch wipes the pictures unseen.
    package static let focusEventsAdvice =
        "tmux's focus-events is off: pictures come back after a window switch on Ctrl-L; "
        + "`set -g focus-events on` repaints them at once"

    /// How long a session change waits before it is written, in nanoseconds of the `.timer` clock: a run of
    /// keys costs one write, and a change is on disk a second after it was made.
    package static let sessionSaveNanoseconds: UInt64 = 1_000_000_000

    /// The state after `event`, and what the runtime must do about it; `metrics` is the screen's geometry now.
    package static func reduce(_ state: AppState, _ event: AppEvent, metrics: ListMetrics) -> (AppState, [Effect]) {
        var (next, effects) = reduceEvent(state, event, metrics: metrics)
        keepSession(&next, &effects, after: event)
        return (next, effects)
    }

    /// Writes the session when it changed: at the first `.timer` at or after `sessionSaveNanoseconds` from the
    /// first `.timer` that saw the change, at once when the session ends; a save the event asked for itself
    /// (`q`) is the session as written.
    private static func keepSession(_ state: inout AppState, _ effects: inout [Effect], after event: AppEvent) {
        for case .saveSession(let record) in effects {
            state.savedSession = record
            state.sessionSaveDeadline = nil
        }
        let record = SessionRecord(of: state)
        guard record != state.savedSession else {
            state.sessionSaveDeadline = nil
            return
        }
        switch event {
        case .sessionEnding:
            save(record)
        case .timer(let now):
            if let deadline = state.sessionSaveDeadline {
                if now >= deadline { save(record) }
            } else {
                state.sessionSaveDeadline = now + sessionSaveNanoseconds
            }
        default:
            break
        }
        func save(_ record: SessionRecord) {
            effects.append(.saveSession(record))
            state.savedSession = record
            state.sessionSaveDeadline = nil
        }
    }

    private static func reduceEvent(_ state: AppState, _ event: AppEvent, metrics: ListMetrics) -> (
        AppState, [Effect]
    ) {
        var next = state
        var effects: [Effect] = []
        switch event {
        case .repaint, .key(.control("l")), .key(.focusIn):
            // One way to a full repaint, whatever asked for it; whatever is open stays open.
            effects.append(.repaint)
        case .key(let key):
            return KeyBindings.reduce(state, key, metrics: metrics)
        case .started(let graphics, let warnings):
            // How pictures are drawn and why, unless half blocks were asked for (warnings, said after it, win).
            if graphics != .halfBlocks { next.announce(graphics.summary) }
            for warning in [graphics.warning].compactMap({ $0 }) + warnings { next.announce(warning, warning: true) }
            if graphics.drawsPixels, graphics.passthrough?.focusEvents == false {
                // Kept in `w` without taking the status line from how pictures are drawn.
                next.addWarning(Self.focusEventsAdvice)
            }
            // What was said before (a restored session) follows once the start's message has had its time.
            if !state.status.isEmpty && next.status != state.status { next.queuedStatus = [state.status] }
        case .sessionRestored(let record, let savedAt):
            restore(&next, record, savedAt: savedAt, metrics)
            next.savedSession = SessionRecord(of: next)
        case .sessionEnding:
            break
        case .sessionSaveEnded(let problem):
            // Said once per problem, and again at exit (`AppController.run`).
            if let problem, problem != state.sessionSaveProblem {
                next.announce("The session is not saved: \(problem)", warning: true)
            }
            next.sessionSaveProblem = problem
        case .compositeArrived(let key, let warnings):
            recordWarnings(&next, warnings, of: key)
        case .exportPlanned(let request, let plan):
            switch plan {
            case .write(let jobs, let folder):
                next.handedOff = request.parameters
                effects.append(.writeExport(request.group, jobs, creatingFolder: folder))
            case .ask(let question, let agreed): next.question = Question(text: question, onYes: [.export(agreed)])
            case .refuse(let message): next.announce(message, warning: true)
            }
        case .exportFinished(let status, let failed):
            next.announce(status, warning: failed)
        case .presetsSaved(let status, let presets):
            if let presets {
                next.presets = presets
                next.handedOff = state.parameters
            }
            next.announce(status, warning: presets == nil)
        case .fixtureReloaded(let fixture, let warnings):
            for warning in warnings { next.addWarning(warning) }
            effects += show(&next, fixture, metrics)
        case .fixtureReloadFailed(let error, let warnings):
            for warning in warnings { next.addWarning(warning) }
            keepLastGoodGroups(&next, error)
        case .photosChanged(let paths):
            func shown(_ path: String?) -> Bool { path.map(paths.contains) ?? false }
            let changed = state.groups.filter { group in
                shown(group.avatarPath) || group.members.contains { shown($0.avatarPath) }
            }
            if !changed.isEmpty { effects.append(.invalidateComposites(changed.map(\.id))) }
        case .liveReloadProblem(let warning):
            next.announce(warning, warning: true)
        case .frameDrawn(let problem):
            // Said once, not on every frame the picture fails again.
            if let problem, problem != state.pictureProblem { next.announce("\(problem)", warning: true) }
            next.pictureProblem = problem
        case .copyRefused:
            next.announce("Not copied: the text is too long for the clipboard")
        case .timer(let now):
            expireStatus(&next, now: now)
        }
        return (next, effects)
    }

    /// Makes the saved session current: the parameters (undoable, back to the start's with `u`) unless they
    /// break a limit of this fixture's groups now, the pinned A, the selected group, the export scales and the
    /// panel.
    private static func restore(
        _ state: inout AppState, _ record: SessionRecord, savedAt: String?, _ metrics: ListMetrics
    ) {
        var restored = ["the panel"]
        let problem = CompositionLimits.problem(record.parameters, memberCounts: state.memberCounts)
        if problem == nil {
            ParameterEditing.commit(&state, to: record.parameters, label: "restored session")
            restored.insert("parameters", at: 0)
            state.handedOff = record.parameters
            if record.parameters != state.initialParameters { state.restoredParameters = record.parameters }
        }
        if let pinned = record.pinned, CompositionLimits.problem(pinned, memberCounts: state.memberCounts) == nil {
            state.pinned = pinned
            restored.append("A")
        }
        state.exportScales = record.exportScales
        state.panel.visibility = record.panelVisibility
        state.panel.selectedRow = record.panelRow
        if let id = record.groupID, state.select(groupID: id) {
            KeyBindings.keepSelectionVisible(&state, metrics)
            restored.append("group")
        }
        if let problem {
            state.announce("The last session's parameters are not restored: \(problem)", warning: true)
        } else {
            let offers = state.restoredParameters == nil ? "" : "; 0 offers it and the defaults"
            state.announce(
                "Restored the session" + (savedAt.map { " of \($0)" } ?? "")
                    + " (\(restored.joined(separator: ", ")))\(offers); --fresh starts clean")
        }
    }

    /// Times the status message from the first `.timer` after it appeared (a message said again is timed
    /// again) and clears it `statusNanoseconds` later.
    private static func expireStatus(_ state: inout AppState, now: UInt64) {
        guard !state.status.isEmpty else {
            state.statusTiming = nil
            return
        }
        let timing = state.statusTiming
        if timing.map({ $0.text != state.status || $0.serial != state.statusSerial }) ?? true {
            state.statusTiming = StatusTiming(
                text: state.status, serial: state.statusSerial,
                deadline: now + statusNanoseconds)
        } else if let deadline = timing?.deadline, now >= deadline {
            state.status = ""
            state.statusTiming = nil
            if !state.queuedStatus.isEmpty {
                state.announce(state.queuedStatus.removeFirst())
                state.statusTiming = StatusTiming(
                    text: state.status, serial: state.statusSerial, deadline: now + statusNanoseconds)
            }
        }
    }

    /// Keeps the warnings of a composite that arrived in the warnings list. Those the group's composites gave
    /// in an earlier revision and no longer give are taken out: a photo that was missing and is now there
    /// leaves no warning behind.
    private static func recordWarnings(_ state: inout AppState, _ warnings: [AvatarWarning], of key: PreviewKey) {
        // A sheet's warnings are not its group's avatar's.
        guard case .avatar(let groupID) = key.subject, let group = state.groups.first(where: { $0.id == groupID })
        else { return }
        let described = warnings.map(group.describe)
        let texts = Set(described)
        var latest = state.compositeWarnings[key.groupID] ?? CompositeWarnings(revision: key.revision, texts: [])
        if key.revision > latest.revision {
            for gone in latest.texts.subtracting(texts) { state.withdrawWarning(gone) }
            latest = CompositeWarnings(revision: key.revision, texts: [])
        }
        latest.texts.formUnion(texts)
        state.compositeWarnings[key.groupID] = latest
        for text in described { state.addWarning(text) }
    }

    /// Shows the groups of `fixture` instead of the groups so far, keeping the selection (by id), filter,
    /// parameters and undo history; the groups whose data changed are drawn again.
    private static func show(_ state: inout AppState, _ fixture: Fixture, _ metrics: ListMetrics) -> [Effect] {
        let previous = Dictionary(state.groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = fixture.groups.filter { previous[$0.id] != $0 }.map(\.id)
        state.replaceGroups(fixture.groups)
        KeyBindings.keepSelectionVisible(&state, metrics)
        if let problem = state.fixtureProblem {
            state.withdrawWarning(problem)
            state.fixtureProblem = nil
        }
        let count = fixture.groups.count
        var message = "Reloaded \(state.fixturePath): \(count) group\(count == 1 ? "" : "s")"
        if let problem = CompositionLimits.problem(state.parameters, memberCounts: state.memberCounts) {
            // The avatars are still drawn; stepping the parameter (or `0`) brings them back into the limits.
            message += "; the parameters now break a limit: \(problem)"
            state.announce(message, warning: true)
        } else {
            state.announce(message)
        }
        return changed.isEmpty ? [] : [.invalidateComposites(changed)]
    }

    /// The file cannot be read as a fixture now: the groups on screen stay, and the status line says what is
    /// wrong until a read succeeds.
    private static func keepLastGoodGroups(_ state: inout AppState, _ error: FixtureError) {
        let problem = "\(error) (showing the groups as they were until the file is fixed)"
        if let old = state.fixtureProblem, old != problem { state.withdrawWarning(old) }
        state.fixtureProblem = problem
        state.announce(problem, warning: true)
    }
}
