import Fixtures
import GroupIcon
import Support
import Testing

@testable import GroupExport

/// A group's own photo goes through the pipeline (its caches, its compositor) and looks as it always has.
@Suite struct GroupComposerTests {
    @Test func aGroupPhotoFillsTheCanvasAndIsCached() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        var group = folder.group(2)
        group.avatarPath = folder.root + "/avatars/alice.jpg"
        let parameters = CompositionParameters(size: 48, scale: 2, cornerRadius: 10, memberStyle: .circle)
        let composite = try await composer.composite(for: group, parameters: parameters)
        #expect(composite.warnings.isEmpty)

        // What the composer drew itself before: the photo decoded for the canvas, centre-cropped over it,
        // clipped by the corner radius and not by the member style.
        let owner = MemberSource(id: group.id, name: group.name, imagePath: group.avatarPath)
        let (photo, _) = try await composer.pipeline.source(owner, minimumSide: parameters.pixelSize)
        var photoParameters = parameters
        photoParameters.memberStyle = .rectangle
        let canvas = Rect(x: 0, y: 0, width: 48, height: 48)
        #expect(
            composite.image
                == Compositor.compose(
                    tiles: [Tile(frame: canvas, shape: .rect(canvas))],
                    images: [photo], parameters: photoParameters))

        // Drawn by the pipeline, once: asked again, its memory answers.
        #expect(composer.pipeline.statistics.compositesMade == 1)
        #expect(try await composer.composite(for: group, parameters: parameters) == composite)
        #expect(composer.pipeline.statistics.compositesMade == 1)
    }

    @Test func theGroupPhotoIsDrawnThroughThePipelinesCompositor() async throws {
        let folder = try ExportFolder()
        let drawn = LockedState(0)
        var dependencies = PipelineDependencies.live
        let compose = dependencies.compose
        dependencies.compose = { input in
            drawn.withLock { $0 += 1 }
            return compose(input)
        }
        let composer = GroupComposer(
            pipeline: AvatarPipeline(
                dependencies: dependencies,
                configuration: PipelineConfiguration(compositeCache: nil)))
        var group = folder.group(0)
        group.avatarPath = folder.root + "/avatars/bob.png"
        _ = try await composer.composite(for: group, parameters: CompositionParameters())
        _ = try await composer.composite(for: group, parameters: CompositionParameters())
        #expect(drawn.withLock { $0 } == 1)
    }

    @Test func anUnreadableGroupPhotoFallsBackToTheComposite() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        var group = folder.group(1)
        group.avatarPath = folder.root + "/avatars/missing.png"
        let composite = try await composer.composite(for: group, parameters: CompositionParameters())
        let members = try await composer.composite(for: folder.group(1), parameters: CompositionParameters())
        #expect(composite.image == members.image)
        let warning = try #require(composite.warnings.first)
        #expect(warning.subject == .groupPhoto && warning.path == group.avatarPath)
        #expect(warning.message == "file not found; using a placeholder; drawing the composite instead")
    }
}
