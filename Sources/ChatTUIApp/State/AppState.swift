import Fixtures
import Foundation
import GroupExport
import GroupIcon

/// Everything the interactive app shows, as one value; `KeyBindings.reduce` is the only thing that changes it.
package struct AppState: Equatable, Sendable {
    /// All groups in fixture order.
    package let groups: [ChatGroup]
    /// The name filter (kept after Enter, live while `filterEditor` is open).
    package private(set) var filter: String = ""
    /// Open while the user types a filter after `/`.
    package var filterEditor: LineEditor?
    /// Indices into `groups` of the groups whose name matches `filter`, in fixture order.
    package private(set) var matches: [Int]
    /// Position of the selected group in `matches`.
    package var selection: Int = 0
    /// Position in `matches` of the first row shown.
    package var scrollOffset: Int = 0
    /// The composition parameters every avatar on screen is drawn with.
    package var parameters: CompositionParameters
    /// What `0` resets to.
    package let initialParameters: CompositionParameters
    /// Earlier parameter values, most recent last; `u` pops.
    package var undoStack: [CompositionParameters] = []
    /// Preview size in percent of the size that fits the preview pane.
    package var zoomPercent: Int = 100
    /// Whether the comparison strip (the selected group in every layout) is shown.
    package var showsComparison = false
    /// Whether the help overlay is shown.
    package var showsHelp = false
    /// Open while the user types an export path after `E`.
    package var exportPrompt: LineEditor?
    /// The last message for the status line (export results, warnings, hints).
    package var status: String = ""
    /// Set when the user asked to quit.
    package var shouldQuit = false
    /// Where `e` writes PNGs.
    package let exportDirectory: String

    /// Most undo steps kept; older ones are dropped.
    package static let undoLimit = 100
    package static let zoomRange = 25...400

    package init(groups: [ChatGroup], parameters: CompositionParameters, exportDirectory: String) {
        self.groups = groups
        self.parameters = parameters
        initialParameters = parameters
        self.exportDirectory = exportDirectory
        matches = Array(groups.indices)
    }

    /// The selected group, nil when no group matches the filter.
    package var selectedGroup: ChatGroup? {
        matches.indices.contains(selection) ? groups[matches[selection]] : nil
    }

    /// The group shown at a position of the filtered list.
    package func group(atPosition position: Int) -> ChatGroup? {
        matches.indices.contains(position) ? groups[matches[position]] : nil
    }

    /// Changes the filter and recomputes the matches, keeping the selected group selected when it still matches.
    package mutating func setFilter(_ newFilter: String) {
        guard newFilter != filter else { return }
        let selectedID = selectedGroup?.id
        let oldNeedle = filter.trimmingCharacters(in: .whitespaces)
        filter = newFilter
        let needle = newFilter.trimmingCharacters(in: .whitespaces)
        // A longer needle can only match names the shorter one matched: typing on searches the matches so
        // far, so a long paste into `/` narrows an ever smaller (soon empty) list instead of every group.
        let candidates = !oldNeedle.isEmpty && needle.hasPrefix(oldNeedle) ? matches : Array(groups.indices)
        matches = needle.isEmpty ? Array(groups.indices) : candidates.filter {
            groups[$0].name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        selection = selectedID.flatMap { id in matches.firstIndex { groups[$0].id == id } } ?? 0
        scrollOffset = 0
    }

    /// The path `e` exports the selected group to: `<export-dir>/<group-id>-<layout>.png`.
    package func defaultExportPath(for group: ChatGroup) -> String {
        let directory = exportDirectory.hasSuffix("/") ? String(exportDirectory.dropLast()) : exportDirectory
        let file = "\(OutputNaming.filenameSafe(group.id))-\(parameters.layout.rawValue).png"
        return directory.isEmpty ? file : "\(directory)/\(file)"
    }
}
