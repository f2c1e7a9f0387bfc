import Fixtures
import GroupIcon

/// Draws chat groups through the avatar pipeline: the bridge between fixtures and GroupIcon, shared by the
/// interactive app and `export`.
struct GroupRenderer: CompositeProvider {
    let pipeline: AvatarPipeline

    /// A group's avatar at `parameters` and what went wrong on the way, each warning prefixed with the group.
    ///
    /// A group's own avatar, when the fixture sets one, wins over the composite: it fills the canvas (centre
    /// cropped, clipped by the canvas corner radius). When it cannot be read the composite is drawn instead.
    func render(_ group: ChatGroup, parameters: CompositionParameters) async throws(CancellationError)
        -> (image: RGBAImage, warnings: [String])
    {
        var warnings: [String] = []
        if let avatarPath = group.avatarPath {
            let owner = MemberSource(id: group.id, name: group.name, imagePath: avatarPath)
            let (image, warning) = try await pipeline.source(owner, minimumSide: parameters.pixelSize)
            if let warning {
                warnings.append("group \"\(group.id)\": own avatar \(avatarPath): \(warning.message); drawing the composite instead")
            } else {
                let canvas = Rect(x: 0, y: 0, width: parameters.size, height: parameters.size)
                let image = Compositor.compose(tiles: [Tile(frame: canvas, shape: .rect(canvas))], images: [image],
                                               parameters: parameters)
                return (image, warnings)
            }
        }
        let members = group.members.map { MemberSource(id: $0.id, name: $0.name, imagePath: $0.avatarPath) }
        let result = try await pipeline.composite(members: members, parameters: parameters)
        warnings += result.warnings.map { "group \"\(group.id)\": \($0)" }
        return (result.image, warnings)
    }

    func composite(for group: ChatGroup, parameters: CompositionParameters) async -> RenderedComposite? {
        guard let (image, warnings) = try? await render(group, parameters: parameters) else { return nil }
        return RenderedComposite(image: image, warnings: warnings)
    }
}
