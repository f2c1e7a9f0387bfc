import Foundation
import Testing

@testable import Fixtures

/// Issue 11's fixture defects: a NUL inside an avatar path was silently cut by the C call (so
/// `a.jpg\u0000.png` read `a.jpg`), and a UTF-32 byte order mark was reported as UTF-16.
@Suite struct FixtureHostileInputTests {
    private func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try FixtureLoader.decode(bytes, baseDirectory: URL(fileURLWithPath: "/data"), fileName: "groups.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aNULInAnAvatarPathIsRejectedWithItsJSONPath() {
        let member =
            #"{"groups": [{"id": "g", "name": "G", "members": [{"name": "A"}, {"name": "B", "avatar": "b.jpg\u0000.png"}]}]}"#
        #expect(
            message(Array(member.utf8))
                == #"groups.json: groups[0].members[1].avatar: expected a file path without NUL characters, found "b.jpg\u0000.png""#
        )
        let group = #"{"groups": [{"id": "g", "name": "G", "avatar": "\u0000", "members": []}]}"#
        #expect(
            message(Array(group.utf8))
                == #"groups.json: groups[0].avatar: expected a file path without NUL characters, found "\u0000""#)
    }

    @Test func utf32ByteOrderMarksAreCalledUTF32() {
        let expected =
            "groups.json:1:1: not UTF-8 text (byte offset 0): the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8"
        #expect(message([0xFF, 0xFE, 0x00, 0x00, 0x7B, 0x00, 0x00, 0x00]) == expected)
        #expect(message([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x7B]) == expected)
        #expect(message([0xFF, 0xFE, 0x7B, 0x00])?.contains("the file is UTF-16") == true)
    }
}
