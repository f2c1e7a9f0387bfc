import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct ActualPixelsKeyTests {
    private func press(_ keys: [Key], on state: AppState, shown: ShownFraction = ShownFraction()) -> AppState {
        var presser = KeyPresser()
        presser.metrics.actualPixelsShown = shown
        return presser.state(after: keys, on: state)
    }

    private var state: AppState { ViewFixtures.state(groups(withMembers: [4, 4])) }

    @Test func oneOpensTheViewAndOneOrEscLeavesIt() {
        let open = press(chars("1"), on: state)
        #expect(open.actualPixels == ActualPixelsView())
        #expect(open.previewScale == .actualPixels(ActualPixelsView()))
        #expect(open.status.hasPrefix("1:1 view"))
        #expect(press(chars("1"), on: open).actualPixels == nil)
        let escaped = press([.escape], on: open)
        #expect(escaped.actualPixels == nil && !escaped.shouldQuit)
        #expect(state.previewScale == .fit(zoomPercent: 100))
    }

    @Test func pansMoveAQuarterOfWhatShowsAndStopAtTheEdges() {
        let open = press(chars("1"), on: state)
        let half = ShownFraction(width: 0.5, height: 0.2)
        let right = press(chars("l") + [.right], on: open, shown: half)
        #expect(right.actualPixels?.centreX == 0.75)
        #expect(press(chars("l"), on: right, shown: half).actualPixels?.centreX == 0.75)
        #expect(press(chars("h"), on: right, shown: half).actualPixels?.centreX == 0.625)
        let down = press(chars("jjjjjjjjj") + [.down], on: open, shown: half)
        #expect(abs((down.actualPixels?.centreY ?? 0) - 0.9) < 1e-9)
        let up = press(chars("k") + [.up], on: open, shown: half)
        #expect(abs((up.actualPixels?.centreY ?? 0) - 0.4) < 1e-9)
        // Everything shows: nothing to pan.
        #expect(press(chars("lj"), on: open).actualPixels == ActualPixelsView())
        // In the view h j k l pan: the layout and the selection stay.
        #expect(right.parameters.layout == .wechat && press(chars("j"), on: open, shown: half).selection == 0)
    }

    @Test func aCentreLeftOutsideByAZoomComesBackWithTheFirstPan() {
        var open = press(chars("1"), on: state)
        open.actualPixels?.centreX = 0.95
        // At this enlargement 0.8 of the width shows: the centre can go from 0.4 to 0.6.
        let left = press(chars("h"), on: open, shown: ShownFraction(width: 0.8, height: 1))
        #expect(abs((left.actualPixels?.centreX ?? 0) - 0.4) < 1e-9)
    }

    @Test func plusAndMinusStepTheEnlargementAndKeepTheMiddle() {
        var open = press(chars("1"), on: state)
        open.actualPixels?.centreX = 0.3
        let larger = press(chars("++="), on: open)
        #expect(larger.actualPixels?.magnification == 4 && larger.actualPixels?.centreX == 0.3)
        #expect(press(chars("-_"), on: larger).actualPixels?.magnification == 2)
        #expect(press(Array(repeating: .character("+"), count: 20), on: open).actualPixels?.magnification == 16)
        #expect(press(chars("---"), on: open).actualPixels?.magnification == 1)
        // Outside the view + - zoom the fitted preview as before.
        #expect(press(chars("+"), on: state).zoomPercent == 125)
    }

    @Test func otherKeysWorkInTheView() {
        let open = press(chars("1"), on: state)
        let wider = press(chars("]"), on: open)
        #expect(wider.parameters.margin != nil && wider.actualPixels != nil)
        #expect(press(chars("?"), on: open).showsHelp)
        #expect(KeyBindings.help.contains { $0.keys.hasSuffix(" 1") && $0.action.contains("1:1 view") })
    }
}
