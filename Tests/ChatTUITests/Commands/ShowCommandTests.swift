import ArgumentParsing
import Foundation
import GroupIcon
import Support
import TerminalUI
import Testing

@testable import ChatTUI

/// `chat-tui show`: a group's composite or an image file drawn as text; half blocks with colours when standard
/// output is no terminal (nothing asked of it), sized in cells by --width/--height and the picture's shape.
@Suite struct ShowCommandTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let samples = root.appendingPathComponent("sample-data").path

    private func run(_ arguments: [String]) async -> (ArgumentParsing.ExitStatus, out: String, err: String) {
        let out = LockedText(), err = LockedText()
        let output = CommandOutput(
            standardOutput: { out.append($0) }, standardError: { err.append($0) }, errorIsTerminal: false,
            outputIsTerminal: false)
        return (await CommandLineTool.chatTUI.run(["show"] + arguments, output: output), out.text, err.text)
    }

    @Test func aGroupIsDrawnAsColouredHalfBlocksWhenOutputIsNoTerminal() async {
        let (status, out, err) = await run([
            "--fixtures", Self.samples + "/groups.json", "--group", "ride", "--width", "24", "--color", "truecolor",
            "--no-cache",
        ])
        #expect(status == .success, "\(err)")
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 12, "a square picture is half as many rows as columns")
        #expect(out.contains("▀") && out.contains("\u{1B}[38;2;") && out.contains(";48;2;"))
        #expect(!out.contains("\u{1B}_G") && !out.contains("\u{1B}P"), "no pixel protocol off a terminal")
        #expect(lines.allSatisfy { $0.hasSuffix(SGR.reset) })
    }

    @Test func aFileIsDrawnInItsShape() async {
        // bob.png is square: 10 rows of 20 cells, or 20 columns for --height 10.
        let file = Self.samples + "/avatars/bob.png"
        for arguments in [["--width", "20"], ["--height", "10"]] {
            let (status, out, _) = await run([file, "--color", "256"] + arguments)
            #expect(status == .success)
            let rows = out.split(separator: "\n")
            #expect(rows.count == 10 && rows.allSatisfy { $0.components(separatedBy: "▀").count - 1 <= 20 })
            #expect(out.contains("\u{1B}[38;5;") && !out.contains("38;2;"))
        }
        let (_, both, _) = await run([file, "--width", "7", "--height", "3", "--color", "none"])
        #expect(both.split(separator: "\n").count == 3 && !both.contains("\u{1B}["))
    }

    @Test func ditherChoosesHowThePaletteMixesColours() async {
        // In 256 colours the standard (tempered) and `--dither tempered` agree; `diffusion` and `none` draw
        // other cells; an unknown mode is a usage error naming the choices.
        let file = Self.samples + "/avatars/bob.png"
        let (_, standard, _) = await run([file, "--width", "20", "--color", "256"])
        let (tempered, calm, _) = await run([file, "--width", "20", "--color", "256", "--dither", "tempered"])
        let (diffusion, diffused, _) = await run([file, "--width", "20", "--color", "256", "--dither", "diffusion"])
        let (none, flat, _) = await run([file, "--width", "20", "--color", "256", "--dither", "None"])
        #expect(tempered == .success && diffusion == .success && none == .success)
        #expect(calm == standard)
        #expect(diffused != calm && flat != calm && flat != diffused && flat.contains("\u{1B}[38;5;"))
        let (status, _, err) = await run([file, "--dither", "noise"])
        let choices = "none, ordered, diffusion, tempered"
        #expect(status == .usage && err.contains("--dither: expected one of \(choices), got 'noise'"))
    }

    @Test func sizesFollowThePicturesShapeOnItsCells() {
        let halfBlock = CellPixelSize.halfBlock
        #expect(ShowCommand.cells(image: (100, 100), cell: halfBlock, width: nil, height: nil) == (32, 16))
        #expect(ShowCommand.cells(image: (200, 100), cell: halfBlock, width: 40, height: nil) == (40, 10))
        #expect(
            ShowCommand.cells(image: (100, 100), cell: CellPixelSize(width: 10, height: 20), width: nil, height: 8)
                == (16, 8))
        #expect(ShowCommand.cells(image: (100, 100), cell: halfBlock, width: 5, height: 9) == (5, 9))
    }

    @Test func pixelProtocolsOnATerminalLeaveTheCursorBelowThePicture() throws {
        let image = RGBAImage(width: 8, height: 8, fill: .white)
        var kitty = GraphicsSetup.halfBlocks
        kitty.graphicsProtocol = .kitty
        kitty.cellPixelSize = CellPixelSize(width: 8, height: 16)
        let drawn = try ShowCommand.drawing(image, setup: kitty, mode: .truecolor, width: 10, height: nil)
        #expect(drawn.hasPrefix("\u{1B}_Ga=T,f=100,i=1,c=10,r=5,"))
        #expect(drawn.hasSuffix("\u{1B}\\\n\n\n\n\n"))
    }

    @Test func aPictureIsNeverLargerThanTheAppsLimitsOnHugeCells() throws {
        // 64 x 128 px cells (the largest a terminal may report) and --width 400 asked for 25600 px square
        // (10 GB with the resampler's work); the picture keeps its shape in fewer cells, within the limits.
        var setup = GraphicsSetup.halfBlocks
        setup.cellPixelSize = CellPixelSize(width: 64, height: 128)
        setup.cellSizeIsKnown = true
        for graphicsProtocol in [GraphicsProtocol.sixel, .iterm, .kitty] {
            setup.graphicsProtocol = graphicsProtocol
            let planned = ShowCommand.pictureCells(image: (64, 64), setup: setup, width: 400, height: nil)
            #expect(planned.columns * 64 <= PictureFrame.maximumSide && abs(planned.columns - 2 * planned.rows) <= 1)
            #expect(planned.columns * 64 * planned.rows * 128 <= PictureFrame.maximumPixels)
            #expect(planned.asked?.columns == 400 && planned.asked?.rows == 200)
        }
        // Drawn: a wide picture (25600 x 384 px asked) is sent 4096 px across, the most a side may have.
        setup.graphicsProtocol = .sixel
        let wide = RGBAImage(width: 64, height: 1, fill: .white)
        let sixel = try ShowCommand.drawing(wide, setup: setup, mode: .truecolor, width: 400, height: nil)
        // The sixel's raster attributes: "Pan;Pad;Ph;Pv, its size in pixels.
        let raster = try #require(sixel.firstMatch(of: #/"1;1;(\d+);(\d+)/#))
        #expect(Int(raster.output.1) == PictureFrame.maximumSide && Int(raster.output.2) == 128)
        // kitty gets no more pixels than its cells show: a large image goes at the cells' pixels.
        setup.graphicsProtocol = .kitty
        let large = RGBAImage(width: 1500, height: 1500, fill: .white)
        let kitty = try ShowCommand.drawing(large, setup: setup, mode: .truecolor, width: 4, height: nil)
        let small = try ShowCommand.drawing(
            RGBAImage(width: 256, height: 256, fill: .white), setup: setup, mode: .truecolor, width: 4, height: nil)
        #expect(kitty == small, "1500 px reduced to the 4 x 2 cells' 256 x 256 px")
        let note = ShowCommand.reductionNote(
            columns: 63, rows: 31, asked: (400, 200), cell: CellPixelSize(width: 64, height: 128))
        #expect(note.contains("63 x 31 cells") && note.contains("25600 x 25600 px") && note.contains("4096 px a side"))
    }

    @Test func aSideWorkedOutFromTheShapeStaysWithinTheLargestWidth() {
        // A 4096 x 1 picture at --height 1000 would be millions of columns of half blocks.
        let halfBlock = CellPixelSize.halfBlock
        let (columns, rows) = ShowCommand.cells(image: (4096, 1), cell: halfBlock, width: nil, height: 1000)
        #expect(columns == 1000 && rows == 1)
        #expect(ShowCommand.cells(image: (1, 4096), cell: halfBlock, width: 1000, height: nil) == (1, 1000))
    }

    @Test func mistakesAreUsageErrorsOrNameTheFile() async {
        let (both, _, bothErr) = await run(["a.png", "--group", "ride"])
        #expect(both == .usage && bothErr.contains("give either --group ID or one image FILE"))
        let (none, _, _) = await run([])
        #expect(none == .usage)
        let (width, _, widthErr) = await run(["a.png", "--width", "0"])
        #expect(width == .usage && widthErr.contains("--width"))
        let (missing, _, missingErr) = await run(["/no/such/photo.png"])
        #expect(missing == .failure && missingErr == "chat-tui: /no/such/photo.png: no such file\n")
        let (broken, _, brokenErr) = await run([Self.samples + "/avatars/not-an-image.png"])
        #expect(broken == .failure && brokenErr.hasPrefix("chat-tui: \(Self.samples)/avatars/not-an-image.png: "))
        let (group, _, groupErr) = await run(["--fixtures", Self.samples + "/groups.json", "--group", "rdie"])
        #expect(group == .failure && groupErr.contains("did you mean \"ride\"?"))
    }
}
