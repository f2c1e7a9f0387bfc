import Foundation
import Testing

@testable import TerminalUI

@Suite struct ClipboardSequenceTests {
    @Test func theTextTravelsBase64EncodedInsideOneOSC52Request() throws {
        let text = "chat-tui export --group '\u{1B}]0;pwned\u{7}' 周末"
        let bytes = try #require(ClipboardSequence.bytes(for: text))
        #expect(bytes.starts(with: Array("\u{1B}]52;c;".utf8)))
        #expect(bytes.last == 0x07)
        let payload = bytes.dropFirst(7).dropLast()
        // Nothing in the payload can end the request or start another control sequence.
        #expect(payload.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        let decoded = try #require(Data(base64Encoded: Data(payload)))
        #expect(String(decoding: decoded, as: UTF8.self) == text)
    }

    @Test func emptyAndOverlongTextsAreNotSent() {
        #expect(ClipboardSequence.bytes(for: "") == nil)
        #expect(ClipboardSequence.bytes(for: String(repeating: "a", count: ClipboardSequence.maximumBytes)) != nil)
        #expect(ClipboardSequence.bytes(for: String(repeating: "a", count: ClipboardSequence.maximumBytes + 1)) == nil)
    }
}
