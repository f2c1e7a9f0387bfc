import GroupExport
import GroupIcon
import Testing

@testable import ChatTUI

@Suite struct WarningTallyTests {
    private func outcome(group: String, member: String, path: String?) -> GroupExporter.Outcome {
        let warning = AvatarWarning(
            memberID: member, memberName: member.uppercased(), path: path,
            message: "not a JPEG; using a placeholder")
        return GroupExporter.Outcome(warnings: ["group \"\(group)\": \(warning)"], avatarWarnings: [warning])
    }

    @Test func oneBrokenPhotoSharedByManyGroupsIsOneWarningWithACount() {
        var tally = WarningTally()
        #expect(
            tally.add(outcome(group: "g1", member: "u1", path: "/p/broken.jpg"))
                == ["group \"g1\": member \"U1\" (u1): /p/broken.jpg: not a JPEG; using a placeholder"])
        for index in 2...700 {
            // Whoever's photo it is, the same file with the same problem is the same warning.
            #expect(tally.add(outcome(group: "g\(index)", member: "u\(index % 3)", path: "/p/broken.jpg")).isEmpty)
        }
        #expect(tally.add(outcome(group: "g701", member: "u1", path: "/p/other.jpg")).count == 1)
        #expect(tally.entries.count == 2 && tally.total == 701)
        #expect(tally.entries[0].groups == 700)
        #expect(tally.repeatLines == ["warning: the same problem in 699 more groups: /p/broken.jpg"])
    }

    @Test func warningsWithoutAFileStayTheirGroupsOwn() {
        var tally = WarningTally()
        #expect(tally.add(outcome(group: "g1", member: "u1", path: nil)).count == 1)
        #expect(tally.add(outcome(group: "g2", member: "u1", path: nil)).count == 1)
        #expect(tally.repeatLines.isEmpty)
    }
}
