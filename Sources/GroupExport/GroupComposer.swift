import Fixtures
import GroupIcon

/// Composes chat groups' avatars through the avatar pipeline: the bridge between fixtures and GroupIcon,
/// shared by the interactive app and `chat-tui export`.
package struct GroupComposer: Sendable {
    package let pipeline: AvatarPipeline

    package init(pipeline: AvatarPipeline) {
        self.pipeline = pipeline
    }

    /// A group's avatar at `parameters`, with what went wrong on the way.
    ///
    /// A group's own avatar, when the fixture sets one, wins over the composite: it fills the canvas (centre
    /// cropped, clipped by the canvas corner radius; `AvatarPipeline.photoComposite`). When it cannot be read
    /// the composite is drawn instead, with a warning about the group photo first.
    package func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CompositionError)
        -> Composite
    {
        var warnings: [AvatarWarning] = []
        if let photo = Self.photo(of: group) {
            let (response, warning) = try await pipeline.photoComposite(photo, parameters: parameters)
            if let response { return response.composite }
            if let warning {
                warnings.append(
                    AvatarWarning(
                        memberID: group.id, memberName: group.name, path: photo.imagePath,
                        message: warning.message + "; drawing the composite instead",
                        subject: .groupPhoto))
            }
        }
        let response = try await pipeline.composite(members: Self.members(of: group), parameters: parameters)
        return Composite(image: response.composite.image, warnings: warnings + response.composite.warnings)
    }

    /// The group's members as the pipeline knows them.
    static func members(of group: ChatGroup) -> [MemberSource] {
        group.members.map { MemberSource(id: $0.id, name: $0.name, imagePath: $0.avatarPath) }
    }

    /// The group's own photo as the pipeline knows it (the group standing for its owner), nil without one.
    static func photo(of group: ChatGroup) -> MemberSource? {
        group.avatarPath.map { MemberSource(id: group.id, name: group.name, imagePath: $0) }
    }
}

extension GroupComposer {
    /// Everything the pixels of `group`'s avatar under `parameters` depend on, as text: the group photo's
    /// identity when it has one, then the members' composite key (parameters, members, file versions). An
    /// export records its hash, and `--skip-existing` compares it.
    package func inputs(for group: ChatGroup, parameters: CompositionParameters) async -> String {
        var text = await pipeline.key(members: Self.members(of: group), parameters: parameters).text
        if let photo = Self.photo(of: group) {
            text = "group photo: \(await pipeline.identity(of: photo).identifier.debugDescription)\n" + text
        }
        return text
    }

    /// A stand-in for `composite(for:parameters:)` while member photos from URLs are still downloading
    /// (`AvatarPipeline.provisionalComposite`); nil when every photo is at hand or the group shows its own.
    package func provisionalComposite(for group: ChatGroup, parameters: CompositionParameters)
        async throws(CompositionError) -> Composite?
    {
        guard group.avatarPath == nil else { return nil }
        return try await pipeline.provisionalComposite(members: Self.members(of: group), parameters: parameters)
    }
}

extension ChatGroup {
    /// A warning met while composing this group, as the CLI and the app print it:
    /// `group "ride": member "Alice" (u1): avatars/alice.jpg: file not found; using a placeholder`.
    package func describe(_ warning: AvatarWarning) -> String {
        "group \"\(id)\": \(warning)"
    }
}
