import Testing

@testable import TerminalUI

@Suite struct TextWidthTests {
    @Test func measuresGraphemesByTheTable() {
        #expect(TextWidth.width(of: "abc") == 3)
        #expect(TextWidth.width(of: "你好") == 4)
        #expect(TextWidth.width(of: "ｶﾞ") == 2)  // halfwidth katakana + voiced mark: narrow
        #expect(TextWidth.width(of: "Ａ") == 2)  // fullwidth A
        #expect(TextWidth.width(of: "e\u{301}") == 1)  // combining acute adds nothing
        #expect(TextWidth.width(of: "😀") == 2)
        #expect(TextWidth.width(of: "👨‍👩‍👧") == 2)  // ZWJ sequence: one grapheme
        #expect(TextWidth.width(of: "🇨🇳") == 2)  // flag
        #expect(TextWidth.width(of: "❤\u{FE0F}") == 2)  // text heart forced to emoji presentation
        #expect(TextWidth.width(of: "❤") == 1)
        #expect(TextWidth.width(of: "\u{200B}") == 0)
        #expect(TextWidth.width(of: "한국어") == 6)
    }

    /// Printable ASCII and block elements are measured from their bytes: the same answer as the full lookup,
    /// and controls or block elements followed by a combining mark still take the long way.
    @Test func shortcutsAgreeWithTheGraphemeLookup() {
        for value in Array(0x20...0x7E) + Array(0x2500...0x259F) {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(
                TextWidth.width(of: String(scalar)) == TextWidth.width(of: Character(scalar)),
                "U+\(String(value, radix: 16))")
        }
        #expect(TextWidth.width(of: "ab\tc") == 3)
        #expect(TextWidth.width(of: "\u{2580}\u{301}▀") == 2)
        #expect(TextWidth.width(of: "▀▄█") == 3)
    }

    @Test func truncatesWithAnEllipsisAndKeepsShortText() {
        #expect(TextWidth.truncate("abcdef", toWidth: 4) == "abc…")
        #expect(TextWidth.truncate("abcd", toWidth: 4) == "abcd")
        #expect(TextWidth.truncate("abc", toWidth: 1) == "…")
        #expect(TextWidth.truncate("abc", toWidth: 0) == "")
    }

    @Test func neverSplitsAWideCharacterAndPadsInstead() {
        // Budget before the ellipsis is 5 columns: 周末 (4) fits, 骑 (2) would not.
        #expect(TextWidth.truncate("周末骑行群", toWidth: 6) == "周末… ")
        #expect(TextWidth.truncate("周末骑行群", toWidth: 5) == "周末…")
        #expect(TextWidth.width(of: TextWidth.truncate("周末骑行群", toWidth: 6)) == 6)
    }

    @Test func neverSplitsAZWJSequence() {
        let family = "👨‍👩‍👧"
        #expect(TextWidth.truncate("a\(family)b", toWidth: 3) == "a… ")
        #expect(TextWidth.truncate("a\(family)b", toWidth: 4) == "a\(family)b")
        #expect(TextWidth.truncate("a\(family)bc", toWidth: 4) == "a\(family)…")
    }

    @Test func writingPutsAContinuationAfterAWideGraphemeAndASpaceAtTheEdge() {
        var grid = CellGrid(width: 5, height: 1)
        let used = grid.write("a你好", x: 0, y: 0)
        #expect(used == 5)
        #expect(grid[0, 0].text == "a")
        #expect(grid[1, 0].text == "你")
        #expect(grid[2, 0] == .continuation)
        #expect(grid[3, 0].text == "好")
        #expect(grid[4, 0] == .continuation)

        var narrow = CellGrid(width: 4, height: 1)
        narrow.write("ab你", x: 0, y: 0, maxWidth: 3)
        #expect(narrow[2, 0].text == " ")
        #expect(narrow[3, 0].text == " ")
    }

    @Test func overwritingHalfAWideGraphemeLeavesNoOrphan() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("你好", x: 0, y: 0)
        grid.write("x", x: 1, y: 0)
        #expect(grid[0, 0].text == " ")
        #expect(grid[1, 0].text == "x")
        #expect(grid[2, 0].text == "好")
    }
}
