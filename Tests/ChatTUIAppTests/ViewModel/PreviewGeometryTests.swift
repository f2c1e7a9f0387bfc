import ChatTUITestSupport
import GroupExport
import GroupIcon
import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct PreviewGeometryTests {
    @Test func previewCompositeHasAtLeastAsManyPixelsAsItShows() {
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        // A 60x30 pane shows a 56-column picture: the 132 pt composite at scale 1 is enough.
        #expect(PreviewGeometry.imageParameters(state, width: 60, height: 30).scale == 1)
        // A 300x100 pane: picture rows 98 -> 196 columns; 196 / 132 -> scale 2.
        #expect(PreviewGeometry.imageParameters(state, width: 300, height: 100).scale == 2)
        // Zoomed far in, the scale stops at 4.
        state.zoomPercent = 400
        #expect(PreviewGeometry.imageParameters(state, width: 300, height: 100).scale == 4)
        // Only the scale changes; the exported parameters stay the state's.
        var expected = state.parameters
        expected.scale = 4
        #expect(PreviewGeometry.imageParameters(state, width: 300, height: 100) == expected)
        #expect(state.parameters.scale == 1)
    }
}

@Suite struct PixelPreviewGeometryTests {
    @Test func pixelPicturesAskForAsManyPixelsAsTheirCellsHave() {
        var state = ViewFixtures.state(ViewFixtures.groups(1))
        // 60 x 28 cells under the title: in half blocks 56 px; at 4 x 8 px cells 224 px (scale 2) ...
        #expect(PreviewGeometry.imageParameters(state, width: 60, height: 30).scale == 1)
        #expect(
            PreviewGeometry.imageParameters(
                state, width: 60, height: 30,
                pixelCell: CellPixelSize(width: 4, height: 8)
            ).scale == 2)
        // ... at 10 x 20 px cells 560 px: the largest scale.
        #expect(
            PreviewGeometry.imageParameters(
                state, width: 60, height: 30,
                pixelCell: CellPixelSize(width: 10, height: 20)
            ).scale == 4)
        // The 1:1 view shows the export's own pixels.
        state.actualPixels = ActualPixelsView()
        #expect(
            PreviewGeometry.imageParameters(
                state, width: 60, height: 30,
                pixelCell: CellPixelSize(width: 10, height: 20)
            ).scale == 1)
    }
}
