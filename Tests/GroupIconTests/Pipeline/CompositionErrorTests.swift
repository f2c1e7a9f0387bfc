import Support
import Testing

@testable import GroupIcon

/// The pipeline refuses parameters that break `CompositionLimits` before it reads a photo, reserves memory or
/// composes: the fake dependencies count what it did.
@Suite struct CompositionErrorTests {
    /// A fake environment whose compositor counts its calls.
    private final class Counting: Sendable {
        let environment: FakeEnvironment
        private let composeCount = LockedState(0)
        private let readCount = LockedState(0)
        var composes: Int { composeCount.withLock { $0 } }
        var reads: Int { readCount.withLock { $0 } }

        init() throws { environment = try FakeEnvironment() }

        func pipeline() -> AvatarPipeline {
            var dependencies = environment.dependencies
            let (compose, readFile) = (dependencies.compose, dependencies.readFile)
            dependencies.compose = { [composeCount] input in
                composeCount.withLock { $0 += 1 }
                return compose(input)
            }
            dependencies.readFile = { [readCount] path, maxBytes in
                readCount.withLock { $0 += 1 }
                return try readFile(path, maxBytes)
            }
            return AvatarPipeline(dependencies: dependencies, configuration: PipelineConfiguration(compositeCache: nil))
        }

        func members(_ count: Int) -> [MemberSource] {
            (0..<count).map { index in
                MemberSource(
                    id: "u\(index)", name: "M\(index)",
                    imagePath: environment.writeImage("m\(index).fake", width: 40, height: 40, color: .white))
            }
        }
    }

    /// The error `body` throws, nil when it throws none (an error of another type is recorded as an issue).
    private func error<T>(_ body: () async throws -> T) async -> CompositionError? {
        do {
            _ = try await body()
            return nil
        } catch let error as CompositionError {
            return error
        } catch {
            Issue.record("not a CompositionError: \(error)")
            return nil
        }
    }

    @Test func aMarginBeyondItsRangeIsRefusedNamingItsValueAndRange() async throws {
        let counting = try Counting()
        let pipeline = counting.pipeline()
        var parameters = CompositionParameters(layout: .wechat, size: 132)
        parameters.margin = 60
        parameters.cornerRadius = 500
        let refused = await error { try await pipeline.composite(members: counting.members(4), parameters: parameters) }
        guard case .limitBroken(.outOfRange(let parameter, let value, let range))? = refused else {
            Issue.record("expected an out-of-range margin, got \(String(describing: refused))")
            return
        }
        #expect(parameter == "margin" && value == 60 && range == 0...33)
        #expect(refused?.description == "GroupIcon cannot compose with these parameters: margin 60 is outside 0...33")
        #expect(counting.composes == 0 && counting.reads == 0)
    }

    @Test func aCornerRadiusBeyondItsRangeIsRefused() async throws {
        let counting = try Counting()
        var parameters = CompositionParameters(layout: .wechat, size: 132)
        parameters.cornerRadius = 500
        let refused = await error {
            try await counting.pipeline().composite(members: counting.members(4), parameters: parameters)
        }
        guard case .limitBroken(.outOfRange(let parameter, let value, _))? = refused else {
            Issue.record("expected an out-of-range corner radius, got \(String(describing: refused))")
            return
        }
        #expect(parameter == "corner-radius" && value == 500)
        #expect(counting.composes == 0)
    }

    @Test func aMarginThatLeavesNineTilesTooSmallIsRefusedButFitsOneMember() async throws {
        let counting = try Counting()
        let pipeline = counting.pipeline()
        var parameters = CompositionParameters(layout: .wechat, size: 132)
        parameters.margin = 30
        let refused = await error { try await pipeline.composite(members: counting.members(9), parameters: parameters) }
        guard case .limitBroken(.tilesTooSmall(_, let memberCount, _, _))? = refused else {
            Issue.record("expected tiles too small, got \(String(describing: refused))")
            return
        }
        #expect(memberCount == 9)
        #expect(counting.composes == 0)
        let one = try await pipeline.composite(members: counting.members(1), parameters: parameters)
        #expect(one.composite.image.width == 132)
        #expect(counting.composes == 1)
    }

    @Test func aCanvasOverTheMaximumPixelSizeIsRefused() async throws {
        let counting = try Counting()
        let pipeline = counting.pipeline()
        let parameters = CompositionParameters(layout: .wechat, size: 1100, scale: 4)
        let refused = await error { try await pipeline.composite(members: counting.members(4), parameters: parameters) }
        #expect(refused == CompositionError.limitBroken(.tooManyPixels(size: 1100, scale: 4)))
        #expect(refused?.description.contains("4400 px, more than 4096 px per side") == true)
        let photo = await error {
            try await pipeline.photoComposite(counting.members(1)[0], parameters: parameters)
        }
        #expect(photo == CompositionError.limitBroken(.tooManyPixels(size: 1100, scale: 4)))
        let provisional = await error {
            try await pipeline.provisionalComposite(members: counting.members(4), parameters: parameters)
        }
        #expect(provisional == CompositionError.limitBroken(.tooManyPixels(size: 1100, scale: 4)))
        #expect(counting.composes == 0 && counting.reads == 0)
        #expect(pipeline.statistics.compositesMade == 0)
    }

    @Test func aSizeOf5000AtScale4IsRefusedAtOnce() async throws {
        let counting = try Counting()
        let pipeline = counting.pipeline()
        let parameters = CompositionParameters(layout: .wechat, size: 5000, scale: 4)
        let refused = await error { try await pipeline.composite(members: counting.members(4), parameters: parameters) }
        guard case .limitBroken(.outOfRange(let parameter, let value, let range))? = refused else {
            Issue.record("expected an out-of-range size, got \(String(describing: refused))")
            return
        }
        #expect(parameter == "size" && value == 5000 && range == CompositionParameters.sizeRange)
        #expect(counting.composes == 0 && counting.reads == 0 && counting.environment.decodes == 0)
    }

    @Test func styledAvatarsAndSourcesRefuseSidesOverTheMaximum() async throws {
        let counting = try Counting()
        let pipeline = counting.pipeline()
        let member = counting.members(1)[0]
        let circle = await error { try await pipeline.styled(member, style: .circle(diameter: 5000)) }
        #expect(circle == CompositionError.sideOutOfRange(parameter: "diameter", side: 5000, maximum: 4096))
        let flat = await error { try await pipeline.styled(member, style: .rectangle(width: 10, height: 0)) }
        #expect(flat == CompositionError.sideOutOfRange(parameter: "height", side: 0, maximum: 4096))
        let source = await error { try await pipeline.source(member, minimumSide: 1 << 20) }
        #expect(
            source?.description
                == "GroupIcon cannot make an image 1048576 px on a side (minimumSide): it must be 1 to 4096 px")
        #expect(counting.reads == 0 && counting.environment.decodes == 0)
        let (fine, _) = try await pipeline.styled(member, style: .circle(diameter: 32))
        #expect(fine.width == 32)
    }
}
