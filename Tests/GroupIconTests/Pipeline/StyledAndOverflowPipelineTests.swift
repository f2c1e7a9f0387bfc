import Foundation
import Support
import Testing

@testable import GroupIcon

/// The pipeline's side of member styles (styled avatars kept on disk) and of the overflow badge (the number
/// of members left out enters the key only when the badge shows it).
@Suite struct StyledAndOverflowPipelineTests {
    private let teal = RGBA8(r: 0, g: 128, b: 128)

    @Test func theHiddenCountIsPartOfTheKeyOnlyWithTheBadge() throws {
        let members = (0..<12).map { MemberSource(id: "u\($0)", name: "M\($0)", imagePath: nil) }
        var parameters = CompositionParameters()
        #expect(
            CompositeKey(members: members, parameters: parameters)
                == CompositeKey(members: Array(members.prefix(10)), parameters: parameters))
        parameters.overflowBadge = true
        let twelve = CompositeKey(members: members, parameters: parameters)
        #expect(twelve != CompositeKey(members: Array(members.prefix(10)), parameters: parameters))
        #expect(twelve.text.contains("hidden members: 3"))
        // Nine or fewer members hide nobody: the key is the badge-less one but for the parameter itself.
        #expect(!CompositeKey(members: Array(members.prefix(9)), parameters: parameters).text.contains("hidden"))
    }

    @Test func theHiddenCountAndThePlaceholdersReachTheCompositor() async throws {
        let environment = try FakeEnvironment()
        let inputs = LockedState<[(hidden: Int, placeholders: Set<Int>)]>([])
        var dependencies = environment.dependencies
        let compose = dependencies.compose
        dependencies.compose = { input in
            inputs.withLock { $0.append((input.hiddenMembers, input.placeholders)) }
            return compose(input)
        }
        let pipeline = AvatarPipeline(
            dependencies: dependencies, configuration: PipelineConfiguration(compositeCache: nil))
        let photo = environment.writeImage("a.fake", width: 32, height: 32, color: teal)
        let members =
            (0..<7).map { MemberSource(id: "u\($0)", name: "M", imagePath: $0 == 1 ? photo : nil) }
            + [MemberSource(id: "gone", name: "G", imagePath: photo + ".missing")]
        _ = try await pipeline.composite(
            members: members, parameters: CompositionParameters(layout: .qq, overflowBadge: true))
        _ = try await pipeline.composite(members: members, parameters: CompositionParameters(layout: .wechat))
        let seen = inputs.withLock { $0 }
        #expect(seen.map(\.hidden) == [3, 0])
        #expect(seen.map(\.placeholders) == [[0, 2, 3, 4], [0, 2, 3, 4, 5, 6, 7]])
    }

    @Test func styledAvatarsSurviveARestartThroughTheCompositeStore() async throws {
        let environment = try FakeEnvironment()
        let member = MemberSource(
            id: "u1", name: "Alice",
            imagePath: environment.writeImage("alice.fake", width: 64, height: 64, color: teal))
        let style = AvatarStyle.roundedRectangle(
            width: 24, height: 24, cornerRadius: 4, borderWidth: 2, borderColor: .white)
        let first = try await environment.pipeline().styled(member, style: style)
        #expect(environment.decodes == 1)
        #expect(first.0.width == 24 && first.0[12, 12] == teal && first.0[0, 12] == .white)

        let restarted = environment.pipeline()
        let second = try await restarted.styled(member, style: style)
        #expect(environment.decodes == 1)
        #expect(restarted.statistics.diskHits == 1)
        #expect(second.0 == first.0)
        // Another style, or a changed file, is another entry.
        _ = try await restarted.styled(member, style: .circle(diameter: 24))
        #expect(environment.decodes == 2)
        environment.writeImage("alice.fake", width: 64, height: 64, color: .white)
        age(try #require(member.imagePath), secondsAgo: -5)
        let changed = try await environment.pipeline().styled(member, style: style)
        #expect(changed.0[12, 12] == .white)
    }

    @Test func originalAndCustomStylesStayOffTheDisk() async throws {
        let environment = try FakeEnvironment()
        let member = MemberSource(
            id: "u1", name: "Alice",
            imagePath: environment.writeImage("alice.fake", width: 16, height: 16, color: teal))
        let pipeline = environment.pipeline()
        _ = try await pipeline.styled(member, style: .original)
        _ = try await pipeline.styled(member, style: .custom(name: "same") { $0 })
        #expect(pipeline.compositeCache?.statistics().entries ?? -1 == 0)
        let key = StyledAvatarKey(
            identity: .none, memberID: "u", memberName: "U", style: .circle(diameter: 3),
            placeholder: .silhouette)
        #expect(
            key.storedKey?.text.hasPrefix(
                "group-icon styled avatar v\(CompositeKey.algorithmVersion)\n"
                    + "style: circle 3 placeholder: silhouette fonts: ") == true)
    }

    @Test func thePlaceholderStyleReachesThePlaceholderAndTheKeys() async throws {
        let environment = try FakeEnvironment()
        let styles = LockedState<[PlaceholderStyle]>([])
        var dependencies = environment.dependencies
        let placeholder = dependencies.placeholder
        dependencies.placeholder = { id, name, side, style in
            styles.withLock { $0.append(style) }
            return placeholder(id, name, side, style)
        }
        let pipeline = AvatarPipeline(
            dependencies: dependencies, configuration: PipelineConfiguration(compositeCache: nil))
        let members = [MemberSource(id: "u1", name: "Ann", imagePath: nil)]
        let silhouettes = CompositionParameters(placeholder: .silhouette)
        _ = try await pipeline.composite(members: members, parameters: silhouettes)
        _ = try await pipeline.styled(members[0], style: .circle(diameter: 8), placeholder: .silhouette)
        _ = try await pipeline.composite(members: members, parameters: CompositionParameters())
        #expect(styles.withLock { $0 } == [.silhouette, .silhouette, .initials])
        #expect(
            CompositeKey(members: members, parameters: silhouettes)
                != CompositeKey(
                    members: members,
                    parameters: CompositionParameters()))
    }
}
