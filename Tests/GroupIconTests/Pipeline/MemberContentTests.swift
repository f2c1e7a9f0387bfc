import FileSystem
import Foundation
import GroupIcon
import Testing

/// Members whose photos are bytes or decoded images (`MemberSource(photoBytes:)`, `MemberSource(photo:)`): the
/// same pixels as the same photo from a file, identities by content hash, broken bytes as a placeholder with
/// a warning, and the file size limit.
@Suite struct MemberContentTests {
    private static let avatars = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sample-data/avatars")
    private static func path(_ name: String) -> String { avatars.appendingPathComponent(name).path }
    private static func bytes(_ name: String) throws -> [UInt8] {
        try FileIO.readRegularFile(path: path(name), maxBytes: 1 << 24)
    }

    private let parameters = CompositionParameters(layout: .wechat, size: 60, scale: 2)

    private func pipeline(maximumBytes: Int? = nil) -> AvatarPipeline {
        var configuration = PipelineConfiguration(compositeCache: nil)
        if let maximumBytes { configuration.maximumSourceFileBytes = maximumBytes }
        return AvatarPipeline(dependencies: .live, configuration: configuration)
    }

    @Test func aPhotoFileReadIntoMemoryComposesLikeItsPath() async throws {
        let content = try PhotoContent(readingFile: Self.path("alice.jpg"))
        #expect(content == PhotoContent(bytes: try Self.bytes("alice.jpg")))
        let fromContent = try await pipeline().composite(
            members: [MemberSource(id: "a", name: "Alice", photo: content)], parameters: parameters)
        let fromPath = try await pipeline().composite(
            members: [MemberSource(id: "a", name: "Alice", imagePath: Self.path("alice.jpg"))], parameters: parameters)
        #expect(fromContent.composite.warnings.isEmpty)
        #expect(fromContent.composite.image == fromPath.composite.image)
    }

    @Test func aPhotoFileThatCannotBeReadSaysWhichAndWhy() throws {
        let missing = Self.path("nobody.jpg")
        #expect(throws: PhotoReadError.cannotRead(path: missing, reason: "no such file")) {
            try PhotoContent(readingFile: missing)
        }
        do {
            _ = try PhotoContent(readingFile: Self.path("alice.jpg"), maximumBytes: 100)
            Issue.record("a file over the limit was read")
        } catch {
            #expect(error.description.hasPrefix(Self.path("alice.jpg") + ": cannot read the photo: "))
            #expect(error.description.contains("100"))
        }
        #expect(throws: PhotoReadError.self) { try PhotoContent(readingFile: Self.avatars.path) }
    }

    @Test func bytesAndImagesComposeLikeTheFiles() async throws {
        let files = [
            MemberSource(id: "a", name: "Alice", imagePath: Self.path("alice.jpg")),
            MemberSource(id: "b", name: "Bob", imagePath: Self.path("bob.png")),
        ]
        let decodedBob = try ImageDecoder.decode(Self.bytes("bob.png"))
        let inMemory = [
            MemberSource(id: "a", name: "Alice", photoBytes: try Self.bytes("alice.jpg")),
            MemberSource(id: "b", name: "Bob", photo: decodedBob),
        ]
        let fromFiles = try await pipeline().composite(members: files, parameters: parameters)
        let fromMemory = try await pipeline().composite(members: inMemory, parameters: parameters)
        #expect(fromMemory.composite.warnings.isEmpty)
        #expect(fromMemory.composite.image == fromFiles.composite.image)
    }

    @Test func contentIdentitiesFollowTheContentNotTheValue() async throws {
        let alice = try Self.bytes("alice.jpg")
        let one = MemberSource(id: "a", name: "A", photoBytes: alice)
        let same = MemberSource(id: "a", name: "A", photoBytes: alice)
        var changed = alice
        changed[changed.count - 3] ^= 0xFF
        let other = MemberSource(id: "a", name: "A", photoBytes: changed)
        #expect(ImageIdentity(of: one) == ImageIdentity(of: same))
        #expect(ImageIdentity(of: one) != ImageIdentity(of: other))
        #expect(ImageIdentity(of: one).identifier.hasPrefix("content sha256:"))
        let keyOne = await pipeline().key(members: [one], parameters: parameters)
        #expect(keyOne == (await pipeline().key(members: [same], parameters: parameters)))
        #expect(keyOne != (await pipeline().key(members: [other], parameters: parameters)))

        let image = RGBAImage(width: 4, height: 2, fill: .white)
        let wide = RGBAImage(width: 2, height: 4, fill: .white)
        #expect(PhotoContent(image: image) == PhotoContent(image: image))
        #expect(PhotoContent(image: image) != PhotoContent(image: wide), "the same pixels in another shape")
        #expect(PhotoContent(image: image).digest.hasPrefix("sha256-pixels:"))

        // One decode for two members showing the same bytes.
        let shared = pipeline()
        _ = try await shared.composite(members: [one, same], parameters: parameters)
        #expect(shared.statistics.decodes == 1)
    }

    @Test func brokenBytesBecomeAPlaceholderWithAWarning() async throws {
        let members = [
            MemberSource(id: "u1", name: "Alice", photoBytes: Array("<html>not a photo</html>".utf8)),
            MemberSource(id: "u2", name: "Bob", photoBytes: []),
        ]
        let result = try await pipeline().composite(members: members, parameters: parameters)
        let warnings = result.composite.warnings.map(\.description)
        try #require(warnings.count == 2)
        #expect(warnings[0].hasPrefix("member \"Alice\" (u1): photo bytes (24 bytes): "))
        #expect(warnings[0].contains("HTML") && warnings[0].hasSuffix("; using a placeholder"))
        #expect(warnings[1].hasPrefix("member \"Bob\" (u2): photo bytes (0 bytes): "))
        // Drawn exactly as members without a photo.
        let without = members.map { MemberSource(id: $0.id, name: $0.name, imagePath: nil) }
        let placeholders = try await pipeline().composite(members: without, parameters: parameters)
        #expect(result.composite.image == placeholders.composite.image)
    }

    @Test func bytesOverTheFileLimitAreNotDecoded() async throws {
        let alice = try Self.bytes("alice.jpg")
        let limited = pipeline(maximumBytes: alice.count - 1)
        let result = try await limited.composite(
            members: [MemberSource(id: "a", name: "A", photoBytes: alice)], parameters: parameters)
        #expect(result.composite.warnings.count == 1)
        #expect(result.composite.warnings.first?.message.contains("larger than") == true)
    }
}
