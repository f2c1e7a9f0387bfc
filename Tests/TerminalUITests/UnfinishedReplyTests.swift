import Testing

@testable import TerminalUI

/// The end of a reply being skipped: ST or BEL for a string, a final byte for a control sequence; cut short
/// by CAN, SUB, or an ESC that does not begin ST.
@Suite struct UnfinishedReplyTests {
    private func progress(_ kind: UnfinishedReply.Kind, _ reads: [String]) -> [UnfinishedReply.Progress] {
        var reply = UnfinishedReply(kind: kind)
        return reads.map { reply.consume(Array($0.utf8)) }
    }

    @Test func stringsEndAtTheirTerminator() {
        #expect(progress(.string, ["abc", "d\u{1B}\\q"]) == [.continues, .ended(count: 3, terminated: true)])
        #expect(progress(.string, ["ab\u{1B}", "\\q"]) == [.continues, .ended(count: 1, terminated: true)])
        #expect(progress(.operatingSystemCommand, ["x\u{07}y"]) == [.ended(count: 2, terminated: true)])
        #expect(progress(.string, ["x\u{07}y"]) == [.continues])
        #expect(progress(.string, ["x\u{18}y"]) == [.ended(count: 2, terminated: false)])
        // An ESC that begins something else ends the string before that byte, which stays input.
        #expect(progress(.string, ["x\u{1B}[A"]) == [.ended(count: 2, terminated: false)])
    }

    @Test func controlSequencesEndAtTheirFinalByte() {
        #expect(progress(.control, ["?62;", "4cq"]) == [.continues, .ended(count: 2, terminated: true)])
        #expect(progress(.control, ["62\u{1B}"]) == [.ended(count: 2, terminated: false)])
    }

    @Test func stringIntroducers() {
        #expect(UnfinishedReply.stringKind(introducer: 0x5D) == .operatingSystemCommand)
        for introducer in "P_^X".unicodeScalars {
            #expect(UnfinishedReply.stringKind(introducer: introducer.value) == .string)
        }
        for other in "[O qA".unicodeScalars { #expect(UnfinishedReply.stringKind(introducer: other.value) == nil) }
    }
}
