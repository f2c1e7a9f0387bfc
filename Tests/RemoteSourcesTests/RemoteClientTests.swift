import Foundation
import GroupIcon
import RemoteSources
import Testing

/// What a library client writes (`import GroupIcon` + `import RemoteSources`, public API only): a store that
/// keeps downloads in memory unless given a folder, and the live dependencies fetching URLs through it.
@Suite struct RemoteClientTests {
    @Test func aStoreWithoutAFolderWritesNothingToDisk() async throws {
        try await withHTTPTestServer { server in
            let store = try RemoteImageStore()
            #expect(store.cache == nil)
            let pipeline = AvatarPipeline(
                dependencies: .live(fetchingURLsWith: store),
                configuration: PipelineConfiguration(compositeCache: nil))
            let members = [
                MemberSource(id: "a", name: "A", url: server.url("/photos/a.jpg")),
                MemberSource(id: "b", name: "B", url: server.url("/photos/b.png")),
            ]
            let parameters = CompositionParameters(layout: .qq, size: 60, scale: 1)
            let first = try await pipeline.composite(members: members, parameters: parameters)
            #expect(first.composite.warnings.isEmpty)
            // A second pipeline on the same store is answered from its memory: no new request.
            let again = try await AvatarPipeline(dependencies: .live(fetchingURLsWith: store))
                .composite(members: members, parameters: parameters)
            #expect(again.composite.image == first.composite.image)
            #expect(try await server.stats().totalRequests == 2)
            #expect(store.statistics.fetched == 2)
        }
    }

    @Test func aStoreWithAFolderKeepsDownloadsThere() async throws {
        try await withHTTPTestServer { server in
            let folder = FileManager.default.temporaryDirectory.path + "/remote-client-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let store = try RemoteImageStore(cacheFolder: folder)
            #expect(store.cache?.directory == folder)
            let member = MemberSource(id: "a", name: "A", url: server.url("/photos/a.jpg"))
            let pipeline = AvatarPipeline(dependencies: .live(fetchingURLsWith: store))
            _ = try await pipeline.composite(members: [member], parameters: CompositionParameters())
            let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(entries.count == 1 && entries.allSatisfy { $0.hasSuffix("." + DownloadCache.fileExtension) })
            // Offline, a new store on the folder answers from it.
            let offline = AvatarPipeline(
                dependencies: .live(fetchingURLsWith: try RemoteImageStore(cacheFolder: folder), offline: true))
            let cached = try await offline.composite(members: [member], parameters: CompositionParameters())
            #expect(cached.composite.warnings.isEmpty)
            #expect(try await server.stats().totalRequests == 1)
        }
    }
}
