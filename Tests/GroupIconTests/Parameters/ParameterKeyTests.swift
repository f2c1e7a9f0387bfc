import Foundation
import Testing

@testable import GroupIcon

/// `CompositionParameters.identifier`, part of every cache key and of PNG metadata, is made from the
/// catalogue's fields: a parameter added there is part of the key without anyone listing it again.
@Suite struct ParameterKeyTests {
    /// A value of `field`'s kind other than the one set in `parameters`, within its limits there.
    static func otherValue(_ field: ParameterField, in parameters: CompositionParameters) -> ParameterValue {
        let current = field.value(in: parameters) ?? field.automaticValue(in: parameters, memberCount: 4)
        let range = field.range(in: parameters) ?? 0...100
        let low = range.lowerBound + (range.upperBound - range.lowerBound) / 3
        let high = range.lowerBound + (range.upperBound - range.lowerBound) * 2 / 3
        // Two decimals at most: the key rounds lengths to four.
        func pick(_ a: Double, _ b: Double) -> Double {
            let a = (a * 100).rounded() / 100, b = (b * 100).rounded() / 100
            if case .number(let number) = current, number == a { return b }
            if case .numbers(let numbers) = current, numbers == [a] { return b }
            return a
        }
        switch field.kind {
        case .layout:
            return .layout(parameters.layout.next)
        case .number: return .number(pick(low, high))
        case .numbers: return .numbers([pick(low, high)])
        case .integer:
            let a = Int(range.lowerBound.rounded(.up)), b = Int(range.upperBound.rounded(.down))
            return .integer(current == .integer(a) ? b : a)
        case .flag: return .flag(current != .flag(true))
        case .color:
            let a = RGBA8(r: 1, g: 2, b: 3), b = RGBA8(r: 4, g: 5, b: 6, a: 7)
            return .color(current == .color(a) ? b : a)
        case .memberStyle: return .memberStyle(current == .memberStyle(.circle) ? .original : .circle)
        case .choice: return .choice(field.choices.first { .choice($0) != current } ?? "")
        }
    }

    @Test func changingAnyFieldOfAnyLayoutChangesTheIdentifier() {
        for kind in LayoutRegistry.kinds {
            let base = CompositionParameters(layout: kind)
            for field in ParameterCatalogue.fields(for: kind) {
                var changed = base
                field.assign(Self.otherValue(field, in: base), to: &changed)
                #expect(changed.identifier != base.identifier, "\(kind): \(field.name)")
                // And back to automatic, for a field that may be unset.
                if field.isOptional {
                    var unset = changed
                    field.assign(nil, to: &unset)
                    #expect(unset.identifier != changed.identifier, "\(kind): \(field.name) auto")
                }
            }
        }
    }

    /// The rule: every field of the layout enters once, in catalogue order, except that a field added after
    /// identifiers were recorded (`KeyForm.textOmittedAt`, the colour space) enters only away from its default,
    /// in its catalogue place, so the identifiers recorded before it stay byte-identical.
    @Test func everyFieldOfTheLayoutEntersTheIdentifierOnceInCatalogueOrder() {
        func names(_ parameters: CompositionParameters) -> [String] {
            parameters.identifier.split(separator: " ").map { String($0.split(separator: "=")[0]) }
        }
        for kind in LayoutRegistry.kinds {
            let fields = ParameterCatalogue.fields(for: kind)
            let defaults = CompositionParameters(layout: kind)
            var changed = defaults
            for field in fields {
                guard case .textOmittedAt = field.keyForm else { continue }
                field.assign(Self.otherValue(field, in: changed), to: &changed)
            }
            let omitted = fields.filter { if case .textOmittedAt = $0.keyForm { true } else { false } }.map(\.name)
            #expect(omitted == ["color-space"])
            #expect(names(defaults) == fields.map(\.name).filter { !omitted.contains($0) }, "\(kind)")
            #expect(names(changed) == fields.map(\.name), "\(kind)")
        }
    }

    /// A Display P3 composite's identifier is the sRGB one with `color-space=display-p3` in the field's place.
    @Test func theColorSpaceEntersOnlyAwayFromSRGB() {
        var grid = CompositionParameters(layout: .grid)
        #expect(!grid.identifier.contains("color-space"))
        let sRGB = grid.identifier
        grid.colorSpace = .displayP3
        #expect(
            grid.identifier
                == sRGB.replacingOccurrences(
                    of: "placeholder=initials ", with: "placeholder=initials color-space=display-p3 "))
        #expect(ParameterCatalogue.field(named: "color-space")?.keyText(in: CompositionParameters()) == nil)
    }

    @Test func aFieldAddedToACopyOfTheCatalogueEntersTheIdentifier() {
        let sparkle = LayoutOption<Bool>("sparkle", default: false)
        let fields =
            ParameterCatalogue.fields(for: .wechat)
            + [.flag(sparkle, label: "Sparkle", help: "a parameter the catalogue does not have")]
        var parameters = CompositionParameters()
        let before = parameters.identifier(fields: fields)
        #expect(before == parameters.identifier + " sparkle=false")
        parameters.options[sparkle] = true
        #expect(parameters.identifier(fields: fields) != before)
        #expect(parameters.identifier(fields: fields).hasSuffix(" sparkle=true"))
        // The real catalogue has no such field, so its identifier cannot see it.
        #expect(parameters.identifier == CompositionParameters().identifier)
    }

    /// Identifiers recorded before the identifier was made from the catalogue: caches and golden images made
    /// then stay valid.
    @Test func theIdentifierIsTheOneRecordedBefore() {
        var qq = CompositionParameters(
            layout: .qq, size: 100.123456, scale: 2, margin: 3.33333, padding: 0,
            cornerRadius: 6.5, tileRadius: 2, background: .transparent,
            memberStyle: .rounded(radius: 4, border: 1.5, borderColor: .white),
            gapColor: .transparent, overflowBadge: true, rightToLeft: true,
            placeholder: .silhouette)
        qq.options[FiveCircleLayout.centreRings] = true
        var grid = CompositionParameters(layout: .grid, size: 200, margin: 132.0 / 18, gapColor: .white)
        grid.options[GridLayout.columns] = 3
        grid.options[GridLayout.spacing] = [132.0 / 18, 2]
        grid.options[GridLayout.insets] = [1, 2, 3, 4]
        grid.options[GridLayout.square] = true
        let recorded: [(CompositionParameters, String)] = [
            (
                CompositionParameters(),
                "layout=wechat size=132 scale=1 margin=auto padding=auto corner-radius=0 tile-radius=0 "
                    + "background=#AAAAAA member-style=rectangle gap-color=none overflow-badge=false rtl=false "
                    + "placeholder=initials full-bleed-single=false short-row-at-bottom=false"
            ),
            (
                qq,
                "layout=qq size=100.1235 scale=2 margin=3.3333 padding=0 corner-radius=6.5 tile-radius=2 "
                    + "background=#00000000 member-style=rounded:4:1.5:#FFFFFF gap-color=#00000000 overflow-badge=true "
                    + "rtl=true placeholder=silhouette centre-rings=true"
            ),
            (
                grid,
                "layout=grid size=200 scale=1 margin=7.3333 padding=auto corner-radius=0 tile-radius=0 "
                    + "background=#AAAAAA member-style=rectangle gap-color=#FFFFFF overflow-badge=false rtl=false "
                    + "placeholder=initials grid-spacing=7.333333333333333,2 grid-item=auto grid-insets=1,2,3,4 "
                    + "grid-square=true grid-columns=3"
            ),
            (
                CompositionParameters(
                    layout: .dingtalk, background: RGBA8(r: 18, g: 52, b: 86, a: 120),
                    memberStyle: .circle),
                "layout=dingtalk size=132 scale=1 margin=auto padding=auto corner-radius=0 tile-radius=0 "
                    + "background=#12345678 member-style=circle gap-color=none overflow-badge=false rtl=false "
                    + "placeholder=initials"
            ),
            (
                CompositionParameters(layout: .wechatCompact, size: 8, scale: 4, memberStyle: .original),
                "layout=wechat-compact size=8 scale=4 margin=auto padding=auto corner-radius=0 tile-radius=0 "
                    + "background=#AAAAAA member-style=original gap-color=none overflow-badge=false rtl=false "
                    + "placeholder=initials"
            ),
        ]
        for (parameters, text) in recorded {
            #expect(parameters.identifier == text)
        }
    }
}
