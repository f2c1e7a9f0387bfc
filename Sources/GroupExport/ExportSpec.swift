import Fixtures
import GroupIcon
import Support

/// The spec hand-off an export writes beside its images (`export --spec`, the app's `e`/`E`):
/// `<name>.spec.json` next to the 1x file, one per group whatever the scales. It holds what an engineer builds
/// the avatar from: the canvas and every tile's frame in points (the numbers `layout --json` gives for the
/// same parameters) and in pixels at each exported scale, the full parameters in the form of a preset (and
/// `resolved`: the value every automatic one took), where
/// each photo came from and the hash of its bytes (or why a placeholder is drawn), the tool's version and the
/// `chat-tui export` command that writes the same files again.
package struct ExportSpec: Sendable {
    /// One input photo: where it comes from and what it holds.
    package struct Photo: Hashable, Sendable {
        /// The photo as the fixture writes it: the relative (or absolute) path as typed, or the URL with its
        /// credentials left out; nil when the fixture names no photo or the member was not read from one.
        package var written: String?
        /// The path the fixture names (resolved against the fixture's folder), or the URL with its
        /// credentials left out; nil when the fixture names no photo.
        package var source: String?
        /// `sha256:<hex>` of the photo's bytes, the content hash the caches use (`--verify-content`, the
        /// download cache); nil when there are no bytes to hash.
        package var contentHash: String?
        /// Why a placeholder is drawn instead of the photo (for the group's own photo: why the composite is
        /// drawn instead); nil when the photo is drawn.
        package var placeholder: String?

        package init(written: String? = nil, source: String?, contentHash: String?, placeholder: String?) {
            self.written = written; self.source = source; self.contentHash = contentHash
            self.placeholder = placeholder
        }
    }

    /// A member the composite draws, in member order, with its tile.
    package struct Member: Hashable, Sendable {
        package var id: String
        package var name: String
        /// Its tile, in points.
        package var tile: Tile
        package var photo: Photo

        package init(id: String, name: String, tile: Tile, photo: Photo) {
            self.id = id; self.name = name; self.tile = tile; self.photo = photo
        }
    }

    /// One image file of the export.
    package struct Image: Hashable, Sendable {
        package var scale: Int
        /// The file's path as the export wrote it.
        package var path: String

        package init(scale: Int, path: String) {
            self.scale = scale; self.path = path
        }
    }

    package var groupID: String
    package var groupName: String
    /// The parameters at the first exported scale.
    package var parameters: CompositionParameters
    /// The canvas, the margin used and the tiles, in points.
    package var layout: LayoutDescription
    /// The image files, in scale order.
    package var images: [Image]
    /// The members drawn; `layout.tiles[i]` is `members[i].tile`.
    package var members: [Member]
    /// The group's members, drawn or not (the layout draws at most its maximum; the rest are the overflow).
    package var memberCount: Int
    /// The group's own photo, which fills the canvas instead of the tiles when it can be used; nil without one.
    package var groupPhoto: Photo?
    /// The `chat-tui export` command that writes these images and this spec again.
    package var command: String

    package init(
        groupID: String, groupName: String, parameters: CompositionParameters, layout: LayoutDescription,
        images: [Image], members: [Member], memberCount: Int, groupPhoto: Photo?, command: String
    ) {
        self.groupID = groupID; self.groupName = groupName; self.parameters = parameters; self.layout = layout
        self.images = images; self.members = members; self.memberCount = memberCount
        self.groupPhoto = groupPhoto; self.command = command
    }

    /// The spec of `group`'s export at `parameters` to `images` (scale order): the tiles from the layout, each
    /// photo's identity from the composer's pipeline. `warnings` are the composite's (a member with a warning
    /// is drawn as a placeholder, for the reason the warning gives); nil composes the first scale to learn them
    /// (every file was up to date, so none was composed).
    package static func make(
        group: ChatGroup, composer: GroupComposer, parameters: CompositionParameters, images: [Image],
        warnings: [AvatarWarning]?, command: String
    ) async -> ExportSpec {
        var first = parameters
        first.scale = images.first?.scale ?? parameters.scale
        var found = warnings
        if found == nil { found = (try? await composer.composite(for: group, parameters: first))?.warnings }
        let problems = found ?? []
        let layout = LayoutDescription(count: group.members.count, parameters: first)
        var members: [Member] = []
        let sources = zip(GroupComposer.members(of: group), group.members.map(\.avatarSource))
        for ((member, written), tile) in zip(sources, layout.tiles) {
            let warning = problems.first { $0.subject == .member && $0.memberID == member.id }
            members.append(
                Member(
                    id: member.id, name: member.name, tile: tile,
                    photo: await photo(member, written: written, composer: composer, warning: warning)))
        }
        var groupPhoto: Photo?
        if let own = GroupComposer.photo(of: group) {
            let warning = problems.first { $0.subject == .groupPhoto }
            groupPhoto = await photo(own, written: group.avatarSource, composer: composer, warning: warning)
        }
        return ExportSpec(
            groupID: group.id, groupName: group.name, parameters: first, layout: layout, images: images,
            members: members, memberCount: group.members.count, groupPhoto: groupPhoto, command: command)
    }

    /// What the spec says of `member`'s photo: how the fixture writes it (`written`), its source, the hash of
    /// its bytes, and the reason for a placeholder (the warning's, or that the fixture names no photo).
    static func photo(
        _ member: MemberSource, written: String?, composer: GroupComposer, warning: AvatarWarning?
    ) async -> Photo {
        var photo = await identified(member, composer: composer, warning: warning)
        // A URL is written as its source is given: without the credentials the fixture may hold.
        if let written {
            photo.written = written == member.imagePath && written.contains("://") ? photo.source : written
        }
        return photo
    }

    private static func identified(
        _ member: MemberSource, composer: GroupComposer, warning: AvatarWarning?
    ) async -> Photo {
        switch await composer.pipeline.identity(of: member) {
        case .none:
            return Photo(source: nil, contentHash: nil, placeholder: "the fixture names no photo")
        case .missing(let path):
            return Photo(source: path, contentHash: nil, placeholder: warning?.message ?? "file not found")
        case .file(let file):
            // The caches hash the bytes only under --verify-content; the spec always names them.
            var hash = file.contentDigest
            if hash == nil, case .file(let verified) = ImageIdentity(of: member, verifyingContent: true) {
                hash = verified.contentDigest
            }
            return Photo(source: file.path, contentHash: hash, placeholder: warning?.message)
        case .remote(let remote):
            return Photo(
                source: remote.redactedURL, contentHash: remote.contentIdentity,
                placeholder: warning?.message ?? remote.failure)
        case .content(let content):
            // A photo a library client gave in memory: no source to name, its content hash identifies it.
            return Photo(source: nil, contentHash: content.digest, placeholder: warning?.message)
        }
    }

    /// The spec as JSON: one member per line at the top, one tile or image per line below it, keys in the
    /// order a reader looks for them.
    package var jsonText: String {
        let canvas = layout.canvas
        let top: [(key: String, value: JSONWriter.Value)] = [
            ("tool", .string("chat-tui \(ProductVersion.text)")),
            ("group", .object([("id", .string(groupID)), ("name", .string(groupName))])),
            ("layout", .string(parameters.layout.rawValue)),
            ("unit", .string("pt")),
            ("canvas", .object([("width", Self.number(canvas.width)), ("height", Self.number(canvas.height))])),
            ("margin", Self.number(layout.margin)),
            ("scales", .array(images.map { .number(String($0.scale)) })),
            ("images", .array(images.map(imageJSON))),
            ("parameters", ParameterSharing.jsonObject(ParameterSharing.allSettings(of: parameters))),
            ("resolved", ParameterSharing.jsonObject(resolvedSettings)),
            ("memberCount", .number(String(memberCount))),
            ("hiddenMembers", .number(String(memberCount - members.count))),
            ("groupPhoto", groupPhoto.map(Self.photoJSON) ?? .null),
            ("tiles", .array(members.map(tileJSON))),
            ("command", .string(command)),
        ]
        return JSONWriter.text(.object(top), form: .lines(depth: 2)) + "\n"
    }

    /// The value each automatic parameter (null in `parameters`: the background, the padding) took for this
    /// group, as the pixels were drawn with it, so that an engineer never has to work it out.
    private var resolvedSettings: [ParameterSetting] {
        ParameterCatalogue.fields(for: parameters.layout).compactMap { field in
            guard field.text(in: parameters) == nil,
                let value = field.automaticValue(in: parameters, memberCount: members.count)
            else { return nil }
            return ParameterSetting(name: field.name, text: ParameterField.text(of: value))
        }
    }

    /// An image: its scale, its file's name (beside the spec) and its size in pixels.
    private func imageJSON(_ image: Image) -> JSONWriter.Value {
        let name = image.path.split(separator: "/").last.map(String.init) ?? image.path
        return .object([
            ("scale", .number(String(image.scale))), ("file", .string(name)),
            ("width", .number(String(Self.pixels(layout.canvas.width, image.scale)))),
            ("height", .number(String(Self.pixels(layout.canvas.height, image.scale)))),
        ])
    }

    /// A tile: its member, its frame in points (and a circle layout's circle, as `layout --json` gives it),
    /// its frame in pixels at each scale, and its photo.
    private func tileJSON(_ member: Member) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("member", .object([("id", .string(member.id)), ("name", .string(member.name))])),
            ("frame", LayoutDescription.frameJSON(member.tile.frame)),
        ]
        if parameters.layout.layout.tileForm == .circle {
            members.append(("circle", LayoutDescription.circleJSON(member.tile)))
        }
        let pixels = images.map { image -> JSONWriter.Value in
            let frame = member.tile.frame.scaled(by: Double(image.scale))
            return .object([
                ("scale", .number(String(image.scale))), ("x", Self.number(frame.minX)),
                ("y", Self.number(frame.minY)), ("width", Self.number(frame.width)),
                ("height", Self.number(frame.height)),
            ])
        }
        members.append(("pixels", .array(pixels)))
        members.append(("photo", Self.photoJSON(member.photo)))
        return .object(members)
    }

    private static func photoJSON(_ photo: Photo) -> JSONWriter.Value {
        .object([
            ("written", photo.written.map { .string($0) } ?? .null),
            ("source", photo.source.map { .string($0) } ?? .null),
            ("contentHash", photo.contentHash.map { .string($0) } ?? .null),
            ("placeholder", photo.placeholder.map { .string($0) } ?? .null),
        ])
    }

    private static func number(_ value: Double) -> JSONWriter.Value {
        .number(formatNumber(value))
    }

    /// A canvas side in pixels at `scale`, rounded as the compositor rounds it (at least 1).
    private static func pixels(_ points: Double, _ scale: Int) -> Int {
        let value = points * Double(scale)
        return value.isFinite ? max(1, Int(value.rounded())) : 1
    }
}
