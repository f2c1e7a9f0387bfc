import FileSystem
import Fixtures
import GroupIcon
import TerminalUI

/// Writes groups' avatars to files: the one export path behind `chat-tui export` and the app's `e`/`E`.
public enum GroupExporter {
    /// What exporting one group came to.
    public struct Outcome: Sendable {
        /// Warnings met while composing, as `ChatGroup.describe` words them.
        public var warnings: [String] = []
        /// Why no file was written, naming the file; nil on success.
        public var failure: String?

        public init(warnings: [String] = [], failure: String? = nil) {
            self.warnings = warnings; self.failure = failure
        }
    }

    /// The longest group name written to the PNG's `Title` text chunk, in Unicode scalars; longer names are cut
    /// and end in `…` (a fixture's name is otherwise unbounded: 40 million characters made a 42 MB PNG).
    public static let maximumTitleLength = 256

    /// Composes `group` and writes it to `path` atomically as a PNG, with the parameters in its text chunks.
    /// `inputs` (`ExportInputs.identities`) are the files the write must refuse to replace.
    public static func export(_ group: ChatGroup, to path: String, composer: GroupComposer,
                              parameters: CompositionParameters,
                              inputs: [FileIdentity: String] = [:]) async -> Outcome {
        guard let composite = try? await composer.composite(for: group, parameters: parameters) else {
            return Outcome(failure: "\(path): export cancelled")
        }
        let warnings = composite.warnings.map(group.describe)
        do {
            let png = try PNGCodec.encode(composite.image, text: pngText(group: group, parameters: parameters))
            try FileIO.writeAtomically(png, to: path, options: AtomicWriteOptions(inputs: inputs))
            return Outcome(warnings: warnings)
        } catch {
            return Outcome(warnings: warnings, failure: "\(error)")
        }
    }

    /// The PNG text chunks of an export: the software, the group's name and every parameter.
    public static func pngText(group: ChatGroup, parameters: CompositionParameters) -> [PNGCodec.TextEntry] {
        // Counted in scalars: one grapheme can hold any number of combining marks.
        let scalars = group.name.unicodeScalars
        let head = scalars.prefix(maximumTitleLength)
        let title = head.endIndex == scalars.endIndex ? group.name : String(String.UnicodeScalarView(head.dropLast())) + "…"
        return [("Software", "chat-tui \(ProductVersion.text)"), ("Title", Sanitizer.clean(title)),
                ("Comment", parameters.identifier)]
    }
}

/// The version chat-tui reports (`--version`) and records in the files it writes.
public enum ProductVersion {
    public static let text = "0.1.0"
}
