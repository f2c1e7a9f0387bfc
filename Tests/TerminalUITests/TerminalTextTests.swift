import Testing

@testable import TerminalUI

@Suite struct TerminalTextTests {
    @Test func asciiKeepsOneColumnPerGrapheme() {
        #expect(TerminalText.ascii("Ride 周末 ❤️ e\u{301}!") == "Ride ?? ? ?!")
        #expect(TextWidth.width(of: TerminalText.ascii("相亲相爱一家人 ❤️")) == 9)
        #expect(TerminalText.ascii("plain") == "plain")
    }

    /// `TerminalText.drawable` as "TEXT|PADS".
    private func sent(_ grapheme: String, columns: Int, unicode: Bool) -> String {
        let drawable = TerminalText.drawable(grapheme, columns: columns, unicode: unicode)
        return "\(drawable.text)|\(drawable.secondColumn != nil)"
    }

    @Test func emojiPresentationSelectorIsMeasuredAsTwoColumnsAndDrawnInTwo() {
        #expect(TextWidth.width(of: "❤\u{FE0F}") == 2)
        #expect(TextWidth.width(of: "a❤️b") == 4)
        // Sent without the selector (one column for curses and every terminal) plus a space.
        #expect(sent("❤\u{FE0F}", columns: 2, unicode: true) == "❤|true")
        #expect(sent("😀", columns: 2, unicode: true) == "😀|false")
        #expect(sent("周", columns: 2, unicode: true) == "周|false")
        #expect(sent("周", columns: 2, unicode: false) == "?|true")
        #expect(sent("é", columns: 1, unicode: false) == "?|false")
        #expect(sent("a", columns: 1, unicode: false) == "a|false")
    }
}
