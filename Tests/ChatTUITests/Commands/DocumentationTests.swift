import Foundation
import GroupIcon
import Testing

/// The documentation names every registered layout and option, so adding one to the registry without
/// documenting it fails here.
@Suite struct DocumentationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func geometryDocumentHasASectionPerLayout() throws {
        let geometry = try read("docs/GEOMETRY.md")
        for kind in LayoutRegistry.kinds {
            #expect(geometry.contains("## `\(kind.rawValue)`"), "docs/GEOMETRY.md has no section for \(kind)")
        }
    }

    @Test func commandLineReferenceListsEveryLayoutAndOption() throws {
        let reference = try read("docs/CLI.md")
        #expect(reference.contains("`--layout \(LayoutRegistry.kinds.map(\.rawValue).joined(separator: "|"))`"))
        for field in ParameterCatalogue.all {
            #expect(reference.contains("`--\(field.name)"), "docs/CLI.md does not mention --\(field.name)")
        }
    }
}
