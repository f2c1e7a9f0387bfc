import Imaging
import Testing

@testable import TerminalUI

/// A full repaint (Ctrl-L, the focus back after a tmux window switch, SIGCONT): the layer forgets what it
/// believed the terminal holds, so the next frame sends every picture whole.
@Suite struct PictureInvalidationTests {
    private func picture(_ id: UInt32, row: Int) -> PixelPicture {
        let (width, height) = GraphicsSetup.testCell.imagePixels(columns: 3, rows: 2)
        return PixelPicture(
            id: id, area: CellRect(x: 1, y: row * 2, width: 3, height: 2),
            image: RGBAImage(width: width, height: height, fill: RGBA8(r: UInt8(id * 40), g: 90, b: 20)))
    }

    @Test func afterInvalidateAllEveryPictureIsSentWhole() {
        for graphicsProtocol in [GraphicsProtocol.sixel, .iterm, .kitty] {
            var layer = PictureLayer(setup: .forTests(graphicsProtocol))
            let pictures = [picture(1, row: 0), picture(2, row: 1)]
            _ = layer.update(to: pictures, painted: [], fullRepaint: true)
            // The same pictures again: nothing to send.
            #expect(layer.update(to: pictures, painted: [], fullRepaint: false).sent.isEmpty)
            layer.invalidateAll()
            let repainted = layer.update(to: pictures, painted: [], fullRepaint: false)
            #expect(repainted.sent == [1, 2] && repainted.placed.isEmpty, "\(graphicsProtocol)")
            // Only that frame: the next one sends nothing again.
            #expect(layer.update(to: pictures, painted: [], fullRepaint: false).sent.isEmpty, "\(graphicsProtocol)")
        }
    }

    @Test func kittyDeletesWhatTheTerminalMayHoldBeforeSendingAgain() {
        var layer = PictureLayer(setup: .forTests(.kitty))
        let first = picture(1, row: 0)
        _ = layer.update(to: [first], painted: [], fullRepaint: true)
        // A picture scrolled away is held by the terminal and would be placed again without its pixels ...
        _ = layer.update(to: [picture(2, row: 0)], painted: [], fullRepaint: false)
        layer.invalidateAll()
        let back = layer.update(to: [first], painted: [], fullRepaint: false)
        // ... but after a repaint it is sent whole, after every image is deleted.
        #expect(back.sent == [1] && back.placed.isEmpty)
        #expect(back.output.hasPrefix("\u{1B}7" + KittyGraphics.deleteAll))
        #expect(back.output.hasSuffix("\u{1B}8"))
        // With no picture on the next frame, the deletion still goes.
        layer.invalidateAll()
        #expect(
            layer.update(to: [], painted: [], fullRepaint: false).output == "\u{1B}7" + KittyGraphics.deleteAll
                + "\u{1B}8")
    }

    @Test func halfBlocksHaveNothingToForget() {
        var layer = PictureLayer(setup: .halfBlocks)
        layer.invalidateAll()
        #expect(layer.update(to: [picture(1, row: 0)], painted: [], fullRepaint: false) == PictureLayer.Update())
    }
}
