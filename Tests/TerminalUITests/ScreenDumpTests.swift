import Foundation
import Testing

@testable import TerminalUI

@Suite struct ScreenDumpTests {
    private func paints(_ grid: CellGrid, from previous: CellGrid? = nil) -> [ChangedCells.Paint] {
        ChangedCells.paints(from: previous, to: grid, unicode: true)
    }

    private func row(_ dump: ScreenDump, _ y: Int) -> String {
        (0..<dump.width).map { dump[$0, y].cell.text }.joined()
    }

    @Test func cellsAreTheTextSentInItsWidthSafeFormWithTheirWidths() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("\u{1F1E8}\u{1F1F3}群x", x: 0, y: 0)
        var dump = ScreenDump()
        // A terminal that draws flags one column wide: the flag goes as its region letters.
        let widths = GraphemeWidths(measured: [.flag: 1, .wide: 2])
        dump.apply(
            ChangedCells.paints(from: nil, to: grid, unicode: true, widths: widths),
            size: TerminalSize(width: 6, height: 1), cleared: true)
        #expect(row(dump, 0) == "CN群x ")
        #expect((0..<6).map { dump[$0, 0].width } == [1, 1, 2, 0, 1, 1])
    }

    @Test func laterFramesChangeOnlyWhatWasPaintedAndAClearStartsOver() {
        var first = CellGrid(width: 4, height: 2)
        first.write("ab", x: 0, y: 0)
        first.write("cd", x: 0, y: 1)
        var dump = ScreenDump()
        let size = TerminalSize(width: 4, height: 2)
        dump.apply(paints(first), size: size, cleared: true)
        var second = first
        second.write("X", x: 1, y: 1)
        dump.apply(paints(second, from: first), size: size, cleared: false)
        #expect([row(dump, 0), row(dump, 1)] == ["ab  ", "cX  "])
        #expect(dump.frame == 2)
        dump.apply([], size: size, cleared: true)
        #expect([row(dump, 0), row(dump, 1)] == ["    ", "    "])
    }

    @Test func aPaintOverHalfOfAWideGraphemeBlanksTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("群", x: 1, y: 0)
        var dump = ScreenDump()
        let size = TerminalSize(width: 4, height: 1)
        dump.apply(paints(grid), size: size, cleared: true)
        dump.apply(
            [ChangedCells.Paint(x: 2, y: 0, cell: Cell("│"))], size: size, cleared: false)
        #expect(row(dump, 0) == "  │ ")
        #expect((0..<4).map { dump[$0, 0].width } == [1, 1, 1, 1])
    }

    @Test func jsonNamesCellsColoursStylesAndPictures() throws {
        var grid = CellGrid(width: 2, height: 1)
        grid[0, 0] = Cell("a", foreground: .rgb(1, 2, 3), background: .indexed(200), style: [.bold, .reverse])
        var dump = ScreenDump()
        dump.apply(paints(grid), size: TerminalSize(width: 2, height: 1), cleared: true)
        let picture = ScreenDump.Picture(
            id: 7, area: CellRect(x: 1, y: 0, width: 1, height: 1), shownWidth: 9, shownHeight: 19,
            image: "screen.json.pictures/7-1.png")
        let text = dump.json(pictures: [picture]) { color in
            switch color {
            case .terminalDefault: .terminalDefault
            case .indexed(let index): .palette(Int(index))
            case .rgb(let r, let g, let b): .rgb(r, g, b)
            }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["frame"] as? Int == 1)
        #expect(object["columns"] as? Int == 2)
        let cells = try #require(object["cells"] as? [[[Any]]])
        #expect(cells[0][0][0] as? String == "a")
        #expect(cells[0][0][1] as? Int == 1)
        #expect(cells[0][0][2] as? String == "#010203")
        #expect(cells[0][0][3] as? Int == 200)
        #expect(cells[0][0][4] as? String == "br")
        #expect(cells[0][1][2] is NSNull)
        let pictures = try #require(object["pictures"] as? [[String: Any]])
        #expect(pictures.first?["id"] as? Int == 7)
        #expect(pictures.first?["image"] as? String == "screen.json.pictures/7-1.png")
    }

    @Test func cursesColourNumbersResolveAsTheDriverMeantThem() {
        #expect(ScreenDump.ResolvedColor(cursesValue: -1, direct: true) == .terminalDefault)
        #expect(ScreenDump.ResolvedColor(cursesValue: 3, direct: true) == .palette(3))
        #expect(ScreenDump.ResolvedColor(cursesValue: 0x10_20_30, direct: true) == .rgb(0x10, 0x20, 0x30))
        #expect(ScreenDump.ResolvedColor(cursesValue: 200, direct: false) == .palette(200))
    }
}
