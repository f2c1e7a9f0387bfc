import ArgumentParsing
import FileSystem
import Fixtures
import Foundation
import GroupExport
import GroupIcon
import Support
import TerminalUI

/// `chat-tui show`: draws one group's composite, or an image file, inline in the terminal and exits, without
/// the full-screen app: for scripts, CI logs and ssh sessions.
///
/// On a terminal the picture is drawn the way the app's preview is (kitty, sixel, iTerm2 or half blocks, as
/// the app's detection decides); when standard output is not a terminal (a pipe, a file, a CI log) no question
/// is sent and the picture is half blocks with colour sequences, which `cat` or `less -R` show later.
struct ShowCommand: ToolCommand {
    static let name = "show"
    static let summary = "draw a group's avatar, or an image file, in the terminal without the full-screen app"
    static let usage = [
        "chat-tui show [--fixtures PATH] --group ID [--width COLS] [--height ROWS] [--graphics MODE] [--color MODE] [--dither MODE] [options]",
        "chat-tui show FILE [--width COLS] [--height ROWS] [--graphics MODE] [--color MODE] [--dither MODE]",
        "FILE - reads the image from standard input; --fixtures - reads the fixture from it",
    ]
    static let operands = Operands.file
    /// Cells across when neither --width nor --height is given.
    static let defaultWidth = 32
    static let sideRange = 1...1000

    static let groupSpec = OptionSpec(name: "--group", valueName: "ID", help: "the group whose avatar to draw")
    static let widthSpec = OptionSpec(
        name: "--width", valueName: "COLS",
        help: "width in terminal cells (default \(defaultWidth), or what --height and the picture's shape give)")
    static let heightSpec = OptionSpec(
        name: "--height", valueName: "ROWS",
        help: "height in terminal cells (default: what the width and the picture's shape give)")

    static let specs =
        [FixtureSource.fixturesSpec, groupSpec, widthSpec, heightSpec] + TerminalOptions.options
        + [FixtureSource.baseDirSpec] + SessionOptions.PipelineOptions.options + CompositionOptions.specs

    enum Source: Equatable, Sendable {
        case group(String)
        /// An image file, or standard input for `-`.
        case file(PathArgument)
    }

    var fixture: FixtureSource
    var source: Source
    var width: Int?
    var height: Int?
    var colorOption: ColorMode.Option
    var dither: DitherMode?
    var graphics: GraphicsOption
    var parameters: CompositionParameters
    var pipeline: SessionOptions.PipelineOptions

    init(arguments: ParsedArguments) throws(UsageError) {
        fixture = try FixtureSource(parsing: arguments)
        switch (arguments.string(Self.groupSpec), arguments.positionals) {
        case (let group?, []): source = .group(group)
        case (nil, let files) where files.count == 1:
            source = .file(files[0] == "-" ? .standardInput : .path(files[0]))
        default:
            throw UsageError(message: "give either --group ID or one image FILE", command: Self.name)
        }
        width = try arguments.integer(Self.widthSpec, in: Self.sideRange)
        height = try arguments.integer(Self.heightSpec, in: Self.sideRange)
        let terminal = try TerminalOptions(parsing: arguments)
        (colorOption, dither, graphics) = (terminal.colorOption, terminal.dither, terminal.graphics)
        parameters = try CompositionOptions.parameters(from: arguments)
        try parameters.checkPixelSize(command: Self.name)
        pipeline = try SessionOptions.PipelineOptions(parsing: arguments)
        pipeline.isBatch = true
    }

    func run(output: CommandOutput) async -> ExitStatus {
        let image: RGBAImage
        switch source {
        case .file(let file):
            let bytes: [UInt8]
            do {
                let limit = ImageLimits().maxFileBytes
                bytes =
                    try file.path.map { try FileIO.readRegularFile(path: $0, maxBytes: limit) }
                    ?? FileIO.readStandardInput(maxBytes: limit)
            } catch {
                output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
                return .failure
            }
            do { image = try ImageDecoder.decode(bytes) } catch {
                output.standardError("chat-tui: \(Sanitizer.clean(file.name)): \(Sanitizer.clean("\(error)"))\n")
                return .failure
            }
        case .group(let id):
            let loaded: Fixture
            do { loaded = try fixture.load() } catch {
                output.standardError("chat-tui: \(Sanitizer.clean("\(error)"))\n")
                return .failure
            }
            guard let group = loaded.groups.first(where: { $0.id == id }) else {
                let close = Suggestion.closest(to: id, among: loaded.groups.map(\.id)).map {
                    "; did you mean \"\(Sanitizer.clean($0))\"?"
                }
                output.standardError(
                    "chat-tui: \(Sanitizer.clean(fixture.name)): no group with id \"\(Sanitizer.clean(id))\"\(close ?? "")\n"
                )
                return .failure
            }
            do {
                try CompositionOptions.checkLimits(parameters, memberCounts: [group.members.count], command: Self.name)
            } catch {
                output.standardError("chat-tui: \(error.message)\n")
                return .usage
            }
            guard
                let composite = try? await SessionOptions.makeComposer(pipeline).composer
                    .composite(for: group, parameters: parameters)
            else { return .failure }
            for warning in composite.warnings {
                output.standardError("warning: \(Sanitizer.clean(group.describe(warning)))\n")
            }
            image = composite.image
        }
        let environment = ProcessInfo.processInfo.environment
        // Not a terminal: nothing to ask, and pixels protocols would only fill a log with base64.
        let setup =
            output.outputIsTerminal
            ? TerminalProbe.graphics(option: graphics, environment: environment) : GraphicsSetup.halfBlocks
        if let warning = setup.warning { output.standardError("warning: \(warning)\n") }
        let planned = Self.pictureCells(image: (image.width, image.height), setup: setup, width: width, height: height)
        if let asked = planned.asked {
            output.standardError(
                Self.reductionNote(
                    columns: planned.columns, rows: planned.rows, asked: asked, cell: setup.cellPixelSize))
        }
        let mode = ColorMode.detect(environment: environment, override: colorOption.override)
        do {
            output.standardOutput(
                try Self.drawing(image, setup: setup, mode: mode, dither: dither, width: width, height: height))
        } catch {
            output.standardError("chat-tui: cannot draw the picture: \(error)\n")
            return .failure
        }
        return .success
    }

    /// The size in cells: the given sides, else the one given and the picture's shape (cells of
    /// `cell` pixels), else `defaultWidth` across. A side worked out from the shape is at most
    /// `sideRange`'s largest, both sides reduced alike (a very wide picture at `--height 1000`).
    static func cells(
        image: (width: Int, height: Int), cell: CellPixelSize, width: Int?, height: Int?
    ) -> (columns: Int, rows: Int) {
        // Rows per column that keep the picture's shape on cells `cell.width` x `cell.height` pixels.
        let ratio =
            Double(max(1, image.height)) / Double(max(1, image.width)) * Double(max(1, cell.width))
            / Double(max(1, cell.height))
        let most = Double(sideRange.upperBound)
        /// Both sides within `most`, their proportion kept.
        func bounded(_ columns: Double, _ rows: Double) -> (columns: Int, rows: Int) {
            let shrink = min(1, most / max(columns, rows))
            return (max(1, Int((columns * shrink).rounded())), max(1, Int((rows * shrink).rounded())))
        }
        switch (width, height) {
        case (let columns?, let rows?): return (columns, rows)
        case (nil, let rows?): return bounded(Double(rows) / ratio, Double(rows))
        case (let columns?, nil): return bounded(Double(columns), Double(columns) * ratio)
        case (nil, nil): return bounded(Double(defaultWidth), Double(defaultWidth) * ratio)
        }
    }

    /// The cells the picture is drawn in: `cells`, and with a pixel protocol no more than a picture may
    /// cover (`PictureFrame.budgetedCells`: the app's limits of pixels per side and in all), both sides
    /// reduced alike. `asked` is what `cells` gave when that was more, for the note that says so.
    static func pictureCells(
        image: (width: Int, height: Int), setup: GraphicsSetup, width: Int?, height: Int?
    ) -> (columns: Int, rows: Int, asked: (columns: Int, rows: Int)?) {
        let cell = setup.drawsPixels ? setup.cellPixelSize : CellPixelSize.halfBlock
        let asked = cells(image: image, cell: cell, width: width, height: height)
        guard setup.drawsPixels else { return (asked.columns, asked.rows, nil) }
        let kept = PictureFrame.budgetedCells(columns: asked.columns, rows: asked.rows, cell: cell)
        return (kept.columns, kept.rows, kept == asked ? nil : asked)
    }

    /// What is said on standard error when the picture is drawn in fewer cells than asked.
    static func reductionNote(
        columns: Int, rows: Int, asked: (columns: Int, rows: Int), cell: CellPixelSize
    ) -> String {
        "note: the picture is drawn in \(columns) x \(rows) cells: \(asked.columns) x \(asked.rows) cells of "
            + "\(cell.width) x \(cell.height) px would be \(asked.columns * cell.width) x \(asked.rows * cell.height) px, "
            + "more than a picture may have (\(PictureFrame.maximumSide) px a side, "
            + "\(PictureFrame.maximumPixels) px in all)\n"
    }

    /// The text that draws `image`: half blocks with SGR colours (one line per row), or a kitty, sixel or
    /// iTerm2 picture followed by enough newlines to leave the cursor below it. `dither`: how half blocks in
    /// 256 or 16 colours mix colours (nil: the mode's standard).
    static func drawing(
        _ image: RGBAImage, setup: GraphicsSetup, mode: ColorMode, dither: DitherMode? = nil, width: Int?,
        height: Int?
    ) throws(GraphicsError) -> String {
        let cell = setup.drawsPixels ? setup.cellPixelSize : CellPixelSize.halfBlock
        let (columns, rows, _) = pictureCells(
            image: (image.width, image.height), setup: setup, width: width, height: height)
        let newlines = String(repeating: "\n", count: rows)
        switch setup.graphicsProtocol {
        case .halfblock:
            let grid = HalfBlockRenderer.render(
                image, columns: columns, rows: rows, mode: mode, backdrop: .checkerboard, dither: dither)
            return SGR.text(of: grid, mode: mode) + "\n"
        case .kitty:
            // kitty scales the picture to its cells: more pixels than they show would only be sent to be
            // thrown away, so a larger picture goes at the cells' pixels.
            let pixels = cell.imagePixels(columns: columns, rows: rows)
            let sent =
                image.width > pixels.width || image.height > pixels.height
                ? Resampler.resample(image, width: pixels.width, height: pixels.height) : image
            return try KittyGraphics.display(sent, id: 1, columns: columns, rows: rows) + newlines
        case .iterm:
            let pixels = cell.imagePixels(columns: columns, rows: rows)
            return try ITermImages.display(
                Resampler.resample(image, width: pixels.width, height: pixels.height), columns: columns, rows: rows)
                + "\n"
        case .sixel:
            let pixels = cell.imagePixels(columns: columns, rows: rows)
            return try SixelEncoder.encode(
                Resampler.resample(image, width: pixels.width, height: pixels.height), backdrop: .checkerboard,
                colors: setup.sixelColors) + "\n"
        }
    }
}
