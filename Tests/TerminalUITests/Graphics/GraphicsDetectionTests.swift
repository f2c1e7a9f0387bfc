import Testing

@testable import TerminalUI

@Suite struct GraphicsDetectionTests {
    @Test func optionParsing() {
        #expect(GraphicsOption(argument: "auto") == .auto)
        #expect(GraphicsOption(argument: "Kitty") == .fixed(.kitty))
        #expect(GraphicsOption(argument: "sixel") == .fixed(.sixel))
        #expect(GraphicsOption(argument: "iterm") == .fixed(.iterm))
        #expect(GraphicsOption(argument: "halfblock") == .fixed(.halfblock))
        #expect(GraphicsOption(argument: "png") == nil)
    }

    @Test func environmentRules() {
        let none = TerminalReplies()
        #expect(GraphicsDetection.decide(environment: ["TERM": "xterm-kitty"], replies: none) == .kitty)
        #expect(GraphicsDetection.decide(environment: ["TERM_PROGRAM": "ghostty"], replies: none) == .kitty)
        #expect(GraphicsDetection.decide(environment: ["TERM_PROGRAM": "iTerm.app"], replies: none) == .iterm)
        #expect(GraphicsDetection.decide(environment: ["TERM_PROGRAM": "WezTerm"], replies: none) == .iterm)
        #expect(GraphicsDetection.decide(environment: ["TERM": "xterm-256color"], replies: none) == .halfblock)
        #expect(GraphicsDetection.decide(environment: [:], replies: none) == .halfblock)
    }

    @Test func tmuxAndScreenGetHalfBlocksUnlessForced() {
        let kittyAnswer = TerminalReplies(kittyGraphics: true, deviceAttributes: [62, 4])
        for environment in [
            ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "xterm-kitty"], ["TERM": "tmux-256color"],
            ["TERM": "screen-256color"], ["STY": "1.pts"],
        ] {
            #expect(GraphicsDetection.decide(environment: environment, replies: kittyAnswer) == .halfblock)
        }
        #expect(
            GraphicsDetection.decide(environment: ["TMUX": "x"], replies: kittyAnswer, option: .fixed(.sixel))
                == .sixel)
    }

    @Test func repliesDecideForOtherTerminals() {
        let xterm = ["TERM": "xterm-256color"]
        #expect(GraphicsDetection.decide(environment: xterm, replies: TerminalReplies(kittyGraphics: true)) == .kitty)
        #expect(
            GraphicsDetection.decide(
                environment: xterm,
                replies: TerminalReplies(
                    kittyGraphics: false,
                    deviceAttributes: [62, 4, 22]))
                == .sixel)
        #expect(
            GraphicsDetection.decide(
                environment: ["TERM": "foot"],
                replies: TerminalReplies(sixelColorRegisters: 1024)) == .sixel)
        #expect(
            GraphicsDetection.decide(environment: xterm, replies: TerminalReplies(deviceAttributes: [62, 22]))
                == .halfblock)
    }

    @Test func repliesAreRecorded() {
        var replies = TerminalReplies()
        replies.record(.kittyGraphics(id: KittyGraphics.queryID, ok: true))
        replies.record(.deviceAttributes([64, 4]))
        replies.record(.graphicsAttributes(item: 1, status: 0, value: 256))
        replies.record(.cellPixelSize(CellPixelSize(width: 9, height: 19)))
        #expect(
            replies
                == TerminalReplies(
                    kittyGraphics: true, deviceAttributes: [64, 4], sixelColorRegisters: 256,
                    cellPixelSize: CellPixelSize(width: 9, height: 19)))
        var failed = TerminalReplies()
        failed.record(.graphicsAttributes(item: 1, status: 3, value: 0))
        failed.record(.kittyGraphics(id: 99, ok: true))
        #expect(failed == TerminalReplies())
    }

    /// Detection against a fake terminal: its answer arrives in `reads` (the last read may be cut short, as
    /// when the timeout ends the wait), with key presses mixed in.
    private func detect(_ reads: [String], environment: [String: String] = ["TERM": "xterm-256color"])
        -> (chosen: GraphicsProtocol, keys: String, complete: Bool, cell: CellPixelSize)
    {
        var parser = TerminalReplyParser()
        var replies = TerminalReplies()
        var keys: [UInt8] = []
        for read in reads where !replies.isComplete {
            keys += replies.record(parser.feed(Array(read.utf8)))
        }
        // Timeout or complete: whatever is left unfinished is input, but for a reply begun.
        keys += replies.record(parser.flush())
        let cell = CellPixelSize.resolve(reply: replies.cellPixelSize, windowPixels: nil, columns: 80, rows: 24)
        return (
            GraphicsDetection.decide(environment: environment, replies: replies), String(decoding: keys, as: UTF8.self),
            replies.isComplete, cell
        )
    }

    @Test func fakeTerminals() {
        let foot = detect(["\u{1B}[?1;0;1024S\u{1B}[6;20;10t", "\u{1B}[?62;4;22c"])
        #expect(foot.chosen == .sixel && foot.complete && foot.cell == CellPixelSize(width: 10, height: 20))
        let konsole = detect(["\u{1B}_Gi=31;OK\u{1B}\\j", "\u{1B}[?62;22c"])
        #expect(konsole.chosen == .kitty && konsole.keys == "j")
        // A terminal that answers nothing before the timeout, while the user types.
        let silent = detect(["k", "q"])
        #expect(silent.chosen == .halfblock && !silent.complete && silent.keys == "kq")
        #expect(silent.cell == .fallback)
        // An answer cut off by the timeout is not taken for a reply, nor for keys: its rest is skipped later.
        let cut = detect(["\u{1B}[?62;4"])
        #expect(cut.chosen == .halfblock && cut.keys == "")
    }

    @Test func queryAsksEverythingAndDA1Last() {
        let query = GraphicsDetection.query
        #expect(query.hasPrefix("\u{1B}_G"))
        #expect(query.contains("\u{1B}[16t"))
        #expect(query.hasSuffix("\u{1B}[c"))
        // XTSMGRAPHICS (`CSI ? ... S`), which kitty logs as a parse error, is not in the first round.
        #expect(!query.contains("S"))
        #expect(GraphicsDetection.sixelColorsQuery == "\u{1B}[?1;1;0S\u{1B}[c")
    }

    /// Runs the exchange against a fake terminal that answers each question with `answer(question)`.
    private func converse(option: GraphicsOption = .auto, answer: (String) -> String)
        -> (asked: [String], replies: TerminalReplies, keys: String)
    {
        var questions = GraphicsQuestions(option: option)
        var asked: [String] = []
        var keys: [UInt8] = []
        while let question = questions.next() {
            asked.append(question)
            keys += questions.feed(Array(answer(question).utf8))
        }
        keys += questions.finish()
        return (asked, questions.replies, String(decoding: keys, as: UTF8.self))
    }

    @Test func kittyIsNeverAskedXTSMGRAPHICS() {
        let kitty = converse { _ in "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;52;c" }
        #expect(kitty.asked == [GraphicsDetection.query])
        #expect(kitty.replies.kittyGraphics == true && kitty.replies.sixelColorRegisters == nil)
        // Nor a terminal without sixel (VTE, Alacritty).
        let plain = converse { _ in "\u{1B}[?65;1;9c" }
        #expect(plain.asked == [GraphicsDetection.query])
        // Forcing sixel in kitty does not ask it either: the kitty answer says what kitty is.
        let forced = converse(option: .fixed(.sixel)) { _ in "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c" }
        #expect(forced.asked == [GraphicsDetection.query])
    }

    @Test func sixelTerminalsAreAskedTheirColorsAfterDA1() {
        // xterm -ti vt340: no kitty answer, DA1 with 4, then 16 colour registers; a key typed meanwhile is kept.
        let xterm = converse { question in
            question == GraphicsDetection.query
                ? "\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9c"
                : "j\u{1B}[?1;0;16S\u{1B}[?63;1;2;4;6;9c"
        }
        #expect(xterm.asked == [GraphicsDetection.query, GraphicsDetection.sixelColorsQuery])
        #expect(xterm.replies.sixelColorRegisters == 16 && xterm.keys == "j")
        #expect(GraphicsDetection.decide(environment: ["TERM": "xterm"], replies: xterm.replies) == .sixel)
        // Forced sixel asks for the colours even where DA1 does not list 4.
        let forced = converse(option: .fixed(.sixel)) { _ in "\u{1B}[?62;c" }
        #expect(forced.asked == [GraphicsDetection.query, GraphicsDetection.sixelColorsQuery])
    }

    @Test func anUnansweredRoundEndsTheQuestions() {
        var questions = GraphicsQuestions(option: .auto)
        #expect(questions.next() == GraphicsDetection.query)
        #expect(questions.isWaiting && questions.next() == nil)
        #expect(questions.feed(Array("\u{1B}[?62;".utf8)).isEmpty)
        #expect(questions.isWaiting)
        #expect(questions.finish().isEmpty)
        #expect(questions.unfinishedReply == UnfinishedReply(kind: .control))
    }
}

@Suite struct TerminalReplyParserTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func repliesAreSeparatedFromKeys() {
        var parser = TerminalReplyParser()
        let events = parser.feed(bytes("a\u{1B}_Gi=31;OK\u{1B}\\b\u{1B}[?62;4;22cq\u{1B}[6;20;10t\u{1B}[?1;0;256S"))
        #expect(
            events == [
                .input(bytes("a")), .reply(.kittyGraphics(id: 31, ok: true)), .input(bytes("b")),
                .reply(.deviceAttributes([62, 4, 22])), .input(bytes("q")),
                .reply(.cellPixelSize(CellPixelSize(width: 10, height: 20))),
                .reply(.graphicsAttributes(item: 1, status: 0, value: 256)),
            ])
    }

    @Test func kittysDeviceAttributesWithAnEmptyLastFieldAreAReply() {
        var parser = TerminalReplyParser()
        #expect(parser.feed(bytes("\u{1B}[?62;c")) == [.reply(.deviceAttributes([62]))])
    }

    @Test func keySequencesPassThroughUntouched() {
        var parser = TerminalReplyParser()
        let keys = "\u{1B}[A\u{1B}[<0;12;5M\u{1B}OP\u{1B}x"
        #expect(parser.feed(bytes(keys)) == [.input(bytes(keys))])
    }

    @Test func aReplySplitAcrossReadsIsKeptUntilComplete() {
        var parser = TerminalReplyParser()
        #expect(parser.feed(bytes("j\u{1B}[?62;")) == [.input(bytes("j"))])
        #expect(parser.feed(bytes("4")) == [])
        #expect(parser.feed(bytes("c k")) == [.reply(.deviceAttributes([62, 4])), .input(bytes(" k"))])
        #expect(parser.feed(bytes("\u{1B}_Gi=31;ENOENT:no")) == [])
        #expect(parser.feed(bytes("pe\u{1B}\\")) == [.reply(.kittyGraphics(id: 31, ok: false))])
    }

    @Test func aStringOfAnyLengthIsConsumedWholeAndNeverInput() {
        // A 1 MB DCS string in one read and in reads of 1 KiB: not a byte of it is a key, the key after it is.
        let huge = bytes("\u{1B}P" + String(repeating: "1$r", count: 350_000) + "\u{1B}\\q")
        var whole = TerminalReplyParser()
        #expect(whole.feed(huge) == [.input(bytes("q"))])
        var split = TerminalReplyParser()
        var events: [TerminalReplyParser.Event] = []
        for start in stride(from: 0, to: huge.count, by: 1024) {
            events += split.feed(Array(huge[start..<min(huge.count, start + 1024)]))
        }
        #expect(events == [.input(bytes("q"))])
        // OSC, PM and SOS answers are dropped whole too; an OSC may end with BEL.
        var parser = TerminalReplyParser()
        #expect(
            parser.feed(bytes("\u{1B}]11;rgb:0/0/0\u{07}j\u{1B}^x\u{1B}\\k\u{1B}Xy\u{1B}\\l")) == [
                .input(bytes("j")), .input(bytes("k")), .input(bytes("l")),
            ])
    }

    @Test func aReplyUnfinishedAtTheDeadlineIsHandedOnNotInput() {
        // DECRQSS dripping: at the deadline half of it has come.
        var parser = TerminalReplyParser()
        #expect(parser.feed(bytes("j\u{1B}P1$r0;38:2")) == [.input(bytes("j"))])
        #expect(parser.flush() == [])
        let unfinished = parser.unfinished
        #expect(unfinished == UnfinishedReply(kind: .string))
        // The next exchange goes on skipping it, however it is read.
        var next = TerminalReplyParser(continuing: unfinished)
        #expect(next.feed(bytes("::17:34")) == [])
        #expect(next.feed(bytes(":51m\u{1B}")) == [])
        #expect(next.feed(bytes("\\k\u{1B}[?62c")) == [.input(bytes("k")), .reply(.deviceAttributes([62]))])
        #expect(next.unfinished == nil)
        // A private CSI report cut short is a reply too; a plain one may be a key and is input.
        var control = TerminalReplyParser()
        _ = control.feed(bytes("\u{1B}[?62;4"))
        #expect(control.flush() == [] && control.unfinished == UnfinishedReply(kind: .control))
        var key = TerminalReplyParser()
        _ = key.feed(bytes("\u{1B}[1;5"))
        #expect(key.flush() == [.input(bytes("\u{1B}[1;5"))] && key.unfinished == nil)
    }

    @Test func aLoneEscapeIsHandedBackOnFlush() {
        var parser = TerminalReplyParser()
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.flush() == [.input([0x1B])])
        #expect(parser.flush() == [])
    }

    @Test func runawaySequencesBecomeInput() {
        var parser = TerminalReplyParser()
        let long = [0x1B, UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: "1"), count: 600) + [UInt8(ascii: "c")]
        let events = parser.feed(long)
        #expect(events.allSatisfy { if case .input = $0 { return true } else { return false } })
        #expect(
            events.reduce(0) { total, event in
                if case .input(let bytes) = event { return total + bytes.count } else { return total }
            } == long.count)
    }
}

@Suite struct GraphicsSetupTests {
    private let xterm = ["TERM": "xterm-256color"]
    private let sixel = TerminalReplies(deviceAttributes: [63, 4], sixelColorRegisters: 1024)

    @Test func sixelNeedsAKnownCellSizeUnlessForced() {
        let known = GraphicsDetection.setup(
            environment: xterm, replies: sixel, option: .auto,
            windowPixels: (900, 760), columns: 100, rows: 40)
        #expect(known.graphicsProtocol == .sixel && known.cellPixelSize == CellPixelSize(width: 9, height: 19))
        #expect(known.cellSizeIsKnown && known.sixelColors == 256)
        #expect(known.summary == "Graphics: sixel (the terminal reports sixel in DA1), cells 9x19 px")
        let unknown = GraphicsDetection.setup(
            environment: xterm, replies: sixel, option: .auto, windowPixels: nil,
            columns: 100, rows: 40)
        #expect(unknown.graphicsProtocol == .halfblock)
        #expect(
            unknown.summary == "Graphics: half blocks (sixel needs the cell size, which the terminal does not report)")
        let forced = GraphicsDetection.setup(
            environment: xterm, replies: TerminalReplies(), option: .fixed(.sixel),
            windowPixels: nil, columns: 100, rows: 40)
        #expect(forced.graphicsProtocol == .sixel && forced.cellPixelSize == .fallback)
        #expect(forced.summary == "Graphics: sixel (--graphics sixel), cells 8x16 px (guessed)")
    }

    @Test func theReasonSaysWhy() {
        let tmux = GraphicsDetection.setup(
            environment: ["TMUX": "x", "TERM": "tmux-256color"], replies: TerminalReplies(),
            option: .auto, windowPixels: nil, columns: 80, rows: 24)
        #expect(tmux.summary == "Graphics: half blocks (inside tmux or screen; --graphics forces one)")
        let silent = GraphicsDetection.choose(environment: xterm, replies: TerminalReplies())
        #expect(silent.reason == "the terminal did not answer within 1000 ms")
        let kitty = GraphicsDetection.choose(
            environment: xterm,
            replies: TerminalReplies(
                kittyGraphics: true,
                deviceAttributes: [62]))
        #expect(kitty == (.kitty, "the terminal answered the kitty query"))
        #expect(
            GraphicsDetection.choose(environment: ["TERM_PROGRAM": "WezTerm"], replies: TerminalReplies())
                == (.iterm, "TERM_PROGRAM is WezTerm"))
        // Few colour registers are used as they are; absurd counts are capped.
        let few = GraphicsDetection.setup(
            environment: xterm, replies: TerminalReplies(sixelColorRegisters: 16),
            option: .fixed(.sixel), windowPixels: nil, columns: 80, rows: 24)
        #expect(few.sixelColors == 16)
    }

    @Test func aForcedProtocolTheAnswersDenyIsWarnedAbout() {
        let kittyAnswers = TerminalReplies(
            kittyGraphics: true, deviceAttributes: [62, 52],
            cellPixelSize: CellPixelSize(width: 10, height: 20))
        let sixelInKitty = GraphicsDetection.setup(
            environment: xterm, replies: kittyAnswers,
            option: .fixed(.sixel), windowPixels: nil, columns: 80, rows: 24)
        #expect(sixelInKitty.graphicsProtocol == .sixel)
        #expect(sixelInKitty.warning?.hasPrefix("--graphics sixel, but the terminal does not report sixel") == true)
        let kittyInXterm = GraphicsDetection.setup(
            environment: xterm, replies: sixel, option: .fixed(.kitty),
            windowPixels: nil, columns: 80, rows: 24)
        #expect(kittyInXterm.warning?.hasPrefix("--graphics kitty, but the terminal did not answer") == true)
        // Answers that agree, answers that did not come, tmux's own answers, iTerm2 and auto: no warning.
        #expect(GraphicsDetection.denial(environment: xterm, replies: sixel, option: .fixed(.sixel)) == nil)
        #expect(GraphicsDetection.denial(environment: xterm, replies: TerminalReplies(), option: .fixed(.sixel)) == nil)
        #expect(
            GraphicsDetection.denial(environment: ["TMUX": "x"], replies: kittyAnswers, option: .fixed(.sixel))
                == nil)
        #expect(GraphicsDetection.denial(environment: xterm, replies: kittyAnswers, option: .fixed(.iterm)) == nil)
        #expect(GraphicsDetection.denial(environment: xterm, replies: kittyAnswers, option: .auto) == nil)
    }

    @Test func theQueryIsSkippedWhereItCannotHelp() {
        #expect(!GraphicsDetection.needsQuery(environment: xterm, option: .fixed(.halfblock)))
        #expect(!GraphicsDetection.needsQuery(environment: ["TMUX": "x"], option: .auto))
        #expect(GraphicsDetection.needsQuery(environment: ["TMUX": "x"], option: .fixed(.kitty)))
        #expect(GraphicsDetection.needsQuery(environment: xterm, option: .auto))
    }
}
