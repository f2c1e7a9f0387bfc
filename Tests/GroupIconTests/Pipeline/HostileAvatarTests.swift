import Foundation
import GroupIcon
import Testing

/// The hostile corpus written by scripts/make-hostile-corpus.py, run through the real pipeline (libpng,
/// TurboJPEG, file reads; no disk cache): every file decodes as its manifest says, or becomes a placeholder
/// with a warning that names the file. Nothing traps.
@Suite struct HostileAvatarTests {
    /// One manifest entry: `decodes` for files that must decode, `fails` (a message fragment) for the rest.
    struct Entry: Decodable, CustomTestStringConvertible, Sendable {
        struct Expected: Decodable, Sendable {
            var width: Int
            var height: Int
            var tolerance: Int
            /// `[x, y, r, g, b, a]` probes.
            var pixels: [[Int]]
        }
        var file: String
        var decodes: Expected?
        var fails: String?
        var testDescription: String { file }
    }

    static let folder: URL? = Bundle.module.url(forResource: "Resources", withExtension: nil)?
        .appendingPathComponent("hostile")

    static let entries: [Entry] = {
        guard let folder, let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else {
            return []
        }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }()

    static func path(_ file: String) throws -> String {
        try #require(folder).appendingPathComponent(file).path
    }

    static func makePipeline() -> AvatarPipeline {
        AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
    }

    @Test func manifestListsTheWholeCorpus() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: try #require(Self.folder).path)
            .filter { $0 != "manifest.json" }
        #expect(Set(onDisk) == Set(Self.entries.map(\.file)))
        #expect(Self.entries.count == 17)
    }

    @Test(arguments: entries)
    func sourceDecodesOrFallsBackWithAWarningNamingTheFile(_ entry: Entry) async throws {
        let path = try Self.path(entry.file)
        let member = MemberSource(id: "m1", name: "Hostile Avatar", imagePath: path)
        let (image, warning) = try await Self.makePipeline().source(member, minimumSide: nil)
        if let expected = entry.decodes {
            #expect(warning == nil)
            #expect(image.width == expected.width && image.height == expected.height)
            for probe in expected.pixels {
                let pixel = image[probe[0], probe[1]]
                let channels = [(pixel.r, probe[2]), (pixel.g, probe[3]), (pixel.b, probe[4]), (pixel.a, probe[5])]
                #expect(
                    channels.allSatisfy { abs(Int($0) - $1) <= expected.tolerance },
                    "pixel (\(probe[0]), \(probe[1])) is \(pixel), expected \(probe[2...])")
            }
        } else {
            let fragment = try #require(entry.fails)
            let warning = try #require(warning)
            #expect(warning.path == path)
            #expect(warning.description.contains(entry.file))
            #expect(warning.message.contains(fragment), "\(warning.message)")
            // The placeholder at the configured default side (this request gave no size).
            #expect(image == Placeholder.image(memberID: "m1", name: "Hostile Avatar", side: 256))
        }
    }

    /// A whole composite made of the corpus: one tile per file (nine at a time, as WeChat draws), with exactly
    /// one warning per failing file, in member order.
    @Test func compositesOfTheCorpusCarryOneWarningPerBadFile() async throws {
        let pipeline = Self.makePipeline()
        let parameters = CompositionParameters(layout: .wechat, size: 64, scale: 2)
        for start in stride(from: 0, to: Self.entries.count, by: 9) {
            let batch = Array(Self.entries[start..<min(start + 9, Self.entries.count)])
            let members = try batch.enumerated().map { index, entry in
                MemberSource(id: "m\(index)", name: entry.file, imagePath: try Self.path(entry.file))
            }
            let result = try await pipeline.composite(members: members, parameters: parameters)
            #expect(result.composite.image.width == 128 && result.composite.image.height == 128)
            #expect(result.composite.warnings.map(\.memberName) == batch.filter { $0.fails != nil }.map(\.file))
        }
    }

    /// "Bounded memory": the bombs are refused from their headers with the limits error, before any pixel
    /// buffer is allocated (100000² RGBA would be 40 GB).
    @Test(arguments: [("bomb-100000.png", 100_000), ("bomb-65000.jpg", 65_000)])
    func bombsAreRefusedByTheLimits(_ file: String, side: Int) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try Self.path(file))))
        #expect(bytes.count < 1024)
        #expect(throws: CodecError.imageTooLarge(width: side, height: side, maxSide: 16384, maxPixels: 64_000_000)) {
            try ImageDecoder.decode(bytes)
        }
        // A JPEG asked for a small side is still checked at its declared size, not the scaled one.
        #expect(throws: CodecError.imageTooLarge(width: side, height: side, maxSide: 16384, maxPixels: 64_000_000)) {
            try ImageDecoder.decode(bytes, minimumSide: 8)
        }
    }

    /// The strip is at the side limit; one pixel longer is refused.
    @Test func stripAtTheSideLimitDecodesAndOneMoreIsRefused() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try Self.path("strip-16384x1.png"))))
        #expect(throws: CodecError.imageTooLarge(width: 16384, height: 1, maxSide: 16383, maxPixels: 64_000_000)) {
            try ImageDecoder.decode(bytes, limits: ImageLimits(maxSide: 16383))
        }
    }
}
