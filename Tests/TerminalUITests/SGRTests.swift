import Testing

@testable import TerminalUI

@Suite struct SGRTests {
    private let escape = "\u{1B}["

    @Test func colorParameters() {
        #expect(SGR.foregroundParameters(.rgb(1, 2, 3)) == "38;2;1;2;3")
        #expect(SGR.backgroundParameters(.rgb(1, 2, 3)) == "48;2;1;2;3")
        #expect(SGR.foregroundParameters(.indexed(196)) == "38;5;196")
        #expect(SGR.backgroundParameters(.indexed(16)) == "48;5;16")
        #expect(SGR.foregroundParameters(.indexed(1)) == "31")
        #expect(SGR.foregroundParameters(.indexed(9)) == "91")
        #expect(SGR.backgroundParameters(.indexed(7)) == "47")
        #expect(SGR.backgroundParameters(.indexed(15)) == "107")
        #expect(SGR.foregroundParameters(.terminalDefault) == "39")
        #expect(SGR.backgroundParameters(.terminalDefault) == "49")
    }

    @Test func lineEmitsOnlyChanges() {
        let red = TerminalColor.rgb(255, 0, 0), blue = TerminalColor.rgb(0, 0, 255)
        let cells = [
            Cell("▀", foreground: red, background: blue),
            Cell("▀", foreground: red, background: blue),
            // A space's foreground is invisible: only the background changes.
            Cell(" ", foreground: blue, background: red),
            Cell("▀", foreground: red, background: red),
        ]
        #expect(
            SGR.line(cells, mode: .truecolor)
                == "\(escape)38;2;255;0;0;48;2;0;0;255m▀▀\(escape)48;2;255;0;0m ▀\(escape)0m")
    }

    @Test func plainTextNeedsNoSequences() {
        #expect(SGR.line([Cell("a"), Cell("b")], mode: .truecolor) == "ab")
        #expect(SGR.line([Cell]().prefix(0), mode: .truecolor) == "")
    }

    @Test func stylesAreSetAndResetWhenDropped() {
        let cells = [
            Cell("a", style: .bold), Cell("b", style: [.bold, .underline]), Cell("c"),
            Cell("d", foreground: .indexed(2)),
        ]
        #expect(SGR.line(cells, mode: .palette256) == "\(escape)1ma\(escape)4mb\(escape)0mc\(escape)32md\(escape)0m")
    }

    @Test func colorsAreExpressedInTheMode() {
        let cells = [Cell("▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0))]
        #expect(SGR.line(cells, mode: .palette256) == "\(escape)38;5;196;48;5;16m▀\(escape)0m")
        #expect(SGR.line(cells, mode: .palette16) == "\(escape)91;40m▀\(escape)0m")
        #expect(SGR.line(cells, mode: .monochrome) == "▀")
        #expect(SGR.line([Cell("x", foreground: .indexed(196))], mode: .palette16) == "\(escape)91mx\(escape)0m")
    }

    @Test func continuationCellsAreSkipped() {
        #expect(SGR.line([Cell("你"), .continuation, Cell("a")], mode: .truecolor) == "你a")
    }

    @Test func gridTextJoinsRows() {
        var grid = CellGrid(width: 2, height: 2)
        grid[0, 0] = Cell("a"); grid[1, 0] = Cell("b", background: .indexed(4))
        grid[0, 1] = Cell("c"); grid[1, 1] = Cell("d")
        #expect(SGR.text(of: grid, mode: .truecolor) == "a\(escape)44mb\(escape)0m\ncd")
    }
}
