import FileSystem
import Foundation
import GroupIcon
import Testing

/// The Getting Started article's steps, run against the bundled sample avatars with only the public API (the
/// README's example is the Examples/ package, built and run by Tests/e2e/examples.sh).
@Suite struct LibraryUsageTests {
    private static let avatars = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sample-data/avatars")

    @Test func readmeExampleWritesAPNGThatDecodesBack() async throws {
        let parameters = CompositionParameters(layout: .qq, size: 132, scale: 3)
        #expect(Layouts.tiles(count: 5, parameters: parameters).count == 5)
        let pipeline = AvatarPipeline(
            dependencies: .live,
            configuration: PipelineConfiguration(compositeCache: nil))
        let names = ["alice.jpg", "bob.png", "charlie.png", "zoe.jpg", "ghost.jpg"]
        let members = names.enumerated().map { index, name in
            MemberSource(id: "u\(index)", name: name, imagePath: Self.avatars.appendingPathComponent(name).path)
        }
        let result = try await pipeline.composite(members: members, parameters: parameters)
        #expect(result.composite.warnings.count == 1)
        #expect(result.composite.warnings.first?.description.contains("ghost.jpg: file not found") == true)

        let png = try PNGCodec.encode(result.composite.image, text: [("Comment", parameters.identifier)])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("library-usage-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("group.png").path
        try FileIO.writeAtomically(png, to: path)

        let decoded = try PNGCodec.decode(FileIO.readRegularFile(path: path, maxBytes: 1 << 24))
        #expect(decoded == result.composite.image)
        #expect(decoded.width == 396 && decoded.height == 396)
        #expect(PNGCodec.textChunks(in: png).contains { $0.keyword == "Comment" && $0.value == parameters.identifier })
    }
}
