import Fixtures
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// Relative values in the panel: typed, shown with the points they stand for, stepped in percent, and turned
/// from points into a percentage and back by `%`.
@Suite struct RelativeValueKeyTests {
    let keys = KeyPresser()
    var nine: AppState { ViewFixtures.state(groups(withMembers: [9, 3])) }
    let margin: [Key] = [.tab, .down, .down, .down]
    let tileRadius: [Key] = [.tab] + Array(repeating: Key.down, count: 6)

    @Test func typingAPercentageSetsARelativeValueShownWithItsPoints() throws {
        let typed = keys.state(after: margin + [.enter, .control("u")] + chars("5%") + [.enter], on: nine)
        #expect(typed.prompt == nil)
        #expect(typed.parameters.relativeLengths.margin == RelativeLength(percent: 5))
        let field = try #require(ParameterCatalogue.field(named: "margin"))
        #expect(ParameterSummary.panelValue(field, typed.parameters, memberCount: 9).value == "5% (6.6 pt)")
        let radius = keys.state(after: tileRadius + [.enter, .control("u")] + chars("tile 20%") + [.enter], on: nine)
        #expect(radius.parameters.relativeLengths.tileRadius == RelativeLength(percent: 20, of: .tile))
        // A percentage of a base the parameter has not is an error in the prompt, at once.
        let wrong = keys.state(after: margin + [.enter, .control("u")] + chars("tile5%") + [.enter], on: nine)
        #expect(wrong.prompt?.note == "margin: expected a percentage of the canvas from 0% to 25% (5%), got 'tile5%'")
    }

    @Test func arrowsStepARelativeValueInPercent() {
        let typed = keys.state(after: margin + [.enter, .control("u")] + chars("5%") + [.enter], on: nine)
        #expect(keys.state(after: [.right], on: typed).parameters.relativeLengths.margin == RelativeLength(percent: 6))
        #expect(keys.state(after: [.left], on: typed).parameters.relativeLengths.margin == RelativeLength(percent: 4))
        #expect(
            keys.state(after: [.shiftRight], on: typed).parameters.relativeLengths.margin
                == RelativeLength(percent: 10))
        // Nine members stop the margin where their tiles would be too small: at the same length as in points.
        let most = keys.state(after: Array(repeating: .shiftRight, count: 6), on: typed)
        let stop = try! #require(most.parameters.relativeLengths.margin)
        #expect(abs(stop.percent / 100 * 132 - 24.75) < 0.01)
        #expect(most.status.contains("margin stops at"))
        // Stays relative when the size changes.
        let larger = keys.state(after: [.up, .up, .shiftRight], on: typed)
        #expect(larger.parameters.size == 144 && larger.parameters.relativeLengths.margin == RelativeLength(percent: 5))
    }

    @Test func percentKeyConvertsKeepingTheResolvedLength() throws {
        let set = keys.state(after: margin + [.enter, .control("u")] + chars("6.6") + [.enter], on: nine)
        let relative = keys.state(after: chars("%"), on: set)
        #expect(relative.parameters.relativeLengths.margin == RelativeLength(percent: 5))
        #expect(relative.parameters.margin == nil)
        let back = keys.state(after: chars("%"), on: relative)
        #expect(back.parameters.margin == 6.6 && back.parameters.relativeLengths.isEmpty)
        // An automatic margin converts from what the layout uses (132/18 = 7.33 pt: 5.56%).
        let automatic = keys.state(after: margin + chars("%"), on: nine)
        #expect(automatic.parameters.relativeLengths.margin == RelativeLength(percent: 5.56))
        // A tile radius becomes a share of the tile: 8 pt on a 9-member group's tiles of 36.67 pt.
        let radius = keys.state(
            after: tileRadius + [.enter, .control("u")] + chars("8") + [.enter] + chars("%"), on: nine)
        let tile = try #require(CompositionLimits.smallestTileSide(nine.parameters, memberCount: 9))
        let percent = (8 / tile * 100 * 100).rounded() / 100
        #expect(radius.parameters.relativeLengths.tileRadius == RelativeLength(percent: percent, of: .tile))
        // Undo gives the value in points back.
        #expect(keys.state(after: chars("u"), on: relative).parameters.margin == 6.6)
        // A row that is no length says so and changes nothing.
        let layout = keys.state(after: [.tab] + chars("%"), on: nine)
        #expect(layout.parameters == nine.parameters)
        #expect(layout.status.contains("takes neither"))
    }

    @Test func gridSpacingTakesAPercentageAndConverts() throws {
        var grid = nine
        grid.parameters.layout = .grid
        let rows = PanelRow.rows(for: grid.parameters)
        let index = try #require(rows.firstIndex { $0.name == "grid-spacing" })
        let spacing: [Key] = [.tab] + Array(repeating: Key.down, count: index)
        let typed = keys.state(after: spacing + [.enter, .control("u")] + chars("5%") + [.enter], on: grid)
        #expect(typed.parameters.options[GridLayout.relativeSpacing] == RelativeLength(percent: 5))
        #expect(
            keys.state(after: [.right], on: typed).parameters.options[GridLayout.relativeSpacing]
                == RelativeLength(percent: 6))
        let points = keys.state(after: chars("%"), on: typed)
        #expect(points.parameters.options[GridLayout.spacing] == [6.6])
        #expect(points.parameters.options[GridLayout.relativeSpacing] == nil)
        // Two different spacings are not one length to convert.
        let two = keys.state(after: spacing + [.enter, .control("u")] + chars("4,2") + [.enter] + chars("%"), on: grid)
        #expect(two.parameters.options[GridLayout.spacing] == [4, 2])
        #expect(two.status.contains("converts a single length"))
    }

    @Test func percentKeySkipsAParameterWithoutEffect() {
        var qq = nine
        qq.parameters.layout = .qq
        let skipped = keys.state(after: [.tab] + Array(repeating: Key.down, count: 6) + chars("%"), on: qq)
        #expect(skipped.parameters == qq.parameters)
        #expect(skipped.status.contains("tile-radius has no effect"))
    }
}
