import Fixtures
import GroupExport
import GroupIcon
import TerminalUI

/// Everything that changes the interactive app's state, as the runtime hands it to `AppReducer.reduce`: what
/// the user typed, what background work came to, what the terminal answered, and the time.
///
/// A click and the wheel are keys (`Key.mouse`, `Key.wheelUp`, with the cell): the terminal reports them among
/// the keys; `MouseTarget` says what is under them. The app reads no terminal replies once it runs (the
/// graphics queries are answered before it starts, and the driver drops sequences it does not know); what the
/// terminal says back at run time is a frame's picture problem and a clipboard request it cannot take.
package enum AppEvent: Sendable {
    /// The session starts: how the terminal shows pictures, and problems found before (an unreadable presets
    /// file).
    case started(graphics: GraphicsSetup, warnings: [String])
    /// The last session with this fixture, read at start (`SessionRecord`), to continue from; `savedAt` is
    /// when its file was written, as the status line says it.
    case sessionRestored(SessionRecord, savedAt: String? = nil)
    /// The session is ending without `q` (a termination signal, the terminal gone): a change not written yet
    /// is written now.
    case sessionEnding
    /// Writing the session file ended: nil, or why it failed (the path and the reason).
    case sessionSaveEnded(problem: String?)
    /// A key, a click, the wheel or a resize.
    case key(Key)
    /// A composite of the group's current revision arrived (the composite store kept it), with the warnings of
    /// its photos.
    case compositeArrived(PreviewKey, warnings: [AvatarWarning])
    /// The file system was looked at for an export (`ExportPlanner`): what to do about the request.
    case exportPlanned(ExportRequest, ExportPlan)
    /// An export ended with this status line; `failed` when it wrote nothing.
    case exportFinished(String, failed: Bool)
    /// Saving presets ended: the status line, and the presets as now saved (nil when saving failed).
    case presetsSaved(String, PresetFile?)
    /// The fixture file changed on disk and was read again, with the problems met on the way that did not stop
    /// the read (folders of new photos that cannot be watched).
    case fixtureReloaded(Fixture, warnings: [String])
    /// The fixture file changed on disk and cannot be read as a fixture now (often for a moment, while an editor
    /// saves).
    case fixtureReloadFailed(FixtureError, warnings: [String])
    /// Photo files changed on disk, spelt as the fixture's groups name them.
    case photosChanged(Set<String>)
    /// Live reload cannot follow something (a folder past the watch limit), as the warning says.
    case liveReloadProblem(String)
    /// The terminal drew a frame; `pictureProblem` is why a picture could not be drawn (nil: all were).
    case frameDrawn(pictureProblem: GraphicsError?)
    /// The terminal could not take text for its clipboard (too long for the request).
    case copyRefused
    /// What the terminal shows may be lost (SIGCONT; Ctrl-L and the window's focus coming back reach the
    /// reducer as keys and mean the same): everything is drawn again, pictures whole.
    case repaint
    /// Time passed: `now` is the loop's monotonic clock in nanoseconds (status messages leave by it).
    case timer(now: UInt64)
}
