import GroupIcon
import Support
import Testing

@testable import GroupExport

@Suite struct OutputEncodingTests {
    @Test func theFormatFollowsTheExtensionOrFormatAndNeverContradictsIt() throws {
        #expect(try OutputFormat.resolve(path: "a.png", requested: nil) == .png)
        #expect(try OutputFormat.resolve(path: "dir.d/a.JPG", requested: nil) == .jpeg)
        #expect(try OutputFormat.resolve(path: "a.jpeg", requested: .jpeg) == .jpeg)
        #expect(try OutputFormat.resolve(path: "out/a.webp", requested: nil) == .webp)
        #expect(try OutputFormat.resolve(path: "noextension", requested: .webp) == .webp)
        #expect(try OutputFormat.resolve(path: "noextension", requested: nil) == .png)
        #expect(try OutputFormat.resolve(path: "dir.d/.hidden", requested: nil) == .png)
        #expect(throws: OutputFormatError.contradiction(path: "a.png", fileExtension: "png", requested: .jpeg)) {
            try OutputFormat.resolve(path: "a.png", requested: .jpeg)
        }
        #expect(throws: OutputFormatError.unknownExtension(path: "a.gif", fileExtension: "gif")) {
            try OutputFormat.resolve(path: "a.gif", requested: nil)
        }
        #expect(throws: OutputFormatError.unknownExtension(path: "a.txt", fileExtension: "txt")) {
            try OutputFormat.resolve(path: "a.txt", requested: .png)
        }
        #expect(OutputFormat.fileExtension(of: "a.") == nil && OutputFormat.fileExtension(of: "x/y.tar.gz") == "gz")
    }

    /// Only what changes the pixels of a file takes part in the inputs it records.
    @Test func identifiersNameWhatChangesThePixels() {
        #expect(OutputEncoding(format: .png).identifier == "png")
        #expect(OutputEncoding(format: .jpeg).identifier == "jpeg quality=90 background=#FFFFFF")
        #expect(OutputEncoding(format: .jpeg, quality: 70).identifier != OutputEncoding(format: .jpeg).identifier)
        #expect(OutputEncoding(format: .webp).identifier == "webp lossless")
        #expect(OutputEncoding(format: .webp, quality: 80).identifier == "webp quality=80")
    }

    @Test func shardsPartitionIdsStably() {
        let shards = (1...5).compactMap { Shard(index: $0, count: 5) }
        let ids = (0..<500).map { "group-\($0)" } + ["", "周末骑行群", "a/b"]
        for id in ids { #expect(shards.filter { $0.contains(id) }.count == 1, "\(id)") }
        // Fixed values: a shard assignment must never change between versions, or resumed batches break.
        #expect(StableHash.fnv1a64("ride") == 0xb23a_5a1f_f884_8c6f)
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard(parsing: "2/8") == Shard(index: 2, count: 8))
        for bad in ["0/3", "4/3", "1/0", "x/2", "1/2/3", "", "-1/2", " 1/2"] {
            #expect(Shard(parsing: bad) == nil, "\(bad)")
        }
        let sizes = shards.map { shard in ids.filter(shard.contains).count }
        #expect(sizes.allSatisfy { $0 > 60 })  // spread, not all in one
    }

    @Test func stemsDependOnTheIdAloneAndNeverCollide() {
        #expect(OutputNaming.stem(for: "ride") == "ride")
        #expect(OutputNaming.stem(for: "Team_A-1.x") == "Team_A-1.x")
        let altered = ["a/b", "a_b", "a b", "周末", "..", ".hidden", String(repeating: "x", count: 300)]
        let names = altered.map(OutputNaming.stem(for:))
        #expect(Set(names).count == altered.count)
        #expect(names[0].hasPrefix("a_b-") && names[0].count == 20 && names[1] == "a_b")
        #expect(names.allSatisfy { $0.utf8.count <= 200 && !$0.hasPrefix(".") && !$0.contains("/") })
        #expect(OutputNaming.stem(for: "a/b") == names[0])
    }

    @Test func scaleVariantsSitBesideTheFile() {
        #expect(OutputNaming.scaledPaths("out/ride.png", scales: [3]).map(\.path) == ["out/ride.png"])
        #expect(
            OutputNaming.scaledPaths("out/ride.png", scales: [1, 2, 3]).map(\.path)
                == ["out/ride.png", "out/ride@2x.png", "out/ride@3x.png"])
        #expect(OutputNaming.scaledPaths("a.b/icon", scales: [2, 4]).map(\.path) == ["a.b/icon@2x", "a.b/icon@4x"])
        #expect(
            OutputNaming.scaledPaths("dir/.hidden", scales: [1, 2]).map(\.path) == ["dir/.hidden", "dir/.hidden@2x"])
    }
}
