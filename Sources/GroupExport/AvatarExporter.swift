import FileSystem
import Fixtures
import GroupIcon
import Support

/// Writes one member's avatar in a member style to a PNG, JPEG or WebP file: the export path behind
/// `chat-tui avatar`.
package enum AvatarExporter {
    /// The member with id `memberID`: in the group `groupID` when given, else in the first group (in fixture
    /// order) that has one. Nil when there is no such member (or no such group).
    package static func member(_ memberID: String, group groupID: String?, in fixture: Fixture) -> GroupMember? {
        let groups = groupID.map { id in fixture.groups.filter { $0.id == id } } ?? fixture.groups
        return groups.lazy.compactMap { $0.members.first { $0.id == memberID } }.first
    }

    /// Styles `member`'s photo (`style` at `size` points × `scale`, a `placeholder` when there is no usable
    /// photo, through the pipeline's styled-avatar caches) and writes it to `path` atomically in `encoding`
    /// (the caller resolves it from the path with `OutputFormat.resolve`) and `colorSpace`, the style in its
    /// metadata. `inputs` (`ExportInputs.identities`) are the files the write must refuse to replace.
    package static func export(
        _ member: GroupMember, style: MemberStyle, placeholder: PlaceholderStyle, size: Double,
        scale: Int, to path: String, encoding: OutputEncoding = OutputEncoding(), colorSpace: ColorSpace = .srgb,
        composer: GroupComposer, inputs: [FileIdentity: String] = [:]
    ) async -> GroupExporter.Outcome {
        let encoded: (bytes: [UInt8], warnings: [String])
        do {
            encoded = try await encode(
                member, style: style, placeholder: placeholder, size: size, scale: scale, encoding: encoding,
                colorSpace: colorSpace, composer: composer)
        } catch is CancellationError {
            return GroupExporter.Outcome(failure: "\(path): export cancelled")
        } catch {
            return GroupExporter.Outcome(failure: "\(path): \(error)")
        }
        do {
            try FileIO.writeAtomically(encoded.bytes, to: path, options: AtomicWriteOptions(inputs: inputs))
            return GroupExporter.Outcome(warnings: encoded.warnings)
        } catch {
            return GroupExporter.Outcome(warnings: encoded.warnings, failure: "\(error)")
        }
    }

    /// The file `export` writes, as bytes (for standard output), with the warnings met on the way; throws
    /// `CancellationError` when cancelled, the pipeline's `CompositionError` when it refuses the avatar, or the
    /// encoder's error.
    package static func encode(
        _ member: GroupMember, style: MemberStyle, placeholder: PlaceholderStyle, size: Double,
        scale: Int, encoding: OutputEncoding = OutputEncoding(), colorSpace: ColorSpace = .srgb,
        composer: GroupComposer
    ) async throws -> (bytes: [UInt8], warnings: [String]) {
        let source = MemberSource(id: member.id, name: member.name, imagePath: member.avatarPath)
        let image: RGBAImage, warning: AvatarWarning?
        do throws(CompositionError) {
            (image, warning) = try await composer.pipeline.styled(
                source, style: style.avatarStyle(side: size, scale: scale), placeholder: placeholder)
        } catch .cancelled {
            throw CancellationError()
        } catch {
            throw error
        }
        // The colour space is named only when it is not the default, as in composites' identifiers.
        let space = colorSpace == .srgb ? "" : " color-space=\(colorSpace.name)"
        let metadata = ImageMetadata([
            .init("Software", "chat-tui \(ProductVersion.text)"), .init("Title", Sanitizer.clean(member.name)),
            .init(
                "Comment",
                "member-style=\(style) placeholder=\(placeholder.rawValue) size=\(formatNumber(size)) scale=\(scale)"
                    + space),
        ])
        let bytes = try encoding.encode(image, metadata: metadata, colorSpace: colorSpace)
        return (bytes, warning.map { ["\($0)"] } ?? [])
    }
}
