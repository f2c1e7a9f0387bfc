import Fixtures

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

/// Live reload: the fixture file changed on disk (see `LiveReload`, which watches it and the photos, and hands
/// changed photos to the reducer as `AppEvent.photosChanged`).
extension AppController {
    /// The fixture file changed on disk: `read` reads it again, off the loop's thread, and the reducer then
    /// shows the new groups, or keeps the last good ones and says why the file cannot be read.
    package func reloadFixture(_ read: @escaping @Sendable () -> FixtureReload) {
        guard !fixtureReading.isRunning else {
            fixtureReading.next = read
            return
        }
        fixtureReading.isRunning = true
        _ = options.backgroundWork.start { [inbox] in inbox.post(.fixtureReloaded(read())) }
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
        switch reload.result {
        case .success(let fixture): handle(.fixtureReloaded(fixture, warnings: reload.warnings))
        case .failure(let error): handle(.fixtureReloadFailed(error, warnings: reload.warnings))
        }
    }
}
