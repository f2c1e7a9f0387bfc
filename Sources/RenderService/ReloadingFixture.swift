internal import FileSystem
import Fixtures
import Support

/// The fixture the `/v1/groups/…` route serves, reloaded when its file changes (checked by `stat` on each
/// request: device, inode, size, modification and change time) or on `reload()` (SIGHUP). A fixture that
/// fails to load leaves the last good groups in place and its error on `/readyz`.
package final class ReloadingFixture: Sendable {
    private struct State: Sendable {
        var status: FileStatus?
        var groups: [String: ChatGroup] = [:]
        var loaded = false
        var problem: String?
    }

    package let path: String
    private let state = LockedState(State())

    /// A source over the fixture at `path`, read at once.
    package init(path: String) {
        self.path = path
        reload()
    }

    /// The group with `id`, the fixture read again first if its file changed.
    package func group(id: String) -> ChatGroup? {
        refreshIfChanged()
        return state.withLock { $0.groups[id] }
    }

    /// Whether a fixture has been loaded, and the last reload's problem if it failed.
    package var health: (loaded: Bool, problem: String?) { state.withLock { ($0.loaded, $0.problem) } }

    /// Reads the fixture now.
    package func reload() {
        let status = FileIO.status(of: path)
        do throws(FixtureError) {
            let fixture = try FixtureLoader.load(path: path)
            var groups: [String: ChatGroup] = [:]
            for group in fixture.groups where groups[group.id] == nil { groups[group.id] = group }
            state.withLock { state in
                state.status = status; state.groups = groups; state.loaded = true; state.problem = nil
            }
        } catch {
            state.withLock { state in
                state.status = status
                state.problem = Sanitizer.clean("\(error)")
            }
        }
    }

    private func refreshIfChanged() {
        let now = FileIO.status(of: path)
        let changed = state.withLock { state -> Bool in
            switch (state.status, now) {
            case (nil, nil): false
            case (let old?, let new?): !old.isSameVersion(as: new)
            default: true
            }
        }
        if changed { reload() }
    }
}
