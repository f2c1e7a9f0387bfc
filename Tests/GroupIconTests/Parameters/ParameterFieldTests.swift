import Testing

@testable import GroupIcon

@Suite struct ParameterFieldTests {
    private func field(_ name: String) throws -> ParameterField {
        try #require(ParameterCatalogue.field(named: name))
    }

    @Test func textRoundTripsThroughEveryField() throws {
        var parameters = CompositionParameters(
            layout: .grid, size: 100, scale: 2, margin: 3.5, padding: 1,
            cornerRadius: 8, tileRadius: 2, background: .white)
        parameters.options[GridLayout.columns] = 2
        parameters.options[NineGridLayout.fullBleedSingle] = true
        for field in ParameterCatalogue.all {
            var copy = CompositionParameters()
            copy.size = parameters.size
            if let text = field.text(in: parameters) { try field.set(text, in: &copy) }
            #expect(field.value(in: copy) == field.value(in: parameters), "\(field.name)")
        }
    }

    @Test func limitsFollowTheParametersAtHand() throws {
        let margin = try field("margin")
        #expect(margin.range(in: CompositionParameters(size: 100)) == 0...25)
        #expect(throws: ParameterError(parameter: "margin", expected: "a length in points from 0 to 25", got: "26")) {
            _ = try margin.parse("26", for: CompositionParameters(size: 100))
        }
        #expect(margin.clamped(.number(40), for: CompositionParameters(size: 100)) == .number(25))
        #expect(try margin.parse("auto", for: CompositionParameters()) == nil)
        #expect(throws: ParameterError.self) { _ = try field("size").parse("auto", for: CompositionParameters()) }
    }

    @Test func flagsAndColorsAndLayoutsParse() throws {
        var parameters = CompositionParameters()
        try field("centre-rings").set("yes", in: &parameters)
        try field("background").set("#11223344", in: &parameters)
        try field("layout").set("QQ", in: &parameters)
        #expect(parameters.options[FiveCircleLayout.centreRings] && parameters.layout == .qq)
        #expect(parameters.background == RGBA8(r: 0x11, g: 0x22, b: 0x33, a: 0x44))
        #expect(try field("background").text(in: parameters) == "#11223344")
        #expect(
            throws: ParameterError(
                parameter: "layout", expected: "one of wechat, qq, grid, dingtalk, wechat-compact", got: "square")
        ) {
            try field("layout").set("square", in: &parameters)
        }
    }

    @Test func optionsAtTheirDefaultAreNotStored() {
        var parameters = CompositionParameters()
        parameters.options[FiveCircleLayout.centreRings] = true
        parameters.options[FiveCircleLayout.centreRings] = false
        #expect(parameters == CompositionParameters())
    }
}
