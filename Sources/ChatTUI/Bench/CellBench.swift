import Foundation
import GroupIcon

/// Image-to-cell throughput of the half-block renderer, and the ANSI text it produces for quality scoring.
enum CellBench {
    /// Measures every configured grid size in truecolor and 256 colours, and writes
    /// `ours-COLSxROWS-truecolor.ans` / `ours-COLSxROWS-256.ans` next to the inputs.
    static func cells(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> [CellFigures] {
        let maxBytes = CompositionBench.maximumSourceBytes
        let source = try PNGCodec.decode(try FileIO.readRegularFile(path: inputs.cellSourcePath, maxBytes: maxBytes))
        // The 256-colour lookup table is built once per process, at start-up in the app: not part of a render.
        XtermPalette.prepare(for: .palette256)
        let backdrop = InteractiveCommand.backdrop
        var figures: [CellFigures] = []
        for (columns, rows) in configuration.cellSizes {
            var perSecond: [ColorMode: (render: Double, withIO: Double)] = [:]
            for mode in [ColorMode.truecolor, .palette256] {
                let render = await configuration.timing.secondsPerCall {
                    _ = HalfBlockRenderer.render(source, columns: columns, rows: rows, mode: mode, backdrop: backdrop)
                }
                var text = ""
                let withIO = try await configuration.timing.secondsPerCall {
                    let image = try PNGCodec.decode(try FileIO.readRegularFile(path: inputs.cellSourcePath,
                                                                               maxBytes: maxBytes))
                    let grid = HalfBlockRenderer.render(image, columns: columns, rows: rows, mode: mode,
                                                        backdrop: backdrop)
                    text = SGR.text(of: grid, mode: mode) + "\n"
                }
                let name = "ours-\(columns)x\(rows)-\(mode == .truecolor ? "truecolor" : "256").ans"
                try FileIO.writeAtomically(Array(text.utf8), to: inputs.directory.appendingPathComponent(name).path)
                perSecond[mode] = (1 / render, 1 / withIO)
            }
            figures.append(CellFigures(columns: columns, rows: rows,
                                       truecolorPerSecond: perSecond[.truecolor]?.render ?? 0,
                                       palette256PerSecond: perSecond[.palette256]?.render ?? 0,
                                       truecolorWithIOPerSecond: perSecond[.truecolor]?.withIO ?? 0,
                                       palette256WithIOPerSecond: perSecond[.palette256]?.withIO ?? 0))
        }
        return figures
    }
}
