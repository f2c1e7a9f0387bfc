import FileSystem
import Fixtures
import GroupIcon
import Support

/// Named parameter sets, kept in `$XDG_CONFIG_HOME/chat-tui/presets.json` (else `~/.config/chat-tui/...`):
///
/// ```json
/// {"presets": {"tight": {"layout": "qq", "margin": 4, "background": "#FFFFFF"}}}
/// ```
///
/// Keys are the long option names without dashes (`ParameterCatalogue`); values are what the option takes:
/// numbers, `true`/`false` for flags, strings for layouts and colours, `null` or `"auto"` for "the layout's
/// own". Every value is checked when the file is read, so a mistake is reported with the file, the preset and
/// the key, whichever preset is asked for. A preset applies its keys in catalogue order (the layout and size
/// before the lengths whose limits depend on them) over whatever parameters it is given.
public struct PresetFile: Hashable, Sendable {
    /// One named parameter set, its settings as written (file order).
    public struct Preset: Hashable, Sendable {
        public var name: String
        public var settings: [ParameterSetting]

        public init(name: String, settings: [ParameterSetting]) {
            self.name = name; self.settings = settings
        }
    }

    /// Where the file is (or would be written).
    public let path: String
    /// The presets in file order.
    public private(set) var presets: [Preset]

    /// The largest presets file read: far more than any hand-written one.
    public static let maximumFileSize = 4 << 20

    public init(path: String, presets: [Preset] = []) {
        self.path = path; self.presets = presets
    }

    /// `$XDG_CONFIG_HOME/chat-tui/presets.json`, or `$HOME/.config/chat-tui/presets.json` when XDG_CONFIG_HOME
    /// is unset or not absolute (as the XDG spec says); nil when neither variable gives a folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/chat-tui/presets.json"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home == "/" ? "" : home) + "/.config/chat-tui/presets.json"
    }

    /// The presets at `path`; no file there means no presets yet.
    public static func load(path: String) throws(PresetError) -> PresetFile {
        if FileIO.kind(of: path) == .missing { return PresetFile(path: path) }
        let bytes: [UInt8]
        do { bytes = try FileIO.readRegularFile(path: path, maxBytes: maximumFileSize) } catch {
            throw .unreadable(error.description)
        }
        return try decode(bytes, path: path)
    }

    /// The presets in `bytes`, the content of the file at `path` (which messages name).
    public static func decode(_ bytes: [UInt8], path: String) throws(PresetError) -> PresetFile {
        let root: JSONValue
        do { root = try JSONDocument.parse(bytes, fileName: path) } catch { throw .malformed(error.description) }
        guard case .object(let document) = root else {
            throw .invalid(file: path, place: "the top level", problem: "expected an object {\"presets\": {...}}")
        }
        guard let presetsValue = document["presets"] else {
            throw .invalid(file: path, place: "presets", problem: "missing (expected {\"presets\": {\"NAME\": {...}}})")
        }
        guard case .object(let named) = presetsValue else {
            throw .invalid(file: path, place: "presets", problem: "expected an object of named presets")
        }
        var presets: [Preset] = []
        for (name, value) in named.members {
            let place = "presets." + name
            guard case .object(let object) = value else {
                throw .invalid(file: path, place: place, problem: "expected an object of parameters")
            }
            var settings: [ParameterSetting] = []
            for (key, value) in object.members {
                guard let field = ParameterCatalogue.field(named: key) else {
                    throw .invalid(file: path, place: "\(place).\(key)",
                                   problem: "unknown parameter" + suggestion(for: key))
                }
                guard let text = settingText(value, field: field) else {
                    throw .invalid(file: path, place: "\(place).\(key)", problem: "expected \(field.expected(for: CompositionParameters()))")
                }
                settings.removeAll { $0.name == key }
                settings.append(ParameterSetting(name: key, text: text))
            }
            let preset = Preset(name: name, settings: settings)
            // Checked now, so that a bad value is found whichever preset is used later.
            do throws(ParameterError) { _ = try apply(preset, to: CompositionParameters()) } catch {
                throw .invalid(file: path, place: "\(place).\(error.parameter)",
                               problem: "expected \(error.expected), got \(error.got)")
            }
            presets.removeAll { $0.name == name }
            presets.append(preset)
        }
        return PresetFile(path: path, presets: presets)
    }

    /// The preset called `name`.
    public func preset(named name: String) -> Preset? {
        presets.first { $0.name == name }
    }

    /// `base` with the preset called `name` applied.
    public func parameters(named name: String, over base: CompositionParameters = CompositionParameters())
        throws(PresetError) -> CompositionParameters
    {
        guard let preset = preset(named: name) else {
            throw .notFound(name: name, file: path, available: presets.map(\.name))
        }
        do throws(ParameterError) { return try Self.apply(preset, to: base) } catch {
            throw .invalid(file: path, place: "presets.\(name).\(error.parameter)",
                           problem: "expected \(error.expected), got \(error.got)")
        }
    }

    /// Adds a preset called `name` holding `parameters` (`ParameterSharing.settings`), replacing one of that
    /// name in place.
    public mutating func save(_ parameters: CompositionParameters, as name: String) {
        let preset = Preset(name: name, settings: ParameterSharing.settings(of: parameters))
        if let index = presets.firstIndex(where: { $0.name == name }) {
            presets[index] = preset
        } else {
            presets.append(preset)
        }
    }

    /// The file's text: one preset per line, so that hand edits and diffs stay readable.
    public var jsonText: String {
        let named = JSONWriter.Value.object(presets.map { ($0.name, ParameterSharing.jsonObject($0.settings)) })
        return JSONWriter.text(.object([("presets", named)]), form: .lines(depth: 2)) + "\n"
    }

    /// Writes the file atomically, creating its folder (`chat-tui` under the configuration folder) if needed.
    public func write() throws(PresetError) {
        do {
            try FileIO.createDirectory(FileIO.parentDirectory(of: path))
            try FileIO.writeAtomically(Array(jsonText.utf8), to: path)
        } catch {
            throw .writeFailed(error.description)
        }
    }

    /// `base` with `preset`'s settings applied in catalogue order.
    static func apply(_ preset: Preset, to base: CompositionParameters) throws(ParameterError) -> CompositionParameters {
        var parameters = base
        for field in ParameterCatalogue.all {
            guard let setting = preset.settings.first(where: { $0.name == field.name }) else { continue }
            try field.set(setting.text, in: &parameters)
        }
        return parameters
    }

    /// A JSON value as the text `ParameterField.parse` reads; nil when its JSON type cannot be one.
    private static func settingText(_ value: JSONValue, field: ParameterField) -> String? {
        switch value {
        case .number(let text): return text
        case .string(let text): return text
        case .bool(let flag): return field.kind == .flag ? (flag ? "true" : "false") : nil
        case .null: return field.isOptional ? "auto" : nil
        case .array, .object: return nil
        }
    }

    /// "; did you mean margin?" when a known parameter name is close to `key`.
    private static func suggestion(for key: String) -> String {
        let close = ParameterCatalogue.all.first { field in
            field.name.hasPrefix(key) || key.hasPrefix(field.name) || editDistance(field.name, key) <= 2
        }
        return close.map { " (did you mean \($0.name)?)" } ?? ""
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Why presets could not be read, found or saved; every message names the file.
public enum PresetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but cannot be read (the message names it and the cause).
    case unreadable(String)
    /// Not JSON (the message has the file, line and column).
    case malformed(String)
    /// JSON, but not presets: `place` is the JSON path (`presets.tight.margin`).
    case invalid(file: String, place: String, problem: String)
    case notFound(name: String, file: String, available: [String])
    /// Neither XDG_CONFIG_HOME nor HOME names a folder.
    case noConfigurationFolder
    case writeFailed(String)

    public var description: String {
        switch self {
        case .unreadable(let message), .malformed(let message): return message
        case .invalid(let file, let place, let problem): return "\(file): \(place): \(problem)"
        case .notFound(let name, let file, let available):
            let known = available.isEmpty ? "it has no presets" : "it has " + available.joined(separator: ", ")
            return "\(file): no preset named \"\(name)\" (\(known))"
        case .noConfigurationFolder:
            return "no folder for presets: set XDG_CONFIG_HOME or HOME"
        case .writeFailed(let message): return "cannot save presets: \(message)"
        }
    }
}
