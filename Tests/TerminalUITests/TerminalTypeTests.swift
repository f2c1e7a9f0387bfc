import Testing

@testable import TerminalUI

/// Which terminfo entry the app opens: TERM's, the fallback with a note when TERM has none, a refusal before
/// anything is sent when neither exists.
@Suite struct TerminalTypeTests {
    private let installed: Set<String> = ["xterm-256color", "xterm-direct", "tmux-256color"]
    private func exists(_ name: String) -> Bool { installed.contains(name) }

    @Test func aKnownTermIsUsedAsItIs() throws {
        let type = try TerminalType.resolve(term: "tmux-256color", exists: exists)
        #expect(type == TerminalType(name: "tmux-256color"))
        #expect(type.note == nil)
    }

    @Test func aTermWithoutAnEntryFallsBackWithANote() throws {
        let type = try TerminalType.resolve(term: "xterm-ghostty", exists: exists)
        #expect(type.name == "xterm-256color")
        #expect(type.note?.contains("TERM=xterm-ghostty") == true)
        // 24-bit colour goes on through the fallback's direct entry.
        #expect(type.direct(colorterm: "truecolor", exists: exists) == "xterm-direct")
    }

    @Test func aMissingDirectEntryKeepsThePlainOne() throws {
        let type = try TerminalType.resolve(term: "tmux-256color", exists: exists)
        #expect(type.direct(colorterm: "truecolor", exists: exists) == nil)
        #expect(type.direct(colorterm: nil, exists: exists) == nil)
    }

    @Test func noEntryAtAllOrNoTermIsRefused() {
        #expect(throws: TerminalError.unknownTerminal("xterm-ghostty")) {
            try TerminalType.resolve(term: "xterm-ghostty", exists: { _ in false })
        }
        #expect(throws: TerminalError.terminalTypeNotSet) { try TerminalType.resolve(term: "", exists: exists) }
    }

    @Test func controlCharactersInTermDoNotReachTheNote() throws {
        let type = try TerminalType.resolve(term: "evil\u{1B}]0;x\u{07}", exists: exists)
        #expect(type.note.map { !$0.unicodeScalars.contains { $0.value < 0x20 } } == true)
    }
}
