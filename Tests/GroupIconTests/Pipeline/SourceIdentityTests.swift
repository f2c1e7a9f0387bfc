import FileSystem
import FileSystemTestSupport
import Foundation
import Support
import Testing

@testable import GroupIcon

/// Sources are identified by the file (device and inode) and its version, not by the path's spelling; the
/// memory budget bounds the work in flight; pixels never depend on what was decoded before (issue 15).
@Suite struct SourceIdentityTests {
    private let teal = RGBA8(r: 0, g: 128, b: 128)

    @Test func spellingsAndHardLinksShareOneDecodeAndOneKey() async throws {
        let environment = try FakeEnvironment()
        try FileManager.default.createDirectory(atPath: environment.root + "/av", withIntermediateDirectories: false)
        let path = environment.writeImage("av/big.fake", width: 64, height: 64, color: teal)
        try FileManager.default.linkItem(atPath: path, toPath: environment.root + "/hard.fake")
        let spellings = [
            path, environment.root + "/av//big.fake", environment.root + "/av/./big.fake",
            environment.root + "/hard.fake",
        ]
        let pipeline = environment.pipeline(disk: .disabled)
        var keys = Set<CompositeKey>()
        for spelling in spellings {
            let members = [MemberSource(id: "u1", name: "A", imagePath: spelling)]
            keys.insert(try await pipeline.composite(members: members, parameters: CompositionParameters()).key)
        }
        #expect(keys.count == 1)
        #expect(environment.decodes == 1)
        #expect(pipeline.statistics.compositesMade == 1)
        #expect(!(keys.first?.text.contains("big.fake") ?? true))
    }

    @Test func failuresNameTheCanonicalPathWhicheverSpellingCameFirst() async throws {
        let environment = try FakeEnvironment()
        let broken = environment.writeFile("broken.jpg", Array("not an image".utf8))
        let pipeline = environment.pipeline(disk: .disabled)
        let odd = MemberSource(id: "u1", name: "A", imagePath: environment.root + "/./broken.jpg")
        let (_, warning) = try await pipeline.source(odd, minimumSide: 32)
        #expect(warning?.path == FileIO.canonicalPath(of: broken))
    }

    /// `cp -p`/`rsync -t` style: same size, modification time set back. The change time gives it away.
    @Test func aSameSizeRewriteWithTheTimeSetBackIsNeverServedStale() async throws {
        let environment = try FakeEnvironment()
        let path = environment.writeImage("a.fake", width: 64, height: 64, color: teal)
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        FileIO.setModificationTime(of: path, to: past)
        let members = [MemberSource(id: "u1", name: "A", imagePath: path)]
        let first = try await environment.pipeline().composite(members: members, parameters: CompositionParameters())
        FileClock.waitUntilChangeTimesPass(path)
        environment.writeImage("a.fake", width: 64, height: 64, color: RGBA8(r: 0, g: 128, b: 129))
        FileIO.setModificationTime(of: path, to: past)

        let second = try await environment.pipeline().composite(members: members, parameters: CompositionParameters())
        #expect(second.cacheHit == nil && second.key != first.key)
        #expect(second.composite.image[22, 22] == RGBA8(r: 0, g: 128, b: 129))
    }

    @Test func aReplacementByRenameIsNeverServedStale() async throws {
        let environment = try FakeEnvironment()
        let path = environment.writeImage("a.fake", width: 64, height: 64, color: teal)
        let members = [MemberSource(id: "u1", name: "A", imagePath: path)]
        let pipeline = environment.pipeline()
        let first = try await pipeline.composite(members: members, parameters: CompositionParameters())
        let replacement = environment.writeImage("b.fake", width: 64, height: 64, color: .white)
        let status = try #require(FileIO.status(of: path))
        FileIO.setModificationTime(
            of: replacement, to: Date(timeIntervalSince1970: Double(status.modificationNanoseconds) / 1e9))
        #expect(rename(replacement, path) == 0)

        let second = try await pipeline.composite(members: members, parameters: CompositionParameters())
        #expect(second.cacheHit == nil && second.key != first.key)
        #expect(second.composite.image[22, 22] == .white)
    }

    @Test func verifiedContentIsPartOfTheIdentity() throws {
        let environment = try FakeEnvironment()
        let member = MemberSource(
            id: "u1", name: "A",
            imagePath: environment.writeImage("a.fake", width: 8, height: 8, color: teal))
        guard case .file(let verified) = ImageIdentity(of: member, verifyingContent: true),
            case .file(let plain) = ImageIdentity(of: member)
        else {
            Issue.record("not a file identity")
            return
        }
        let bytes = try FileIO.readRegularFile(path: member.imagePath ?? "", maxBytes: 1 << 20)
        #expect(verified.contentDigest == "sha256:" + SHA256.hex(SHA256.digest(bytes)))
        #expect(plain.contentDigest == nil && verified != plain)
        #expect(verified.identifier.hasSuffix(verified.contentDigest ?? "-"))
    }

    /// A file rewritten between the stat that made the key and the read: its bytes are another version, so the
    /// composite gets a placeholder and a warning and is cached nowhere (the next request looks again).
    @Test func aFileChangedWhileBeingReadIsNotCached() async throws {
        let environment = try FakeEnvironment()
        let path = environment.writeImage("a.fake", width: 64, height: 64, color: teal)
        let rewrites = LockedState(1)
        var dependencies = environment.dependencies
        let read = dependencies.readFile
        dependencies.readFile = { path, maxBytes in
            let bytes = try read(path, maxBytes)
            if rewrites.withLock({ count in
                defer { count -= 1 }; return count > 0
            }) {
                FileClock.waitUntilChangeTimesPass(path)
                environment.writeImage("a.fake", width: 64, height: 64, color: .white)
            }
            return bytes
        }
        let pipeline = AvatarPipeline(
            dependencies: dependencies,
            configuration: PipelineConfiguration(
                compositeCache: DiskCache(directory: environment.cacheDirectory)))
        let members = [MemberSource(id: "u1", name: "A", imagePath: path)]
        let first = try await pipeline.composite(members: members, parameters: CompositionParameters())
        #expect(first.composite.warnings.map(\.message) == ["changed while it was being read; using a placeholder"])
        #expect(pipeline.compositeMemory.count == 0 && pipeline.sourceCache.count == 0)
        #expect((pipeline.compositeCache?.statistics().entries ?? -1) == 0)

        let second = try await pipeline.composite(members: members, parameters: CompositionParameters())
        #expect(second.cacheHit == nil && second.composite.warnings.isEmpty)
        #expect(second.composite.image[22, 22] == .white)
    }

    /// Many composites at once under a small budget: all finish, and never more than the budget is reserved.
    @Test func theBudgetBoundsTheWorkInFlight() async throws {
        let environment = try FakeEnvironment()
        var dependencies = environment.dependencies
        dependencies.estimateDecodedBytes = { _, _ in 40_000 }
        var configuration = PipelineConfiguration(compositeCache: nil, memoryLimit: nil)
        let budget = MemoryBudget(limit: 3 * (40_000 + 64 + AvatarPipeline.canvasWorkingBytes(side: 132)))
        configuration.memoryBudget = budget
        let pipeline = AvatarPipeline(dependencies: dependencies, configuration: configuration)
        let groups = (0..<24).map { index in
            [
                MemberSource(
                    id: "m\(index)", name: "M",
                    imagePath: environment.writeImage("m\(index).fake", width: 64, height: 64, color: teal))
            ]
        }
        let made = await withTaskGroup(of: Bool.self) { tasks in
            for members in groups {
                tasks.addTask {
                    (try? await pipeline.composite(members: members, parameters: CompositionParameters())) != nil
                }
            }
            return await tasks.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(made == 24)
        #expect(budget.peakReserved <= budget.limit && budget.peakReserved > 0)
        #expect(budget.reserved == 0)
    }

    /// The same group's pixels, composed alone or after a group that decoded the same photo at another size.
    @Test func pixelsDoNotDependOnWhatWasDecodedBefore() async throws {
        let avatars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-data/avatars").path
        let names = [
            "grace.jpg", "fatima.jpg", "liu-yang.jpg", "han-meimei.jpg", "kim-minjun.jpg", "alice.jpg",
            "ethan.jpg", "amelie.jpg", "huang-lei.jpg",
        ]
        let nine = names.enumerated().map { MemberSource(id: "u\($0)", name: $1, imagePath: avatars + "/" + $1) }
        let parameters = CompositionParameters(layout: .wechat, size: 132, scale: 3)
        func pipeline() -> AvatarPipeline {
            AvatarPipeline(dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil))
        }
        let alone = try await pipeline().composite(members: nine, parameters: parameters).composite.image

        let warm = pipeline()
        // Grace alone fills a large tile: her 768 x 1024 JPEG is decoded whole, where the nine-grid needs 1/4.
        _ = try await warm.composite(members: [nine[0]], parameters: parameters)
        let afterOthers = try await warm.composite(members: nine, parameters: parameters).composite.image
        #expect(afterOthers == alone)
    }
}
