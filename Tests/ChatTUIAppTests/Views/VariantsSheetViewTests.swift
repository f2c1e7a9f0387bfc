import Fixtures
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

/// The variants sheet's selected cell is marked: its label highlighted on the pane's second line and a frame
/// around its cell, in the cells (half blocks) or in the sheet's pixels.
@Suite struct VariantsSheetViewTests {
    private func state(selection: Int?) -> AppState {
        var state = ViewFixtures.state(ViewFixtures.groups(2))
        state.showsSheet = true
        state.sheetSelection = selection
        return state
    }

    @Test func halfBlocksHighlightTheSelectedLabelAndFrameItsCell() throws {
        let context = ViewFixtures.context
        let (grid, _) = VariantsSheetView.compose(
            state(selection: 4), try #require(state(selection: 4).selectedGroup), width: 80, height: 30,
            source: FakeCellSource(), context: context)
        let labels = ViewFixtures.rows(grid)[1]
        let five = try #require(labels.range(of: " 5 "))
        let x = labels.distance(from: labels.startIndex, to: five.lowerBound) + 1
        #expect(grid[x, 1].text == "5" && grid[x, 1].style.contains(.reverse))
        #expect(!grid[x - 2, 1].style.contains(.reverse))
        let geometry = try #require(SheetGeometry.shown(state(selection: 4), width: 80, height: 30, context: context))
        let cells = geometry.cells(of: try #require(geometry.box(ofCell: 4)))
        #expect(cells.width >= 3 && cells.height >= 3)
        #expect(grid[cells.x, cells.y].text == "┏")
        #expect(grid[cells.x + cells.width - 1, cells.y + cells.height - 1].text == "┛")
        #expect(grid[cells.x + 1, cells.y].text == "━" && grid[cells.x, cells.y + 1].text == "┃")

        let (plain, _) = VariantsSheetView.compose(
            state(selection: nil), try #require(state(selection: nil).selectedGroup), width: 80, height: 30,
            source: FakeCellSource(), context: context)
        #expect(!ViewFixtures.rows(plain).joined().contains("┏"))
        #expect(!(0..<80).contains { plain[$0, 1].style.contains(.reverse) })
    }

    @Test func pixelsGetTheFrameDrawnIntoTheSheet() throws {
        var context = ViewFixtures.context
        context.graphics = GraphicsSetup(
            graphicsProtocol: .kitty, reason: "test", cellPixelSize: CellPixelSize(width: 8, height: 16),
            cellSizeIsKnown: true, sixelColors: 256)
        let selected = state(selection: 0)
        let (_, pictures) = VariantsSheetView.compose(
            selected, try #require(selected.selectedGroup), width: 80, height: 30, source: FakeCellSource(),
            context: context)
        let picture = try #require(pictures.first)
        let geometry = try #require(SheetGeometry.shown(selected, width: 80, height: 30, context: context))
        let rect = geometry.rect(of: try #require(geometry.box(ofCell: 0)))
        // The frame's top-left pixel, in the picture's pixels (the picture starts at its area's cell).
        let left = Int(((rect.minX - Double(picture.area.x)) * 8).rounded())
        let top = Int(((rect.minY - Double(picture.area.y)) * 16).rounded())
        #expect(picture.image[left + 1, top + 1] == VariantsSheetView.selectionPixelColor)
        #expect(picture.image[left + 20, top + 20] == .white)
        let (_, unselected) = VariantsSheetView.compose(
            state(selection: nil), try #require(selected.selectedGroup), width: 80, height: 30,
            source: FakeCellSource(), context: context)
        #expect(unselected.first?.image[left + 1, top + 1] == .white)
    }

    @Test func aSheetAboveTheMemoryLimitIsDrawnAtAScaleThatFitsAndSaysSo() throws {
        var selected = state(selection: nil)
        selected.parameters.size = 1024
        selected.parameters.scale = 4
        let group = try #require(selected.selectedGroup)
        var context = ViewFixtures.context
        context.memoryLimit = 192 << 20
        // At scale 4 the sheet holds about 2.4 GB; at 1, under 192 MB.
        #expect(VariantsSheetView.drawnScale(selected, group, context: context) == 1)
        let (grid, _) = VariantsSheetView.compose(
            selected, group, width: 100, height: 30, source: FakeCellSource(), context: context)
        #expect(ViewFixtures.rows(grid)[0].contains("Variants at scale 1 (memory limit)"))
        // Within the limit (or without one) the parameters' own scale, and nothing said.
        context.memoryLimit = nil
        #expect(VariantsSheetView.drawnScale(selected, group, context: context) == 4)
        let (plain, _) = VariantsSheetView.compose(
            selected, group, width: 100, height: 30, source: FakeCellSource(), context: context)
        #expect(!ViewFixtures.rows(plain)[0].contains("memory limit"))
    }
}
