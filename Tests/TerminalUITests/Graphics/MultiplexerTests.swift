import Imaging
import Testing

@testable import TerminalUI

/// tmux and screen: detection, what tmux says about its pane, the passthrough wrapping, and the pictures sent
/// through it.
@Suite struct MultiplexerTests {
    private static let xtermInTmux = ["TMUX": "/tmp/tmux-0/default,8780,0", "TMUX_PANE": "%3", "TERM": "tmux-256color"]

    @Test func detectionByEnvironment() {
        #expect(Multiplexer.detect(environment: Self.xtermInTmux) == .tmux)
        #expect(Multiplexer.detect(environment: ["TERM_PROGRAM": "tmux"]) == .tmux)
        #expect(Multiplexer.detect(environment: ["STY": "1234.pts-0.host"]) == .screen)
        #expect(Multiplexer.detect(environment: ["TERM": "screen-256color"]) == nil)
        #expect(Multiplexer.detect(environment: ["TMUX": "", "STY": ""]) == nil)
    }

    @Test func theDisplayCommandNamesThePane() {
        let arguments = Multiplexer.tmuxDisplayArguments(environment: Self.xtermInTmux)
        #expect(Array(arguments.prefix(4)) == ["display-message", "-p", "-t", "%3"])
        #expect(arguments.last?.hasPrefix("#{allow-passthrough}|#{pane_left}|") == true)
        #expect(!Multiplexer.tmuxDisplayArguments(environment: ["TMUX": "x"]).contains("-t"))
    }

    @Test func tmuxAnswersAreRead() {
        let on = Multiplexer.tmux(display: "1|51|0|on|bottom|xterm-kitty|3.3a\n")
        #expect(
            on
                == Multiplexer(
                    kind: .tmux, allowsPassthrough: true, version: "3.3a", outerTerminalName: "xterm-kitty",
                    paneColumn: 51, paneRow: 0))
        #expect(on.passesPictures)
        // A status line at the top moves every pane down by its height.
        let top = Multiplexer.tmux(display: "on|0|4|2|top|xterm|3.4")
        #expect(top.paneRow == 6 && top.paneColumn == 0 && top.allowsPassthrough == true)
        #expect(Multiplexer.tmux(display: "all|0|0|off|top|xterm|3.4").paneRow == 0)
        let off = Multiplexer.tmux(display: "0|0|0|on|bottom|xterm|3.3a")
        #expect(off.allowsPassthrough == false && !off.passesPictures)
        // focus-events, the eighth field when tmux gives it: unknown without it or when garbled.
        #expect(off.focusEvents == nil)
        #expect(Multiplexer.tmux(display: "1|0|0|on|bottom|xterm|3.3a|off").focusEvents == false)
        #expect(Multiplexer.tmux(display: "1|0|0|on|bottom|xterm|3.3a|1").focusEvents == true)
        #expect(Multiplexer.tmux(display: "1|0|0|on|bottom|xterm|3.3a|x").focusEvents == nil)
        #expect(Multiplexer.tmuxDisplayArguments(environment: [:]).last?.hasSuffix("|#{focus-events}") == true)
        // tmux before 3.3 has no such option (an empty field) and passes everything.
        #expect(Multiplexer.tmux(display: "|0|0|on|bottom|xterm|3.2a").allowsPassthrough == true)
        #expect(Multiplexer.tmux(display: "|0|0|on|bottom|xterm|3.3a").allowsPassthrough == nil)
        // No answer: the version in the environment still tells an old tmux.
        let old = Multiplexer.tmux(display: nil, environment: ["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.1c"])
        #expect(old.allowsPassthrough == true && old.version == "3.1c")
        #expect(Multiplexer.tmux(display: nil).allowsPassthrough == nil)
    }

    @Test func garbageFromTmuxIsNotASetting() {
        for garbage in [
            "", "\n", "yes", "1|2|3", "1|x|y|on|top|xterm|3.3a|extra", "maybe|0|0|on|top|xterm|3.3a",
            "\u{1B}[31m|0|0|on|top|xterm|3.3a", String(repeating: "|", count: 6),
            "1|-5|99999999999999999999|on|top|\u{1B}]0;evil\u{07}|3.3a",
        ] {
            let read = Multiplexer.tmux(display: garbage)
            #expect(read.kind == .tmux)
            #expect(read.paneColumn >= 0 && read.paneRow >= 0)
            #expect(read.outerTerminalName?.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "\u{1B}" } ?? true)
        }
        #expect(Multiplexer.tmux(display: "maybe|0|0|on|top|xterm|3.3a").allowsPassthrough == nil)
        #expect(Multiplexer.tmux(display: "1|-5|7|on|top|\u{1B}]0;evil|3.3a").outerTerminalName == nil)
        #expect(Multiplexer.tmux(display: "1|-5|7|on|top|xterm|3.3a").paneColumn == 0)
    }

    @Test func wrappingDoublesEveryEscape() {
        #expect(TmuxPassthrough.wrap("\u{1B}[c") == "\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\")
        #expect(
            TmuxPassthrough.wrap("\u{1B}_Ga=d\u{1B}\\") == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\")
        #expect(TmuxPassthrough.wrap("plain") == "\u{1B}Ptmux;plain\u{1B}\\")
        // Inside, only doubled escapes: nothing ends the passthrough early.
        let wrapped = TmuxPassthrough.wrap("a\u{1B}b\u{1B}\u{1B}c")
        let inner = wrapped.dropFirst(7).dropLast(2)
        #expect(inner == "a\u{1B}\u{1B}b\u{1B}\u{1B}\u{1B}\u{1B}c")
    }

    @Test func passthroughDecidesByTheOuterTerminal() {
        let xterm = Multiplexer(kind: .tmux, allowsPassthrough: true, version: "3.3a", outerTerminalName: "xterm")
        let sixelAnswers = TerminalReplies(kittyGraphics: nil, deviceAttributes: [63, 1, 2, 4, 6])
        let chosen = GraphicsDetection.choose(
            environment: Self.xtermInTmux, replies: sixelAnswers, multiplexer: xterm)
        #expect(chosen.graphicsProtocol == .sixel && chosen.reason.hasSuffix(", through tmux"))
        let kitty = Multiplexer(kind: .tmux, allowsPassthrough: true, outerTerminalName: "xterm-kitty")
        #expect(
            GraphicsDetection.decide(environment: Self.xtermInTmux, replies: TerminalReplies(), multiplexer: kitty)
                == .kitty)
        // Passthrough off: half blocks, whatever the terminal outside could do, and the status line says why.
        let off = Multiplexer(kind: .tmux, allowsPassthrough: false, outerTerminalName: "xterm-kitty")
        #expect(
            GraphicsDetection.decide(environment: Self.xtermInTmux, replies: sixelAnswers, multiplexer: off)
                == .halfblock)
        #expect(!GraphicsDetection.needsQuery(environment: Self.xtermInTmux, option: .auto, multiplexer: off))
        #expect(GraphicsDetection.needsQuery(environment: Self.xtermInTmux, option: .auto, multiplexer: xterm))
        let screen = GraphicsDetection.choose(
            environment: ["STY": "1.pts"], replies: sixelAnswers, multiplexer: Multiplexer(kind: .screen))
        #expect(screen.graphicsProtocol == .halfblock && screen.reason.contains("screen"))
    }

    @Test func theStatusLineNamesTheTmuxOption() {
        let off = Multiplexer(kind: .tmux, allowsPassthrough: false)
        let setup = GraphicsDetection.setup(
            environment: Self.xtermInTmux, replies: TerminalReplies(), option: .auto,
            windowPixels: (900, 551), columns: 100, rows: 29, multiplexer: off)
        #expect(setup.graphicsProtocol == .halfblock && setup.passthrough == nil && setup.warning == nil)
        #expect(
            setup.summary
                == "Graphics: half blocks (inside tmux, whose allow-passthrough is off):"
                + " `set -g allow-passthrough on` (tmux 3.3+) shows pictures, then start again")
        // A forced protocol tmux will swallow is a warning.
        let forced = GraphicsDetection.setup(
            environment: Self.xtermInTmux, replies: TerminalReplies(), option: .fixed(.sixel),
            windowPixels: (900, 551), columns: 100, rows: 29, multiplexer: off)
        #expect(forced.warning?.hasPrefix("`set -g allow-passthrough on`") == true)
        #expect(forced.passthrough == off, "forced pictures go wrapped: tmux drops them otherwise")
        // Half blocks by choice: no advice.
        let chosen = GraphicsDetection.setup(
            environment: Self.xtermInTmux, replies: TerminalReplies(), option: .fixed(.halfblock),
            windowPixels: nil, columns: 100, rows: 29, multiplexer: off)
        #expect(chosen.warning == nil && chosen.advice == nil)
        // Outside tmux nothing changes.
        let direct = GraphicsDetection.setup(
            environment: ["TERM": "xterm"], replies: TerminalReplies(deviceAttributes: [1, 2]), option: .auto,
            windowPixels: nil, columns: 100, rows: 29)
        #expect(direct.warning == nil && direct.advice == nil && direct.passthrough == nil)
    }

    @Test func placeholdersWhereTheOuterKittyShowsThem() {
        let kitty = Multiplexer(kind: .tmux, allowsPassthrough: true, outerTerminalName: "xterm-kitty")
        func setup(_ version: String?) -> GraphicsSetup {
            GraphicsDetection.setup(
                environment: Self.xtermInTmux,
                replies: TerminalReplies(kittyGraphics: true, deviceAttributes: [62], terminalVersion: version),
                option: .auto, windowPixels: (900, 551), columns: 100, rows: 29, multiplexer: kitty)
        }
        #expect(setup("kitty(0.35.2)").usesUnicodePlaceholders)
        #expect(setup("kitty(0.28.0)").usesUnicodePlaceholders)
        // Debian's kitty predates them: placements at the cursor, through the passthrough.
        let debian = setup("kitty(0.26.5)")
        #expect(!debian.usesUnicodePlaceholders && debian.passthrough == kitty && debian.graphicsProtocol == .kitty)
        #expect(!setup(nil).usesUnicodePlaceholders)
        #expect(setup("kitty(0.35.2)").summary.contains("Unicode placeholders"))
        for version in ["kitty(", "kitty(x.y)", "kitty(0)", "XTerm(379)", "kitty(99999999999999999999.1)"] {
            #expect(!GraphicsDetection.showsUnicodePlaceholders(terminalVersion: version))
        }
        #expect(GraphicsDetection.showsUnicodePlaceholders(terminalVersion: "ghostty 1.1.3"))
    }

    @Test func questionsGoWrappedAndTheAnswersAreTheOuterTerminals() {
        let xterm = Multiplexer(kind: .tmux, allowsPassthrough: true, outerTerminalName: "xterm")
        var questions = GraphicsQuestions(option: .auto, multiplexer: xterm)
        let first = questions.next()
        #expect(first == GraphicsDetection.passthroughQuery)
        #expect(first?.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G") == true)
        #expect(first?.contains(TmuxPassthrough.wrap("\u{1B}[>q")) == true)
        // What xterm -ti vt340 answered through tmux 3.3a.
        let typed = questions.feed(Array("\u{1B}P>|XTerm(379)\u{1B}\\x\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(typed == Array("x".utf8))
        #expect(questions.replies.terminalVersion == "XTerm(379)")
        #expect(questions.next() == GraphicsDetection.passthroughSixelColorsQuery)
        // Without passthrough nothing is wrapped.
        var direct = GraphicsQuestions(option: .auto)
        #expect(direct.next() == GraphicsDetection.query)
    }

    @Test func garbageRepliesNeverHangOrCrashTheParser() {
        var parser = TerminalReplyParser()
        let inputs: [[UInt8]] = [
            Array("\u{1B}P>|".utf8) + [0xFF, 0x00, 0x1B, 0x5C],
            Array("\u{1B}P>|kitty(0.26.5)".utf8),
            Array("\u{1B}\\".utf8),
            Array("\u{1B}P".utf8) + Array(repeating: UInt8(ascii: "a"), count: 600) + Array("\u{1B}\\".utf8),
            Array("\u{1B}P>|\u{1B}\\".utf8),
            Array("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\".utf8),
        ]
        var versions: [String] = []
        for input in inputs {
            for case .reply(.terminalVersion(let name)) in parser.feed(input) { versions.append(name) }
        }
        _ = parser.flush()
        #expect(versions == ["kitty(0.26.5)"])
    }
}
