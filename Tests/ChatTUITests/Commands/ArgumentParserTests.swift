import ArgumentParsing
import GroupIcon
import Testing

@testable import ChatTUI

@Suite struct ArgumentParserTests {
    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, specs: CompositionOptions.specs, command: "export")
    }

    @Test func acceptsSeparateAndInlineValues() throws {
        let parsed = try parse(["--size", "100", "--margin=4.5", "--centre-rings", "extra"])
        #expect(parsed.string("--size") == "100")
        #expect(parsed.string("--margin") == "4.5")
        #expect(parsed.has("--centre-rings"))
        #expect(parsed.positionals == ["extra"])
    }

    @Test func unknownOptionIsAUsageErrorWithASuggestion() {
        #expect(throws: UsageError(message: "unknown option '--marg'; did you mean '--margin'?", command: "export")) {
            try parse(["--marg", "3"])
        }
    }

    @Test func missingValueSaysWhatWasExpected() {
        #expect(throws: UsageError(message: "--size needs a value (PT)", command: "export")) { try parse(["--size"]) }
    }

    @Test func flagWithValueIsRejected() {
        #expect(throws: UsageError(message: "--centre-rings takes no value", command: "export")) {
            try parse(["--centre-rings=yes"])
        }
    }

    @Test func defaultsWhenNothingIsGiven() throws {
        #expect(try CompositionOptions.parameters(from: parse([])) == CompositionParameters())
    }

    @Test func everyOptionReachesTheParameters() throws {
        let parameters = try CompositionOptions.parameters(
            from: parse([
                "--layout", "QQ", "--size", "100", "--scale", "3", "--margin", "2", "--padding", "5",
                "--corner-radius", "12", "--tile-radius", "4", "--background", "#102030", "--grid-columns", "2",
                "--centre-rings", "--full-bleed-single", "--short-row-at-bottom",
            ]))
        var expected = CompositionParameters(
            layout: .qq, size: 100, scale: 3, margin: 2, padding: 5, cornerRadius: 12, tileRadius: 4,
            background: RGBA8(r: 0x10, g: 0x20, b: 0x30))
        expected.options[GridLayout.columns] = 2
        expected.options[FiveCircleLayout.centreRings] = true
        expected.options[NineGridLayout.fullBleedSingle] = true
        expected.options[NineGridLayout.shortRowAtBottom] = true
        #expect(parameters == expected)
    }

    @Test(arguments: [
        (["--layout", "square"], "--layout: expected one of wechat, qq, grid, dingtalk, wechat-compact, got 'square'"),
        (["--size", "abc"], "--size: expected a size in points from 8 to 2048, got 'abc'"),
        (["--size", "nan"], "--size: expected a size in points from 8 to 2048, got 'nan'"),
        (["--scale", "5"], "--scale: expected a whole number from 1 to 4, got '5'"),
        (["--margin", "-1"], "--margin: expected a length in points from 0 to 33, got '-1'"),
        (["--background", "red"], "--background: expected #RGB, #RRGGBB, #RRGGBBAA or transparent, got 'red'"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message, command: "export")) {
            try CompositionOptions.parameters(from: parse(arguments))
        }
    }

    @Test func transparentBackgroundParses() throws {
        let parameters = try CompositionOptions.parameters(from: parse(["--background", "transparent"]))
        #expect(parameters.background == .transparent)
        #expect(RGBA8(parsing: "#11223344") == RGBA8(r: 0x11, g: 0x22, b: 0x33, a: 0x44))
    }
}

@Suite struct GraphicsOptionTests {
    private func command(_ arguments: [String]) throws(UsageError) -> InteractiveCommand {
        try InteractiveCommand(arguments: try ParsedArguments(arguments, specs: InteractiveCommand.specs, command: ""))
    }

    @Test func theProtocolIsAutomaticUnlessNamed() throws {
        #expect(try command([]).graphics == .auto)
        #expect(try command(["--graphics", "sixel"]).graphics == .fixed(.sixel))
        #expect(try command(["--graphics=HalfBlock"]).graphics == .fixed(.halfblock))
    }

    @Test func anUnknownProtocolIsAUsageErrorListingTheChoices() {
        #expect(
            throws: UsageError(
                message: "--graphics: expected one of auto, kitty, sixel, iterm, halfblock, got 'png'",
                command: "")
        ) {
            try command(["--graphics", "png"])
        }
    }

    @Test func theListAvatarSizeIsInPointsWithinItsRange() throws {
        #expect(try command([]).listAvatarPoints == 48)
        #expect(try command(["--list-avatar-size", "60"]).listAvatarPoints == 60)
        #expect(
            throws: UsageError(
                message: "--list-avatar-size: expected points from 16 to 256, got 'big'",
                command: "")
        ) {
            try command(["--list-avatar-size", "big"])
        }
        #expect(throws: UsageError.self) { try command(["--list-avatar-size", "8"]) }
    }
}
