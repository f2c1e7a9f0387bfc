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

    /// Composes `group` and writes it to `path` atomically as a PNG, with the parameters in its text chunks.
    public static func export(_ group: ChatGroup, to path: String, composer: GroupComposer,
                              parameters: CompositionParameters) async -> Outcome {
        guard let composite = try? await composer.composite(for: group, parameters: parameters) else {
            return Outcome(failure: "\(path): export cancelled")
        }
        let warnings = composite.warnings.map(group.describe)
        do {
            let png = try PNGCodec.encode(composite.image, text: pngText(group: group, parameters: parameters))
            try FileIO.writeAtomically(png, to: path)
            return Outcome(warnings: warnings)
        } catch {
            return Outcome(warnings: warnings, failure: "\(error)")
        }
    }

    /// The PNG text chunks of an export: the software, the group's name and every parameter.
    public static func pngText(group: ChatGroup, parameters: CompositionParameters) -> [PNGCodec.TextEntry] {
        [("Software", "chat-tui \(ProductVersion.text)"), ("Title", Sanitizer.clean(group.name)),
         ("Comment", parameters.identifier)]
    }
}

/// The version chat-tui reports (`--version`) and records in the files it writes.
public enum ProductVersion {
    public static let text = "0.1.0"
}
