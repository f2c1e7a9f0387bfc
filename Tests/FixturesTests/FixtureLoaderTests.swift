import Foundation
import Testing

@testable import Fixtures

private let base = URL(fileURLWithPath: "/data/fixtures")

private func decode(_ text: String) throws(FixtureError) -> Fixture {
    try FixtureLoader.decode(Array(text.utf8), baseDirectory: base, fileName: "groups.json")
}

/// The message decoding `text` fails with, or nil when it decodes.
private func message(_ text: String) -> String? {
    message(Array(text.utf8))
}

private func message(_ bytes: [UInt8]) -> String? {
    do {
        _ = try FixtureLoader.decode(bytes, baseDirectory: base, fileName: "groups.json")
        return nil
    } catch {
        return error.description
    }
}

/// A fixture with one group whose extra group fields are `fields` (JSON members, comma-terminated).
private func oneGroup(_ fields: String, members: String = "[]") -> String {
    #"{"groups": [{"id": "g", "name": "G", \#(fields) "members": \#(members)}]}"#
}

private var resources: URL {
    get throws { try #require(Bundle.module.url(forResource: "Resources", withExtension: nil)) }
}

@Suite struct FixtureLoaderTests {
    @Test func loadsValidFixtureWithCJKEmojiAndResolvedPaths() throws {
        let folder = try resources.appendingPathComponent("fixtures/valid")
        let fixture = try FixtureLoader.load(path: folder.appendingPathComponent("groups.json").path)
        let folderPath = folder.standardizedFileURL.path
        #expect(fixture.baseDirectory.standardizedFileURL.path == folderPath)
        #expect(fixture.groups.count == 2)

        let ride = fixture.groups[0]
        #expect(ride.id == "ride")
        #expect(ride.name == "周末骑行群 🚴")
        #expect(ride.lastMessage == "8点见 👍")
        #expect(ride.updatedAt == Date(timeIntervalSince1970: 1_795_852_800))
        #expect(ride.unread == 3)
        #expect(ride.muted == false)
        #expect(ride.avatarPath == nil)
        #expect(
            ride.members == [
                GroupMember(id: "u1", name: "Alice", avatarPath: folderPath + "/avatars/alice.jpg"),
                GroupMember(id: "u2", name: "李雷", avatarPath: nil),
                GroupMember(
                    id: "😀 Emoji Person", name: "😀 Emoji Person", avatarPath: folderPath + "/avatars/emoji.png"),
                GroupMember(id: "u4", name: "Abs", avatarPath: "/opt/avatars/abs.png"),
            ])

        let design = fixture.groups[1]
        #expect(design.id == "team/design")
        #expect(design.lastMessage == "")
        // 16:00:00.5 at +08:00 is 08:00:00.5 UTC.
        #expect(design.updatedAt == Date(timeIntervalSince1970: 1_795_852_800.5))
        #expect(design.unread == 0)
        #expect(design.muted == true)
        #expect(design.avatarPath == folderPath + "/group-icons/design.png")
        #expect(design.members.isEmpty)
    }

    @Test func malformedFileReportsFileLineAndColumn() throws {
        let path = try resources.appendingPathComponent("fixtures/malformed.json").path
        #expect(
            throws: FixtureError.malformedJSON(
                file: path, line: 2, column: 27,
                problem: "expected ',' or '}' after an object member, found '\"'")
        ) {
            try FixtureLoader.load(path: path)
        }
        #expect(
            message("{\"groups\": [\n  {\"id\": \"a\", \"name\": \"A\" \"members\": []}\n]}")
                == "groups.json:2:27: malformed JSON: expected ',' or '}' after an object member, found '\"'")
    }

    @Test func emptyGroupListIsValid() throws {
        #expect(try decode(#"{"groups": []}"#).groups.isEmpty)
    }

    @Test func resolvesRelativePathsAgainstBaseDirectory() throws {
        let members =
            #"[{"name": "a", "avatar": "x.png"}, {"name": "b", "avatar": "./sub/y.jpg"}, {"name": "c", "avatar": "../z.png"}, {"name": "d", "avatar": "/abs/w.png"}]"#
        let paths = try decode(oneGroup("", members: members)).groups[0].members.map(\.avatarPath)
        #expect(paths == ["/data/fixtures/x.png", "/data/fixtures/sub/y.jpg", "/data/fixtures/../z.png", "/abs/w.png"])
        let fromRoot = try FixtureLoader.decode(
            Array(oneGroup(#""avatar": "g.png","#).utf8),
            baseDirectory: URL(fileURLWithPath: "/"), fileName: "groups.json")
        #expect(fromRoot.groups[0].avatarPath == "/g.png")
    }

    @Test func nullOptionalFieldsTakeDefaults() throws {
        let group = try decode(
            oneGroup(#""lastMessage": null, "updatedAt": null, "unread": null, "muted": null, "avatar": null,"#)
        ).groups[0]
        #expect(group == ChatGroup(id: "g", name: "G", members: []))
    }

    @Test func acceptsTimestampVariants() throws {
        func date(_ text: String) throws -> Date? {
            try decode(oneGroup(#""updatedAt": "\#(text)","#)).groups[0].updatedAt
        }
        #expect(try date("2026-11-28T08:00:00Z") == Date(timeIntervalSince1970: 1_795_852_800))
        #expect(try date("2026-11-28T08:00:00.250Z") == Date(timeIntervalSince1970: 1_795_852_800.25))
        #expect(try date("2026-11-28T03:30:00-04:30") == Date(timeIntervalSince1970: 1_795_852_800))
        #expect(try date("2024-02-29T23:59:59Z") == Date(timeIntervalSince1970: 1_709_251_199))
        #expect(try date("1969-12-31T00:00:00Z") == Date(timeIntervalSince1970: -86_400))
        #expect(try date("2000-03-01T00:00:00Z") == Date(timeIntervalSince1970: 951_868_800))
    }

    @Test func rejectsBadTimestampsNamingThePath() {
        let expected = #"expected an ISO 8601 date-time like "2026-11-28T08:00:00Z""#
        for bad in [
            "2026-02-30T08:00:00Z", "2025-02-29T08:00:00Z", "2026-11-28T24:00:00Z", "2026-11-28T08:00:00",
            "2026-11-28", "2026-11-28T08:00:00.Z", "2026-11-28T08:00:00+8", "yesterday", "2026-11-28T08:00:00Zjunk",
        ] {
            #expect(
                message(oneGroup(#""updatedAt": "\#(bad)","#))
                    == #"groups.json: groups[0].updatedAt: \#(expected), found "\#(bad)""#)
        }
        #expect(
            message(oneGroup(#""updatedAt": 1795852800,"#))
                == "groups.json: groups[0].updatedAt: \(expected), found 1795852800")
    }

    @Test func reportsMissingRequiredFields() {
        let groups = (0..<4).map { index in
            let members = index == 3 ? #"[{"name": "ok"}, {"id": "nameless"}]"# : "[]"
            return #"{"id": "g\#(index)", "name": "G", "members": \#(members)}"#
        }
        #expect(
            message(#"{"groups": [\#(groups.joined(separator: ","))]}"#)
                == "groups.json: groups[3].members[1].name: missing")
        #expect(message("{}") == "groups.json: groups: missing")
        #expect(message(#"{"groups": [{"name": "G", "members": []}]}"#) == "groups.json: groups[0].id: missing")
        #expect(message(#"{"groups": [{"id": "g", "members": []}]}"#) == "groups.json: groups[0].name: missing")
        #expect(message(#"{"groups": [{"id": "g", "name": "G"}]}"#) == "groups.json: groups[0].members: missing")
    }

    @Test func reportsWrongTypes() {
        #expect(message("[]") == #"groups.json: (top level): expected an object with a "groups" array, found an array"#)
        #expect(message(#"{"groups": {}}"#) == "groups.json: groups: expected an array, found an object")
        #expect(message(#"{"groups": [3]}"#) == "groups.json: groups[0]: expected an object, found 3")
        #expect(
            message(#"{"groups": [{"id": 42, "name": "G", "members": []}]}"#)
                == "groups.json: groups[0].id: expected a string, found 42")
        #expect(
            message(oneGroup("", members: "null")) == "groups.json: groups[0].members: expected an array, found null")
        #expect(
            message(oneGroup("", members: #"["Alice"]"#))
                == #"groups.json: groups[0].members[0]: expected an object, found "Alice""#)
        #expect(
            message(oneGroup(#""muted": "yes","#))
                == #"groups.json: groups[0].muted: expected true or false, found "yes""#)
        #expect(
            message(oneGroup(#""lastMessage": ["hi"],"#))
                == "groups.json: groups[0].lastMessage: expected a string, found an array")
        #expect(
            message(oneGroup("", members: #"[{"name": "a", "avatar": 5}]"#))
                == "groups.json: groups[0].members[0].avatar: expected a string, found 5")
        #expect(
            message(oneGroup(#""avatar": "","#))
                == #"groups.json: groups[0].avatar: expected a file path or null, found """#)
        #expect(
            message(oneGroup("", members: #"[{"name": "a", "id": ""}]"#))
                == "groups.json: groups[0].members[0].id: must not be empty")
        #expect(
            message(oneGroup("", members: #"[{"name": false}]"#))
                == "groups.json: groups[0].members[0].name: expected a string, found false")
    }

    @Test func reportsBadUnreadCounts() {
        let groups = (0..<3).map {
            #"{"id": "g\#($0)", "name": "G", "unread": \#($0 == 2 ? #""three""# : "1"), "members": []}"#
        }
        #expect(
            message(#"{"groups": [\#(groups.joined(separator: ","))]}"#)
                == #"groups.json: groups[2].unread: expected a non-negative integer, found "three""#)
        for bad in ["-1", "2.5", "1e3", "3.0", "true"] {
            #expect(
                message(oneGroup(#""unread": \#(bad),"#))
                    == "groups.json: groups[0].unread: expected a non-negative integer, found \(bad)")
        }
        #expect(
            message(oneGroup(#""unread": 99999999999999999999,"#))
                == "groups.json: groups[0].unread: expected a non-negative integer up to 9223372036854775807, found 99999999999999999999"
        )
        #expect(message(oneGroup(#""unread": 9223372036854775807,"#)) == nil)
    }

    @Test func shortensLongValuesInMessages() {
        let long = String(repeating: "长", count: 100)
        #expect(
            message(oneGroup(#""muted": "\#(long)","#))
                == #"groups.json: groups[0].muted: expected true or false, found "\#(String(repeating: "长", count: 40))…""#
        )
        #expect(
            message(oneGroup(#""muted": "a\nb","#))
                == #"groups.json: groups[0].muted: expected true or false, found "a\nb""#)
    }

    /// Regression: a duplicate id holding a C1 CSI and a bidi override reached stderr raw.
    @Test func messagesEscapeTerminalControlsAndInvisibleCharacters() {
        let json = #"{"id": "a\u001b]0;t\u0007\u009b2J\u202e\u200b\u2028b", "name": "G", "members": []}"#
        #expect(
            message(#"{"groups": [\#(json), \#(json)]}"#)
                == #"groups.json: groups[1].id: duplicate id "a\u001B]0;t\u0007\u009B2J\u202E\u200B\u2028b" (first used by groups[0])"#
        )
    }

    @Test func rejectsEmptyAndDuplicateGroupIDs() {
        #expect(
            message(#"{"groups": [{"id": "", "name": "G", "members": []}]}"#)
                == "groups.json: groups[0].id: must not be empty")
        let ids = ["a", "ride", "b", "c", "d", "ride"]
        let groups = ids.map { #"{"id": "\#($0)", "name": "G", "members": []}"# }
        #expect(
            message(#"{"groups": [\#(groups.joined(separator: ","))]}"#)
                == #"groups.json: groups[5].id: duplicate id "ride" (first used by groups[1])"#)
    }

    @Test func memberIDDefaultsToNameAndMayRepeat() throws {
        let members = #"[{"name": "李雷"}, {"id": "u1", "name": "A"}, {"id": "u1", "name": "A again"}]"#
        let decoded = try decode(oneGroup("", members: members)).groups[0].members
        #expect(decoded.map(\.id) == ["李雷", "u1", "u1"])
    }

    @Test func reportsInvalidUTF8WithByteOffsetLineAndColumn() {
        // Line 2 starts at byte 13; ten ASCII bytes and "é" (2 bytes) put the bad byte at offset 25, column 12.
        let bytes = Array("{\"groups\": [\n  {\"id\": \"é".utf8) + [0xC3, 0x28] + Array("\"}]}".utf8)
        #expect(message(bytes) == "groups.json:2:12: not UTF-8 text (byte offset 25): invalid UTF-8 byte 0xC3")
        #expect(
            message([0xFF, 0xFE, 0x7B, 0x00])
                == "groups.json:1:1: not UTF-8 text (byte offset 0): the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"
        )
        // Latin-1 text, a common mistake: "Zoë" with ë as the single byte 0xEB.
        #expect(
            message(Array(#"{"groups": [{"id": "Zo"#.utf8) + [0xEB] + Array(#""}]}"#.utf8))
                == "groups.json:1:23: not UTF-8 text (byte offset 22): invalid UTF-8 byte 0xEB")
    }

    @Test func decodesDataAndByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF] + Array(#"{"groups": [{"id": "x", "name": "X", "members": []}]}"#.utf8))
        let fixture = try FixtureLoader.decode(data, baseDirectory: base, fileName: "groups.json")
        #expect(fixture.groups.map(\.id) == ["x"])
    }

    @Test func decodesGroupWithTenThousandMembers() throws {
        let members = (0..<10_000).map {
            #"{"id": "m\#($0)", "name": "成员 \#($0)", "avatar": "avatars/\#($0 % 7).png"}"#
        }
        let fixture = try decode(oneGroup("", members: "[\(members.joined(separator: ","))]"))
        let decoded = fixture.groups[0].members
        #expect(decoded.count == 10_000)
        #expect(decoded[0] == GroupMember(id: "m0", name: "成员 0", avatarPath: "/data/fixtures/avatars/0.png"))
        #expect(decoded[9_999] == GroupMember(id: "m9999", name: "成员 9999", avatarPath: "/data/fixtures/avatars/3.png"))
    }

    @Test func decodesTenThousandGroupsOfNine() throws {
        let member = (0..<9).map { #"{"id": "u\#($0)", "name": "Member \#($0)", "avatar": "avatars/u\#($0).jpg"}"# }
            .joined(separator: ",")
        let groups = (0..<10_000).map {
            #"{"id": "g\#($0)", "name": "Group \#($0)", "lastMessage": "hi", "updatedAt": "2026-11-28T08:00:00Z", "unread": \#($0), "members": [\#(member)]}"#
        }
        let fixture = try decode(#"{"groups": [\#(groups.joined(separator: ",\n"))]}"#)
        #expect(fixture.groups.count == 10_000)
        #expect(fixture.groups[9_999].unread == 9_999)
        #expect(fixture.groups.allSatisfy { $0.members.count == 9 })
    }

    /// Every truncation and many single-byte corruptions of a valid fixture must decode or throw, never crash.
    @Test func isTotalOnTruncatedAndCorruptedInput() throws {
        let valid = try Array(Data(contentsOf: resources.appendingPathComponent("fixtures/valid/groups.json")))
        // Every proper prefix ends before the closing brace, so none is a complete document.
        let closingBrace = try #require(valid.lastIndex(of: UInt8(ascii: "}")))
        for length in 0...closingBrace {
            #expect(message(Array(valid[..<length])) != nil)
        }
        var generator = SplitMix64(seed: 2026)
        let interesting: [UInt8] = [
            0x00, 0x0A, 0x22, 0x2C, 0x3A, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D, 0x80, 0xC3, 0xED, 0xF4, 0xFF,
        ]
        for _ in 0..<2_000 {
            var corrupted = valid
            let position = Int(generator.next() % UInt64(valid.count))
            corrupted[position] = interesting[Int(generator.next() % UInt64(interesting.count))]
            _ = message(corrupted)
        }
    }
}

/// A tiny deterministic generator, so the corruption test is reproducible.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
