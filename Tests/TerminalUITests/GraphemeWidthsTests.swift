import Testing

@testable import TerminalUI

/// The terminal's measured widths: the kinds, the answers read, the layout made with them, and the width-safe
/// forms a grapheme in doubt is drawn in.
@Suite struct GraphemeWidthsTests {
    /// What xterm 379 answered (measured under Xvfb): flags and 🔕 two columns, ❤️ one, 👍🏽 four, the family
    /// six, CJK two, … one.
    private let xterm = GraphemeWidths.measured(
        from: [
            .cursorPosition(row: 1, column: 3), .cursorPosition(row: 1, column: 7), .cursorPosition(row: 1, column: 5),
            .cursorPosition(row: 1, column: 2), .cursorPosition(row: 1, column: 3), .cursorPosition(row: 1, column: 3),
            .cursorPosition(row: 1, column: 2),
        ])
    /// The C library's wcwidth as curses counts it: regional indicators and U+2764 one column.
    private func glibc(_ scalar: Unicode.Scalar) -> Int {
        (0x1F1E6...0x1F1FF).contains(scalar.value) || scalar.value == 0x2764 ? 1 : TextWidth.width(of: scalar)
    }

    @Test func kindsOfGraphemes() {
        #expect(GraphemeWidths.kind(of: "🇨🇳") == .flag)
        #expect(GraphemeWidths.kind(of: "👨‍👩‍👧") == .joinedEmoji)
        #expect(GraphemeWidths.kind(of: "👍🏽") == .modifiedEmoji)
        #expect(GraphemeWidths.kind(of: "❤️") == .selectedEmoji)
        #expect(GraphemeWidths.kind(of: "🔕") == .emoji)
        #expect(GraphemeWidths.kind(of: "群") == .wide)
        #expect(GraphemeWidths.kind(of: "…") == .ambiguous)
        for plain: Character in ["a", "é", "│", "▌", "ß"] { #expect(GraphemeWidths.kind(of: plain) == nil) }
    }

    @Test func answersAreReadInOrderAndOnlyWhenBelievable() {
        #expect(xterm.measured[.flag] == 2 && xterm.measured[.joinedEmoji] == 6 && xterm.measured[.selectedEmoji] == 1)
        #expect(xterm.measured[.ambiguous] == 1)
        // A report on another row, or a column past any grapheme, measures nothing; missing ones leave kinds out.
        let odd = GraphemeWidths.measured(from: [
            .cursorPosition(row: 5, column: 3), .cursorPosition(row: 1, column: 90),
        ])
        // (column 90: no sample is that wide)
        #expect(odd.measured.isEmpty)
        #expect(GraphemeWidths.measured(from: []).measured.isEmpty)
        // The question draws every sample at the corner, asks after each, and ends with DA1.
        #expect(
            GraphemeWidths.question.components(separatedBy: "\u{1B}[6n").count == GraphemeWidths.Kind.allCases.count + 1
        )
        #expect(GraphemeWidths.question.hasSuffix("\u{1B}[c"))
    }

    @Test func theParserReadsCursorReports() {
        var parser = TerminalReplyParser()
        #expect(
            parser.feed(Array("\u{1B}[1;3Rj".utf8)) == [.reply(.cursorPosition(row: 1, column: 3)), .input([0x6A])])
    }

    @Test func textIsLaidOutWithTheMeasuredWidths() {
        // ❤️ is one column where the terminal draws it one column; 👍🏽 at four keeps the standard two (drawn in
        // its safe form); with nothing measured the standard widths hold.
        #expect(TextWidth.width(of: "❤️", widths: xterm) == 1)
        #expect(TextWidth.width(of: "❤️", widths: .standard) == 2)
        #expect(TextWidth.width(of: "👍🏽", widths: xterm) == 2)
        #expect(TextWidth.width(of: "…", widths: GraphemeWidths(measured: [.ambiguous: 2])) == 2)
        #expect(TextWidth.width(of: "a", widths: GraphemeWidths()) == 1)
        #expect(TextWidth.terminalWidths == .standard)
    }

    @Test func graphemesInDoubtAreDrawnInAWidthSafeForm() {
        func drawn(_ text: String, _ widths: GraphemeWidths) -> String {
            let columns = TextWidth.width(of: Character(text), widths: widths)
            let result = TerminalText.drawable(
                text, columns: columns, unicode: true, widths: widths, cursesWidth: glibc)
            return result.text + (result.secondColumn ?? "")
        }
        // curses counts a flag as one column: its region letters, which everyone counts as two.
        #expect(drawn("🇨🇳", xterm) == "CN")
        // Measured and counted alike: as it is.
        #expect(drawn("🔕", xterm) == "🔕")
        #expect(drawn("❤️", xterm) == "❤️")
        #expect(drawn("群", xterm) == "群")
        // A family drawn six wide and a toned thumb four wide: their first emoji.
        #expect(drawn("👨‍👩‍👧", xterm) == "👨")
        #expect(drawn("👍🏽", xterm) == "👍")
        // A family is never sent whole, even where the terminal draws it two wide: curses would cut it.
        #expect(drawn("👨‍👩‍👧", .standard) == "👨")
        // Nothing measured (no answer in time): nothing in doubt is sent as it is.
        let silent = GraphemeWidths()
        #expect(drawn("🔕", silent) == "? ")
        #expect(drawn("🇯🇵", silent) == "JP")
        #expect(drawn("❤️", silent) == "❤ ")
        // Wide and ambiguous characters keep their standard widths: the app's own … never turns into ?.
        #expect(drawn("…", silent) == "…" && drawn("群", silent) == "群")
        #expect(drawn("é", silent) == "é")
    }

    @Test func aRowWithMeasuredWidthsPaintsEveryCellOnce() {
        // The paints of a row holding every kind cover its columns exactly: the separator lands where the grid
        // put it.
        var grid = CellGrid(width: 20, height: 1)
        let used = grid.write("🇨🇳🔕❤️👨‍👩‍👧群…", x: 0, y: 0, maxWidth: 19)
        grid.write("│", x: used, y: 0)
        let paints = ChangedCells.paints(from: nil, to: grid, unicode: true, widths: .standard, cursesWidth: glibc)
        var column = 0
        for paint in paints.sorted(by: { $0.x < $1.x }) where paint.x < used {
            #expect(paint.x == column, "\(paint.cell.text) at \(paint.x)")
            column += max(1, glibc(paint.cell.text.unicodeScalars.first ?? " "))
        }
        #expect(column == used)
        #expect(paints.contains { $0.x == used && $0.cell.text == "│" })
    }

    /// Behind tmux the answers are tmux's count: tmux 3.3 counted ❤️ one column where kitty outside drew it two
    /// wide. The emoji sequences are then in doubt and drawn in their width-safe forms (❤ and a space);
    /// single emoji, CJK and ambiguous characters keep their measured widths.
    @Test func behindAMultiplexerTheEmojiSequencesAreInDoubt() {
        let tmux = xterm.behindMultiplexer()
        for kind in [GraphemeWidths.Kind.flag, .joinedEmoji, .modifiedEmoji, .selectedEmoji] {
            #expect(tmux.measured[kind] == nil)
        }
        #expect(tmux.measured[.emoji] == 2 && tmux.measured[.wide] == 2 && tmux.measured[.ambiguous] == 1)
        let heart = TerminalText.drawable(
            "\u{2764}\u{FE0F}", columns: tmux.layoutWidth(of: .selectedEmoji), unicode: true, widths: tmux,
            cursesWidth: glibc)
        #expect(heart.text == "\u{2764}" && heart.secondColumn == " ")
        #expect(
            TerminalText.drawable(
                "\u{2764}\u{FE0F}", columns: xterm.layoutWidth(of: .selectedEmoji), unicode: true, widths: xterm,
                cursesWidth: glibc
            ).text == "\u{2764}\u{FE0F}")
    }
}
