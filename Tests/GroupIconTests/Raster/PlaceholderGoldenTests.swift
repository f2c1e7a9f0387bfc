import FileSystem
import Foundation
import GroupIcon
import Testing

/// Placeholders and the empty-group avatar against PNGs in Resources/golden.
///
/// `scripts/update-golden.sh` rewrites these PNGs by running this suite with `UPDATE_PLACEHOLDER_GOLDEN=1`
/// (each test then writes its image before comparing). They depend on the fonts: a failure after a font
/// package update means `Placeholder.fontIdentity` changed too; look at the new images before committing.
@Suite struct PlaceholderGoldenTests {
    private static let updating = ProcessInfo.processInfo.environment["UPDATE_PLACEHOLDER_GOLDEN"] == "1"

    private func check(_ image: RGBAImage, _ name: String) throws {
        if Self.updating {
            try FileIO.writeAtomically(
                PNGCodec.encode(image), to: GoldenImages.folder.appendingPathComponent(name).path)
        }
        try GoldenImages.expect(image, matches: name)
    }

    @Test(arguments: [
        ("placeholder-latin.png", "Charlie O'Brien", PlaceholderStyle.initials),
        ("placeholder-latin-one.png", "Ivy", .initials),
        ("placeholder-cjk.png", "山田太郎", .initials),
        ("placeholder-korean.png", "김민준", .initials),
        ("placeholder-emoji.png", "🐱 Kitty", .initials),
        ("placeholder-silhouette.png", "李雷", .silhouette),
    ])
    func placeholderMatchesItsGolden(file: String, name: String, style: PlaceholderStyle) throws {
        try check(Placeholder.image(memberID: name, name: name, side: 96, style: style), file)
    }

    @Test func smallCJKPlaceholderMatchesItsGolden() throws {
        // A 9-grid tile at 1x: the smallest size CJK must stay legible at.
        try check(Placeholder.image(memberID: "u5", name: "王小明", side: 34), "placeholder-cjk-34.png")
    }

    @Test(arguments: [("group-empty-grey.png", RGBA8.lightGrey), ("group-empty-transparent.png", .transparent)])
    func emptyGroupAvatarMatchesItsGolden(file: String, background: RGBA8) throws {
        try check(Placeholder.groupImage(side: 96, background: background), file)
    }
}
