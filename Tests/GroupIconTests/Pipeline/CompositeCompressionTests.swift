import Foundation
import GroupIcon
import Testing

/// PNG compression levels on a real composite (the imaging tests cover the writer on synthetic pictures).
@Suite struct CompositeCompressionTests {
    @Test func compressionLevelsAreOrderedBySizeOnAComposite() async throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let avatars = repository.appendingPathComponent("sample-data/avatars")
        let files = try FileManager.default.contentsOfDirectory(atPath: avatars.path)
            .filter { $0.hasSuffix(".jpg") }.sorted().prefix(9)
        let members = files.map { MemberSource(id: $0, name: $0, imagePath: avatars.appendingPathComponent($0).path) }
        #expect(members.count == 9)
        let parameters = CompositionParameters(layout: .wechat, size: 66, scale: 2, cornerRadius: 6)
        let pipeline = AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
        let composite = try await pipeline.composite(members: members, parameters: parameters).composite.image
        let sizes = try PNGCompression.allCases.map { compression in
            let png = try PNGCodec.encode(composite, compression: compression)
            #expect(try PNGCodec.decode(png) == composite)
            return (compression, png.count)
        }
        let bytes = Dictionary(uniqueKeysWithValues: sizes)
        let small = try #require(bytes[.small]), standard = try #require(bytes[.default]),
            fast = try #require(bytes[.fast])
        #expect(small < standard && standard < fast, "small \(small), default \(standard), fast \(fast)")
    }
}
