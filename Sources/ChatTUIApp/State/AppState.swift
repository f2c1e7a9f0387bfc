import Fixtures
import Foundation
import GroupExport
import GroupIcon
import TerminalUI

/// Everything the interactive app shows, as one value. `AppReducer.reduce` is the only thing that changes it:
/// keys, what background work came to, what the terminal answered and the time all reach it as `AppEvent`s.
package struct AppState: Equatable, Sendable {
    /// All groups in fixture order (replaced when the fixture file changes: `replaceGroups`).
    package private(set) var groups: [ChatGroup]
    /// The fixture's members of the groups whose members were changed in this session (`n`, `N`), by group id:
    /// `groups` holds the members shown; the file is never written, and reading it again ends the edits.
    package private(set) var fixtureMembers: [String: [GroupMember]] = [:]
    /// The name or id filter (kept after Enter, live while `filterEditor` is open).
    package private(set) var filter: String = ""
    /// Open while the user types a filter after `/`.
    package var filterEditor: LineEditor?
    /// Indices into `groups` of the groups whose name or id matches `filter`, in fixture order.
    package private(set) var matches: [Int]
    /// Position of the selected group in `matches`.
    package var selection: Int = 0
    /// Position in `matches` of the first row shown.
    package var scrollOffset: Int = 0
    /// The composition parameters every avatar on screen is drawn with.
    package var parameters: CompositionParameters
    /// What `0` resets to.
    package let initialParameters: CompositionParameters
    /// The parameters of the session restored at start, which `0` offers besides `initialParameters`; nil when
    /// none was restored.
    package var restoredParameters: CompositionParameters?
    /// The session as last written (or restored, or as the app started): a state whose `SessionRecord` differs
    /// has a change to save.
    package var savedSession: SessionRecord?
    /// When the pending session change is written, on the `.timer` clock (nil: nothing pending).
    package var sessionSaveDeadline: UInt64?
    /// Why the session could not be written the last time it was tried (path and reason); nil after a
    /// successful write.
    package var sessionSaveProblem: String?
    /// The member counts of the groups, each once: the composites the parameters must keep meaningful
    /// (`CompositionLimits`), since every group's avatar is drawn with them.
    package private(set) var memberCounts: [Int]
    /// Parameter changes that can be undone, most recent last; `u` pops.
    package var undoStack: [ParameterEdit] = []
    /// Undone changes that can be redone, most recent last; `U` / Ctrl-R pops, a new change empties it.
    package var redoStack: [ParameterEdit] = []
    /// Preview size in percent of the size that fits the preview pane.
    package var zoomPercent: Int = 100
    /// The 1:1 view when it is open (`1`); nil for the preview fitted to its pane.
    package var actualPixels: ActualPixelsView?
    /// Whether the guides (`i`: tile frames and spacing in pt and px) are drawn over the preview.
    package var showsGuides = false
    /// Whether the comparison strip (the selected group in every layout) is shown.
    package var showsComparison = false
    /// Whether the variants sheet (`v`) fills the preview pane.
    package var showsSheet = false
    /// The chat-list theme of the sheet's avatar-in-context row (`t` switches).
    package var sheetTheme: ChatListTheme.Name = .light
    /// The selected cell of the variants sheet (its place in `VariantsSheetLayout.cells`: the variants, then
    /// the group's own); nil until an arrow or a click selects one.
    package var sheetSelection: Int?
    /// Whether the help overlay is shown.
    package var showsHelp = false
    /// The first line the help or warnings overlay shows when it does not fit the screen (the view shows at
    /// most from the start of its last screenful).
    package var overlayScroll = 0
    /// The parameter panel: shown or not, focused or not, which row.
    package var panel = PanelState()
    /// The open line prompt (export path, a parameter value, a preset name), if any.
    package var prompt: Prompt?
    /// A yes/no question the runtime asked (replace files? create a folder?), answered before anything else.
    package var question: Question?
    /// What was typed into the prompts and the filter, for ↑ (Esc keeps typed text there too).
    package var promptHistory = PromptHistory()
    /// The open list overlay (warnings, presets, shared text), if any.
    package var overlay: Overlay?
    /// The last message for the status line; a `.timer` event clears it a few seconds after it was set.
    package var status: String = ""
    /// Messages that follow the status message when it leaves (the restored session after the start's
    /// graphics message); any new message drops them.
    package var queuedStatus: [String] = []
    /// Counts announcements, so that the same message said twice restarts its time on screen.
    package private(set) var statusSerial = 0
    /// Which message the `.timer` events time, and when it leaves (nil while there is no message).
    var statusTiming: StatusTiming?
    /// Every warning met so far (missing avatars, unreadable presets, failed exports), oldest first, each once.
    package private(set) var warnings: [String] = []
    /// The warnings each group's composites gave in its latest revision, by group id: what a composite of a
    /// later revision (a photo fixed) takes back.
    var compositeWarnings: [String: CompositeWarnings] = [:]
    /// The last reason the terminal gave for a picture it could not draw, said once rather than on every frame.
    var pictureProblem: GraphicsError?
    /// The parameters pinned as "A" with `p`, shown beside the current ones ("B") for the selected group.
    package var pinned: CompositionParameters?
    /// Whether `e` and `E` write the spec hand-off beside the images (the runtime has a spec writer).
    package var writesSpecs = false
    /// The scales `e` and `E` export at; nil means the scale parameter alone.
    package var exportScales: [Int]?
    /// While the presets overlay previews the highlighted preset: the parameters before it, which closing the
    /// overlay without Enter brings back (nil: no preview).
    package var presetPreview: CompositionParameters?
    /// The named parameter sets (`o` applies one, `s` saves one); nil when there is no place to keep them.
    package var presets: PresetFile?
    /// Why presets cannot be saved when `presets` is nil, as the end of a sentence.
    package var presetsUnavailableReason: String
    /// The parameters last handed off (exported, saved as a preset) or restored: `q` asks before quitting
    /// with others.
    package var handedOff: CompositionParameters
    /// Set when the user asked to quit.
    package var shouldQuit = false
    /// Where `e` writes PNGs.
    package let exportDirectory: String
    /// The fixture the app shows, as given; named in the flags `y` shares.
    package var fixturePath: String
    /// Why the fixture file, changed on disk, could not be read again (the loader's message): the groups shown
    /// are the last good ones until the file is fixed; nil while the file and the groups agree.
    package var fixtureProblem: String?

    /// Most undo steps kept; older ones are dropped.
    package static let undoLimit = 100
    /// Most warnings kept; older ones are dropped.
    package static let warningLimit = 500
    package static let zoomRange = 25...400

    /// The state at start: `groups` from `fixturePath`, drawn with `parameters`, exporting to `exportDirectory`
    /// (with spec files when `writesSpecs`); `presets` (nil, for `presetsUnavailableReason`, when there is no
    /// place for them); the sheet's chat-list row in `sheetTheme`.
    package init(
        groups: [ChatGroup], parameters: CompositionParameters, exportDirectory: String,
        fixturePath: String = "groups.json", presets: PresetFile? = nil,
        presetsUnavailableReason: String = "set XDG_CONFIG_HOME or HOME", writesSpecs: Bool = false,
        sheetTheme: ChatListTheme.Name = .light
    ) {
        self.writesSpecs = writesSpecs
        self.sheetTheme = sheetTheme
        self.groups = groups
        self.parameters = parameters
        initialParameters = parameters
        handedOff = parameters
        self.exportDirectory = exportDirectory
        self.fixturePath = fixturePath
        self.presets = presets
        self.presetsUnavailableReason = presetsUnavailableReason
        matches = Array(groups.indices)
        memberCounts = Set(groups.map(\.members.count)).sorted()
        savedSession = SessionRecord(of: self)
    }

    /// How the preview scales its composite: the 1:1 view when open, else fitted at the zoom.
    package var previewScale: PreviewScale {
        actualPixels.map(PreviewScale.actualPixels) ?? .fit(zoomPercent: zoomPercent)
    }

    /// When the status message leaves, on the clock of the `.timer` events; nil while none is timed.
    package var statusDeadline: UInt64? { statusTiming?.deadline }

    /// The selected group, nil when no group matches the filter.
    package var selectedGroup: ChatGroup? {
        matches.indices.contains(selection) ? groups[matches[selection]] : nil
    }

    /// The members the selected group's composite shows: what automatic values are worked out for (the
    /// layout's largest count when nothing is selected).
    package var selectedMemberCount: Int {
        selectedGroup?.members.count ?? parameters.layout.layout.maximumMembers
    }

    /// The group shown at a position of the filtered list.
    package func group(atPosition position: Int) -> ChatGroup? {
        matches.indices.contains(position) ? groups[matches[position]] : nil
    }

    /// The export prompt's editor while the `E` prompt is open.
    package var exportPrompt: LineEditor? {
        get { prompt?.purpose == .exportPath ? prompt?.editor : nil }
        set { prompt = newValue.map { Prompt(purpose: .exportPath, editor: $0) } }
    }

    /// Changes the filter and recomputes the matches, keeping the selected group selected when it still matches.
    package mutating func setFilter(_ newFilter: String) {
        guard newFilter != filter else { return }
        let selectedID = selectedGroup?.id
        let oldNeedle = needle
        filter = newFilter
        // A longer needle can only match names the shorter one matched: typing on searches the matches so
        // far, so a long paste into `/` narrows an ever smaller (soon empty) list instead of every group.
        let candidates = !oldNeedle.isEmpty && needle.hasPrefix(oldNeedle) ? matches : Array(groups.indices)
        matches = matching(needle, among: candidates)
        selection = position(of: selectedID) ?? 0
        scrollOffset = 0
    }

    /// Shows `newGroups` instead of the groups so far (the fixture file changed on disk). The selected group
    /// stays selected when its id is still there (else the selection keeps its place in the list); the filter,
    /// parameters and undo history stay as they are. The caller scrolls the selection into view.
    package mutating func replaceGroups(_ newGroups: [ChatGroup]) {
        let selectedID = selectedGroup?.id
        groups = newGroups
        fixtureMembers = [:]
        memberCounts = Set(newGroups.map(\.members.count)).sorted()
        matches = matching(needle, among: Array(groups.indices))
        selection = position(of: selectedID) ?? min(selection, max(0, matches.count - 1))
    }

    /// Shows `members` for the group with id `groupID` for the rest of the session (the fixture is not
    /// written); giving back the fixture's own members ends the group's edit.
    package mutating func setMembers(_ members: [GroupMember], ofGroup groupID: String) {
        guard let index = groups.firstIndex(where: { $0.id == groupID }) else { return }
        let original = fixtureMembers[groupID] ?? groups[index].members
        fixtureMembers[groupID] = members == original ? nil : original
        groups[index].members = members
        memberCounts = Set(groups.map(\.members.count)).sorted()
    }

    /// Whether the members of the group with id `groupID` were changed in this session.
    package func membersAreEdited(_ groupID: String) -> Bool { fixtureMembers[groupID] != nil }

    /// What the filter searches for: its text without the spaces around it.
    private var needle: String { filter.trimmingCharacters(in: .whitespaces) }

    /// The groups among `candidates` whose name or id contains `needle` (all of them for an empty needle).
    private func matching(_ needle: String, among candidates: [Int]) -> [Int] {
        needle.isEmpty
            ? candidates
            : candidates.filter {
                groups[$0].name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                    || groups[$0].id.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
    }

    /// Selects the group with id `groupID` when it matches the filter; false when it does not.
    package mutating func select(groupID: String) -> Bool {
        guard let position = position(of: groupID) else { return false }
        selection = position
        return true
    }

    /// The position in `matches` of the group with id `groupID`, if it matches.
    private func position(of groupID: String?) -> Int? {
        groupID.flatMap { id in matches.firstIndex { groups[$0].id == id } }
    }

    /// Puts `message` on the status line (for a few seconds); a warning is also kept in `warnings`.
    package mutating func announce(_ message: String, warning: Bool = false) {
        status = message
        statusSerial &+= 1
        queuedStatus = []
        if warning { addWarning(message) }
    }

    /// Keeps `warning` in the list `w` opens, unless it is there already.
    package mutating func addWarning(_ warning: String) {
        guard !warnings.contains(warning) else { return }
        warnings.append(warning)
        if warnings.count > Self.warningLimit { warnings.removeFirst(warnings.count - Self.warningLimit) }
    }

    /// Takes `warning` out of the list again: what it warned of is over (a broken fixture file was fixed).
    package mutating func withdrawWarning(_ warning: String) {
        warnings.removeAll { $0 == warning }
    }

    /// The scales `e` exports at, in order.
    package var effectiveExportScales: [Int] { exportScales ?? [parameters.scale] }

    /// The path `e` exports the selected group to at scale 1: `<export-dir>/<group-id>.png`, the name
    /// `export --all` gives it (other scales add `@2x`, `@3x`).
    package func defaultExportPath(for group: ChatGroup) -> String {
        let directory = exportDirectory.hasSuffix("/") ? String(exportDirectory.dropLast()) : exportDirectory
        let file = OutputNaming.fileName(for: group)
        return directory.isEmpty ? file : "\(directory)/\(file)"
    }
}

/// The status message the `.timer` events time: its text and announcement (`AppState.statusSerial`), and when
/// it leaves.
struct StatusTiming: Equatable, Sendable {
    var text: String
    var serial: Int
    /// Nanoseconds of the `.timer` clock.
    var deadline: UInt64
}

/// The warnings a group's composites gave in one revision of the group (`PreviewKey.revision`).
struct CompositeWarnings: Equatable, Sendable {
    var revision: Int
    var texts: Set<String>
}
