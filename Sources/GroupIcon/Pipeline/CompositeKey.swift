internal import FileSystem
import Support

/// The identity of one composite: everything its pixels depend on, and nothing else.
///
/// Covers the algorithm version, the placeholder fonts (`Placeholder.fontIdentity`), every composition parameter
/// (`CompositionParameters.identifier`, which includes the layout and the scale) and, in order, each *drawn*
/// member's id, name and image identity (path, size, modification time in nanoseconds; "missing"; or "none").
/// Id and name are part of it for every member because a member whose file turns out to be undecodable is drawn
/// as a placeholder made from them. Members beyond the layout's `maximumMembers` are not drawn and so do not
/// change the key, except for their number when the overflow badge shows it.
public struct CompositeKey: Hashable, Sendable, CustomStringConvertible {
    /// Bumped whenever layout, compositing or styling code changes the pixels for the same inputs, so that no
    /// disk-cached composite from an older version is ever shown. Version 5: member photos with an embedded
    /// colour profile are decoded to sRGB through it (`ColorManagement`), so a profiled photo's pixels differ
    /// from those of the unmanaged decode that older versions cached. Version 6: 16-bit PNG photos are
    /// resampled from their 16-bit samples and rounded once, not reduced to 8 bits first. Version 7: so are
    /// 16-bit PNGs with an ICC profile or `cHRM` primaries (converted to sRGB at 16 bits), 16-bit TIFFs and 10- and
    /// 12-bit HEICs and AVIFs.
    public static let algorithmVersion = 7

    /// The full key text; the disk cache stores it in each entry and names the file by its SHA-256.
    public let text: String
    /// Pixels per side of the composite (`parameters.pixelSize`): what bounds the size of a cache entry.
    public let pixelSide: Int

    /// The key for the members the layout draws; stats their avatar files.
    public init(members: [MemberSource], parameters: CompositionParameters) {
        let drawn = CompositeKey.drawnMembers(members, layout: parameters.layout)
        self.init(
            drawn: drawn.map { ($0, ImageIdentity(of: $0)) }, hiddenMembers: members.count - drawn.count,
            parameters: parameters)
    }

    /// `allowedFolders`, when set, is part of the key: a confined pipeline draws placeholders for photos
    /// outside them, so it must never be answered from a composite made without that rule.
    init(
        drawn: [(member: MemberSource, identity: ImageIdentity)], hiddenMembers: Int,
        parameters: CompositionParameters, allowedFolders: PathConfinement? = nil
    ) {
        // The fonts draw the placeholders' text, so a font update must not serve composites drawn with the old one.
        var lines = [
            "group-icon composite v\(CompositeKey.algorithmVersion)",
            "parameters: \(parameters.identifier) fonts: \(Placeholder.fontIdentity)",
        ]
        if parameters.overflowBadge && hiddenMembers > 0 { lines.append("hidden members: \(hiddenMembers)") }
        if let allowedFolders { lines.append("allowed folders: \(allowedFolders.folders.debugDescription)") }
        for (member, identity) in drawn {
            // debugDescription quotes and escapes, so no id or name can forge a line boundary.
            lines.append(
                "member: id=\(member.id.debugDescription) name=\(member.name.debugDescription) "
                    + "image=\(identity.identifier.debugDescription)")
        }
        text = lines.joined(separator: "\n")
        pixelSide = parameters.pixelSize
    }

    /// The key a styled member avatar is stored under in a `CompositeCaching` store (the same store as
    /// composites, told apart by the first line): the algorithm version, the style and the member as in a
    /// composite key, with the placeholder style and fonts (a member without a photo is drawn as a placeholder).
    init(styledAvatar key: StyledAvatarKey) {
        var lines = [
            "group-icon styled avatar v\(CompositeKey.algorithmVersion)",
            "style: \(key.style.identifier) placeholder: \(key.placeholder.rawValue) fonts: \(Placeholder.fontIdentity)",
        ]
        if let allowedFolders = key.allowedFolders {
            lines.append("allowed folders: \(allowedFolders.folders.debugDescription)")
        }
        lines.append(
            "member: id=\(key.memberID.debugDescription) name=\(key.memberName.debugDescription) "
                + "image=\(key.identity.identifier.debugDescription)")
        text = lines.joined(separator: "\n")
        // A stored style draws at its own size, whatever the photo's.
        pixelSide = key.style.requiredSourceSide ?? 1
    }

    /// The key of a photo drawn over the whole canvas (`AvatarPipeline.photoComposite`), told apart from
    /// composites by the first line: the parameters and the photo's identity. No placeholder is ever drawn in
    /// it (a photo that cannot be used gives no picture), so neither fonts nor names are part of it.
    init(photo identity: ImageIdentity, parameters: CompositionParameters, allowedFolders: PathConfinement?) {
        var lines = ["group-icon photo v\(CompositeKey.algorithmVersion)", "parameters: \(parameters.identifier)"]
        if let allowedFolders { lines.append("allowed folders: \(allowedFolders.folders.debugDescription)") }
        lines.append("photo: image=\(identity.identifier.debugDescription)")
        text = lines.joined(separator: "\n")
        pixelSide = parameters.pixelSize
    }

    /// The members a layout draws: the first `maximumMembers`.
    static func drawnMembers(_ members: [MemberSource], layout: LayoutKind) -> [MemberSource] {
        Array(members.prefix(layout.layout.maximumMembers))
    }

    /// 64 hex digits naming the disk-cache file.
    public var hashedName: String { SHA256.hexDigest(text) }

    public var description: String { text }
}
