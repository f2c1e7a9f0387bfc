import Testing

@testable import TerminalUI

@Suite struct EscapeSequenceTests {
    /// Resolves an ESC followed by `waiting`; returns the key and the characters left unread.
    private func resolve(_ waiting: String) -> (key: Key?, rest: String) {
        let (reading, rest) = read(waiting)
        guard case .key(let key) = reading else { return (nil, rest) }
        return (key, rest)
    }

    private func read(_ waiting: String) -> (reading: EscapeSequence.Reading, rest: String) {
        var queue = Array(waiting.unicodeScalars)
        let reading = EscapeSequence.resolve { queue.isEmpty ? nil : queue.removeFirst().value }
        return (reading, String(String.UnicodeScalarView(queue)))
    }

    @Test func escWithNothingBehindItIsTheEscKey() {
        #expect(resolve("").key == .escape)
    }

    @Test func unknownSequencesAreDroppedWholeAndNothingAfterThem() {
        // An SGR mouse drag and release, focus out, bracketed-paste start, an xterm key with modifiers.
        for (sequence, following) in [("[<32;11;10M", "[<0;11;10m"), ("[O", "q"), ("[200~", "hello"), ("[1;5A", "]")] {
            let result = read(sequence + following)
            #expect(result.reading == .dropped, "\(sequence)")
            #expect(result.rest == following, "\(sequence) left \(result.rest)")
        }
    }

    @Test func sgrMouseReportsAreClicksAndTheWheelAtTheirCell() {
        // Columns and rows count from 1 in the report, from 0 in a key; modifiers do not change the button.
        #expect(resolve("[<0;11;10Mq").key == .mouse(x: 10, y: 9) && resolve("[<0;11;10Mq").rest == "q")
        #expect(resolve("[<64;5;3M").key == .wheelUp(x: 4, y: 2))
        #expect(resolve("[<65;1;1M").key == .wheelDown(x: 0, y: 0))
        #expect(resolve("[<16;2;2M").key == .mouse(x: 1, y: 1))
        // A release, the right button, and the middle one are nothing.
        for sequence in ["[<0;11;10m", "[<2;3;3M", "[<1;3;3M"] { #expect(resolve(sequence).key == nil, "\(sequence)") }
    }

    @Test func garbageMouseReportsAreDroppedWhole() {
        for sequence in [
            "[<0;0;5M", "[<0;5M", "[<0;5;5;5M", "[<;5;5M", "[<0;99999;5M", "[<0;-1;5M", "[<0;1;1~",
            "[<0;10001;1M", "[<99999999;1;1M",
        ] {
            let result = resolve(sequence + "j")
            #expect(result.key == nil && result.rest == "j", "\(sequence) gave \(String(describing: result.key))")
        }
    }

    @Test func ss3KeysAreDropped() {
        #expect(read("OPq").reading == .dropped && read("OPq").rest == "q")
    }

    @Test func aKeyRightAfterEscIsReadAsThatKey() {
        // Esc typed and at once `]`, `[`, `O`, `P`, `_` (sequence introducers with nothing behind them) or any
        // other key: Esc, then the key (an Alt key reads the same).
        for key in ["]", "[", "O", "P", "_", "q", "x"] {
            let result = read(key)
            #expect(result.reading == .escapeThen(key.unicodeScalars.first!.value) && result.rest.isEmpty, "\(key)")
        }
        #expect(read("qx").reading == .escapeThen(UInt32(UInt8(ascii: "q"))) && read("qx").rest == "x")
    }

    @Test func focusComingBackIsAKey() {
        #expect(resolve("[Ij") == (.focusIn, "j"))
    }

    @Test func lateAnswersToTheStartUpQueryAreDroppedWhole() {
        // A kitty graphics reply (APC, ended by ESC \), an XTVERSION-style DCS and an OSC ended by BEL.
        for (sequence, following) in [
            ("_Gi=31;OK\u{1B}\\", "j"), ("P>|xterm(379)\u{1B}\\", "k"),
            ("]11;rgb:0000/0000/0000\u{07}", "q"),
        ] {
            let result = read(sequence + following)
            #expect(result.reading == .dropped && result.rest == following, "\(sequence) left \(result.rest)")
        }
    }

    @Test func aRunawaySequenceStopsAtTheLengthLimit() {
        let endless = "[" + String(repeating: "1", count: 100)
        let result = read(endless)
        #expect(result.reading == .dropped)
        #expect(result.rest.count == 100 - EscapeSequence.maximumLength)
    }

    @Test func aStringWhoseEndHasNotComeIsHandedOnToSkip() {
        // A 1 MB DCS among keys: only what is waiting is read here (at most 512 characters); the rest is
        // skipped by the driver as it comes.
        var queue = Array(("P" + String(repeating: "x", count: 2000)).unicodeScalars)[...]
        var unfinished: UnfinishedReply?
        let reading = EscapeSequence.resolve(next: { queue.popFirst()?.value }, unfinished: &unfinished)
        #expect(reading == .dropped && unfinished == UnfinishedReply(kind: .string))
        #expect(queue.count == 2001 - 1 - EscapeSequence.maximumStringLength)
        // One that ends among what is waiting is done with; an introducer alone is Esc and then that key.
        let readings: [(String, EscapeSequence.Reading)] = [
            ("P1$r0m\u{1B}\\", .dropped), ("]0;t\u{07}", .dropped), ("_", .escapeThen(UInt32(UInt8(ascii: "_")))),
        ]
        for (text, expected) in readings {
            var rest = Array(text.unicodeScalars)[...]
            var left: UnfinishedReply?
            #expect(EscapeSequence.resolve(next: { rest.popFirst()?.value }, unfinished: &left) == expected)
            #expect(left == nil && rest.isEmpty, "\(text)")
        }
    }
}
