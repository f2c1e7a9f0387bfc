internal import FileSystem
import Fixtures
import Foundation
import Support

/// The fixture the `/v1/groups/…` route serves, read again when its file changes or on `reload()` (SIGHUP). A
/// fixture that fails to load leaves the last good groups in place and its error on `/readyz`.
///
/// Changes are seen through the project's `FileWatcher` (inotify, the app's live reload), so a request costs no
/// system call: `startWatching()` reads the watcher's reports on a dispatch source, and tests call
/// `handleFileChanges()` themselves when `changeDescriptor` is readable. Every load bumps `generation`, which
/// answers kept by request target (`AvatarService`) compare against.
package final class ReloadingFixture: Sendable {
    private struct State: Sendable {
        var groups: [String: ChatGroup] = [:]
        var loaded = false
        var problem: String?
        var generation = 0
    }

    package let path: String
    private let state = LockedState(State())
    private let watcher: FileWatcher?
    private let watcherSource = WatcherSource()

    /// A source over the fixture at `path`, read at once. `watchesFile`: follow its changes through a
    /// `FileWatcher` (`startWatching()` then reads them); without one (or when no inotify instance is left) only
    /// `reload()` reads it again.
    package init(path: String, watchesFile: Bool = true, quietMilliseconds: Int = 40) {
        self.path = path
        var watcher: FileWatcher?
        if watchesFile {
            watcher = try? FileWatcher(quietMilliseconds: quietMilliseconds, longestMilliseconds: 200)
            watcher?.watch([path])
        }
        self.watcher = watcher
        reload()
    }

    /// The descriptor that becomes readable when the file may have changed (`handleFileChanges()` then); -1
    /// without a watcher.
    package var changeDescriptor: Int32 { watcher?.descriptor ?? -1 }

    /// Whether the file's changes are followed (false when inotify was not available).
    package var isWatching: Bool { watcher != nil }

    /// Reads the watcher's reports on a dispatch source from now on, reloading when the file changed.
    package func startWatching() {
        guard let watcher else { return }
        watcherSource.start(watcher) { [weak self] in self?.handleFileChanges() }
    }

    /// Reads what the watcher has to say (never blocks) and reloads when the fixture's file changed.
    package func handleFileChanges() {
        guard let watcher, watcher.changes().paths.contains(path) else { return }
        reload()
    }

    /// The group with `id`.
    package func group(id: String) -> ChatGroup? {
        state.withLock { $0.groups[id] }
    }

    /// Loads so far (successful or not): a change of it means the fixture may have changed.
    package var generation: Int { state.withLock { $0.generation } }

    /// Whether a fixture has been loaded, and the last reload's problem if it failed.
    package var health: (loaded: Bool, problem: String?) { state.withLock { ($0.loaded, $0.problem) } }

    /// Reads the fixture now.
    package func reload() {
        do throws(FixtureError) {
            let fixture = try FixtureLoader.load(path: path)
            var groups: [String: ChatGroup] = [:]
            for group in fixture.groups where groups[group.id] == nil { groups[group.id] = group }
            state.withLock { state in
                state.groups = groups; state.loaded = true; state.problem = nil; state.generation += 1
            }
        } catch {
            state.withLock { state in
                state.problem = Sanitizer.clean("\(error)"); state.generation += 1
            }
        }
    }
}
