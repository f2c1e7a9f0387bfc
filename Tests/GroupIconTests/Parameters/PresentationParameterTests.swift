import Testing

@testable import GroupIcon

/// The parameters added with the general-grid reference's grid and the avatar-pipeline reference's styles: number lists, the member style and the
/// decorations, read and written through `ParameterCatalogue` like every other parameter.
@Suite struct PresentationParameterTests {
    private func field(_ name: String) throws -> ParameterField {
        try #require(ParameterCatalogue.field(named: name))
    }

    @Test func numberListsTakeTheirLengthsOnly() throws {
        let spacing = try field("grid-spacing"), insets = try field("grid-insets")
        let base = CompositionParameters(layout: .grid, size: 132)
        #expect(try spacing.parse("4", for: base) == .numbers([4]))
        #expect(try spacing.parse(" 4 , 2.5 ", for: base) == .numbers([4, 2.5]))
        #expect(try insets.parse("1,2,3,4", for: base) == .numbers([1, 2, 3, 4]))
        #expect(try spacing.parse("auto", for: base) == nil)
        for bad in ["4,2,1", "", ",", "4,", "x", "nan", "inf,1"] {
            #expect(throws: ParameterError.self, "\(bad)") { _ = try spacing.parse(bad, for: base) }
        }
        #expect(
            throws: ParameterError(
                parameter: "grid-insets", expected: "one or four lengths in points (T,L,B,R) from 0 to 33",
                got: "1,2")
        ) {
            _ = try insets.parse("1,2", for: base)
        }
        // Limits hold for every number in the list; clamping moves each one.
        #expect(throws: ParameterError.self) { _ = try spacing.parse("4,34", for: base) }
        #expect(spacing.clamped(.numbers([-1, 50]), for: base) == .numbers([0, 33]))
        #expect(throws: ParameterError.self) { _ = try field("grid-item").parse("0", for: base) }
    }

    @Test func theNewFieldsSetTheirParameters() throws {
        var parameters = CompositionParameters(layout: .grid)
        try field("grid-spacing").set("3,1", in: &parameters)
        try field("grid-item").set("20", in: &parameters)
        try field("grid-insets").set("2", in: &parameters)
        try field("grid-square").set("true", in: &parameters)
        try field("member-style").set("rounded:4:1:#000000", in: &parameters)
        try field("gap-color").set("#FFFFFF", in: &parameters)
        try field("overflow-badge").set("on", in: &parameters)
        try field("rtl").set("yes", in: &parameters)
        #expect(parameters.options[GridLayout.spacing] == [3, 1] && parameters.options[GridLayout.item] == [20])
        #expect(parameters.options[GridLayout.insets] == [2] && parameters.options[GridLayout.square])
        #expect(parameters.memberStyle == .rounded(radius: 4, border: 1, borderColor: .black))
        #expect(parameters.gapColor == .white && parameters.overflowBadge && parameters.rightToLeft)
        #expect(try field("grid-spacing").text(in: parameters) == "3,1")
        #expect(try field("member-style").text(in: parameters) == "rounded:4:1:#000000")
        try field("gap-color").set("auto", in: &parameters)
        #expect(parameters.gapColor == nil)
        #expect(
            throws: ParameterError(
                parameter: "member-style",
                expected: "original, rectangle, rounded:R[:BORDER[:#COLOUR]] or circle",
                got: "oval")
        ) {
            try field("member-style").set("oval", in: &parameters)
        }
    }

    @Test func thePlaceholderIsAChoiceOfTwoWords() throws {
        let placeholder = try field("placeholder")
        #expect(placeholder.kind == .choice && placeholder.choices == ["initials", "silhouette"])
        var parameters = CompositionParameters()
        try placeholder.set("Silhouette", in: &parameters)
        #expect(parameters.placeholder == .silhouette && placeholder.text(in: parameters) == "silhouette")
        #expect(throws: ParameterError(parameter: "placeholder", expected: "initials or silhouette", got: "none")) {
            try placeholder.set("none", in: &parameters)
        }
        #expect(parameters.identifier.contains(" rtl=false placeholder=silhouette "))
    }

    @Test func everyNewParameterIsInTheIdentifier() {
        var parameters = CompositionParameters(layout: .grid)
        let plain = parameters.identifier
        #expect(plain.contains("member-style=rectangle gap-color=none overflow-badge=false rtl=false"))
        var changed: [CompositionParameters] = []
        parameters.memberStyle = .circle; changed.append(parameters)
        parameters.gapColor = .white; changed.append(parameters)
        parameters.overflowBadge = true; changed.append(parameters)
        parameters.rightToLeft = true; changed.append(parameters)
        parameters.placeholder = .silhouette; changed.append(parameters)
        parameters.options[GridLayout.spacing] = [2]; changed.append(parameters)
        parameters.options[GridLayout.item] = [9, 8]; changed.append(parameters)
        parameters.options[GridLayout.insets] = [1, 2, 3, 4]; changed.append(parameters)
        parameters.options[GridLayout.square] = true; changed.append(parameters)
        let identifiers = [plain] + changed.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count)
        #expect(
            changed.last?.identifier.contains("grid-spacing=2 grid-item=9,8 grid-insets=1,2,3,4 grid-square=true")
                == true)
    }
}
