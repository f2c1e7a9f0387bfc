import FileSystem
import Fixtures
import GroupIcon
import Testing

@testable import GroupExport

/// One styled avatar written to a file: what the pipeline refuses is reported as such, not as a cancellation.
@Suite struct AvatarExporterTests {
    @Test func anAvatarOverThePixelLimitFailsSayingWhyAndWritesNothing() async throws {
        let folder = try ExportFolder()
        let member = folder.group(0).members[0]
        let path = folder.root + "/big.png"
        let outcome = await AvatarExporter.export(
            member, style: .circle, placeholder: .initials, size: 2000, scale: 3, to: path,
            composer: folder.composer())
        #expect(
            outcome.failure
                == "\(path): GroupIcon cannot make an image 6000 px on a side (diameter): it must be 1 to 4096 px")
        #expect(FileIO.status(of: path) == nil)
        let fine = await AvatarExporter.export(
            member, style: .circle, placeholder: .initials, size: 40, scale: 2, to: path, composer: folder.composer())
        #expect(fine.failure == nil)
        #expect(FileIO.status(of: path) != nil)
    }
}
