import ChatTUIApp
import FileSystem
import Foundation
import GroupIcon
import TerminalUI

/// Image-to-cell throughput of the half-block renderer, and the ANSI text it produces for quality scoring.
enum CellBench {
    /// Measures every configured grid size in truecolor and in 256 colours with each dither mode, and writes
    /// `ours-COLSxROWS-truecolor.ans`, `ours-COLSxROWS-256.ans` (the standard dither) and
    /// `ours-COLSxROWS-256-MODE.ans` for every `DitherMode` next to the inputs.
    static func cells(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> [CellFigures] {
        let source = try PNGCodec.decode(
            try FileIO.readRegularFile(
                path: inputs.cellSourcePath,
                maxBytes: CompositionBench.maximumSourceBytes))
        var figures: [CellFigures] = []
        for (columns, rows) in configuration.cellSizes {
            let size = "\(columns)x\(rows)"
            let truecolor = try await measure(
                source, columns: columns, rows: rows, mode: .truecolor, dither: .none,
                inputs: inputs, configuration: configuration,
                names: ["ours-\(size)-truecolor.ans"])
            var dithered: [DitherFigures] = []
            for dither in DitherMode.allCases {
                var names = ["ours-\(size)-256-\(dither.rawValue).ans"]
                if dither == DitherMode.standard(for: .palette256) { names.append("ours-\(size)-256.ans") }
                let rates = try await measure(
                    source, columns: columns, rows: rows, mode: .palette256, dither: dither,
                    inputs: inputs, configuration: configuration, names: names)
                dithered.append(
                    DitherFigures(
                        dither: dither.rawValue, perSecond: rates[0],
                        withTextPerSecond: rates[1], withIOPerSecond: rates[2]))
            }
            let standard =
                dithered.first { $0.dither == DitherMode.standard(for: .palette256).rawValue }
                ?? dithered[0]
            figures.append(
                CellFigures(
                    columns: columns, rows: rows,
                    truecolorPerSecond: truecolor[0], palette256PerSecond: standard.perSecond,
                    truecolorWithTextPerSecond: truecolor[1],
                    palette256WithTextPerSecond: standard.withTextPerSecond,
                    truecolorWithIOPerSecond: truecolor[2],
                    palette256WithIOPerSecond: standard.withIOPerSecond,
                    palette256Dithers: dithered))
        }
        return figures
    }

    /// Cells only, cells plus ANSI text, and file to ANSI text, per second; the text is written to each of
    /// `names` in the inputs folder.
    private static func measure(
        _ source: RGBAImage, columns: Int, rows: Int, mode: ColorMode, dither: DitherMode,
        inputs: BenchInputs, configuration: BenchConfiguration,
        names: [String]
    ) async throws -> [Double] {
        func render(_ image: RGBAImage) -> CellGrid {
            HalfBlockRenderer.render(
                image, columns: columns, rows: rows, mode: mode, backdrop: .checkerboard,
                dither: dither)
        }
        let cellsOnly = await configuration.timing.secondsPerCall { _ = render(source) }
        let withText = await configuration.timing.secondsPerCall { _ = SGR.text(of: render(source), mode: mode) }
        var text = ""
        let withIO = try await configuration.timing.secondsPerCall {
            let bytes = try FileIO.readRegularFile(
                path: inputs.cellSourcePath,
                maxBytes: CompositionBench.maximumSourceBytes)
            text = SGR.text(of: render(try PNGCodec.decode(bytes)), mode: mode) + "\n"
        }
        for name in names {
            try FileIO.writeAtomically(Array(text.utf8), to: inputs.directory.appendingPathComponent(name).path)
        }
        return [1 / cellsOnly, 1 / withText, 1 / withIO]
    }
}
