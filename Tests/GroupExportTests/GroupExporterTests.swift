import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Testing
@testable import GroupExport

@Suite struct GroupExporterTests {
    private let parameters = CompositionParameters(layout: .wechat, size: 40, scale: 1)

    @Test func everyScaleIsAFileOfItsSizeComposedAtThatScale() async throws {
        let folder = try ExportFolder()
        let composer = folder.composer()
        let path = folder.root + "/out/icon.png"
        try FileIO.createDirectory(folder.root + "/out")
        let outcome = await GroupExporter.export(folder.group(4), to: path, composer: composer, parameters: parameters,
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
            let outcome = await GroupExporter.export(folder.group(2), to: path, composer: composer, parameters: parameters,
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
            await GroupExporter.export(folder.group(1), to: path, composer: composer, parameters: parameters,
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
        FileIO.setModificationTime(of: photo, to: Date(timeIntervalSince1970: Double(status.modificationNanoseconds) / 1e9))
        #expect(await export(margin).written == 2)
        #expect(try folder.bytes(path) != first)
    }
}
