import Testing

@testable import TerminalUI

@Suite struct CellGridTests {
    @Test func blitClipsAtTheEdges() {
        var grid = CellGrid(width: 3, height: 2)
        let patch = CellGrid(width: 2, height: 2, fill: Cell("x"))
        grid.blit(patch, x: 2, y: 1)
        #expect(grid[2, 1].text == "x")
        #expect(grid[1, 1].text == " ")
        #expect(grid[2, 0].text == " ")
    }

    @Test func fillClipsAtTheEdgesAndIgnoresRectanglesOutside() {
        var grid = CellGrid(width: 3, height: 2)
        grid.fill(CellRect(x: 2, y: 1, width: 2, height: 2), with: Cell("x"))
        #expect(grid[2, 1].text == "x" && grid[1, 1].text == " " && grid[2, 0].text == " ")
        // Wholly beside, below or before the grid (a picture's cells past a narrow pane): nothing, no trap.
        for rect in [
            CellRect(x: 5, y: 0, width: 2, height: 1), CellRect(x: 0, y: 4, width: 1, height: 1),
            CellRect(x: -4, y: -4, width: 2, height: 2),
        ] {
            grid.fill(rect, with: Cell("y"))
        }
        #expect(!(0..<2).contains { y in (0..<3).contains { grid[$0, y].text == "y" } })
    }
}
