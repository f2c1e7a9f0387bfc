import Testing

@testable import GroupIcon

@Suite struct LayoutRegistryTests {
    @Test func everyDeclaredKindIsRegisteredOnceAndNamesItsLayout() {
        #expect(Set(LayoutRegistry.kinds).count == LayoutRegistry.all.count)
        for kind in [LayoutKind.wechat, .qq, .grid, .dingtalk] {
            #expect(LayoutRegistry.kinds.contains(kind))
        }
        for layout in LayoutRegistry.all {
            #expect(ObjectIdentifier(LayoutRegistry.layout(for: layout.kind)) == ObjectIdentifier(layout))
            #expect(LayoutKind(rawValue: layout.kind.rawValue) == layout.kind)
            #expect(LayoutKind(rawValue: layout.kind.rawValue.uppercased()) == layout.kind)
            #expect(layout.maximumMembers > 0 && !layout.displayName.isEmpty && !layout.summary.isEmpty)
        }
        #expect(LayoutKind(rawValue: "square") == nil)
    }

    @Test func theCycleVisitsTheRegistryInOrderAndWraps() {
        var kind = LayoutRegistry.kinds[0]
        var visited: [LayoutKind] = []
        for _ in LayoutRegistry.kinds {
            visited.append(kind)
            kind = kind.next
        }
        #expect(visited == LayoutRegistry.kinds)
        #expect(kind == LayoutRegistry.kinds[0])
    }

    @Test func parameterNamesAreUniqueAndEveryLayoutOptionIsInTheCatalogue() {
        let names = ParameterCatalogue.all.map(\.name)
        #expect(Set(names).count == names.count)
        for layout in LayoutRegistry.all {
            let own = layout.options.map(\.name)
            #expect(Set(own).isSubset(of: names))
            #expect(Set(own).isDisjoint(with: ParameterCatalogue.common.map(\.name)))
            #expect(
                ParameterCatalogue.fields(for: layout.kind).map(\.name) == ParameterCatalogue.common.map(\.name) + own)
        }
    }

    @Test func theIdentifierCoversTheCurrentLayoutsOptionsOnly() {
        var parameters = CompositionParameters(layout: .grid)
        parameters.options[FiveCircleLayout.centreRings] = true
        #expect(parameters.identifier.hasSuffix("grid-columns=auto"))
        parameters.options[GridLayout.columns] = 3
        #expect(parameters.identifier.hasSuffix("grid-columns=3"))
        parameters.layout = .qq
        #expect(parameters.identifier.hasSuffix("centre-rings=true"))
        // Options survive a layout change and come back with their layout.
        parameters.layout = .grid
        #expect(parameters.options[GridLayout.columns] == 3)
    }
}
