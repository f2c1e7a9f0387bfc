import Foundation
import Support
import Testing

@testable import GroupIcon

/// `AvatarPipeline.photoComposite`: one photo over the whole canvas (a group's own avatar), drawn through the
/// pipeline's compositor seam and kept in its caches like a composite.
@Suite struct PhotoCompositeTests {
    private let teal = RGBA8(r: 0, g: 128, b: 128)

    @Test func thePhotoFillsTheCanvasThroughTheCompositorWithoutTheMemberStyle() async throws {
        let environment = try FakeEnvironment()
        let inputs = LockedState<[CompositionInput]>([])
        var dependencies = environment.dependencies
        let compose = dependencies.compose
        dependencies.compose = { input in
            inputs.withLock { $0.append(input) }
            return compose(input)
        }
        let pipeline = AvatarPipeline(
            dependencies: dependencies, configuration: PipelineConfiguration(compositeCache: nil))
        let photo = MemberSource(
            id: "g", name: "Group",
            imagePath: environment.writeImage("group.fake", width: 64, height: 48, color: teal))
        let parameters = CompositionParameters(size: 40, scale: 2, cornerRadius: 6, memberStyle: .circle)
        let (response, warning) = try await pipeline.photoComposite(photo, parameters: parameters)
        #expect(warning == nil)
        let made = try #require(response)
        #expect(made.cacheHit == nil && made.composite.warnings.isEmpty)
        #expect(made.composite.image.width == 80 && made.composite.image[40, 40] == teal)
        let input = try #require(inputs.withLock { $0.first })
        #expect(
            input.tiles == [
                Tile(
                    frame: Rect(x: 0, y: 0, width: 40, height: 40),
                    shape: .rect(Rect(x: 0, y: 0, width: 40, height: 40)))
            ])
        #expect(input.parameters.memberStyle == .rectangle && input.parameters.cornerRadius == 6)
        // The photo is decoded to cover the canvas in pixels.
        #expect(environment.sidesDecoded == [48])

        // Asked again: from memory, neither decoded nor drawn again.
        let (again, _) = try await pipeline.photoComposite(photo, parameters: parameters)
        #expect(again?.cacheHit == .memory && again?.composite == made.composite)
        #expect(environment.decodes == 1 && inputs.withLock { $0.count } == 1)
        #expect(pipeline.statistics.compositesMade == 1)
        // Other parameters, another picture.
        _ = try await pipeline.photoComposite(photo, parameters: CompositionParameters(size: 40, scale: 2))
        #expect(inputs.withLock { $0.count } == 2)
    }

    @Test func thePictureSurvivesARestartAndIsToldApartFromComposites() async throws {
        let environment = try FakeEnvironment()
        let photo = MemberSource(
            id: "g", name: "Group",
            imagePath: environment.writeImage("group.fake", width: 32, height: 32, color: teal))
        let parameters = CompositionParameters(size: 30)
        let first = try #require(
            try await environment.pipeline().photoComposite(photo, parameters: parameters).response)
        let restarted = environment.pipeline()
        let second = try #require(try await restarted.photoComposite(photo, parameters: parameters).response)
        #expect(second.cacheHit == .disk && second.composite == first.composite)
        #expect(environment.decodes == 1)
        // The same photo as a one-member composite is another key.
        #expect(try await restarted.composite(members: [photo], parameters: parameters).key != first.key)
        #expect(first.key.text.hasPrefix("group-icon photo v\(CompositeKey.algorithmVersion)\nparameters: "))
        // A changed photo is another picture.
        environment.writeImage("group.fake", width: 32, height: 32, color: .white)
        age(try #require(photo.imagePath), secondsAgo: -5)
        let changed = try #require(try await restarted.photoComposite(photo, parameters: parameters).response)
        #expect(changed.cacheHit == nil && changed.composite.image[15, 15] == .white)
    }

    @Test func anUnusablePhotoGivesAWarningAndNoPicture() async throws {
        let environment = try FakeEnvironment()
        let pipeline = environment.pipeline()
        let broken = MemberSource(
            id: "g", name: "Group",
            imagePath: environment.writeFile("broken.fake", Array("not an image".utf8)))
        let missing = MemberSource(id: "g", name: "Group", imagePath: environment.root + "/none.fake")
        for photo in [broken, missing] {
            let (response, warning) = try await pipeline.photoComposite(photo, parameters: CompositionParameters())
            #expect(response == nil)
            #expect(warning?.message.hasSuffix("; using a placeholder") == true)
        }
        #expect(pipeline.statistics.compositesMade == 0)
    }
}
