import ChatTUIApp
import FileSystem
import Foundation
import GroupIcon
import TerminalUI

/// Image-to-cell throughput of the half-block renderer, and the ANSI text it produces for quality scoring.
enum CellBench {
    /// Measures every configured grid size in truecolor and 256 colours, and writes
    /// `ours-COLSxROWS-truecolor.ans` / `ours-COLSxROWS-256.ans` next to the inputs.
    static func cells(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> [CellFigures] {
        let maxBytes = CompositionBench.maximumSourceBytes
        let source = try PNGCodec.decode(try FileIO.readRegularFile(path: inputs.cellSourcePath, maxBytes: maxBytes))
        let backdrop = AppController.backdrop
        var figures: [CellFigures] = []
        for (columns, rows) in configuration.cellSizes {
            var rates: [ColorMode: [Double]] = [:]
            for mode in [ColorMode.truecolor, .palette256] {
                func render(_ image: RGBAImage) -> CellGrid {
                    HalfBlockRenderer.render(image, columns: columns, rows: rows, mode: mode, backdrop: backdrop)
                }
                let cellsOnly = await configuration.timing.secondsPerCall { _ = render(source) }
                let withText = await configuration.timing.secondsPerCall { _ = SGR.text(of: render(source), mode: mode) }
                var text = ""
                let withIO = try await configuration.timing.secondsPerCall {
                    let bytes = try FileIO.readRegularFile(path: inputs.cellSourcePath, maxBytes: maxBytes)
                    text = SGR.text(of: render(try PNGCodec.decode(bytes)), mode: mode) + "\n"
                }
                let name = "ours-\(columns)x\(rows)-\(mode == .truecolor ? "truecolor" : "256").ans"
                try FileIO.writeAtomically(Array(text.utf8), to: inputs.directory.appendingPathComponent(name).path)
                rates[mode] = [1 / cellsOnly, 1 / withText, 1 / withIO]
            }
            let truecolor = rates[.truecolor] ?? [0, 0, 0], palette = rates[.palette256] ?? [0, 0, 0]
            figures.append(CellFigures(columns: columns, rows: rows,
                                       truecolorPerSecond: truecolor[0], palette256PerSecond: palette[0],
                                       truecolorWithTextPerSecond: truecolor[1], palette256WithTextPerSecond: palette[1],
                                       truecolorWithIOPerSecond: truecolor[2], palette256WithIOPerSecond: palette[2]))
        }
        return figures
    }
}
