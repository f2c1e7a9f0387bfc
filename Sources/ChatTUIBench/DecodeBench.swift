import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon

/// Member-photo decoding per format, and what colour management costs a batch export, on the format corpus
/// (`scripts/make-format-corpus.py`: one 96 px portrait in every format). The files are copied into the inputs
/// folder's `decode/` (the JPEG made there from the PNG original, the corpus having only profiled JPEGs), where
/// `bench/peer_decode.py` decodes the same files with Pillow (pillow-heif for HEIC and AVIF) and pyvips.
enum DecodeBench {
    /// The files decoded, by format: (format, corpus file, name in `decode/`).
    static let files: [(format: String, corpus: String, name: String)] = [
        ("png", "original.png", "photo.png"), ("jpeg", "original.png", "photo.jpg"),
        ("webp", "lossy.webp", "photo.webp"), ("gif", "still.gif", "photo.gif"), ("tiff", "rgb.tiff", "photo.tiff"),
        ("bmp", "rgb24.bmp", "photo.bmp"), ("heic", "photo.heic", "photo.heic"), ("avif", "photo.avif", "photo.avif"),
    ]

    /// The profiled photo of the colour-management figure, and the same pixels without their profile.
    static let profiled = (managed: "adobe-rgb.png", unmanaged: "adobe-rgb.png.unmanaged.png")

    static func decode(_ inputs: BenchInputs, _ configuration: BenchConfiguration, corpus: String) async throws
        -> DecodeFigures
    {
        let folder = inputs.directory.appendingPathComponent("decode").path
        try FileIO.createDirectory(folder)
        func corpusBytes(_ name: String) throws -> [UInt8] {
            try FileIO.readRegularFile(path: corpus + "/" + name, maxBytes: 1 << 24)
        }
        var formats: [FormatDecodeFigures] = []
        for file in files {
            var bytes = try corpusBytes(file.corpus)
            if file.format == "jpeg" { bytes = try JPEGCodec.encode(try ImageDecoder.decode(bytes), quality: 90) }
            try FileIO.writeAtomically(bytes, to: folder + "/" + file.name)
            var side = 0
            let seconds = try await configuration.timing.secondsPerCall {
                side = try ImageDecoder.decode(bytes, minimumSide: 96).width
            }
            formats.append(
                FormatDecodeFigures(
                    format: file.format, file: "decode/" + file.name, bytes: bytes.count, side: side,
                    milliseconds: seconds * 1000))
        }
        for name in [profiled.managed, profiled.unmanaged] {
            try FileIO.writeAtomically(try corpusBytes(name), to: folder + "/" + name)
        }
        let parameters = configuration.parameters(for: .wechat)
        // Samples of the two alternate, so the ratio holds on a machine whose load changes.
        let (managed, unmanaged) = try await configuration.timing.secondsPerCall(
            alternating: { try await export(folder + "/" + profiled.managed, parameters) },
            { try await export(folder + "/" + profiled.unmanaged, parameters) })
        return DecodeFigures(
            formats: formats, managedExportMilliseconds: managed * 1000, unmanagedExportMilliseconds: unmanaged * 1000)
    }

    /// One nine-member group of copies of `photo` composed and encoded as PNG by `GroupExporter.encode`, as
    /// a batch export does it: a new pipeline per group, so every photo is read, decoded (and converted from
    /// its profile) each time.
    private static func export(_ photo: String, _ parameters: CompositionParameters) async throws {
        let members = (0..<9).map { GroupMember(id: "m\($0)", name: "Member \($0)", avatarPath: photo) }
        let group = ChatGroup(id: "decode", name: "Decode", members: members)
        let composer = GroupComposer(
            pipeline: AvatarPipeline(
                dependencies: .live,
                configuration: PipelineConfiguration(compositeCache: DiskCache(location: .disabled))))
        _ = try await GroupExporter.encode(
            group, composer: composer, parameters: parameters, encoding: OutputEncoding(format: .png))
    }
}

/// `DecodeBench`: each format's decode, and a batch export's cost with and without a colour profile.
struct DecodeFigures: Codable, Sendable {
    var formats: [FormatDecodeFigures]
    /// One nine-member group of the Adobe RGB PNG composed and encoded, and the same of its pixels untagged.
    var managedExportMilliseconds: Double
    var unmanagedExportMilliseconds: Double
}

/// One format's file decoded by `ImageDecoder.decode` (read beforehand), median milliseconds.
struct FormatDecodeFigures: Codable, Sendable {
    var format: String
    var file: String
    var bytes: Int
    var side: Int
    var milliseconds: Double
}
