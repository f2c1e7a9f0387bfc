import Fixtures
import Testing

@testable import GroupExport

@Suite struct OutputNamingTests {
    /// Ids that would collide once made safe get a hash instead of a number that would depend on the order
    /// (the rule of streamed `.jsonl` batches, so both fixture forms name their files alike).
    @Test func idsThatCollideOnceMadeSafeGetAHash() {
        let groups = ["a/b", "a_b", "A_B", "c"].map { ChatGroup(id: $0, name: $0, members: []) }
        let paths = OutputNaming.outputPaths(for: groups, in: "out")
        #expect(paths[1...] == ["out/a_b.png", "out/A_B.png", "out/c.png"])
        #expect(paths[0] == "out/" + OutputNaming.stem(for: "a/b") + ".png" && paths[0].hasPrefix("out/a_b-"))
    }

    /// Ids past the stem limit keep a readable beginning and end in a hash of the whole id, so the names fit
    /// a file system's 255 bytes and stay distinct (issue 11: `--all` failed on ids over 230 characters).
    @Test func longIdsAreShortenedWithAHashAndStayUnique() {
        let shared = String(repeating: "x", count: 300)
        let ids = [shared + "a", shared + "b", shared + "/", shared + "_", String(repeating: "y", count: 200)]
        let stems = ids.map(OutputNaming.filenameSafe)
        #expect(stems.allSatisfy { $0.utf8.count <= OutputNaming.maximumStemBytes })
        #expect(Set(stems).count == ids.count)
        #expect(stems[0].hasPrefix(String(repeating: "x", count: 183) + "-"))
        #expect(stems[4] == ids[4], "an id of exactly the limit is kept as it is")
        #expect(OutputNaming.filenameSafe(ids[0]) == stems[0], "the same id always gets the same name")
        let paths = OutputNaming.outputPaths(for: ids.map { ChatGroup(id: $0, name: "g", members: []) }, in: "out/")
        #expect(Set(paths).count == ids.count)
        #expect(paths.allSatisfy { $0.hasPrefix("out/") && !$0.hasPrefix("out//") && $0.utf8.count <= 4 + 200 + 4 })
    }
}
