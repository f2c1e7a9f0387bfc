import GroupIcon
import Testing

@testable import GroupExport

/// Relative values keep their spelling wherever parameters are handed over: presets, the export command, the
/// spec's parameters.
@Suite struct RelativeHandoffTests {
    private var relative: CompositionParameters {
        var parameters = CompositionParameters(size: 120)
        parameters.relativeLengths = RelativeLengths(
            margin: RelativeLength(percent: 5), cornerRadius: RelativeLength(percent: 12.5),
            tileRadius: RelativeLength(percent: 20, of: .tile))
        return parameters
    }

    @Test func presetsKeepTheSpellingAndReadBackTheSameParameters() throws {
        var file = PresetFile(path: "/p.json")
        file.save(relative, as: "soft")
        #expect(
            file.jsonText.contains(
                #"{"layout": "wechat", "size": 120, "margin": "5%", "corner-radius": "12.5%", "tile-radius": "tile20%"}"#
            ))
        let decoded = try PresetFile.decode(Array(file.jsonText.utf8), path: "/p.json")
        #expect(try decoded.parameters(named: "soft") == relative)
        // Applied over another size, the values stay relative.
        let larger = try decoded.parameters(named: "soft", over: CompositionParameters(size: 300))
        #expect(larger.relativeLengths == relative.relativeLengths)
    }

    @Test func theExportCommandAndTheSpecParametersKeepTheSpelling() {
        let command = ParameterSharing.exportCommand(
            relative, fixturePath: "g.json", groupID: "ride", output: "ride.png")
        #expect(command.hasSuffix("--layout wechat --size 120 --margin 5% --corner-radius 12.5% --tile-radius tile20%"))
        let all = ParameterSharing.allSettings(of: relative)
        #expect(all.first { $0.name == "margin" }?.text == "5%")
        #expect(all.first { $0.name == "padding" }?.text == "auto")
        #expect(all.first { $0.name == "tile-radius" }?.text == "tile20%")
    }
}
