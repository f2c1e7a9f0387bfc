import Fixtures
import GroupIcon
import Support

/// One parameter of a hand-off: its name (the long option without dashes, the preset key) and its value as
/// text in the form `ParameterField.parse` accepts.
package struct ParameterSetting: Hashable, Sendable {
    package var name: String
    package var text: String

    package init(name: String, text: String) {
        self.name = name; self.text = text
    }
}

/// How the parameters of a composite are handed to someone else: as `chat-tui export` flags, as preset JSON.
/// Both are made from `ParameterCatalogue`, so a parameter added there is handed over without a change here.
package enum ParameterSharing {
    /// The parameters that describe `parameters`: the layout (always, it is the first thing a reader looks
    /// for), then every parameter of that layout whose value differs from the default, in catalogue order.
    package static func settings(of parameters: CompositionParameters) -> [ParameterSetting] {
        let defaults = CompositionParameters()
        return ParameterCatalogue.fields(for: parameters.layout).compactMap { field in
            guard field.name == "layout" || field.value(in: parameters) != field.value(in: defaults) else { return nil }
            return ParameterSetting(name: field.name, text: field.text(in: parameters) ?? "auto")
        }
    }

    /// The command-line options for `settings`: `--NAME VALUE`, or `--NAME` alone for a flag that is on (a
    /// flag that is off is the default and left out).
    package static func flags(_ settings: [ParameterSetting]) -> [String] {
        settings.flatMap { setting -> [String] in
            guard let field = ParameterCatalogue.field(named: setting.name) else { return [] }
            if field.kind == .flag { return setting.text == "true" ? ["--" + setting.name] : [] }
            return ["--" + setting.name, setting.text]
        }
    }

    /// Every parameter of `parameters`' layout, in catalogue order, automatic ones as `auto`: the full
    /// parameters a spec hand-off records (`settings` leaves the defaults out).
    package static func allSettings(of parameters: CompositionParameters) -> [ParameterSetting] {
        ParameterCatalogue.fields(for: parameters.layout).map { field in
            ParameterSetting(name: field.name, text: field.text(in: parameters) ?? "auto")
        }
    }

    /// A `chat-tui export` command line that writes `groupID`'s composite at `parameters` to `output`, the
    /// same pixels as the app's export; every word shell-quoted where needed. With several `scales` it writes
    /// each (`--scale 1,2,3`, `output` being the 1x file); an `encoding` adds the options that are not its
    /// defaults (`--format` only where `output`'s extension does not say it); `spec` adds `--spec`.
    package static func exportCommand(
        _ parameters: CompositionParameters, fixturePath: String, groupID: String,
        output: String, scales: [Int]? = nil, encoding: OutputEncoding? = nil, spec: Bool = false
    ) -> String {
        // Several scales are one option listing them, instead of the parameters' own scale.
        let scaleList = (scales?.count ?? 0) > 1 ? scales : nil
        var words =
            ["chat-tui", "export", "--fixtures", fixturePath, "--group", groupID, "--output", output]
            + flags(settings(of: parameters).filter { scaleList == nil || $0.name != "scale" })
        if let scaleList { words += ["--scale", scaleList.map(String.init).joined(separator: ",")] }
        if let encoding {
            if (try? OutputFormat.resolve(path: output, requested: nil)) != encoding.format {
                words += ["--format", encoding.format.rawValue]
            }
            if let quality = encoding.quality, encoding.format != .png { words += ["--quality", String(quality)] }
            if encoding.format == .png, encoding.pngCompression != .default {
                words += ["--png-compression", encoding.pngCompression.rawValue]
            }
        }
        if spec { words.append("--spec") }
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// `settings` as one JSON object, the form of a preset in `presets.json`: numbers and flags as JSON numbers
    /// and booleans, everything else as strings.
    package static func json(_ settings: [ParameterSetting]) -> String {
        JSONWriter.text(jsonObject(settings), form: .spaced)
    }

    /// `settings` as the JSON object `json` writes, for a document that holds it (`presets.json`, the app's
    /// session file, the spec hand-off).
    package static func jsonObject(_ settings: [ParameterSetting]) -> JSONWriter.Value {
        .object(settings.map { ($0.name, jsonValue($0)) })
    }

    /// `word` as one shell word: unchanged when it holds only characters no shell treats specially, else in
    /// single quotes (a quote inside written as `'\''`). A word holding a character that must not be pasted
    /// (`TextSafety.mustEscape`) is written in ANSI-C quotes instead, `$'...'`, with that character's UTF-8
    /// bytes as `\xHH` escapes: the text copied holds no control character, so nothing in a group id can end a
    /// terminal's bracketed paste or run a command when it is pasted, and the shell still reads the exact word.
    package static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_./,:=@+%#".unicodeScalars.contains(scalar))
            } && !word.hasPrefix("#")
        if plain { return word }
        guard word.unicodeScalars.contains(where: TextSafety.mustEscape) else {
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "'": quoted += "\\'"
            case "\\": quoted += "\\\\"
            case _ where TextSafety.mustEscape(scalar):
                for byte in String(scalar).utf8 { quoted += "\\x" + hexDigits(byte, count: 2) }
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// A setting's value as JSON: a bare number or boolean where the parameter is one, else a string.
    static func jsonValue(_ setting: ParameterSetting) -> JSONWriter.Value {
        guard let field = ParameterCatalogue.field(named: setting.name) else { return .string(setting.text) }
        switch field.kind {
        case .number, .integer:
            // Bare only when it is a JSON number: Swift reads "0x10", "inf" and "nan" as numbers too.
            if case .number? = try? JSONDocument.parse(Array(setting.text.utf8), fileName: "") {
                return .number(setting.text)
            }
        case .flag:
            if setting.text == "true" || setting.text == "false" { return .bool(setting.text == "true") }
        default:
            break
        }
        return setting.text == "auto" && field.isOptional ? .null : .string(setting.text)
    }
}
