import ChatTUITestSupport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct MemberStyleKeyTests {
    private let metrics = ListMetrics(
        visibleRowCount: 5, rowHeight: 2, frame: CellRect(x: 0, y: 0, width: 30, height: 10))

    @Test func mCyclesTheMemberStyleAndUndoes() {
        var state = ViewFixtures.state(ViewFixtures.groups(3))
        var styles: [MemberStyle] = []
        for _ in MemberStyle.cycle {
            state = AppReducer.reduce(state, .key(.character("m")), metrics: metrics).0
            styles.append(state.parameters.memberStyle)
        }
        #expect(styles == Array(MemberStyle.cycle.dropFirst()) + [MemberStyle.cycle[0]])
        #expect(state.undoStack.count == MemberStyle.cycle.count)
        state = AppReducer.reduce(state, .key(.character("u")), metrics: metrics).0
        #expect(state.parameters.memberStyle == MemberStyle.cycle.last)
        #expect(KeyBindings.help.contains { $0.keys == "m" })
    }

    @Test func theTitleNamesAStyleOtherThanTheDefault() {
        var parameters = CompositionParameters()
        #expect(!ParameterSummary.text(parameters, memberCount: 3, unicode: true).contains("style"))
        parameters.memberStyle = .circle
        #expect(
            ParameterSummary.text(parameters, memberCount: 3, unicode: true).hasPrefix("WeChat · style circle · margin")
        )
    }
}
