import ArgumentParsing
import GroupIcon
import Testing

@testable import ChatTUI

/// Relative values on the command line: `--margin 5%`, `--tile-radius "tile 20%"`, what a mistake says, and
/// what `layout --json` shows.
@Suite struct RelativeOptionTests {
    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, specs: CompositionOptions.specs, command: "export")
    }

    private func layoutJSON(_ arguments: [String]) async -> (ArgumentParsing.ExitStatus, String) {
        let out = LockedText(), err = LockedText()
        let output = CommandOutput(
            standardOutput: { out.append($0) }, standardError: { err.append($0) }, errorIsTerminal: false)
        let status = await CommandLineTool.chatTUI.run(["layout", "--json"] + arguments, output: output)
        return (status, out.text + err.text)
    }

    @Test func bothSpellingsOfATileShareParseToOneValue() throws {
        let spaced = try CompositionOptions.parameters(from: parse(["--margin", "5%", "--tile-radius", "tile 20%"]))
        let joined = try CompositionOptions.parameters(from: parse(["--margin=5%", "--tile-radius", "tile20%"]))
        #expect(spaced == joined)
        #expect(spaced.relativeLengths.margin == RelativeLength(percent: 5))
        #expect(spaced.relativeLengths.tileRadius == RelativeLength(percent: 20, of: .tile))
    }

    @Test(arguments: [
        (["--margin", "-5%"], "--margin: expected a percentage of the canvas from 0% to 25% (5%), got '-5%'"),
        (["--margin", "5 %"], "--margin: expected a percentage of the canvas from 0% to 25% (5%), got '5 %'"),
        (["--padding", "%5"], "--padding: expected a percentage of the canvas from 0% to 25% (5%), got '%5'"),
        (["--margin", "tile5%"], "--margin: expected a percentage of the canvas from 0% to 25% (5%), got 'tile5%'"),
        (
            ["--corner-radius", "60%"],
            "--corner-radius: expected a percentage of the canvas from 0% to 50% (5%), got '60%'"
        ),
        (
            ["--tile-radius", "tile 51%"],
            "--tile-radius: expected a percentage of the canvas or the tile from 0% to 50% (5% or tile20%), got 'tile 51%'"
        ),
        (["--size", "50%"], "--size: expected a size in points from 8 to 2048 (size takes no percentage), got '50%'"),
    ])
    func mistypedPercentagesNameTheOption(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message, command: "export")) {
            try CompositionOptions.parameters(from: parse(arguments))
        }
    }

    @Test func layoutJSONShowsTheRelativeValueAndItsPoints() async {
        let (status, relative) = await layoutJSON(["--count", "4", "--size", "200", "--margin", "5%"])
        #expect(status == .success)
        #expect(relative.contains(#""margin":10,"relative":{"margin":{"value":"5%","pt":10}},"tiles":"#))
        // The tiles are those of the same margin in points.
        let (_, absolute) = await layoutJSON(["--count", "4", "--size", "200", "--margin", "10"])
        #expect(
            relative.replacingOccurrences(of: #","relative":{"margin":{"value":"5%","pt":10}}"#, with: "") == absolute)
        // A share of the tile resolves on the smallest tile: 9 members of 132 pt with the default margin.
        let (_, tile) = await layoutJSON(["--count", "9", "--tile-radius", "tile 20%"])
        #expect(tile.contains(#""relative":{"tile-radius":{"value":"tile20%","pt":6.8444}}"#))
        // Without relative values the output is as before, with no "relative".
        #expect(!absolute.contains("relative"))
    }
}
