import FileSystem
import Fixtures
import Foundation
import GroupIcon

@testable import GroupExport

/// A temporary folder with copies of a few bundled sample avatars and groups made of them.
final class ExportFolder: Sendable {
    static let sampleAvatars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-data/avatars").path
    static let photos = ["alice.jpg", "bob.png", "grace.jpg", "fatima.jpg", "kitty.png"]

    let root: String

    init() throws {
        root = try FileIO.makeTemporaryDirectory(prefix: "export-tests")
        try FileIO.createDirectory(root + "/avatars")
        for name in Self.photos {
            let bytes = try FileIO.readRegularFile(path: Self.sampleAvatars + "/" + name, maxBytes: 1 << 24)
            try FileIO.writeAtomically(bytes, to: root + "/avatars/" + name)
        }
    }

    deinit { FileIO.removeTree(root) }

    /// Group `index` of a batch: 1 to 5 of the photos, ids that collide once made file-name safe included.
    func group(_ index: Int) -> ChatGroup {
        let count = index % 5 + 1
        let members = (0..<count).map { offset in
            let photo = Self.photos[(index + offset) % Self.photos.count]
            return GroupMember(id: "m\(offset)", name: photo, avatarPath: root + "/avatars/" + photo)
        }
        return ChatGroup(id: index % 7 == 3 ? "g/\(index)" : "g-\(index)", name: "Group \(index)", members: members)
    }

    /// A composer with the real codecs and no disk cache.
    func composer(disk: DiskCacheLocation = .disabled) -> GroupComposer {
        GroupComposer(
            pipeline: AvatarPipeline(
                dependencies: .live,
                configuration: PipelineConfiguration(
                    compositeCache: DiskCache(location: disk))))
    }

    func bytes(_ path: String) throws -> [UInt8] { try FileIO.readRegularFile(path: path, maxBytes: 1 << 26) }

    /// Writes `groups` as a JSON Lines fixture, with `extraLines` appended verbatim.
    func writeJSONLines(_ groups: [ChatGroup], extraLines: [String] = [], name: String = "groups.jsonl") throws
        -> String
    {
        var lines: [String] = []
        for group in groups {
            let members = group.members.map { member in
                "{\"id\":\"\(member.id)\",\"name\":\"\(member.name)\",\"avatar\":\"\(member.avatarPath ?? "")\"}"
            }
            lines.append(
                "{\"id\":\"\(group.id)\",\"name\":\"\(group.name)\",\"members\":[\(members.joined(separator: ","))]}")
        }
        let path = root + "/" + name
        try FileIO.writeAtomically(Array((lines + extraLines).joined(separator: "\n").utf8), to: path)
        return path
    }
}
