import Foundation
import GroupIcon
import Testing

@testable import RemoteSources

/// Member photos from URLs through the whole pipeline (issue 14): one fetch per URL however many groups use
/// it, revalidation on a later run, the same pixels as the same photos on disk, failures as placeholders with
/// a warning that never shows credentials, and provisional composites while photos are on their way.
@Suite struct RemotePipelineTests {
    private func pipeline(_ store: RemoteImageStore, offline: Bool = false) -> AvatarPipeline {
        var dependencies = PipelineDependencies.live
        dependencies.remotePhotos = store.photoSource(offline: offline)
        return AvatarPipeline(dependencies: dependencies, configuration: PipelineConfiguration(compositeCache: nil))
    }

    private func store(_ folder: TestFolder, clock: TestClock) throws -> RemoteImageStore {
        RemoteImageStore(
            fetcher: try HTTPFetcher(), cache: DownloadCache(directory: folder.path),
            configuration: RemoteImageStoreConfiguration(clock: { clock.date }))
    }

    private let parameters = CompositionParameters(layout: .wechat, size: 60, scale: 1)

    @Test func a120GroupBatchOver15URLsFetchesEachOnce() async throws {
        try await withHTTPTestServer { server in
            let store = try store(TestFolder(), clock: TestClock())
            let pipeline = pipeline(store)
            let groups = (0..<120).map { group in
                (0..<3).map {
                    MemberSource(id: "m\($0)", name: "M\($0)", imagePath: server.url("/gated/\((group + $0) % 15).jpg"))
                }
            }
            let batch = Task {
                await withTaskGroup(of: Composite?.self) { tasks in
                    for members in groups {
                        tasks.addTask {
                            try? await pipeline.composite(members: members, parameters: self.parameters).composite
                        }
                    }
                    return await tasks.reduce(into: [Composite?]()) { $0.append($1) }
                }
            }
            var polls = 0
            while store.statistics.coalescedWaits < 120 * 3 - 15, polls < 3000 {
                polls += 1
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            try await server.openGate()
            let composites = await batch.value
            #expect(composites.count == 120 && composites.allSatisfy { $0?.warnings.isEmpty == true })
            let stats = try await server.stats()
            #expect(stats.totalRequests == 15)
            #expect(store.statistics.fetched == 15 && store.statistics.failed == 0)
            // One decode per photo, not per group.
            #expect(pipeline.statistics.decodes == 15)
        }
    }

    /// A later run (a new store on the same download cache, the copies stale by then) asks with validators
    /// and gets 304s: nothing downloaded again, the same composite. In a running session a 304 costs no
    /// decode either: the content, and so every key, is unchanged.
    @Test func aLaterRunRevalidatesInsteadOfDownloading() async throws {
        try await withHTTPTestServer { server in
            let folder = TestFolder()
            let clock = TestClock()
            let members = (0..<4).map {
                MemberSource(id: "m\($0)", name: "M", imagePath: server.url("/etag?max-age=60&n=\($0)"))
            }
            let firstStore = try store(folder, clock: clock)
            let first = try await pipeline(firstStore).composite(members: members, parameters: parameters)
            #expect(firstStore.statistics.fetched == 4)

            clock.advance(120)
            let secondStore = try store(folder, clock: clock)
            let second = pipeline(secondStore)
            let again = try await second.composite(members: members, parameters: parameters)
            #expect(secondStore.statistics.revalidated == 4 && secondStore.statistics.fetched == 0)
            #expect(again.composite.image == first.composite.image && again.key == first.key)
            #expect(try await server.stats().statuses("/etag", 304) == 4)

            clock.advance(120)
            let decodes = second.statistics.decodes
            let third = try await second.composite(members: members, parameters: parameters)
            #expect(secondStore.statistics.revalidated == 8)
            #expect(third.cacheHit == .memory && second.statistics.decodes == decodes)
        }
    }

    @Test func photosFromURLsLookLikeTheSameFilesOnDisk() async throws {
        try await withHTTPTestServer { server in
            let jpeg = try #require(HTTPTestServer.jpegFile).path, png = try #require(HTTPTestServer.pngFile).path
            let local = [
                MemberSource(id: "a", name: "A", imagePath: jpeg), MemberSource(id: "b", name: "B", imagePath: png),
            ]
            let remote = [
                MemberSource(id: "a", name: "A", imagePath: server.url("/photos/a.jpg")),
                MemberSource(id: "b", name: "B", imagePath: server.url("/photos/b.png")),
            ]
            for parameters in [parameters, CompositionParameters(layout: .qq, size: 132, scale: 3)] {
                let fromFiles = try await AvatarPipeline(
                    dependencies: .live, configuration: PipelineConfiguration(compositeCache: nil)
                )
                .composite(members: local, parameters: parameters)
                let fromURLs = try await pipeline(try store(TestFolder(), clock: TestClock())).composite(
                    members: remote, parameters: parameters)
                #expect(fromURLs.composite.image == fromFiles.composite.image)
                #expect(fromURLs.composite.warnings.isEmpty)
            }
        }
    }

    @Test func failuresArePlaceholdersWithAWarningThatHidesCredentials() async throws {
        try await withHTTPTestServer { server in
            let secret = "http://alice:hunter2@127.0.0.1:\(server.port)/status/404?token=s3cr3t"
            let members = [
                MemberSource(id: "u1", name: "Alice", imagePath: secret),
                MemberSource(id: "u2", name: "Bob", imagePath: server.url("/photos/b.jpg")),
            ]
            let result = try await pipeline(try store(TestFolder(), clock: TestClock())).composite(
                members: members, parameters: parameters)
            let warnings = result.composite.warnings.map(\.description)
            #expect(warnings.count == 1)
            #expect(
                warnings.first?.hasPrefix(
                    "member \"Alice\" (u1): http://***@127.0.0.1:\(server.port)/status/404?token=***") == true)
            #expect(warnings.first?.contains("404") == true && warnings.first?.hasSuffix("using a placeholder") == true)
            #expect(!warnings.joined().contains("hunter2") && !warnings.joined().contains("s3cr3t"))
            #expect(!result.key.text.contains("hunter2") && !result.key.text.contains("s3cr3t"))

            // Offline, a photo no cache holds is a placeholder too, without any request.
            let before = try await server.stats().totalRequests
            let offline = try await pipeline(try store(TestFolder(), clock: TestClock()), offline: true)
                .composite(members: [members[1]], parameters: parameters)
            #expect(offline.composite.warnings.first?.message.contains("offline") == true)
            #expect(try await server.stats().totalRequests == before)
        }
    }

    /// While a photo downloads, a provisional composite shows the loading placeholder in its tile; once it has
    /// arrived there is nothing provisional left, and the composite has the photo.
    @Test func provisionalCompositesShowLoadingTiles() async throws {
        try await withHTTPTestServer { server in
            let pipeline = pipeline(try store(TestFolder(), clock: TestClock()))
            let members = [
                MemberSource(id: "a", name: "A", imagePath: try #require(HTTPTestServer.jpegFile).path),
                MemberSource(id: "b", name: "B", imagePath: server.url("/gated/b.jpg")),
            ]
            let parameters = CompositionParameters(layout: .wechat, size: 60, scale: 1, background: .white)
            let provisional = try #require(
                try await pipeline.provisionalComposite(members: members, parameters: parameters))
            let tiles = Layouts.tiles(count: 2, parameters: parameters)
            let loadingTile = tiles[1].frame
            // The loading placeholder's grey at the top of its tile (above the silhouette's head).
            let pixel = provisional.image[Int(loadingTile.midX), Int(loadingTile.minY) + 2]
            #expect(pixel == RGBA8(r: 0xD6, g: 0xD6, b: 0xD6))
            #expect(provisional.warnings.isEmpty)

            let final = Task { try await pipeline.composite(members: members, parameters: parameters) }
            try await server.openGate()
            let arrived = try await final.value
            #expect(arrived.composite.image[Int(loadingTile.midX), Int(loadingTile.minY) + 2] != pixel)
            #expect(try await pipeline.provisionalComposite(members: members, parameters: parameters) == nil)
        }
    }
}
