import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct OverlayBoxTests {
    @Test func aLongTitleStopsShortOfTheCorners() throws {
        var grid = CellGrid(width: 30, height: 10)
        let box = try #require(
            OverlayBox.draw(
                into: &grid, title: String(repeating: "title ", count: 10), lines: ["a line"], footer: "f",
                context: ViewFixtures.context))
        #expect(box.width == 30)
        #expect(grid[box.x, box.y].text == "┌" && grid[box.x + box.width - 1, box.y].text == "┐")
        #expect(ViewFixtures.rows(grid)[box.y].contains("…"))
    }

    @Test func theBoxIsCentredInItsRegion() throws {
        var grid = CellGrid(width: 80, height: 20)
        let region = CellRect(x: 50, y: 0, width: 30, height: 20)
        let box = try #require(
            OverlayBox.draw(
                into: &grid, in: region, title: "T", lines: ["a line"], footer: "f", context: ViewFixtures.context))
        #expect(box.x >= 50 && box.x + box.width <= 80 && box.y > 0 && box.y + box.height < 20)
        #expect((0..<50).allSatisfy { x in (0..<20).allSatisfy { grid[x, $0] == .blank } })
    }
}
