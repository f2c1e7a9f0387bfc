import GroupIcon

/// Which format an output path asks for: the rule of `export`, `avatar` and the app (an extension and
/// `--format` must agree).
extension OutputFormat {
    /// The extension of the last component of `path` (after its last dot, not a leading one), nil without.
    package static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    /// The format of an output file: its extension's, checked against `requested` (`--format`); a path
    /// without an extension takes `requested`, else PNG. Throws when the two contradict or the extension is
    /// one no format has, so a file never gets bytes its name does not announce.
    package static func resolve(path: String, requested: OutputFormat?) throws(OutputFormatError) -> OutputFormat {
        guard let suffix = fileExtension(of: path) else { return requested ?? .png }
        guard let named = OutputFormat(fileExtension: suffix) else {
            throw .unknownExtension(path: path, fileExtension: suffix)
        }
        if let requested, requested != named {
            throw .contradiction(path: path, fileExtension: suffix, requested: requested)
        }
        return named
    }
}

/// A file name and a format that do not go together.
package enum OutputFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownExtension(path: String, fileExtension: String)
    case contradiction(path: String, fileExtension: String, requested: OutputFormat)

    package var description: String {
        switch self {
        case .unknownExtension(let path, let suffix):
            return "\(path): .\(suffix) is not an output format: name the file .png, .jpg/.jpeg or .webp"
        case .contradiction(let path, let suffix, let requested):
            return "\(path): the .\(suffix) extension contradicts --format \(requested.rawValue)"
        }
    }
}
