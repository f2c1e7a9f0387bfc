import Foundation
import Imaging

/// The member-photo corpus of scripts/make-format-corpus.py: one 96 px portrait in every input format, and
/// colour-profiled versions with Little CMS's colour-managed rendering beside them (`.reference.png`). Shared
/// by the decoder tests and the compositor's format tests.
package enum FormatCorpus {
    /// The folder holding the corpus.
    package static var folder: URL {
        get throws {
            guard let resources = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return resources.appendingPathComponent("formats")
        }
    }

    package static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: try folder.appendingPathComponent(name)))
    }

    package static func image(_ name: String) throws -> RGBAImage { try ImageDecoder.decode(try bytes(name)) }
}
