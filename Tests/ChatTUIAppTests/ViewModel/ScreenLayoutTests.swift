import TerminalUI
import Testing

@testable import ChatTUIApp

@Suite struct ScreenLayoutTests {
    @Test func withThePanelOpenThePreviewGetsHalfTheWidth() {
        for width in 140...160 {
            let layout = ScreenLayout(width: width, height: 40, panel: .automatic)
            #expect(layout.panel != nil)
            #expect(layout.preview.width * 2 >= width, "preview \(layout.preview.width) of \(width) columns")
            // The parts still tile the screen: list, separator, preview, separator, panel.
            #expect(layout.list.width + 1 + layout.preview.width + 1 + ScreenLayout.panelWidth == width)
            #expect(layout.list.width >= ScreenLayout.narrowListWidth)
        }
    }

    @Test func closingThePanelGivesTheListItsWidthBack() {
        let open = ScreenLayout(width: 150, height: 40, panel: .shown)
        let closed = ScreenLayout(width: 150, height: 40, panel: .hidden)
        #expect(open.list.width == 31 && open.preview.width == 75)
        #expect(closed.list.width == 60 && closed.preview.width == 89)
    }

    @Test func theListNeverNarrowsBelowAvatarAndName() {
        let requested = ScreenLayout(width: ScreenLayout.requestedPanelWidth, height: 30, panel: .shown)
        #expect(requested.list.width == ScreenLayout.narrowListWidth)
        #expect(
            requested.preview.width == ScreenLayout.requestedPanelWidth - ScreenLayout.narrowListWidth - 2
                - ScreenLayout.panelWidth)
        // Without the panel, narrow screens keep the list they had.
        #expect(ScreenLayout(width: 80, height: 24).list.width == 32)
    }

    @Test func rowsGrowToFitAPixelAvatar() {
        let large = ScreenLayout.avatarCells(pixels: 96, cell: CellPixelSize(width: 10, height: 20))
        #expect(large.columns == 10 && large.rows == 5)
        let standard = ScreenLayout.avatarCells(pixels: 48, cell: CellPixelSize(width: 8, height: 16))
        #expect(standard.columns == 6 && standard.rows == 3)
        #expect(ScreenLayout(width: 100, height: 30).rowHeight == 3)
        #expect(ScreenLayout(width: 100, height: 30, avatarRows: 6).rowHeight == 6)
        // A smaller avatar keeps the standard height; a huge one is held to the list's height.
        #expect(ScreenLayout(width: 100, height: 30, avatarRows: 2).rowHeight == 3)
        #expect(ScreenLayout(width: 100, height: 10, avatarRows: 40).rowHeight == 9)
    }
}
