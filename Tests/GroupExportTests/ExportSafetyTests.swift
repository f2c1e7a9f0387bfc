import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Testing

@testable import GroupExport

@Suite struct ExportSafetyTests {
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-safety-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    static let composer = GroupComposer(
        pipeline: AvatarPipeline(
            dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil)))

    /// The group name goes into the PNG title, capped (a 40-million-character name made a 42 MB PNG).
    @Test func theTitleChunkIsCapped() throws {
        let name = String(repeating: "名", count: 100_000)
        let group = ChatGroup(id: "g", name: name, members: [])
        let text = GroupExporter.pngText(group: group, parameters: CompositionParameters())
        let title = try #require(text.first { $0.keyword == "Title" }?.value)
        #expect(title.unicodeScalars.count == GroupExporter.maximumTitleLength)
        #expect(title.hasSuffix("…"))
        let short = GroupExporter.pngText(
            group: ChatGroup(id: "g", name: "周末骑行群", members: []),
            parameters: CompositionParameters())
        #expect(short.first { $0.keyword == "Title" }?.value == "周末骑行群")
    }

    /// No export overwrites the fixture or a photo it names, however the output path is spelt.
    @Test func exportsRefuseToOverwriteTheirInputs() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixturePath = folder + "/groups.json"
        let photo = folder + "/ride.png"
        try FileIO.writeAtomically(Array("{}".utf8), to: fixturePath)
        try FileIO.writeAtomically(PNGCodec.encode(RGBAImage(width: 2, height: 2, fill: .white)), to: photo)
        let group = ChatGroup(
            id: "ride", name: "Ride", members: [GroupMember(id: "u1", name: "Ann", avatarPath: photo)])
        let fixture = Fixture(groups: [group], baseDirectory: URL(fileURLWithPath: folder))
        let inputs = ExportInputs.identities(fixturePath: fixturePath, fixture: fixture)
        #expect(Set(inputs.values) == ["the fixture file", "a member photo the fixture names"])
        let before = try [fixturePath, photo].map { try FileIO.readRegularFile(path: $0, maxBytes: 1 << 20) }
        for (path, role) in [
            (fixturePath, "the fixture file"), (folder + "/./ride.png", "a member photo the fixture names"),
        ] {
            let outcome = await GroupExporter.export(
                group, to: path, composer: Self.composer,
                parameters: CompositionParameters(), inputs: inputs)
            #expect(outcome.failure == "\(path): is \(role): refusing to overwrite an input with an export")
        }
        #expect(try [fixturePath, photo].map { try FileIO.readRegularFile(path: $0, maxBytes: 1 << 20) } == before)
        let outcome = await GroupExporter.export(
            group, to: folder + "/out.png", composer: Self.composer,
            parameters: CompositionParameters(), inputs: inputs)
        #expect(outcome.failure == nil)
    }
}
