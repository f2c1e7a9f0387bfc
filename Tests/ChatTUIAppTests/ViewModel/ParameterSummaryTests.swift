import GroupIcon
import Testing

@testable import ChatTUIApp

/// The one-line summaries are made from the catalogue's fields, each by its `summaryForm`.
@Suite struct ParameterSummaryTests {
    @Test func theSummariesReadAsTheyAlwaysHave() {
        let wechat = CompositionParameters()
        #expect(
            ParameterSummary.text(wechat, memberCount: 4, unicode: true)
                == "WeChat · margin 7.3 auto · corner 0 · tile 0 · bg #AAAAAA · 132pt")
        #expect(
            ParameterSummary.compact(wechat, memberCount: nil, unicode: false)
                == "WeChat | margin 7.3 pt auto | corner 0 pt | tile 0 pt | bg #AAAAAA")
        let qq = CompositionParameters(
            layout: .qq, size: 100.25, margin: 4.26, cornerRadius: 8, tileRadius: 2.04,
            background: .white, memberStyle: .rounded(radius: 3, border: 1, borderColor: .black))
        #expect(
            ParameterSummary.text(qq, memberCount: 5, unicode: true)
                == "QQ · style rounded:3:1:#000000 · margin 4.3 · corner 8 · bg #FFFFFF · 100.25pt")
        #expect(
            ParameterSummary.compact(CompositionParameters(layout: .qq), memberCount: 3, unicode: true)
                .hasSuffix(" · bg transparent"))
    }

    @Test func everyFieldThatIsNotOmittedShowsItsChange() {
        for kind in LayoutRegistry.kinds {
            // A set margin: an automatic one shows what the layout makes of other parameters.
            let base = CompositionParameters(layout: kind, margin: 4)
            for field in ParameterCatalogue.fields(for: kind) {
                var changed = base
                field.assign(otherValue(field, in: base), to: &changed)
                let before = ParameterSummary.text(base, memberCount: 4, unicode: true)
                let after = ParameterSummary.text(changed, memberCount: 4, unicode: true)
                if case .omitted = field.summaryForm {
                    #expect(after == before, "\(kind): \(field.name) is left out")
                } else if ParameterUse.unusedReason(field, in: base, memberCount: 4) != nil {
                    // The layout ignores it (qq's circles have no tile radius): the header does not show it.
                    #expect(after == before && !after.contains("tile "), "\(kind): \(field.name) is unused")
                } else {
                    #expect(after != before, "\(kind): \(field.name)")
                }
            }
        }
    }

    /// A value of `field`'s kind other than its default, far enough from it to show at one decimal.
    private func otherValue(_ field: ParameterField, in parameters: CompositionParameters) -> ParameterValue {
        switch field.kind {
        case .layout: return .layout(parameters.layout.next)
        case .number, .numbers:
            let range = field.range(in: parameters) ?? 0...100
            let middle = ((range.lowerBound + range.upperBound) / 2).rounded()
            if case .number = field.kind { return .number(middle) }
            return .numbers([middle])
        case .integer: return .integer(Int(field.range(in: parameters)?.upperBound ?? 9))
        case .flag: return .flag(true)
        case .color: return .color(RGBA8(r: 1, g: 2, b: 3))
        case .memberStyle: return .memberStyle(.circle)
        case .choice: return .choice(field.choices.last ?? "")
        }
    }
}
