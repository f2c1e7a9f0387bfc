import FileSystem
import Foundation
import Testing

@testable import GroupIcon

/// Serialized: two tests hold a decode at a gate, which blocks one of the (two, on CI) cooperative threads.
@Suite(.serialized) struct AvatarPipelineTests {
    private let white = RGBA8.white
    private let teal = RGBA8(r: 0, g: 128, b: 128)

    /// Polls `condition` (up to about 20 s, so a broken build fails instead of hanging).
    /// Whether `condition` becomes true within 5 minutes (generous: on a loaded two-core machine the tasks it
    /// waits for can queue behind other suites' work for a long time; a passing test returns at once).
    private func eventually(_ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// The colour the fake compositor painted for tile `index` (132-point canvas, 44-point tiles, scale 1).
    private func tileColor(_ image: RGBAImage, _ index: Int) -> RGBA8 {
        image[index % 3 * 44 + 22, index / 3 * 44 + 22]
    }

    @Test func concurrentIdenticalRequestsShareOneDecode() async throws {
        let gate = DecodeGate()
        let environment = try FakeEnvironment(gate: gate)
        let member = MemberSource(
            id: "u1", name: "Alice",
            imagePath: environment.writeImage("alice.fake", width: 64, height: 64, color: teal))
        let pipeline = environment.pipeline()
        let requests = Task {
            await withTaskGroup(of: RGBAImage?.self) { group in
                for _ in 0..<20 { group.addTask { try? await pipeline.source(member, minimumSide: 32).0 } }
                return await group.reduce(into: [RGBAImage?]()) { $0.append($1) }
            }
        }
        let allJoined = await eventually { pipeline.statistics.coalescedWaits == 19 }
        gate.open()
        let images = await requests.value
        #expect(allJoined)
        #expect(environment.decodes == 1)
        #expect(pipeline.statistics.decodes == 1)
        #expect(images.count == 20 && images.allSatisfy { $0?[0, 0] == teal })
    }

    @Test func memberSharedByManyGroupsIsDecodedOnce() async throws {
        let environment = try FakeEnvironment()
        let alice = MemberSource(
            id: "u1", name: "Alice",
            imagePath: environment.writeImage("alice.fake", width: 90, height: 90, color: teal))
        let groups = (1...6).map { index in
            [alice]
                + (0..<index).map { other in
                    MemberSource(
                        id: "g\(index)m\(other)", name: "M",
                        imagePath: environment.writeImage(
                            "g\(index)m\(other).fake", width: 90, height: 90,
                            color: white))
                }
        }
        let pipeline = environment.pipeline()
        let results = await withTaskGroup(of: CompositeResponse?.self) { group in
            for members in groups {
                group.addTask { try? await pipeline.composite(members: members, parameters: CompositionParameters()) }
            }
            return await group.reduce(into: [CompositeResponse?]()) { $0.append($1) }
        }
        // 21 other members, each in one group, plus Alice once.
        #expect(environment.decodes == 22)
        #expect(results.count == 6 && results.allSatisfy { $0.map { tileColor($0.composite.image, 0) } == teal })
        #expect(pipeline.statistics.compositesMade == 6)
    }

    /// A decode answers only requests of its own size bucket: a larger decode answering a smaller request
    /// would make a composite's pixels depend on what was decoded before it (issue 15).
    @Test func decodesAreExactPerSizeBucket() async throws {
        let environment = try FakeEnvironment()
        let member = MemberSource(
            id: "u1", name: "A",
            imagePath: environment.writeImage("a.fake", width: 800, height: 800, color: teal))
        let pipeline = environment.pipeline()
        // 200 -> bucket 256 -> the fake decoder halves once (400; a quarter, 200, would be < 256).
        #expect(try await pipeline.source(member, minimumSide: 200).0.width == 400)
        // 50 -> bucket 64 -> an eighth, 100, whatever was decoded before.
        #expect(try await pipeline.source(member, minimumSide: 50).0.width == 100)
        #expect(try await pipeline.source(member, minimumSide: nil).0.width == 800)
        #expect(try await pipeline.source(member, minimumSide: 300).0.width == 800)
        #expect(try await pipeline.source(member, minimumSide: 250).0.width == 400)
        #expect(environment.sidesDecoded == [400, 100, 800, 800])
        #expect(
            AvatarPipeline.sideBucket(44) == 64 && AvatarPipeline.sideBucket(64) == 64
                && AvatarPipeline.sideBucket(65) == 128 && AvatarPipeline.sideBucket(0) == 1)
    }

    @Test func compositeComesFromMemoryThenFromDiskAfterRestart() async throws {
        let environment = try FakeEnvironment()
        let members = [
            MemberSource(
                id: "u1", name: "A",
                imagePath: environment.writeImage("a.fake", width: 50, height: 50, color: teal)),
            MemberSource(id: "u2", name: "B", imagePath: environment.root + "/missing.jpg"),
        ]
        let parameters = CompositionParameters()
        let first = try await environment.pipeline().composite(members: members, parameters: parameters)
        #expect(first.cacheHit == nil)

        let restarted = environment.pipeline()
        let fromDisk = try await restarted.composite(members: members, parameters: parameters)
        #expect(fromDisk.cacheHit == .disk)
        #expect(fromDisk.composite.image == first.composite.image)
        #expect(fromDisk.composite.warnings == first.composite.warnings && fromDisk.composite.warnings.count == 1)
        #expect(environment.decodes == 1)
        let fromMemory = try await restarted.composite(members: members, parameters: parameters)
        #expect(fromMemory.cacheHit == .memory)
        #expect(restarted.statistics.diskHits == 1 && restarted.statistics.compositesMade == 0)

        // A rewritten avatar is a new composite, not the cached one.
        environment.writeImage("a.fake", width: 60, height: 60, color: white)
        let updated = try await restarted.composite(members: members, parameters: parameters)
        #expect(updated.cacheHit == nil && updated.key != first.key)
        #expect(tileColor(updated.composite.image, 0) == white)
    }

    @Test func corruptedDiskEntryIsRegenerated() async throws {
        let environment = try FakeEnvironment()
        let members = [
            MemberSource(
                id: "u1", name: "A",
                imagePath: environment.writeImage("a.fake", width: 50, height: 50, color: teal))
        ]
        let first = try await environment.pipeline().composite(members: members, parameters: CompositionParameters())
        let path = environment.cacheDirectory + "/" + first.key.hashedName + ".gicache"
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))

        let second = environment.pipeline()
        let regenerated = try await second.composite(members: members, parameters: CompositionParameters())
        #expect(regenerated.cacheHit == nil)
        #expect(regenerated.composite.image == first.composite.image)
        #expect((second.compositeCache as? DiskCache)?.corruptEntriesRemoved == 1)
        #expect(second.statistics.compositesMade == 1)
        let third = try await environment.pipeline().composite(members: members, parameters: CompositionParameters())
        #expect(third.cacheHit == .disk)
    }

    @Test func unusableAvatarsBecomePlaceholdersWithWarnings() async throws {
        let environment = try FakeEnvironment()
        let good = environment.writeImage("good.fake", width: 50, height: 50, color: teal)
        let broken = environment.writeFile("broken.jpg", Array("not an image".utf8))
        let missing = environment.root + "/avatars/bob.jpg"
        let members = [
            MemberSource(id: "u1", name: "Alice", imagePath: good),
            MemberSource(id: "u2", name: "Bob", imagePath: missing),
            MemberSource(id: "u3", name: "Cy", imagePath: broken),
            MemberSource(id: "u4", name: "李雷", imagePath: nil),
        ]
        let result = try await environment.pipeline(disk: .disabled)
            .composite(members: members, parameters: CompositionParameters())
        #expect(
            result.composite.warnings.map(\.description) == [
                "member \"Bob\" (u2): \(missing): file not found; using a placeholder",
                "member \"Cy\" (u3): \(broken): not a JPEG or PNG image; using a placeholder",
            ])
        #expect(tileColor(result.composite.image, 0) == teal)
        #expect(tileColor(result.composite.image, 1) == FakeEnvironment.placeholderColor(memberID: "u2", name: "Bob"))
        #expect(tileColor(result.composite.image, 2) == FakeEnvironment.placeholderColor(memberID: "u3", name: "Cy"))
        #expect(tileColor(result.composite.image, 3) == FakeEnvironment.placeholderColor(memberID: "u4", name: "李雷"))
    }

    /// A file-system refusal names the path once (it read `x.jpg: x.jpg: is a FIFO`).
    @Test func fileSystemRefusalsNameThePathOnce() async throws {
        let environment = try FakeEnvironment()
        let path = environment.writeImage("pipe.fake", width: 50, height: 50, color: teal)
        var dependencies = environment.dependencies
        dependencies.readFile = { path, _ in throw FileIOError.notRegularFile(path: path, kind: "FIFO (named pipe)") }
        let pipeline = AvatarPipeline(dependencies: dependencies, configuration: PipelineConfiguration())
        let result = try await pipeline.composite(
            members: [MemberSource(id: "u1", name: "Alice", imagePath: path)], parameters: CompositionParameters())
        #expect(
            result.composite.warnings.map(\.description) == [
                "member \"Alice\" (u1): \(path): is a FIFO (named pipe), not a regular file; using a placeholder"
            ])
    }

    @Test func styledAvatarsAreCachedAndFailuresReported() async throws {
        let environment = try FakeEnvironment()
        let member = MemberSource(
            id: "u1", name: "A",
            imagePath: environment.writeImage("a.fake", width: 80, height: 40, color: teal))
        let pipeline = environment.pipeline(disk: .disabled)
        let (circle, warning) = try await pipeline.styled(member, style: .circle(diameter: 20))
        #expect(warning == nil)
        #expect(circle.width == 20 && circle[0, 0].a == 0 && circle[10, 10] == teal)
        let hitsBefore = pipeline.statistics.memoryHits
        _ = try await pipeline.styled(member, style: .circle(diameter: 20))
        #expect(pipeline.statistics.memoryHits == hitsBefore + 1)

        let (unstyled, failure) = try await pipeline.styled(member, style: .custom(name: "broken") { _ in nil })
        #expect(unstyled.width == 80)
        #expect(
            failure?.description == "member \"A\" (u1): \(member.imagePath ?? ""): style custom \"broken\" "
                + "produced no image; using the unstyled avatar")
        #expect(environment.decodes == 2)  // 20-pixel circle, then full resolution for the custom style
    }

    @Test func aURLWithoutARemoteSourceSaysWhatTheLibraryLacks() async throws {
        let environment = try FakeEnvironment()
        let result = try await environment.pipeline().composite(
            members: [MemberSource(id: "u1", name: "A", url: "https://example.invalid/a.png")],
            parameters: CompositionParameters())
        #expect(
            result.composite.warnings.map(\.message) == [
                "photos from URLs are not fetched: the pipeline has no remotePhotos source; using a placeholder"
            ])
    }

    @Test func cancellationDoesNotPoisonTheInFlightMap() async throws {
        let gate = DecodeGate()
        let environment = try FakeEnvironment(gate: gate)
        let members = [
            MemberSource(
                id: "u1", name: "A",
                imagePath: environment.writeImage("a.fake", width: 50, height: 50, color: teal))
        ]
        let pipeline = environment.pipeline()
        let parameters = CompositionParameters()
        let cancelled = Task { try await pipeline.composite(members: members, parameters: parameters) }
        // Composite and source both in flight, the decode held at the gate.
        #expect(await eventually { await pipeline.inFlightCount() == 2 })
        cancelled.cancel()
        let outcome = await cancelled.result
        #expect(throws: CompositionError.cancelled) { try outcome.get() }
        #expect(await eventually { await pipeline.inFlightCount() == 0 })
        #expect(pipeline.compositeMemory.count == 0)

        gate.open()
        let result = try await pipeline.composite(members: members, parameters: parameters)
        #expect(result.cacheHit == nil)
        #expect(tileColor(result.composite.image, 0) == teal)
        #expect(pipeline.statistics.compositesMade == 1)
        #expect(await pipeline.inFlightCount() == 0)
    }
}
