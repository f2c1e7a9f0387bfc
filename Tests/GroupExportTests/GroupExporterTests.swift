import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Support
import Testing

@testable import GroupExport

@Suite struct GroupExporterTests {
    private let parameters = CompositionParameters(layout: .wechat, size: 40, scale: 1)

    @Test func everyScaleIsAFileOfItsSizeComposedAtThatScale() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        let path = folder.root + "/out/icon.png"
        try FileIO.createDirectory(folder.root + "/out")
        let outcome = await GroupExporter.export(
            folder.group(4), to: path, composer: composer, parameters: parameters,
            settings: ExportSettings(scales: [1, 2, 3]))
        #expect(outcome.failure == nil && outcome.written == 3)
        for (scale, name) in [(1, "icon.png"), (2, "icon@2x.png"), (3, "icon@3x.png")] {
            let image = try PNGCodec.decode(try folder.bytes(folder.root + "/out/" + name))
            #expect(image.width == 40 * scale && image.height == 40 * scale)
            // Composed from the photos at this scale: the same pixels as composing it directly.
            var scaled = parameters
            scaled.scale = scale
            #expect(image == (try await composer.composite(for: folder.group(4), parameters: scaled)).image)
        }
    }

    @Test func everyFormatRecordsParametersAndInputs() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        for (format, name) in [(OutputFormat.png, "a.png"), (.jpeg, "a.jpg"), (.webp, "a.webp")] {
            let path = folder.root + "/" + name
            let outcome = await GroupExporter.export(
                folder.group(2), to: path, composer: composer, parameters: parameters,
                settings: ExportSettings(encoding: OutputEncoding(format: format)))
            #expect(outcome.failure == nil)
            let metadata = try #require(ImageMetadata.read(from: try folder.bytes(path)))
            #expect(metadata["Comment"] == parameters.identifier)
            #expect(metadata["Title"] == "Group 2")
            #expect(metadata[GroupExporter.inputsKeyword]?.hasPrefix("sha256:") == true)
            #expect(GroupExporter.recordedInputs(of: path) == metadata[GroupExporter.inputsKeyword])
        }
    }

    /// `--skip-existing`: an output whose recorded inputs match is left alone; a changed photo, parameter or
    /// encoding makes it again.
    @Test func upToDateOutputsAreLeftAlone() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        let path = folder.root + "/a.jpg"
        var settings = ExportSettings(encoding: OutputEncoding(format: .jpeg), scales: [1, 2], skipExisting: true)
        func export(_ parameters: CompositionParameters) async -> GroupExporter.Outcome {
            await GroupExporter.export(
                folder.group(1), to: path, composer: composer, parameters: parameters,
                settings: settings)
        }
        #expect(await export(parameters).written == 2)
        let first = try folder.bytes(path)
        let unchanged = await export(parameters)
        #expect(unchanged.written == 0 && unchanged.upToDate == 2)

        settings.encoding.quality = 50
        #expect(await export(parameters).written == 2)
        var margin = parameters
        margin.margin = 3
        #expect(await export(margin).written == 2)
        #expect(await export(margin).upToDate == 2)

        // A member photo rewritten in place with its old modification time (rsync -t): still noticed.
        let photo = try #require(folder.group(1).members.first?.avatarPath)
        let status = try #require(FileIO.status(of: photo))
        try FileIO.writeAtomically(try folder.bytes(ExportFolder.sampleAvatars + "/kitty.png"), to: photo)
        FileIO.setModificationTime(
            of: photo, to: Date(timeIntervalSince1970: Double(status.modificationNanoseconds) / 1e9))
        #expect(await export(margin).written == 2)
        #expect(try folder.bytes(path) != first)
    }

    /// The cases: an output whose image data was zeroed, or that holds another group's pixels under
    /// the right `Inputs` text, counted as up to date. Now the file must decode to the pixels it records.
    @Test func aDamagedOrSwappedOutputIsRedrawn() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        for format in OutputFormat.allCases {
            let path = folder.root + "/a." + format.fileExtension, other = folder.root + "/b." + format.fileExtension
            let settings = ExportSettings(encoding: OutputEncoding(format: format), skipExisting: true)
            func export(_ group: ChatGroup, to file: String) async -> GroupExporter.Outcome {
                await GroupExporter.export(
                    group, to: file, composer: composer, parameters: parameters, settings: settings)
            }
            #expect(await export(folder.group(1), to: path).written == 1)
            #expect(await export(folder.group(1), to: path).upToDate == 1, "\(format): an intact file is kept")
            let intact = try folder.bytes(path)
            let record = try #require(ImageMetadata.read(from: intact))
            #expect(record[GroupExporter.inputsKeyword]?.contains(" pixels=") == true)

            // Another group's pixels under this group's metadata.
            #expect(await export(folder.group(2), to: other).written == 1)
            let swapped = try settings.encoding.encode(
                try GroupExporter.decodeOutput(try folder.bytes(other)), metadata: record)
            try FileIO.writeAtomically(swapped, to: path)
            #expect(
                ImageMetadata.read(from: try folder.bytes(path))?[GroupExporter.inputsKeyword]
                    == record[GroupExporter.inputsKeyword])
            #expect(await export(folder.group(1), to: path).written == 1, "\(format): swapped pixels are redrawn")
            #expect(try folder.bytes(path) == intact)

            // The image data zeroed (32 bytes of it, just after the header of the chunk or segment holding it).
            let (marker, skip): ([UInt8], Int) =
                switch format {
                case .png: (Array("IDAT".utf8), 4)
                case .jpeg: ([0xFF, 0xDA], 14)
                case .webp: (Array((intact.firstRange(of: Array("VP8L".utf8)) == nil ? "VP8 " : "VP8L").utf8), 8)
                }
            let at = try #require(intact.firstRange(of: marker)).lowerBound + skip
            var zeroed = intact
            zeroed.replaceSubrange(at..<at + 32, with: repeatElement(0, count: 32))
            try FileIO.writeAtomically(zeroed, to: path)
            #expect(await export(folder.group(1), to: path).written == 1, "\(format): zeroed image data is redrawn")
            #expect(try folder.bytes(path) == intact)
        }
    }

    /// `--color-space display-p3`: every format carries the P3 profile, records the identifier with the colour
    /// space in it, differs in its inputs record from the sRGB file, and is found up to date the second time
    /// (the pixels record is what the P3 file decodes to, not the sRGB composite).
    @Test func displayP3ExportsCarryTheirProfileAndStayUpToDate() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        var p3 = parameters
        p3.colorSpace = .displayP3
        for format in OutputFormat.allCases {
            let path = folder.root + "/p3." + format.fileExtension,
                plain = folder.root + "/srgb." + format.fileExtension
            let settings = ExportSettings(encoding: OutputEncoding(format: format), skipExisting: true)
            #expect(
                await GroupExporter.export(
                    folder.group(2), to: path, composer: composer, parameters: p3, settings: settings
                ).written == 1)
            _ = await GroupExporter.export(
                folder.group(2), to: plain, composer: composer, parameters: parameters, settings: settings)
            let bytes = try folder.bytes(path)
            let profile: [UInt8]? =
                switch format {
                case .png: PNGCodec.iccProfile(in: bytes)
                case .jpeg: JPEGCodec.iccProfile(in: bytes)
                case .webp: WebPChunks.payload(of: "ICCP", in: bytes).map(Array.init)
                }
            #expect(profile == ColorManagement.outputProfile(.displayP3), "\(format)")
            let comment = ImageMetadata.read(from: bytes)?["Comment"]
            #expect(comment == p3.identifier && comment?.contains(" color-space=display-p3 ") == true)
            #expect(GroupExporter.recordedInputs(of: path) != GroupExporter.recordedInputs(of: plain))
            #expect(
                await GroupExporter.export(
                    folder.group(2), to: path, composer: composer, parameters: p3, settings: settings
                ).upToDate == 1, "\(format)")
        }
    }

    @Test func thePixelsRecordIsWhatTheFileDecodesTo() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        for format in OutputFormat.allCases {
            let path = folder.root + "/c." + format.fileExtension
            _ = await GroupExporter.export(
                folder.group(3), to: path, composer: composer, parameters: parameters,
                settings: ExportSettings(encoding: OutputEncoding(format: format, quality: format == .png ? nil : 70)))
            let bytes = try folder.bytes(path)
            let recorded = try #require(GroupExporter.recordedInputs(of: path))
            let decoded = try GroupExporter.decodeOutput(bytes)
            #expect(recorded.hasSuffix(" pixels=" + GroupExporter.pixelsDigest(decoded)), "\(format)")
        }
    }
}

@Suite struct PixelsDigestTests {
    /// libcrypto's digest is `Support.SHA256`'s, so every recorded `pixels=` stays what it was.
    @Test(arguments: [0, 1, 55, 56, 64, 65, 1000, 396 * 396 * 4])
    func libcryptoHashesAsSupportDoes(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(GroupExporter.sha256(bytes) == SHA256.digest(bytes))
    }

    @Test func theRecordNamesTheSizeAndTheDigestInHex() throws {
        let image = try #require(RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 128]))
        #expect(GroupExporter.pixelsDigest(image) == "2x1:" + SHA256.hex(SHA256.digest(image.pixels)))
    }
}
