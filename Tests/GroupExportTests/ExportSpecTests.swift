import FileSystem
import Fixtures
import Foundation
import GroupIcon
import Support
import Testing

@testable import GroupExport

@Suite struct ExportSpecTests {
    /// The spec's JSON as Foundation reads it.
    private func document(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func numbers(_ object: Any?, _ keys: [String]) throws -> [Double] {
        let dictionary = try #require(object as? [String: Any])
        return try keys.map { try #require((dictionary[$0] as? NSNumber)?.doubleValue) }
    }

    /// The spec's frames are those `layout --json` gives for the same group and parameters, in points, and
    /// the same times each scale in pixels; a circle layout's circle too.
    @Test(arguments: [LayoutKind.wechat, .qq, .dingtalk])
    func framesAreThoseOfLayoutJSONAtEveryScale(_ layout: LayoutKind) async throws {
        let folder = try ExportFolder()
        let group = folder.group(3)
        let parameters = CompositionParameters(layout: layout, size: 50, scale: 1, margin: 3)
        let path = folder.root + "/ride.png"
        let outcome = await GroupExporter.export(
            group, to: path, composer: folder.composer(), parameters: parameters,
            settings: ExportSettings(scales: [1, 2, 3], spec: SpecRequest(fixturePath: "groups.json")))
        #expect(outcome.failure == nil)
        #expect(outcome.spec?.path == folder.root + "/ride.spec.json")
        let spec = try document(folder.root + "/ride.spec.json")
        let data = Data(LayoutDescription.json(count: group.members.count, parameters: parameters).utf8)
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let referenceTiles = try #require(reference["tiles"] as? [[String: Any]])
        let tiles = try #require(spec["tiles"] as? [[String: Any]])
        #expect(tiles.count == referenceTiles.count && !tiles.isEmpty)
        #expect(spec["margin"] as? NSNumber == reference["margin"] as? NSNumber)
        for (tile, expected) in zip(tiles, referenceTiles) {
            let frame = try numbers(tile["frame"], ["x", "y", "width", "height"])
            if layout.layout.tileForm == .circle {
                #expect(tile["circle"] as? NSDictionary == expected as NSDictionary)
                let circle = try numbers(expected, ["cx", "cy", "diameter"])
                #expect(abs(frame[0] + frame[2] / 2 - circle[0]) < 1e-3)
                #expect(abs(frame[1] + frame[3] / 2 - circle[1]) < 1e-3)
                #expect(abs(frame[2] - circle[2]) < 1e-3)
            } else {
                #expect(tile["frame"] as? NSDictionary == expected as NSDictionary)
            }
            let pixels = try #require(tile["pixels"] as? [[String: Any]])
            #expect(pixels.map { ($0["scale"] as? NSNumber)?.intValue } == [1, 2, 3])
            for entry in pixels {
                let scale = try numbers(entry, ["scale"])[0]
                let scaled = try numbers(entry, ["x", "y", "width", "height"])
                for (value, point) in zip(scaled, frame) { #expect(abs(value - point * scale) < 1e-3) }
            }
        }
        let images = try #require(spec["images"] as? [[String: Any]])
        #expect(images.map { $0["file"] as? String } == ["ride.png", "ride@2x.png", "ride@3x.png"])
        #expect(images.map { ($0["width"] as? NSNumber)?.intValue } == [50, 100, 150])
        #expect(spec["tool"] as? String == "chat-tui \(ProductVersion.text)")
    }

    /// The full parameters, as a preset holds them: every field of the layout, read back to the same values.
    @Test func parametersAreTheFullPresetForm() async throws {
        let folder = try ExportFolder()
        var parameters = CompositionParameters(layout: .wechat, size: 64, scale: 2, margin: 5)
        parameters.background = RGBA8(r: 255, g: 0, b: 0, a: 255)
        let path = folder.root + "/a.png"
        _ = await GroupExporter.export(
            folder.group(1), to: path, composer: folder.composer(), parameters: parameters,
            settings: ExportSettings(spec: SpecRequest(fixturePath: "g.json")))
        let spec = try document(folder.root + "/a.spec.json")
        let stored = try #require(spec["parameters"] as? [String: Any])
        #expect(Set(stored.keys) == Set(ParameterCatalogue.fields(for: .wechat).map(\.name)))
        // Read back through the presets reader: the same parameters.
        let file = try JSONSerialization.data(withJSONObject: ["presets": ["spec": stored]])
        let presets = try PresetFile.decode(Array(file), path: "spec")
        #expect(try presets.parameters(named: "spec") == parameters)
    }

    /// Every automatic parameter (null in the parameters) with the value it took, so nothing is left to work
    /// out: the layout's background and the padding for the members drawn.
    @Test func automaticParametersComeWithTheirResolvedValues() async throws {
        let folder = try ExportFolder()
        let parameters = CompositionParameters(layout: .wechat, size: 64, scale: 1, margin: 5)
        let path = folder.root + "/a.png"
        _ = await GroupExporter.export(
            folder.group(3), to: path, composer: folder.composer(), parameters: parameters,
            settings: ExportSettings(spec: SpecRequest(fixturePath: "g.json")))
        let spec = try document(folder.root + "/a.spec.json")
        let stored = try #require(spec["parameters"] as? [String: Any])
        let resolved = try #require(spec["resolved"] as? [String: Any])
        #expect(stored["background"] is NSNull)
        #expect(resolved["background"] as? String == parameters.resolvedBackground.hexString)
        let padding = Layouts.resolvedPadding(count: 3, parameters: parameters)
        #expect((resolved["padding"] as? NSNumber)?.doubleValue == padding)
        // Only what was automatic: the margin was set.
        #expect(resolved["margin"] == nil)
        #expect(Set(resolved.keys) == Set(stored.filter { $0.value is NSNull }.keys).subtracting(["gap-color"]))
    }

    /// Each photo: its source and the hash of its bytes; a missing file and a member without a photo are
    /// placeholders with the reason.
    @Test func photosHaveTheirSourceAndHashOrThePlaceholdersReason() async throws {
        let folder = try ExportFolder()
        let alice = folder.root + "/avatars/alice.jpg"
        let group = ChatGroup(
            id: "g", name: "G",
            members: [
                GroupMember(id: "a", name: "Alice", avatarPath: alice),
                GroupMember(id: "b", name: "Bob", avatarPath: folder.root + "/avatars/gone.png"),
                GroupMember(id: "c", name: "Carol"),
            ])
        let path = folder.root + "/g.png"
        let outcome = await GroupExporter.export(
            group, to: path, composer: folder.composer(), parameters: CompositionParameters(size: 40),
            settings: ExportSettings(spec: SpecRequest(fixturePath: "g.json")))
        #expect(outcome.failure == nil)
        let tiles = try #require(try document(folder.root + "/g.spec.json")["tiles"] as? [[String: Any]])
        let photos = try tiles.map { try #require($0["photo"] as? [String: Any]) }
        #expect(photos[0]["source"] as? String == alice)
        #expect(photos[0]["contentHash"] as? String == "sha256:" + SHA256.hex(SHA256.digest(try folder.bytes(alice))))
        #expect(photos[0]["placeholder"] is NSNull)
        #expect((photos[1]["placeholder"] as? String)?.contains("file not found") == true)
        #expect(photos[1]["contentHash"] is NSNull)
        #expect(photos[2]["source"] is NSNull)
        #expect(photos[2]["placeholder"] as? String == "the fixture names no photo")
        let members = try tiles.map { try #require(($0["member"] as? [String: Any])?["id"] as? String) }
        #expect(members == ["a", "b", "c"])
    }

    /// Each photo also gives the fixture's own spelling: the relative path as typed (`./` kept), beside the
    /// resolved source and hash; the group's own photo too; a member without a photo has none.
    @Test func photosGiveTheFixturesOwnSpellingBesideTheResolvedSource() async throws {
        let folder = try ExportFolder()
        let json = """
            {"groups": [{"id": "g", "name": "G", "avatar": "avatars/kitty.png", "members": [
              {"id": "a", "name": "Alice", "avatar": "avatars/alice.jpg"},
              {"id": "b", "name": "Bob", "avatar": "./avatars/bob.png"},
              {"id": "x", "name": "Gone", "avatar": "avatars/gone.png"},
              {"id": "c", "name": "Carol"}]}]}
            """
        try FileIO.writeAtomically(Array(json.utf8), to: folder.root + "/g.json")
        let group = try #require(try FixtureLoader.load(path: folder.root + "/g.json").groups.first)
        let path = folder.root + "/g.png"
        let outcome = await GroupExporter.export(
            group, to: path, composer: folder.composer(), parameters: CompositionParameters(size: 40),
            settings: ExportSettings(spec: SpecRequest(fixturePath: "g.json")))
        #expect(outcome.failure == nil)
        let spec = try document(folder.root + "/g.spec.json")
        let tiles = try #require(spec["tiles"] as? [[String: Any]])
        let photos = try tiles.map { try #require($0["photo"] as? [String: Any]) }
        #expect(
            photos.map { $0["written"] as? String } == [
                "avatars/alice.jpg", "./avatars/bob.png", "avatars/gone.png", nil,
            ])
        #expect(photos[3]["written"] is NSNull)
        #expect(photos[0]["source"] as? String == folder.root + "/avatars/alice.jpg")
        #expect(photos[1]["source"] as? String == folder.root + "/avatars/bob.png")
        #expect(
            photos[0]["contentHash"] as? String == "sha256:"
                + SHA256.hex(SHA256.digest(try folder.bytes(folder.root + "/avatars/alice.jpg"))))
        #expect((photos[2]["placeholder"] as? String)?.contains("file not found") == true)
        let own = try #require(spec["groupPhoto"] as? [String: Any])
        #expect(own["written"] as? String == "avatars/kitty.png")
        #expect(own["source"] as? String == folder.root + "/avatars/kitty.png")
    }

    /// The command it records writes the same images and the same spec.
    @Test func theCommandNamesTheScalesTheEncodingAndSpec() async throws {
        let folder = try ExportFolder()
        let path = folder.root + "/a.jpg"
        let settings = ExportSettings(
            encoding: OutputEncoding(format: .jpeg, quality: 70), scales: [1, 2],
            spec: SpecRequest(fixturePath: "groups.json"))
        _ = await GroupExporter.export(
            folder.group(2), to: path, composer: folder.composer(),
            parameters: CompositionParameters(layout: .qq, size: 48), settings: settings)
        let command = try #require(try document(folder.root + "/a.spec.json")["command"] as? String)
        #expect(
            command
                == "chat-tui export --fixtures groups.json --group g-2 --output \(path) --layout qq --size 48 "
                + "--scale 1,2 --quality 70 --spec")
    }

    /// With --skip-existing an unchanged spec is left alone; without, it is replaced atomically.
    @Test func anUnchangedSpecIsUpToDateWithSkipExisting() async throws {
        let folder = try ExportFolder()
        let path = folder.root + "/a.png"
        var settings = ExportSettings(spec: SpecRequest(fixturePath: "g.json"))
        func export() async -> GroupExporter.Outcome {
            await GroupExporter.export(
                folder.group(2), to: path, composer: folder.composer(),
                parameters: CompositionParameters(size: 40), settings: settings)
        }
        #expect(await export().spec?.upToDate == false)
        #expect(await export().spec?.upToDate == false)
        settings.skipExisting = true
        let skipped = await export()
        #expect(skipped.spec?.upToDate == true && skipped.upToDate == 1)
    }

    /// The spec obeys the rules of the images: nothing new in /dev, no folder or device replaced; refused
    /// before any image is written.
    @Test func aSpecThatCannotBeWrittenStopsTheExportBeforeAnyImage() async throws {
        let folder = try ExportFolder()
        try FileIO.createDirectory(folder.root + "/a.spec.json")
        let outcome = await GroupExporter.export(
            folder.group(2), to: folder.root + "/a.png", composer: folder.composer(),
            parameters: CompositionParameters(size: 40), settings: ExportSettings(spec: SpecRequest(fixturePath: "g")))
        #expect(outcome.failure?.contains("a.spec.json") == true && outcome.written == 0)
        #expect(FileIO.kind(of: folder.root + "/a.png") == .missing)
        #expect(GroupExporter.specRefusal("/dev/chat-tui-no-such.spec.json") != nil)
        #expect(GroupExporter.specRefusal("/proc/self/x.spec.json") != nil)
        #expect(
            GroupExporter.specRefusal("/dev/null")
                == .wouldReplaceSpecialFile(path: "/dev/null", kind: "character device"))
    }

    @Test func specPathsAreNamedAfterTheFirstFile() {
        #expect(OutputNaming.specPath(for: "out/ride.png") == "out/ride.spec.json")
        #expect(OutputNaming.specPath(for: "out/ride") == "out/ride.spec.json")
        #expect(OutputNaming.specPath(for: "out.d/.hidden") == "out.d/.hidden.spec.json")
        #expect(OutputNaming.specPath(for: "a.b.webp") == "a.b.spec.json")
    }
}
