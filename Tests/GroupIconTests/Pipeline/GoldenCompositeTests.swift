import FileSystem
import Foundation
import GroupIcon
import Testing

/// Whole composites of sample-data groups, drawn by the live pipeline, against PNGs stored in
/// Resources/golden (made by `scripts/update-golden.sh` and inspected by eye when they were made).
///
/// A failure means the pixels of a layout changed: if that was intended, regenerate the goldens, look at them,
/// and bump `CompositeKey.algorithmVersion` so that disk caches do not serve the old pictures.
@Suite struct GoldenCompositeTests {
    private static let repository = GoldenImages.repository

    /// The members of a sample-data group, read with plain JSONSerialization (this target has no Fixtures).
    static func members(ofGroup id: String) throws -> [MemberSource] {
        let data = try Data(contentsOf: repository.appendingPathComponent("sample-data/groups.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let groups = try #require(root["groups"] as? [[String: Any]])
        let group = try #require(groups.first { $0["id"] as? String == id })
        let members = try #require(group["members"] as? [[String: Any]])
        return try members.map { member in
            let name = try #require(member["name"] as? String)
            let avatar = (member["avatar"] as? String).map {
                repository.appendingPathComponent("sample-data/\($0)").path
            }
            return MemberSource(id: member["id"] as? String ?? name, name: name, imagePath: avatar)
        }
    }

    @Test(arguments: LayoutKind.allCases, ["trio", "ride", "family", "edge-cases", "empty"])
    func compositeMatchesItsGolden(layout: LayoutKind, group: String) async throws {
        let parameters = CompositionParameters(layout: layout, size: 64, scale: 2, cornerRadius: 6)
        let pipeline = AvatarPipeline(
            dependencies: .live,
            configuration: PipelineConfiguration(compositeCache: nil))
        let made = try await pipeline.composite(members: Self.members(ofGroup: group), parameters: parameters).composite
            .image
        try GoldenImages.expect(made, matches: "\(layout.rawValue)-\(group).png")
    }
}
