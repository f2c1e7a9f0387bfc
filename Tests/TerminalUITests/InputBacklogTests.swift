import Testing

@testable import TerminalUI

@Suite struct InputBacklogTests {
    /// Every piece of `backlog`, in order.
    private func pieces(_ backlog: inout InputBacklog) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        while !backlog.isEmpty { pieces.append(backlog.nextPiece()) }
        #expect(backlog.nextPiece().isEmpty)
        return pieces
    }

    /// What the start-up detection hands back as input for `bytes` arriving in reads of `readSize` bytes.
    private func typedAhead(_ bytes: [UInt8], readSize: Int) -> [UInt8] {
        var parser = TerminalReplyParser()
        var replies = TerminalReplies()
        var typed: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + readSize)
            typed += replies.record(parser.feed(Array(bytes[start..<end])))
            start = end
        }
        return typed + replies.record(parser.flush())
    }

    @Test func aLongBacklogIsHandedOverWholeInPiecesCursesAccepts() {
        // 137 bytes broke curses' input for good when they were handed back at once.
        for length in [0, 1, 127, 128, 129, 136, 137, 300, 10_000] {
            let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            var backlog = InputBacklog(bytes)
            let handed = pieces(&backlog)
            #expect(handed.allSatisfy { !$0.isEmpty && $0.count <= InputBacklog.pieceLimit })
            #expect(handed.flatMap { $0 } == bytes)
        }
    }

    @Test func piecesEndOnCharacterAndSequenceBoundaries() {
        // Three-byte characters and arrow keys, so that some would straddle every cut.
        var bytes: [UInt8] = []
        for index in 0..<200 { bytes += index % 3 == 0 ? Array("\u{1B}[A".utf8) : Array("群".utf8) }
        var backlog = InputBacklog(bytes)
        let handed = pieces(&backlog)
        #expect(handed.flatMap { $0 } == bytes)
        for piece in handed {
            #expect(piece.count <= InputBacklog.pieceLimit)
            #expect(String(validating: piece, as: UTF8.self) != nil)
            // An escape sequence is never cut: a piece does not end inside ESC [ A.
            let tail = piece.suffix(2)
            #expect(tail.last != 0x1B && tail.first != 0x1B || piece.count < 2)
        }
    }

    @Test func inputArrivingMeanwhileKeepsItsPlaceBehindTheBacklog() {
        var backlog = InputBacklog(Array(repeating: UInt8(ascii: "x"), count: 200))
        let first = backlog.nextPiece()
        backlog.append(Array("q".utf8))
        let rest = pieces(&backlog)
        #expect((first + rest.flatMap { $0 }).last == UInt8(ascii: "q"))
        #expect(first.count + rest.flatMap { $0 }.count == 201)
    }

    @Test func malformedAndUnfinishedRepliesAreHandedBackInOrder() {
        // DA1 with 3000 parameters, a cell-size reply with a 400-digit number, an unfinished kitty reply: each
        // followed by keys. Every byte that is not a recognised reply comes back as input, in order, however
        // it is split into reads, and is handed to curses in pieces it accepts.
        let hugeDA1 = "\u{1B}[?" + (1...3000).map(String.init).joined(separator: ";") + "c"
        let longNumber = "\u{1B}[6;" + String(repeating: "9", count: 400) + ";10t"
        let unfinishedKitty = "\u{1B}_Gi=31;OK"
        let cases = [
            (hugeDA1 + "jq", hugeDA1 + "jq"),
            (longNumber + "\u{1B}[?62;4c" + "jq", longNumber + "jq"),
            // A reply begun is no input: its rest is skipped after the exchange (below).
            ("jq" + "\u{1B}[?62c" + unfinishedKitty, "jq"),
            (String(repeating: "paste ", count: 100) + "\u{1B}[?62c", String(repeating: "paste ", count: 100)),
        ]
        for (arriving, expected) in cases {
            for readSize in [1, 7, 1024, 100_000] {
                let typed = typedAhead(Array(arriving.utf8), readSize: readSize)
                #expect(typed == Array(expected.utf8), "read size \(readSize)")
                var backlog = InputBacklog(typed)
                let handed = pieces(&backlog)
                #expect(handed.flatMap { $0 } == typed)
                #expect(handed.allSatisfy { $0.count <= InputBacklog.pieceLimit })
            }
        }
    }

    /// The bytes of `reads` the backlog keeps as keys after a skipped `reply`, each read at its time (ms).
    private func kept(skipping reply: UnfinishedReply, _ reads: [(String, UInt64)]) -> String {
        var backlog = InputBacklog(Array("k".utf8), skipping: reply, now: 0)
        for (text, milliseconds) in reads { backlog.append(Array(text.utf8), now: milliseconds * 1_000_000) }
        return String(decoding: pieces(&backlog).flatMap { $0 }, as: UTF8.self)
    }

    @Test func theRestOfAnUnfinishedReplyIsSkippedHoweverSlowlyItComes() {
        // DECRQSS dripping at 30 ms a byte after the start-up deadline: none of it is a key; what follows is.
        let drip = Array("0;38:2::17:34:51m\u{1B}\\".map { String($0) }.enumerated()).map { ($1, UInt64($0 + 1) * 30) }
        #expect(kept(skipping: UnfinishedReply(kind: .string), drip + [("q", 900)]) == "kq")
        // A megabyte of OSC, in reads of 64 KiB, ended by BEL, then keys in the same read.
        let huge = String(repeating: "x", count: 1 << 20)
        var reads: [(String, UInt64)] = Array(repeating: (String(huge.prefix(65536)), 1), count: huge.count / 65536)
        reads.append(("\u{07}jq", 2))
        #expect(kept(skipping: UnfinishedReply(kind: .operatingSystemCommand), reads) == "kjq")
        // A private control sequence ends at its final byte.
        #expect(kept(skipping: UnfinishedReply(kind: .control), [("62;4", 10), ("cj", 20)]) == "kj")
    }

    @Test func aReplyThatStopsComingIsGivenUp() {
        // An Alt key that looked like a string's start: after a second of nothing, keys are keys again.
        let limit = InputBacklog.skipIdleLimit / 1_000_000
        #expect(kept(skipping: UnfinishedReply(kind: .string), [("j", limit + 1), ("q", limit + 2)]) == "kjq")
        var backlog = InputBacklog(skipping: UnfinishedReply(kind: .string), now: 0)
        #expect(backlog.isSkipping)
        #expect(backlog.append(Array("ab".utf8), now: 1) == 2 && backlog.isEmpty)
        #expect(backlog.append([0x1B, UInt8(ascii: "\\"), UInt8(ascii: "q")], now: 2) == 2 && !backlog.isSkipping)
        #expect(backlog.nextPiece() == Array("q".utf8))
    }

    @Test func aReplyMetAmongKeysSkipsWhatIsWaitingAfterIt() {
        // The driver met ESC P among keys: the bytes not handed over yet are the reply's rest first.
        var backlog = InputBacklog(Array("1$r0m\u{1B}\\jq".utf8))
        backlog.skip(UnfinishedReply(kind: .string), now: 0)
        #expect(!backlog.isSkipping)
        #expect(pieces(&backlog).flatMap { $0 } == Array("jq".utf8))
    }
}
