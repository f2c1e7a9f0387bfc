import Fixtures
import GroupIcon

/// Composes chat groups' avatars through the avatar pipeline: the bridge between fixtures and GroupIcon,
/// shared by the interactive app and `chat-tui export`.
public struct GroupComposer: Sendable {
    public let pipeline: AvatarPipeline

    public init(pipeline: AvatarPipeline) {
        self.pipeline = pipeline
    }

    /// A group's avatar at `parameters`, with what went wrong on the way.
    ///
    /// A group's own avatar, when the fixture sets one, wins over the composite: it fills the canvas (centre
    /// cropped, clipped by the canvas corner radius). When it cannot be read the composite is drawn instead,
    /// with a warning about the group photo first.
    public func composite(for group: ChatGroup, parameters: CompositionParameters) async throws(CancellationError)
        -> Composite
    {
        var warnings: [AvatarWarning] = []
        if let avatarPath = group.avatarPath {
            let owner = MemberSource(id: group.id, name: group.name, imagePath: avatarPath)
            let (image, warning) = try await pipeline.source(owner, minimumSide: parameters.pixelSize)
            if let warning {
                warnings.append(AvatarWarning(memberID: group.id, memberName: group.name, path: avatarPath,
                                              message: warning.message + "; drawing the composite instead",
                                              subject: .groupPhoto))
            } else {
                let canvas = Rect(x: 0, y: 0, width: parameters.size, height: parameters.size)
                // The member style is for members' photos, not the group's own.
                var photoParameters = parameters
                photoParameters.memberStyle = .rectangle
                let image = Compositor.compose(tiles: [Tile(frame: canvas, shape: .rect(canvas))], images: [image],
                                               parameters: photoParameters)
                return Composite(image: image)
            }
        }
        let members = group.members.map { MemberSource(id: $0.id, name: $0.name, imagePath: $0.avatarPath) }
        let response = try await pipeline.composite(members: members, parameters: parameters)
        return Composite(image: response.composite.image, warnings: warnings + response.composite.warnings)
    }
}

extension GroupComposer {
    /// Everything the pixels of `group`'s avatar under `parameters` depend on, as text: the group photo's
    /// identity when it has one, then the members' composite key (parameters, members, file versions). An
    /// export records its hash, and `--skip-existing` compares it.
    public func inputs(for group: ChatGroup, parameters: CompositionParameters) async -> String {
        let members = group.members.map { MemberSource(id: $0.id, name: $0.name, imagePath: $0.avatarPath) }
        var text = await pipeline.key(members: members, parameters: parameters).text
        if let avatarPath = group.avatarPath {
            let owner = MemberSource(id: group.id, name: group.name, imagePath: avatarPath)
            text = "group photo: \(await pipeline.identity(of: owner).identifier.debugDescription)\n" + text
        }
        return text
    }

    /// A stand-in for `composite(for:parameters:)` while member photos from URLs are still downloading
    /// (`AvatarPipeline.provisionalComposite`); nil when every photo is at hand or the group shows its own.
    public func provisionalComposite(for group: ChatGroup, parameters: CompositionParameters)
        async throws(CancellationError) -> Composite?
    {
        guard group.avatarPath == nil else { return nil }
        let members = group.members.map { MemberSource(id: $0.id, name: $0.name, imagePath: $0.avatarPath) }
        return try await pipeline.provisionalComposite(members: members, parameters: parameters)
    }
}

extension ChatGroup {
    /// A warning met while composing this group, as the CLI and the app print it:
    /// `group "ride": member "Alice" (u1): avatars/alice.jpg: file not found; using a placeholder`.
    public func describe(_ warning: AvatarWarning) -> String {
        "group \"\(id)\": \(warning)"
    }
}
