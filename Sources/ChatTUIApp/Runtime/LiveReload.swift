import FileSystem
import Fixtures
import GroupIcon

/// Live reload: watches the fixture file and every photo file its groups name (photos from URLs are not
/// watched), and tells the app what changed, through a wake source of its loop.
///
/// A change to a photo draws the groups that show it again; a change to the fixture reads it again, off the
/// loop's thread, and watches the photos the new version names. `--no-watch` leaves this out.
package final class LiveReload: Sendable {
    private let watcher: FileWatcher
    private let fixturePath: String
    /// Folders that could not be watched at the start (the watch limit, permissions); the rest are watched.
    package let problems: [FileIOError]

    /// Watches `fixturePath` (as the user gave it) and the photo files `fixture`, read from it, names. Throws
    /// when no file can be watched at all (no inotify instance left).
    package init(fixturePath: String, fixture: Fixture) throws(FileIOError) {
        watcher = try FileWatcher()
        self.fixturePath = fixturePath
        problems = watcher.watch(Self.watchedPaths(fixturePath: fixturePath, groups: fixture.groups))
    }

    /// The descriptor the loop waits on, and what it does when it is readable: photos changed are drawn again,
    /// a changed fixture is read again, and folders that could not be followed are warned of.
    package var wakeSource: AppController.WakeSource {
        AppController.WakeSource(descriptor: watcher.descriptor) { [self] controller in
            let changes = watcher.changes()
            for problem in changes.problems { controller.handle(.liveReloadProblem(Self.warning(problem))) }
            guard !changes.paths.isEmpty else { return }
            controller.handle(.photosChanged(changes.paths))
            if changes.paths.contains(fixturePath) { controller.reloadFixture { [self] in read() } }
        }
    }

    /// A warning about a folder that is not watched, as the app shows it.
    package static func warning(_ problem: FileIOError) -> String {
        "live reload: \(problem)"
    }

    /// The fixture read again, the photos of the new version watched.
    private func read() -> FixtureReload {
        do throws(FixtureError) {
            let fixture = try FixtureLoader.load(path: fixturePath)
            let problems = watcher.watch(Self.watchedPaths(fixturePath: fixturePath, groups: fixture.groups))
            return FixtureReload(result: .success(fixture), warnings: problems.map(Self.warning))
        } catch {
            return FixtureReload(result: .failure(error))
        }
    }

    /// The fixture and every photo file its groups name (group photos and members'), URLs left out.
    static func watchedPaths(fixturePath: String, groups: [ChatGroup]) -> Set<String> {
        var paths: Set<String> = [fixturePath]
        for group in groups {
            for path in [group.avatarPath] + group.members.map(\.avatarPath) {
                if let path, !RemotePhotoSource.isURL(path) { paths.insert(path) }
            }
        }
        return paths
    }
}
