import FileSystem
import Foundation
import Support
import Testing

@testable import GroupIcon

/// What the pipeline says about avatar paths it cannot use, and `--allow-paths` confinement.
@Suite struct AvatarPathTests {
    /// A path that cannot be looked at says why; before, every such path was "file not found".
    @Test func unusablePathsSayWhy() async throws {
        let environment = try FakeEnvironment()
        let tooLong = environment.root + "/" + String(repeating: "x", count: 300) + ".jpg"
        let throughFile = environment.writeImage("a.fake", width: 8, height: 8, color: .white) + "/b.jpg"
        let members = [
            MemberSource(id: "u1", name: "A", imagePath: tooLong),
            MemberSource(id: "u2", name: "B", imagePath: throughFile),
        ]
        let result = try await environment.pipeline(disk: .disabled)
            .composite(members: members, parameters: CompositionParameters())
        #expect(
            result.composite.warnings.map(\.message) == [
                "the path is too long (at most 255 bytes per name and 4095 in all); using a placeholder",
                "the folder \(FileIO.parentDirectory(of: throughFile)) does not exist; using a placeholder",
            ])
    }

    /// Confined to a folder, a member outside it gets a placeholder whether or not the file exists (no
    /// existence oracle), and a composite made without confinement is never served to a confined pipeline.
    @Test func photosOutsideTheAllowedFoldersAreNotRead() async throws {
        let environment = try FakeEnvironment()
        try FileManager.default.createDirectory(
            atPath: environment.root + "/allowed", withIntermediateDirectories: false)
        let inside = environment.writeImage("allowed/in.fake", width: 50, height: 50, color: .white)
        let outside = environment.writeImage("secret.fake", width: 50, height: 50, color: RGBA8(r: 9, g: 9, b: 9))
        let members = [
            MemberSource(id: "u1", name: "In", imagePath: inside),
            MemberSource(id: "u2", name: "Out", imagePath: outside),
            MemberSource(id: "u3", name: "Gone", imagePath: environment.root + "/missing.fake"),
            MemberSource(id: "u4", name: "Up", imagePath: environment.root + "/allowed/../secret.fake"),
        ]
        let unconfined = try await environment.pipeline().composite(
            members: members, parameters: CompositionParameters())
        #expect(unconfined.composite.warnings.count == 1)
        let decodesBefore = environment.decodes

        var configuration = PipelineConfiguration(
            compositeCache: DiskCache(location: .directory(environment.cacheDirectory)))
        configuration.allowedFolders = try PathConfinement(allowing: [environment.root + "/allowed"])
        let confined = try await AvatarPipeline(dependencies: environment.dependencies, configuration: configuration)
            .composite(members: members, parameters: CompositionParameters())
        #expect(confined.cacheHit == nil)
        #expect(
            confined.composite.warnings.map(\.message)
                == Array(
                    repeating:
                        "outside the allowed folders; using a placeholder", count: 3))
        #expect(confined.composite.warnings.map(\.memberID) == ["u2", "u3", "u4"])
        #expect(environment.decodes == decodesBefore + 1, "the confined pipeline decoded a photo outside")
    }
}

/// The disk cache's size cap and permissions.
@Suite struct DiskCacheLimitsTests {
    private func key(_ name: String, size: Double = 132) -> CompositeKey {
        var parameters = CompositionParameters()
        parameters.size = size
        return CompositeKey(members: [MemberSource(id: name, name: name, imagePath: nil)], parameters: parameters)
    }

    /// A file under an entry's name that is larger than any entry for its key could be is removed unread
    /// (issue 11: a 2 GB sparse entry took 37 s and 6 GB of memory for a 132 px export).
    @Test func oversizedEntriesAreRemovedWithoutBeingRead() throws {
        let environment = try FakeEnvironment()
        let reads = LockedState(0)
        let cache = DiskCache(
            directory: environment.cacheDirectory,
            readFile: { path, maxBytes in
                reads.withLock { $0 += 1 }
                return try FileIO.readRegularFile(path: path, maxBytes: maxBytes)
            })
        let key = key("a", size: 10)
        let composite = Composite(image: RGBAImage(width: 10, height: 10, fill: .white))
        try cache.store(composite, for: key)
        #expect(cache.composite(for: key) == composite)
        #expect(reads.withLock { $0 } == 1)
        let path = cache.path(for: key)
        #expect(truncate(path, off_t(CacheEntryFormat.maximumSize(for: key) + 1)) == 0)  // sparse: costs no disk
        #expect(cache.composite(for: key) == nil)
        #expect(reads.withLock { $0 } == 1, "the oversized entry was read")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(cache.corruptEntriesRemoved == 1)
        #expect(CacheEntryFormat.encode(composite, key: key).count <= CacheEntryFormat.maximumSize(for: key))
    }

    @Test func theMaximumCoversLongKeysAndManyWarnings() {
        let name = String(repeating: "名", count: 2000)
        let members = (0..<9).map { MemberSource(id: "\($0)" + name, name: name, imagePath: "/p/" + name) }
        let key = CompositeKey(members: members, parameters: CompositionParameters())
        let warnings = members.map {
            AvatarWarning(
                memberID: $0.id, memberName: $0.name, path: $0.imagePath,
                message: "/p/\(name): file not found; using a placeholder")
        }
        let side = CompositionParameters().pixelSize
        let entry = CacheEntryFormat.encode(
            Composite(image: RGBAImage(width: side, height: side), warnings: warnings), key: key)
        #expect(entry.count <= CacheEntryFormat.maximumSize(for: key))
    }

    @Test func foldersAreCreatedPrivateAndEntriesToo() throws {
        let environment = try FakeEnvironment()
        let cache = DiskCache(directory: environment.cacheDirectory + "/nested")
        let previous = umask(0o022)
        defer { umask(previous) }
        try cache.store(Composite(image: RGBAImage(width: 2, height: 2)), for: key("a"))
        func permissions(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        #expect(try permissions(environment.cacheDirectory) == 0o700)
        #expect(try permissions(environment.cacheDirectory + "/nested") == 0o700)
        #expect(try permissions(cache.path(for: key("a"))) == 0o600)
    }
}
