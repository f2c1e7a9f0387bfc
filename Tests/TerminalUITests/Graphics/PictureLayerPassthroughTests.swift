import Imaging
import Testing

@testable import TerminalUI

/// Pictures through tmux: wrapped in its passthrough, placed from the pane's corner on the outer screen, and
/// kitty's Unicode placeholders written into the pane's cells.
@Suite struct PictureLayerPassthroughTests {
    private static let cell = GraphicsSetup.testCell
    /// A pane whose corner is column 51, row 2 of the outer screen.
    private static let tmux = Multiplexer(
        kind: .tmux, allowsPassthrough: true, version: "3.3a", outerTerminalName: "xterm", paneColumn: 51,
        paneRow: 2)

    private func layer(_ graphicsProtocol: GraphicsProtocol, placeholders: Bool = false) -> PictureLayer {
        var setup = GraphicsSetup.forTests(graphicsProtocol, sixelColors: 16)
        setup.passthrough = Self.tmux
        setup.usesUnicodePlaceholders = placeholders
        return PictureLayer(setup: setup)
    }

    private func picture(id: UInt32 = 7, x: Int = 10, y: Int = 2, columns: Int = 3, rows: Int = 2, shade: UInt8 = 200)
        -> PixelPicture
    {
        let (width, height) = Self.cell.imagePixels(columns: columns, rows: rows)
        return PixelPicture(
            id: id, area: CellRect(x: x, y: y, width: columns, height: rows),
            image: RGBAImage(width: width, height: height, fill: RGBA8(r: shade, g: 40, b: 90)))
    }

    /// The passthrough sequences of `output`, unwrapped, and what is left outside them (for tmux itself).
    private func split(_ output: String) -> (passed: [String], outside: String) {
        var passed: [String] = []
        var outside = ""
        var rest = Substring(output)
        while let start = rest.range(of: "\u{1B}Ptmux;") {
            outside += rest[..<start.lowerBound]
            var inner = ""
            var index = start.upperBound
            // Inside, ESC ESC is one ESC; ESC \ ends it.
            while index < rest.endIndex {
                let character = rest[index]
                let next = rest.index(after: index)
                if character == "\u{1B}", next < rest.endIndex {
                    if rest[next] == "\\" { index = rest.index(after: next); break }
                    inner.append("\u{1B}")
                    index = rest.index(after: next)
                    continue
                }
                inner.append(character)
                index = next
            }
            passed.append(inner)
            rest = rest[index...]
        }
        return (passed, outside + rest)
    }

    @Test func sixelGoesWrappedWithItsOwnCursorMove() throws {
        var layer = layer(.sixel)
        let update = layer.update(to: [picture()], painted: [], fullRepaint: true)
        let (passed, outside) = split(update.output)
        #expect(outside == "\u{1B}7\u{1B}[r\u{1B}8", "only the cursor save, tmux's flush and the restore stay outside")
        let sixel = try #require(passed.first)
        #expect(passed.count == 1)
        // Row 2, column 10 of the pane is row 4, column 61 of the outer screen (1-based: 5;62).
        #expect(sixel.hasPrefix("\u{1B}[?25l\u{1B}[5;62H\u{1B}P"))
        #expect(sixel.hasSuffix("\u{1B}\\"))
    }

    @Test(arguments: [GraphicsProtocol.sixel, .iterm, .kitty])
    func everyPicturesPassthroughHidesTheOuterCursorFirst(_ graphicsProtocol: GraphicsProtocol) {
        // tmux shows the outer cursor after each passthrough sequence; shown on a sixel picture's first cell
        // while it is drawn, xterm blanked that cell when the cursor moved on (graphics-tmux.sh, a window switch).
        var layer = layer(graphicsProtocol)
        let pictures = [picture(), picture(id: 8, x: 30), picture(id: 9, x: 50, y: 5)]
        let (passed, _) = split(layer.update(to: pictures, painted: [], fullRepaint: true).output)
        let moves = passed.filter { $0.contains("H\u{1B}") }
        #expect(moves.count == 3)
        #expect(moves.allSatisfy { $0.hasPrefix(PictureLayer.hideCursor + "\u{1B}[") })
        // Without tmux curses keeps the cursor hidden: nothing is added.
        var direct = PictureLayer(setup: .forTests(graphicsProtocol, sixelColors: 16))
        #expect(!direct.update(to: pictures, painted: [], fullRepaint: true).output.contains(PictureLayer.hideCursor))
    }

    @Test(arguments: [(GraphicsProtocol.sixel, false), (.kitty, false), (.kitty, true), (.iterm, false)])
    func tmuxSendsTheFramesCellsOutBeforeItsFirstPicture(_ graphicsProtocol: GraphicsProtocol, placeholders: Bool) {
        // tmux passes a passthrough sequence on at once but keeps the cells it was just given until the end of
        // what it read: the full-screen scroll region (which makes it send them) comes before every picture.
        var layer = layer(graphicsProtocol, placeholders: placeholders)
        let output = layer.update(to: [picture()], painted: [], fullRepaint: true).output
        #expect(output.hasPrefix(PictureLayer.saveCursor + PictureLayer.flushTmuxCells + "\u{1B}P"))
        #expect(output.components(separatedBy: PictureLayer.flushTmuxCells).count == 2, "once a frame")
        // Without tmux there is nothing to flush.
        var direct = PictureLayer(setup: .forTests(graphicsProtocol, sixelColors: 16))
        #expect(!direct.update(to: [picture()], painted: [], fullRepaint: true).output.contains("\u{1B}[r"))
    }

    @Test func kittyPlacementsAndDeletionsGoWrapped() throws {
        var layer = layer(.kitty)
        let first = layer.update(to: [picture()], painted: [], fullRepaint: true)
        let (passed, outside) = split(first.output)
        #expect(outside == "\u{1B}7\u{1B}[r\u{1B}8")
        // One chunk: the move and the picture in one passthrough (kitty places it where the cursor is when the
        // last chunk arrives, and tmux puts the outer cursor back between passthrough sequences).
        #expect(passed.count == 1)
        #expect(passed[0].hasPrefix("\u{1B}[?25l\u{1B}[5;62H\u{1B}_Ga=T,f=100,i=7,c=3,r=2,C=1,q=2"))
        #expect(passed[0].hasSuffix("\u{1B}\\"))
        let gone = layer.update(to: [], painted: [], fullRepaint: false)
        #expect(split(gone.output).passed == [KittyGraphics.delete(id: 7)])
    }

    @Test func aHeldKittyImagePlacedAgainMovesTheCursorInTheSamePassthrough() throws {
        var layer = layer(.kitty)
        let avatar = picture()
        _ = layer.update(to: [avatar, picture(id: 8, x: 30)], painted: [], fullRepaint: true)
        // Scrolled away (the other picture stays, so the image is held) and back: placed again, not sent.
        _ = layer.update(to: [picture(id: 8, x: 30)], painted: [], fullRepaint: false)
        let back = layer.update(to: [avatar, picture(id: 8, x: 30)], painted: [], fullRepaint: false)
        #expect(back.placed == [7])
        // tmux puts the outer cursor back between passthrough sequences: the move must share the placement's.
        let (passed, _) = split(back.output)
        #expect(passed == ["\u{1B}[?25l\u{1B}[5;62H" + KittyGraphics.place(id: 7, columns: 3, rows: 2)])
    }

    @Test func aChunkedKittyPictureMovesTheCursorInItsLastChunksPassthrough() throws {
        // Pixels that do not compress: a PNG of many chunks.
        var noisy = picture(columns: 20, rows: 10)
        var state: UInt32 = 1
        for index in noisy.image.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            noisy.image.pixels[index] = index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24)
        }
        var layer = layer(.kitty)
        let (passed, _) = split(layer.update(to: [noisy], painted: [], fullRepaint: true).output)
        #expect(passed.count > 2)
        #expect(passed[0].hasPrefix("\u{1B}_Ga=T,f=100,i=7,c=20,r=10,C=1,q=2,m=1;"))
        #expect(passed.dropLast().allSatisfy { $0.hasPrefix("\u{1B}_G") && !$0.contains("\u{1B}[") })
        let last = try #require(passed.last)
        #expect(last.hasPrefix("\u{1B}[?25l\u{1B}[5;62H\u{1B}_Gm=0;"))
    }

    /// The placeholder cells of `text`: for each, the row and column its diacritics name.
    private func placeholderCells(_ text: String) -> [(row: Int, column: Int)] {
        let diacritics = KittyGraphics.placeholderDiacritics
        var cells: [(Int, Int)] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 2 < scalars.count {
            if scalars[index] == KittyGraphics.placeholder,
                let row = diacritics.firstIndex(of: scalars[index + 1]),
                let column = diacritics.firstIndex(of: scalars[index + 2])
            {
                cells.append((row, column))
                index += 3
            } else {
                index += 1
            }
        }
        return cells
    }

    @Test func placeholdersAreTextInThePaneAndTheImageGoesWrapped() throws {
        var layer = layer(.kitty, placeholders: true)
        let update = layer.update(to: [picture()], painted: [], fullRepaint: true)
        let (passed, outside) = split(update.output)
        // The image: transmitted (not shown) under id 16 (the first above the ANSI colours), then placed virtually over 3 x 2 cells.
        #expect(passed.first?.hasPrefix("\u{1B}_Ga=t,f=100,i=16,q=2") == true)
        #expect(passed.last == "\u{1B}_Ga=p,U=1,i=16,c=3,r=2,q=2\u{1B}\\")
        #expect(!passed.contains { $0.contains("\u{1B}[") && !$0.hasPrefix("\u{1B}_G") }, "no cursor move passes")
        // The cells: written for tmux at the pane's own coordinates, foreground 256-colour 1 (the image id).
        #expect(outside.hasPrefix("\u{1B}7\u{1B}[r\u{1B}[3;11H\u{1B}[38;5;16m"))
        #expect(outside.contains("\u{1B}[4;11H\u{1B}[38;5;16m"))
        let cells = placeholderCells(outside)
        #expect(cells.map(\.row) == [0, 0, 0, 1, 1, 1] && cells.map(\.column) == [0, 1, 2, 0, 1, 2])
        #expect(outside.hasSuffix("\u{1B}[39m\u{1B}8"))
        // Unchanged: nothing. Text painted into its cells: the placeholders are written again.
        #expect(layer.update(to: [picture()], painted: [], fullRepaint: false).output.isEmpty)
        let painted = layer.update(
            to: [picture()], painted: [ChangedCells.Paint(x: 11, y: 3, cell: Cell("x"))], fullRepaint: false)
        #expect(painted.sent == [7])
        // Gone: its rows are repainted (the placeholders are text) and the image freed.
        let gone = layer.update(to: [], painted: [], fullRepaint: false)
        #expect(gone.rowsToRepaint == [2, 3])
        #expect(split(gone.output).passed == [KittyGraphics.free(id: 16)])
    }

    @Test func placeholderIdsAreHeldWhileAPictureStaysAndFreedWhenItGoes() throws {
        var layer = layer(.kitty, placeholders: true)
        _ = layer.update(to: [picture(id: 40), picture(id: 41, x: 20, y: 10)], painted: [], fullRepaint: true)
        // Picture 40 changes: sent again under its id 16; 41 keeps 17.
        let changed = layer.update(
            to: [picture(id: 40, shade: 9), picture(id: 41, x: 20, y: 10)], painted: [], fullRepaint: false)
        #expect(changed.sent == [40])
        #expect(split(changed.output).passed.first?.hasPrefix("\u{1B}_Ga=t,f=100,i=16,") == true)
        // 40 goes, a new picture comes: it gets the freed id 16.
        let replaced = layer.update(
            to: [picture(id: 41, x: 20, y: 10), picture(id: 42, x: 30)], painted: [], fullRepaint: false)
        let passed = split(replaced.output).passed
        #expect(passed.first == KittyGraphics.free(id: 16))
        #expect(passed.contains { $0.hasPrefix("\u{1B}_Ga=t,f=100,i=16,") })
        #expect(replaced.sent == [42])
    }

    @Test func placeholderRowsNameTheirCellsWithinTheTable() {
        let rows = KittyGraphics.placeholderRows(id: 300, columns: 2, rows: 1)
        #expect(rows == ["\u{1B}[38;5;255m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m"])
        #expect(KittyGraphics.placeholderDiacritics.count == 297)
        #expect(KittyGraphics.placeholderRows(id: 1, columns: 400, rows: 400).count == 297)
        #expect(
            KittyGraphics.placeholderRows(id: 20, columns: -1, rows: 2) == [
                "\u{1B}[38;5;20m\u{1B}[39m", "\u{1B}[38;5;20m\u{1B}[39m",
            ])
    }
}
