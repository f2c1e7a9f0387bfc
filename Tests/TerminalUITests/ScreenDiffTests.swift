import Testing

@testable import TerminalUI

@Suite struct ScreenDiffTests {
    /// A one-colour grid with the given cells changed to "x".
    private func grid(width: Int = 6, height: Int = 3, changed: [(x: Int, y: Int)] = []) -> CellGrid {
        var result = CellGrid(width: width, height: height)
        for position in changed { result[position.x, position.y] = Cell("x") }
        return result
    }

    private func runs(_ diff: ScreenDiff) -> [[Int]] {
        diff.runs.map { [$0.row, $0.columns.lowerBound, $0.columns.upperBound] }
    }

    @Test func identicalGridsNeedNothing() {
        let diff = ScreenDiff(from: grid(), to: grid())
        #expect(diff.runs.isEmpty)
        #expect(!diff.isFullRepaint)
    }

    @Test func firstFrameRepaintsEverything() {
        let diff = ScreenDiff(from: nil, to: grid(width: 4, height: 2))
        #expect(diff.isFullRepaint)
        #expect(runs(diff) == [[0, 0, 4], [1, 0, 4]])
    }

    @Test func sizeChangeRepaintsEverything() {
        let diff = ScreenDiff(from: grid(width: 4, height: 2), to: grid(width: 3, height: 2))
        #expect(diff.isFullRepaint)
        #expect(runs(diff) == [[0, 0, 3], [1, 0, 3]])
        #expect(ScreenDiff(from: grid(), to: CellGrid(width: 0, height: 0)).runs.isEmpty)
    }

    @Test func changedCellsFormMaximalRuns() {
        let next = grid(changed: [(1, 0), (2, 0), (3, 0), (5, 0), (0, 2)])
        #expect(runs(ScreenDiff(from: grid(), to: next)) == [[0, 1, 4], [0, 5, 6], [2, 0, 1]])
    }

    @Test func colorOnlyChangesCount() {
        var next = grid()
        next[4, 1] = Cell(" ", background: .indexed(200))
        #expect(runs(ScreenDiff(from: grid(), to: next)) == [[1, 4, 5]])
    }

    @Test func wideGraphemesAreRepaintedWhole() {
        var previous = grid()
        previous[2, 1] = Cell("你"); previous[3, 1] = .continuation
        var next = previous
        next[2, 1] = Cell("好")
        // The lead cell changed: its continuation half goes with it.
        #expect(runs(ScreenDiff(from: previous, to: next)) == [[1, 2, 4]])
        // Only the continuation differs (a different wide grapheme ended there before): start at the lead.
        var before = grid()
        before[3, 1] = Cell("y")
        var after = grid()
        after[2, 1] = Cell("你"); after[3, 1] = .continuation
        before[2, 1] = Cell("你")
        #expect(runs(ScreenDiff(from: before, to: after)) == [[1, 2, 4]])
    }

    /// An overlay's border over the right half of a wide grapheme (the help box's `│` over a list row's `点`): the
    /// left half is repainted too, as a space, so the terminal never keeps the grapheme whole beside the border.
    @Test func aCellOverTheRightHalfOfAWideGraphemeRepaintsItsLeftHalf() {
        var previous = grid()
        previous[1, 0] = Cell("8"); previous[2, 0] = Cell("点"); previous[3, 0] = .continuation
        var next = previous
        next[3, 0] = Cell("│")
        #expect(runs(ScreenDiff(from: previous, to: next)) == [[0, 2, 4]])
        let paints = ChangedCells.paints(from: previous, to: next, unicode: true)
        #expect(paints.map { [$0.x: $0.cell.text] } == [[2: " "], [3: "│"]])
    }
}
