import Fixtures
import Testing
@testable import GroupExport

@Suite struct OutputNamingTests {
    @Test func collidingIdsGetNumberedSuffixes() {
        let groups = ["a/b", "a_b", "A_B", "c"].map { ChatGroup(id: $0, name: $0, members: []) }
        #expect(OutputNaming.outputPaths(for: groups, in: "out") == ["out/a_b.png", "out/a_b-2.png", "out/A_B-3.png", "out/c.png"])
    }
}
