import Fixtures
import GroupExport
import GroupIcon

/// What reading the fixture file again came to.
package struct FixtureReload: Sendable {
    /// The groups as the file holds them now, or why it cannot be read.
    package var result: Result<Fixture, FixtureError>
    /// Problems on the way that do not stop the reload (folders of new photos that cannot be watched).
    package var warnings: [String]

    /// The outcome of one read, with the warnings met on the way.
    package init(result: Result<Fixture, FixtureError>, warnings: [String] = []) {
        self.result = result; self.warnings = warnings
    }
}

/// Where reading the fixture again stands: at most one read runs; a change during it asks for one more read,
/// whose result replaces the running one's.
struct FixtureReading {
    var isRunning = false
    /// The read to start when the running one ends.
    var next: (@Sendable () -> FixtureReload)?
}

/// Live reload: files the app shows changed on disk (see `LiveReload`, which watches them).
extension AppController {
    /// Photos changed on disk (`paths` spelt as the fixture's groups name them): the groups that show one are
    /// drawn again. Their old composites stay on screen until the new ones arrive; a composite still being
    /// made from the old photo is not shown (the pipeline's keys hold each photo's file identity, so none of
    /// its caches answers with the old picture either).
    package func photosChanged(_ paths: Set<String>) {
        func shown(_ path: String?) -> Bool { path.map(paths.contains) ?? false }
        let changed = state.groups.filter { group in
            shown(group.avatarPath) || group.members.contains { shown($0.avatarPath) }
        }
        store.invalidate(changed.map(\.id))
    }

    /// The fixture file changed on disk: `read` reads it again, off the loop's thread, and the loop then shows
    /// the new groups, or keeps the last good ones and says why the file cannot be read.
    package func reloadFixture(_ read: @escaping @Sendable () -> FixtureReload) {
        guard !fixtureReading.isRunning else {
            fixtureReading.next = read
            return
        }
        fixtureReading.isRunning = true
        Task.detached { [inbox] in inbox.post(.fixtureReloaded(read())) }
    }

    /// Shows `message` in the status line and keeps it in the warnings (`w`).
    package func warn(_ message: String) {
        state.announce(message, warning: true)
        needsRedraw = true
    }

    /// Keeps the warnings of a composite that arrived in the warnings list. Those the group's composites gave
    /// in an earlier revision and no longer give are taken out: a photo that was missing and is now there
    /// leaves no warning behind.
    func recordWarnings(_ warnings: [AvatarWarning], of key: PreviewKey) {
        guard let group = groupsByID[key.groupID] else { return }
        let described = warnings.map(group.describe)
        let texts = Set(described)
        var latest = compositeWarnings[key.groupID] ?? (revision: key.revision, warnings: [])
        if key.revision > latest.revision {
            for gone in latest.warnings.subtracting(texts) { state.withdrawWarning(gone) }
            latest = (key.revision, [])
        }
        latest.warnings.formUnion(texts)
        compositeWarnings[key.groupID] = latest
        for text in described { state.addWarning(text) }
    }

    /// A read of the fixture ended (on the loop's thread).
    func finishReading(_ reload: FixtureReload) {
        fixtureReading.isRunning = false
        if let next = fixtureReading.next {
            // The file changed again while it was read: only the newer read counts.
            fixtureReading.next = nil
            reloadFixture(next)
            return
        }
        for warning in reload.warnings { state.addWarning(warning) }
        switch reload.result {
        case .success(let fixture): show(fixture)
        case .failure(let error): keepLastGoodGroups(error)
        }
        needsRedraw = true
    }

    /// Replaces the groups, keeping the selection (by id), filter, parameters and undo history; groups whose
    /// data changed are drawn again.
    private func show(_ fixture: Fixture) {
        let previous = groupsByID
        groupsByID = Dictionary(fixture.groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        store.invalidate(fixture.groups.filter { previous[$0.id] != $0 }.map(\.id))
        state.replaceGroups(fixture.groups)
        KeyBindings.keepSelectionVisible(&state, screenLayout.listMetrics)
        if let problem = state.fixtureProblem {
            state.withdrawWarning(problem)
            state.fixtureProblem = nil
        }
        let count = fixture.groups.count
        var message = "Reloaded \(options.fixturePath): \(count) group\(count == 1 ? "" : "s")"
        if let problem = CompositionLimits.problem(state.parameters, memberCounts: state.memberCounts) {
            // The avatars are still drawn; stepping the parameter (or `0`) brings them back into the limits.
            message += "; the parameters now break a limit: \(problem)"
            state.announce(message, warning: true)
        } else {
            state.announce(message)
        }
    }

    /// The file cannot be read as a fixture now (often for a moment, while an editor saves): the groups on
    /// screen stay, and the status line says what is wrong until a read succeeds.
    private func keepLastGoodGroups(_ error: FixtureError) {
        let problem = "\(error) (showing the groups as they were until the file is fixed)"
        if let old = state.fixtureProblem, old != problem { state.withdrawWarning(old) }
        state.fixtureProblem = problem
        state.announce(problem, warning: true)
    }
}
