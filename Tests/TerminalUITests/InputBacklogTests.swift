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
            ("jq" + "\u{1B}[?62c" + unfinishedKitty, "jq" + unfinishedKitty),
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
}
