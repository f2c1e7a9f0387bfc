internal import FileSystem
import Foundation
import Support

/// The photo files of the answers kept by target (`EncodedCache.Answer`), followed through a `FileWatcher`
/// (inotify) so that a kept answer is used without looking at its files: any change to one of them bumps
/// `changes`, which forgets every kept answer. `startWatching()` reads the watcher's reports on a dispatch
/// source; tests call `handleFileChanges()` when `descriptor` is readable.
///
/// A change is seen once the watcher reports it (its quiet time after the last event, 40 ms by default, 200
/// ms at most), as the app's live reload sees it. Past `pathLimit` files, or without inotify, `watch` says no
/// and the caller checks the files' status on each use instead.
package final class PhotoWatch: Sendable {
    private struct State {
        var paths: Set<String> = []
        /// Whether every folder of `paths` is watched.
        var complete = true
        var changes = 0
    }

    /// The most files followed.
    static let pathLimit = 10_000

    private let watcher: FileWatcher?
    private let state = LockedState(State())
    private let watcherSource = WatcherSource()

    /// A watch of nothing yet; `watchesFiles: false` (or no inotify left) follows nothing.
    package init(watchesFiles: Bool = true, quietMilliseconds: Int = 40) {
        watcher = watchesFiles ? try? FileWatcher(quietMilliseconds: quietMilliseconds, longestMilliseconds: 200) : nil
    }

    /// Reports so far of a followed file that changed.
    package var changes: Int { state.withLock { $0.changes } }

    /// The descriptor that becomes readable when a followed file may have changed; -1 without a watcher.
    package var descriptor: Int32 { watcher?.descriptor ?? -1 }

    /// Follows `paths` too; false when they cannot all be followed (no watcher, a folder that cannot be
    /// watched, or past `pathLimit`).
    package func watch(_ paths: [String]) -> Bool {
        guard let watcher else { return false }
        return state.withLock { state in
            let added = state.paths.union(paths)
            if added.count != state.paths.count {
                guard added.count <= Self.pathLimit else { return false }
                // The whole set each time, as FileWatcher takes it; a new photo is rare next to its repeats.
                state.complete = watcher.watch(added).isEmpty
                state.paths = added
            }
            return state.complete
        }
    }

    /// Reads the watcher's reports on a dispatch source from now on.
    package func startWatching() {
        guard let watcher else { return }
        watcherSource.start(watcher) { [weak self] in self?.handleFileChanges() }
    }

    /// Reads what the watcher has to say (never blocks); a followed file that changed bumps `changes`.
    package func handleFileChanges() {
        guard let watcher else { return }
        let report = watcher.changes()
        guard !report.paths.isEmpty || !report.problems.isEmpty else { return }
        state.withLock { $0.changes += 1 }
    }
}
