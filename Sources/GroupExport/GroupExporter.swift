internal import CCrypto
import FileSystem
import Fixtures
import GroupIcon
import Support

/// How `GroupExporter` writes a group's files.
package struct ExportSettings: Sendable {
    /// Format and quality.
    package var encoding: OutputEncoding
    /// The scales to write, one file each (`OutputNaming.scaledPaths`); nil: the parameters' own scale, one
    /// file at the path given.
    package var scales: [Int]?
    /// Whether each file is flushed before the export returns (`--sync per-file`) or left to one sync at the
    /// end of a batch.
    package var durability: WriteDurability
    /// Leave a file alone when the inputs it records (parameters, members, file versions, encoding) are the
    /// ones it would be made from now and it decodes to the pixels it records.
    package var skipExisting: Bool
    /// Whether the spec hand-off (`ExportSpec`) is written beside the images, and from which fixture its
    /// command reads; nil: no spec.
    package var spec: SpecRequest?
    /// The export folder the files go in (`export --output-dir`, the app's exports), nil for a path the user
    /// named (`--output FILE`): no file leaves the folder through a symbolic link (`AtomicWriteOptions.folder`).
    package var folder: String?

    package init(
        encoding: OutputEncoding = OutputEncoding(), scales: [Int]? = nil,
        durability: WriteDurability = .synced, skipExisting: Bool = false, spec: SpecRequest? = nil,
        folder: String? = nil
    ) {
        self.encoding = encoding; self.scales = scales; self.durability = durability; self.skipExisting = skipExisting
        self.spec = spec; self.folder = folder
    }
}

/// An export's spec hand-off: written to `OutputNaming.specPath` of the export's path, its command reading the
/// fixture at `fixturePath` (as the user spelt it).
package struct SpecRequest: Hashable, Sendable {
    package var fixturePath: String

    package init(fixturePath: String) { self.fixturePath = fixturePath }
}

/// One file of an export: what `export --json` reports of it.
package struct ExportedFile: Sendable, Equatable {
    package var path: String
    /// Its size in bytes.
    package var bytes: Int
    /// The inputs hash it records (`sha256:<hex>`), which `--skip-existing` compares.
    package var inputs: String
    /// Whether it was left alone as up to date rather than written.
    package var upToDate: Bool

    package init(path: String, bytes: Int, inputs: String, upToDate: Bool) {
        self.path = path; self.bytes = bytes; self.inputs = inputs; self.upToDate = upToDate
    }
}

/// Writes groups' avatars to files: the one export path behind `chat-tui export` and the app's `e`/`E`.
package enum GroupExporter {
    /// What exporting one group came to.
    package struct Outcome: Sendable {
        /// Warnings met while composing, as `ChatGroup.describe` words them.
        package var warnings: [String] = []
        /// The same warnings as the pipeline reported them, without the group: a batch counts one broken
        /// photo shared by many groups as one problem.
        package var avatarWarnings: [AvatarWarning] = []
        /// Each file written or found up to date, in scale order.
        package var files: [ExportedFile] = []
        /// The spec hand-off written (or found up to date) beside them, when one was asked for; its `inputs`
        /// are those of the first image it describes.
        package var spec: ExportedFile?
        /// Why a file was not written, naming the file; nil on success.
        package var failure: String?
        /// Files written.
        package var written = 0
        /// Files left alone because they were up to date (`ExportSettings.skipExisting`).
        package var upToDate = 0

        package init(
            warnings: [String] = [], avatarWarnings: [AvatarWarning] = [], failure: String? = nil,
            written: Int = 0, upToDate: Int = 0
        ) {
            self.warnings = warnings; self.avatarWarnings = avatarWarnings; self.failure = failure
            self.written = written; self.upToDate = upToDate
        }
    }

    /// The longest group name written to the PNG's `Title` text chunk, in Unicode scalars; longer names are cut
    /// and end in `…` (a fixture's name is otherwise unbounded: 40 million characters made a 42 MB PNG).
    package static let maximumTitleLength = 256

    /// Bytes of an existing output read to find its recorded inputs: PNG text chunks and JPEG segments come
    /// right after the header; a WebP records them at the end and is read whole, up to `maximumOutputBytes`.
    static let metadataPrefixBytes = 1 << 16
    static let maximumOutputBytes = 256 << 20

    /// Composes `group` and writes it to `path` (and its scale variants) atomically in the settings' format,
    /// with the parameters and a hash of the inputs recorded in every file. Each scale is composed from the
    /// photos at that scale, never resampled from another scale's result. `inputs` (`ExportInputs.identities`)
    /// are the files the writes must refuse to replace.
    package static func export(
        _ group: ChatGroup, to path: String, composer: GroupComposer,
        parameters: CompositionParameters, settings: ExportSettings = ExportSettings(),
        inputs protectedFiles: [FileIdentity: String] = [:]
    ) async -> Outcome {
        var outcome = Outcome()
        let specPath = settings.spec.map { _ in OutputNaming.specPath(for: path) }
        // Refused before any image is written, so that an export either hands off its spec or writes nothing.
        if let specPath, let refusal = specRefusal(specPath) {
            outcome.failure = "\(refusal)"
            return outcome
        }
        // The composite's warnings, once one scale was composed (the spec's placeholders come from them).
        var composedWarnings: [AvatarWarning]?
        let scaledFiles = OutputNaming.scaledPaths(path, scales: settings.scales ?? [parameters.scale])
        for (scale, file) in scaledFiles {
            var scaled = parameters
            scaled.scale = scale
            let inputs = inputsRecord(
                await composer.inputs(for: group, parameters: scaled), encoding: settings.encoding)
            if settings.skipExisting, isUpToDate(file, inputs: inputs) {
                outcome.upToDate += 1
                let size = FileIO.status(of: file).map { Int($0.size) } ?? 0
                outcome.files.append(ExportedFile(path: file, bytes: size, inputs: inputs, upToDate: true))
                continue
            }
            do {
                let encoded = try await encode(
                    group, composer: composer, parameters: scaled,
                    encoding: settings.encoding, inputs: inputs)
                composedWarnings = composedWarnings ?? encoded.warnings
                if outcome.warnings.isEmpty {
                    outcome.avatarWarnings = encoded.warnings
                    outcome.warnings = encoded.warnings.map(group.describe)
                }
                try FileIO.writeAtomically(
                    encoded.bytes, to: file,
                    options: AtomicWriteOptions(
                        inputs: protectedFiles, durability: settings.durability, folder: settings.folder))
                outcome.written += 1
                outcome.files.append(
                    ExportedFile(path: file, bytes: encoded.bytes.count, inputs: inputs, upToDate: false))
            } catch CompositionError.cancelled {
                outcome.failure = "\(file): export cancelled"
                return outcome
            } catch {
                outcome.failure = "\(error)"
                return outcome
            }
        }
        if let specPath, let request = settings.spec {
            let command = ParameterSharing.exportCommand(
                parameters, fixturePath: request.fixturePath, groupID: group.id, output: path,
                scales: settings.scales, encoding: settings.encoding, spec: true)
            do {
                let written = try await writeSpec(
                    group, composer: composer, parameters: parameters,
                    images: scaledFiles.map { ExportSpec.Image(scale: $0.scale, path: $0.path) }, to: specPath,
                    command: command, warnings: composedWarnings, settings: settings, inputs: protectedFiles)
                outcome.spec = ExportedFile(
                    path: specPath, bytes: written.bytes, inputs: outcome.files.first?.inputs ?? "",
                    upToDate: written.upToDate)
            } catch {
                outcome.failure = "\(error)"
            }
        }
        return outcome
    }

    /// Writes the spec hand-off of `group`'s `images` (written at `parameters`, scale order) to `specPath`
    /// atomically, its `command` the one that writes them again; `warnings` are the composite's (nil: not
    /// known, composed again). With `settings.skipExisting` a spec that says the same is left alone. Returns
    /// its size in bytes and whether it was up to date.
    package static func writeSpec(
        _ group: ChatGroup, composer: GroupComposer, parameters: CompositionParameters, images: [ExportSpec.Image],
        to specPath: String, command: String, warnings: [AvatarWarning]?, settings: ExportSettings,
        inputs protectedFiles: [FileIdentity: String] = [:]
    ) async throws(FileIOError) -> (bytes: Int, upToDate: Bool) {
        if let refusal = specRefusal(specPath) { throw refusal }
        let spec = await ExportSpec.make(
            group: group, composer: composer, parameters: parameters, images: images, warnings: warnings,
            command: command)
        let bytes = Array(spec.jsonText.utf8)
        if settings.skipExisting, (try? FileIO.readRegularFile(path: specPath, maxBytes: bytes.count + 1)) == bytes {
            return (bytes.count, true)
        }
        try FileIO.writeAtomically(
            bytes, to: specPath,
            options: AtomicWriteOptions(
                inputs: protectedFiles, durability: settings.durability, folder: settings.folder))
        return (bytes.count, false)
    }

    /// Why the spec hand-off cannot go to `path`; nil when it can. The rules of the images: no folder, device,
    /// FIFO or socket is replaced, and no new name is made inside `/dev` or `/proc`.
    static func specRefusal(_ path: String) -> FileIOError? {
        switch FileIO.kind(of: path) {
        case .missing:
            return OutputNaming.systemFolder(containing: path).map { .insideSystemFolder(path: path, folder: $0) }
        case .regularFile: return nil
        case .directory: return .isDirectory(path: path)
        case .other(let name): return .wouldReplaceSpecialFile(path: path, kind: name)
        }
    }

    /// `group`'s composite at `parameters` encoded as `encoding` says, with the inputs and pixels record, the software,
    /// the group's name and the parameters in its metadata: the bytes a file of the export holds (written to
    /// standard output by `export --output -`). `inputs` is `inputsRecord`'s text; nil computes it.
    package static func encode(
        _ group: ChatGroup, composer: GroupComposer, parameters: CompositionParameters,
        encoding: OutputEncoding, inputs: String? = nil
    ) async throws
        -> (bytes: [UInt8], inputs: String, warnings: [AvatarWarning])
    {
        let recorded: String
        if let inputs {
            recorded = inputs
        } else {
            recorded = inputsRecord(await composer.inputs(for: group, parameters: parameters), encoding: encoding)
        }
        let composite = try await composer.composite(for: group, parameters: parameters)
        let pixels = try decodedPixelsDigest(composite.image, encoding: encoding, colorSpace: parameters.colorSpace)
        // The record first: `--skip-existing` reads it from the file's first bytes.
        let metadata = ImageMetadata(
            [ImageMetadata.Entry(inputsKeyword, record(inputs: recorded, pixels: pixels))]
                + pngText(group: group, parameters: parameters).map { ImageMetadata.Entry($0, $1) })
        return (
            try encoding.encode(composite.image, metadata: metadata, colorSpace: parameters.colorSpace), recorded,
            composite.warnings
        )
    }

    /// The PNG text chunks of an export: the software, the group's name and every parameter.
    package static func pngText(group: ChatGroup, parameters: CompositionParameters) -> [PNGCodec.TextEntry] {
        // Counted in scalars: one grapheme can hold any number of combining marks.
        let scalars = group.name.unicodeScalars
        let head = scalars.prefix(maximumTitleLength)
        let title =
            head.endIndex == scalars.endIndex ? group.name : String(String.UnicodeScalarView(head.dropLast())) + "…"
        return [
            ("Software", "chat-tui \(ProductVersion.text)"), ("Title", Sanitizer.clean(title)),
            ("Comment", parameters.identifier),
        ]
    }

    /// The keyword of the recorded inputs hash.
    package static let inputsKeyword = "Inputs"

    /// `sha256:<hex>` of the inputs text and the encoding: what an output records and `--skip-existing`
    /// compares.
    package static func inputsRecord(_ inputs: String, encoding: OutputEncoding) -> String {
        "sha256:" + SHA256.hexDigest(inputs + "\nencoding: " + encoding.identifier)
    }

    /// What an output records under `inputsKeyword`: the `inputsRecord`, then ` pixels=` and the digest of the
    /// pixels its file decodes to, so that `--skip-existing` also notices a file whose image data was damaged
    /// or replaced while its text stayed.
    static func record(inputs: String, pixels: String) -> String {
        inputs + " pixels=" + pixels
    }

    /// `WIDTHxHEIGHT:` and the SHA-256 of `image`'s RGBA bytes, in hex.
    static func pixelsDigest(_ image: RGBAImage) -> String {
        "\(image.width)x\(image.height):" + SHA256.hex(sha256(image.pixels))
    }

    /// SHA-256 by libcrypto, which uses the CPU's SHA instructions where it has them: about three times
    /// `Support.SHA256` (scalar Swift), whose hashing of every composite's pixels was a seventh of a batch
    /// export's CPU. The same digest by `SHA256` should libcrypto fail.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        return done == 1 && length == 32 ? digest : SHA256.digest(bytes)
    }

    /// The `pixelsDigest` of what `image` decodes to once encoded in `encoding` and `colorSpace`: an sRGB PNG is
    /// lossless, so its own; JPEG and WebP change pixels, and a Display P3 file decodes through its profile back
    /// to sRGB, so the encoded image (without metadata, which changes no pixel) is decoded.
    static func decodedPixelsDigest(_ image: RGBAImage, encoding: OutputEncoding, colorSpace: ColorSpace = .srgb)
        throws(CodecError) -> String
    {
        guard encoding.format != .png || colorSpace != .srgb else { return pixelsDigest(image) }
        return pixelsDigest(
            try decodeOutput(try encoding.encode(image, metadata: ImageMetadata([]), colorSpace: colorSpace)))
    }

    /// The pixels of an output file: PNG, JPEG or WebP, told by its first bytes.
    static func decodeOutput(_ bytes: [UInt8]) throws(CodecError) -> RGBAImage {
        try ImageDecoder.decode(bytes)
    }

    /// Whether the output at `path` is up to date for `inputs` (an `inputsRecord`): it records them, and its
    /// file decodes to the pixels its record names (so a damaged file, or one holding another group's image
    /// under the right text, is made again).
    static func isUpToDate(_ path: String, inputs: String) -> Bool {
        guard let recorded = recordedInputs(of: path), recorded.hasPrefix(inputs + " pixels="),
            let bytes = try? FileIO.readRegularFile(path: path, maxBytes: maximumOutputBytes),
            let image = try? decodeOutput(bytes)
        else { return false }
        return recorded == record(inputs: inputs, pixels: pixelsDigest(image))
    }

    /// The record an existing output at `path` holds, nil when there is none or it records none.
    static func recordedInputs(of path: String) -> String? {
        guard let prefix = try? FileIO.readPrefix(of: path, count: metadataPrefixBytes) else { return nil }
        if let inputs = ImageMetadata.read(from: prefix)?[inputsKeyword] { return inputs }
        guard ImageDecoder.sniff(prefix) == .webp,
            let whole = try? FileIO.readRegularFile(path: path, maxBytes: maximumOutputBytes)
        else { return nil }
        return ImageMetadata.read(from: whole)?[inputsKeyword]
    }
}
