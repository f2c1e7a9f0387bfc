import FileSystem
import Foundation
import GroupIcon
import Support

/// The live preview's composition on however many cores the process may use (`bench/scaling.py` runs it under
/// `taskset -c 0` and `taskset -c 0,1`): the WeChat group composed at the preview's megapixel (1024 px) from the
/// decoded sources, which `Compositor` cuts into bands of rows it composes on every core at once. Beside the
/// composites per second go the process's CPU seconds per composite (all threads) and the bands the compositor
/// cut, so that a figure below linear can be told apart: more CPU per composite is the parallel work's own cost, the same CPU
/// on a core the process did not get is the machine's other work.
enum ScalingBench {
    /// The preview's side in pixels: about a megapixel, as the app composes it for a large pane.
    static let previewSide = 1024

    static func preview(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> ScalingFigures {
        let images = try inputs.memberPaths.map { path in
            try ImageDecoder.decode(
                try FileIO.readRegularFile(path: path, maxBytes: CompositionBench.maximumSourceBytes))
        }
        var parameters = configuration.parameters(for: .wechat)
        let side = configuration.sourceSide < 512 ? 64 : previewSide
        parameters.scale = 2
        parameters.size = Double(side / 2)
        parameters.cornerRadius = parameters.size * 12 / 132
        parameters.tileRadius = parameters.size * 4 / 132
        let tiles = Layouts.tiles(count: images.count, parameters: parameters)
        let compose = { _ = Compositor.compose(tiles: tiles, images: images, parameters: parameters) }
        compose()
        // Samples of at least a quarter second each (a few of them once on tiny inputs).
        var rates: [Double] = [], cpuPerComposite: [Double] = []
        for _ in 0..<max(1, configuration.timing.runs) {
            let wall = BenchTiming.now(), cpu = ResponseBench.processCPUSeconds()
            var count = 0
            repeat {
                compose()
                count += 1
            } while BenchTiming.seconds(since: wall) < (configuration.sourceSide < 512 ? 0 : 0.25)
            let seconds = BenchTiming.seconds(since: wall)
            rates.append(Double(count) / seconds)
            cpuPerComposite.append((ResponseBench.processCPUSeconds() - cpu) / Double(count))
        }
        return ScalingFigures(
            pixels: parameters.pixelSize,
            runs: ParallelRuns.bands(rows: side, width: side, pixelsPerBand: Compositor.bandPixels).count,
            activeProcessors: ProcessInfo.processInfo.activeProcessorCount,
            compositesPerSecond: BenchTiming.median(rates),
            cpuMillisecondsPerComposite: BenchTiming.median(cpuPerComposite) * 1000)
    }
}
