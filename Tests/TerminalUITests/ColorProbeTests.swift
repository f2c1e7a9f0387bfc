import Testing

@testable import TerminalUI

/// 24-bit colour learned from the terminal itself: XTGETTCAP for `RGB`/`Tc` and the SGR round-trip with DECRQSS,
/// their replies parsed strictly.
@Suite struct ColorProbeTests {
    private func events(_ text: String) -> [TerminalReplyParser.Event] {
        var parser = TerminalReplyParser()
        return parser.feed(Array(text.utf8)) + parser.flush()
    }

    @Test func decrqssRepliesAreParsed() {
        // What xterm 379 answers (TERM=xterm, no COLORTERM).
        #expect(
            events("\u{1B}P1$r0;38:2::17:34:51m\u{1B}\\") == [
                .reply(.statusString(valid: true, value: "0;38:2::17:34:51m"))
            ])
        #expect(events("\u{1B}P0$r\u{1B}\\") == [.reply(.statusString(valid: false, value: ""))])
        // Split across reads, keys around it.
        var parser = TerminalReplyParser()
        let first = parser.feed(Array("a\u{1B}P1$r0;38;5;23".utf8))
        let rest = parser.feed(Array("m\u{1B}\\b".utf8))
        #expect(first == [.input(Array("a".utf8))])
        #expect(rest == [.reply(.statusString(valid: true, value: "0;38;5;23m")), .input(Array("b".utf8))])
    }

    @Test func garbageIsNoReport() {
        for garbage in [
            "\u{1B}P2$rm\u{1B}\\", "\u{1B}P1$r\u{07}m\u{1B}\\",
            "\u{1B}P1$r" + String(repeating: "9", count: 80) + "\u{1B}\\",
            "\u{1B}P1\u{1B}\\", "\u{1B}P$r\u{1B}\\",
        ] {
            let statuses = events(garbage).filter { if case .reply(.statusString) = $0 { true } else { false } }
            #expect(statuses.isEmpty, "\(garbage.debugDescription)")
        }
        // Bytes that are no UTF-8 never become a report either.
        var parser = TerminalReplyParser()
        let bytes: [UInt8] = Array("\u{1B}P1$r".utf8) + [0xC3, 0x28] + Array("m\u{1B}\\".utf8)
        #expect(!(parser.feed(bytes) + parser.flush()).contains { if case .reply = $0 { true } else { false } })
    }

    @Test func onlyAKeptColorMeansTruecolor() {
        #expect(ColorMode.reportKeepsTruecolor(valid: true, value: "0;38:2::17:34:51m"))
        #expect(ColorMode.reportKeepsTruecolor(valid: true, value: "38:2:17:34:51m"))
        #expect(ColorMode.reportKeepsTruecolor(valid: true, value: "0;38;2;17;34;51m"))
        // Mapped to the palette, another colour, a different SGR, an invalid report, no final m.
        #expect(!ColorMode.reportKeepsTruecolor(valid: true, value: "0;38;5;23m"))
        #expect(!ColorMode.reportKeepsTruecolor(valid: true, value: "0;38:2::17:34:52m"))
        #expect(!ColorMode.reportKeepsTruecolor(valid: true, value: "0;48;2;17;34;51m"))
        #expect(!ColorMode.reportKeepsTruecolor(valid: false, value: "0;38:2::17:34:51m"))
        #expect(!ColorMode.reportKeepsTruecolor(valid: true, value: "0;38:2::17:34:51"))
        #expect(!ColorMode.reportKeepsTruecolor(valid: true, value: "38;2;17;34m"))
        #expect(!ColorMode.reportKeepsTruecolor(valid: true, value: "m"))
    }

    @Test func onlyTerminalsThatLeaveColorOutAreAsked() {
        #expect(ColorMode.asksTruecolor(environment: ["TERM": "xterm"], option: .auto))
        #expect(ColorMode.asksTruecolor(environment: ["TERM": "xterm-256color"], option: .auto))
        #expect(!ColorMode.asksTruecolor(environment: ["TERM": "xterm", "COLORTERM": "truecolor"], option: .auto))
        #expect(!ColorMode.asksTruecolor(environment: ["TERM": "xterm", "NO_COLOR": "1"], option: .auto))
        #expect(!ColorMode.asksTruecolor(environment: ["TERM": "xterm"], option: .fixed(.palette256)))
        #expect(!ColorMode.asksTruecolor(environment: ["TERM": "dumb"], option: .auto))
        #expect(!ColorMode.asksTruecolor(environment: ["TERM": "tmux-256color", "TMUX": "x"], option: .auto))
        #expect(!ColorMode.asksTruecolor(environment: ["TERM": "screen"], option: .auto))
        // The question sets a colour, asks for it back, resets, and ends with DA1.
        #expect(ColorMode.truecolorQuery.hasPrefix("\u{1B}[38;2;17;34;51m\u{1B}P$qm\u{1B}\\"))
        #expect(ColorMode.truecolorQuery.hasSuffix("\u{1B}[0m\u{1B}[c"))
    }

    @Test func xtgettcapRepliesAreParsed() {
        // A flag (upper- or lower-case hex), a value, two names in one report.
        #expect(events("\u{1B}P1+r524742\u{1B}\\") == [.reply(.capabilities(valid: true, ["RGB": ""]))])
        #expect(events("\u{1B}P1+r5463\u{1B}\\") == [.reply(.capabilities(valid: true, ["Tc": ""]))])
        #expect(events("\u{1B}P1+r524742=38\u{1B}\\") == [.reply(.capabilities(valid: true, ["RGB": "8"]))])
        #expect(
            events("\u{1B}P1+r636f6c6f7273=323536;524742\u{1B}\\") == [
                .reply(.capabilities(valid: true, ["colors": "256", "RGB": ""]))
            ])
        // What kitty 0.26 and mlterm 3.9 answer for a name they do not know.
        #expect(events("\u{1B}P0+r524742\u{1B}\\") == [.reply(.capabilities(valid: false, ["RGB": ""]))])
        #expect(events("\u{1B}P0+r\u{1B}\\") == [.reply(.capabilities(valid: false, [:]))])
        // Split across reads, keys around it.
        var parser = TerminalReplyParser()
        let first = parser.feed(Array("a\u{1B}P1+r52474".utf8))
        let rest = parser.feed(Array("2\u{1B}\\b".utf8))
        #expect(first == [.input(Array("a".utf8))])
        #expect(rest == [.reply(.capabilities(valid: true, ["RGB": ""])), .input(Array("b".utf8))])
    }

    @Test func garbledCapabilityReportsAreNoReport() {
        for garbage in [
            // Odd-length or non-hex names and values, a control character or a newline decoded, an empty
            // name, a status other than 0 or 1, a name too long, no `r`.
            "\u{1B}P1+r52474\u{1B}\\", "\u{1B}P1+r52zz42\u{1B}\\", "\u{1B}P1+r524742=3\u{1B}\\",
            "\u{1B}P1+r07\u{1B}\\", "\u{1B}P1+r524742=0a\u{1B}\\", "\u{1B}P1+r=38\u{1B}\\",
            "\u{1B}P2+r524742\u{1B}\\", "\u{1B}P1+r" + String(repeating: "41", count: 65) + "\u{1B}\\",
            "\u{1B}P1+\u{1B}\\", "\u{1B}P1+q524742\u{1B}\\",
        ] {
            let reports = events(garbage).filter { if case .reply(.capabilities) = $0 { true } else { false } }
            #expect(reports.isEmpty, "\(garbage.debugDescription)")
        }
        // Hex that decodes to bytes that are no UTF-8 is no report either.
        #expect(events("\u{1B}P1+rc328\u{1B}\\").allSatisfy { if case .reply = $0 { false } else { true } })
    }

    @Test func onlyAValidRGBOrTcMeansTruecolor() {
        #expect(ColorMode.capabilitiesAnnounceTruecolor(valid: true, ["RGB": ""]))
        #expect(ColorMode.capabilitiesAnnounceTruecolor(valid: true, ["RGB": "8/8/8"]))
        #expect(ColorMode.capabilitiesAnnounceTruecolor(valid: true, ["Tc": ""]))
        // kitty's "unknown", another capability, a name in another case.
        #expect(!ColorMode.capabilitiesAnnounceTruecolor(valid: false, ["RGB": ""]))
        #expect(!ColorMode.capabilitiesAnnounceTruecolor(valid: true, ["colors": "256"]))
        #expect(!ColorMode.capabilitiesAnnounceTruecolor(valid: true, ["rgb": ""]))
        #expect(!ColorMode.capabilitiesAnnounceTruecolor(valid: true, [:]))
    }

    @Test func capabilitiesAreAskedFirstInTheSameExchange() {
        // XTGETTCAP for RGB (hex 524742) and Tc (5463), then the SGR round-trip, DA1 last for both.
        #expect(ColorMode.capabilityQuery == "\u{1B}P+q524742\u{1B}\\\u{1B}P+q5463\u{1B}\\")
        #expect(ColorMode.truecolorQuestions == ColorMode.capabilityQuery + ColorMode.truecolorQuery)
        #expect(ColorMode.truecolorQuestions.hasSuffix("\u{1B}[c"))
        #expect(!ColorMode.capabilityQuery.contains("\u{1B}[c"))
    }
}
