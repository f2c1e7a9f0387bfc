import Fixtures
import GroupExport
import GroupIcon
import Support

/// What the app keeps of a session for the next start with the same fixture: the parameters, the pinned A,
/// the selected group, the export scales and the panel. Saved a moment after each change, when the app quits
/// and when a signal or a lost terminal ends it (`Effect.saveSession`), and restored at start (`AppEvent.sessionRestored`) unless `--fresh` is given.
///
/// The file is a presets file with more keys: the parameters and the pinned A are the presets `current` and
/// `pinned`, so they are read (and every value checked) by `PresetFile.decode`, the reader of presets.
package struct SessionRecord: Hashable, Sendable {
    package var parameters: CompositionParameters
    package var pinned: CompositionParameters?
    /// The selected group's id.
    package var groupID: String?
    package var exportScales: [Int]?
    package var panelVisibility: PanelState.Visibility
    package var panelRow: String

    package init(
        parameters: CompositionParameters, pinned: CompositionParameters? = nil, groupID: String? = nil,
        exportScales: [Int]? = nil, panelVisibility: PanelState.Visibility = .automatic,
        panelRow: String = "layout"
    ) {
        self.parameters = parameters; self.pinned = pinned; self.groupID = groupID
        self.exportScales = exportScales; self.panelVisibility = panelVisibility; self.panelRow = panelRow
    }

    /// The part of `state` the next session starts from.
    package init(of state: AppState) {
        self.init(
            parameters: state.presetPreview ?? state.parameters, pinned: state.pinned, groupID: state.selectedGroup?.id,
            exportScales: state.exportScales, panelVisibility: state.panel.visibility,
            panelRow: state.panel.selectedRow)
    }

    /// The file's text (`JSONWriter`): one key per line, each preset on one line.
    package var jsonText: String {
        var presets: [(key: String, value: JSONWriter.Value)] = [
            ("current", ParameterSharing.jsonObject(ParameterSharing.settings(of: parameters)))
        ]
        if let pinned { presets.append(("pinned", ParameterSharing.jsonObject(ParameterSharing.settings(of: pinned)))) }
        let document: [(key: String, value: JSONWriter.Value)] = [
            ("presets", .object(presets)),
            ("group", groupID.map { .string($0) } ?? .null),
            ("export-scales", exportScales.map { .array($0.map { .number(String($0)) }) } ?? .null),
            ("panel", .string(Self.word(for: panelVisibility))),
            ("panel-row", .string(panelRow)),
        ]
        return JSONWriter.text(.object(document), form: .lines(depth: 2)) + "\n"
    }

    /// The session in `bytes`, the content of the file at `path`; the error says what is wrong, naming the file.
    package static func decode(_ bytes: [UInt8], path: String) throws(AppError) -> SessionRecord {
        let presets: PresetFile
        do throws(PresetError) { presets = try PresetFile.decode(bytes, path: path) } catch {
            throw .unreadableSession("\(error)")
        }
        guard case .object(let document)? = try? JSONDocument.parse(bytes, fileName: path) else {
            throw .unreadableSession("\(path): expected an object")
        }
        do throws(PresetError) {
            var record = SessionRecord(parameters: try presets.parameters(named: "current"))
            if presets.preset(named: "pinned") != nil { record.pinned = try presets.parameters(named: "pinned") }
            if case .string(let id)? = document["group"] { record.groupID = id }
            if case .array(let values)? = document["export-scales"] {
                let scales = values.compactMap { value -> Int? in
                    guard case .number(let text) = value, let scale = Int(text) else { return nil }
                    return CompositionParameters.scaleRange.contains(scale) ? scale : nil
                }
                if !scales.isEmpty { record.exportScales = scales }
            }
            if case .string(let word)? = document["panel"], let visibility = visibility(named: word) {
                record.panelVisibility = visibility
            }
            if case .string(let row)? = document["panel-row"] { record.panelRow = row }
            return record
        } catch {
            throw .unreadableSession("\(error)")
        }
    }

    /// `$XDG_STATE_HOME/chat-tui/sessions/<hash>.json`, else `~/.local/state/...` (as the XDG spec says), the
    /// hash being of the fixture's absolute path, so that every fixture has its own session; nil when neither
    /// variable gives a folder.
    package static func defaultPath(fixture absolutePath: String, environment: [String: String]) -> String? {
        let folder: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            folder = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = (home == "/" ? "" : home) + "/.local/state"
        } else {
            return nil
        }
        let name = String(SHA256.hexDigest(absolutePath).prefix(16))
        return folder + "/chat-tui/sessions/" + name + ".json"
    }

    private static func word(for visibility: PanelState.Visibility) -> String {
        switch visibility {
        case .automatic: return "automatic"
        case .shown: return "shown"
        case .hidden: return "hidden"
        }
    }

    private static func visibility(named word: String) -> PanelState.Visibility? {
        [PanelState.Visibility.automatic, .shown, .hidden].first { Self.word(for: $0) == word }
    }
}
