import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// The spec hand-off from the app's keys: `e` and `E` ask for it when the runtime writes specs, and the `E`
/// prompt names it among the files.
@Suite struct SpecHandoffKeyTests {
    private let keys = KeyPresser()

    private func state(writesSpecs: Bool) -> AppState {
        var state = ViewFixtures.state(groups(withMembers: [4]))
        state.writesSpecs = writesSpecs
        return state
    }

    @Test func eAndEAskForTheSpecWhenTheRuntimeWritesSpecs() {
        for writes in [true, false] {
            guard case .export(let request)? = keys.press(chars("e"), on: state(writesSpecs: writes)).1.first else {
                Issue.record("e exported nothing")
                return
            }
            #expect(request.writesSpec == writes)
            let prompted = keys.state(after: chars("E"), on: state(writesSpecs: writes))
            guard case .export(let typedRequest)? = keys.press([.enter], on: prompted).1.first else {
                Issue.record("E and Enter exported nothing")
                return
            }
            #expect(typedRequest.writesSpec == writes)
        }
    }

    @Test func thePromptNamesTheSpecWithTheImages() {
        var prompted = keys.state(after: chars("xE"), on: state(writesSpecs: true))
        #expect(prompted.prompt?.note == "→ out/g0.png, out/g0@2x.png, out/g0@3x.png, out/g0.spec.json")
        prompted = keys.state(after: [.control("u")] + chars("a.png"), on: prompted)
        #expect(prompted.prompt?.note == "→ a.png, a@2x.png, a@3x.png, a.spec.json")
        let plain = keys.state(after: chars("E"), on: state(writesSpecs: false))
        #expect(plain.prompt?.note == "→ out/g0.png")
    }
}
