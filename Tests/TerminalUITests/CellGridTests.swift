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
}
