import Dispatch
import FileSystem
import GroupIcon

/// Composite throughput per layout and PNG encoding, on the generated sources.
enum CompositionBench {
    /// Source files are read with this cap, far above a 512 px JPEG.
    static let maximumSourceBytes = 1 << 26

    static func composition(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws
        -> [CompositionFigures]
    {
        let decoded = try inputs.memberPaths.map { path in
            try ImageDecoder.decode(try FileIO.readRegularFile(path: path, maxBytes: maximumSourceBytes))
        }
        var figures: [CompositionFigures] = []
        for (layout, members) in BenchConfiguration.layouts {
            let parameters = configuration.parameters(for: layout)
            let images = Array(decoded.prefix(members))
            let paths = Array(inputs.memberPaths.prefix(members))
            let withoutDecode = await configuration.timing.secondsPerCall {
                let tiles = Layouts.tiles(count: members, parameters: parameters)
                _ = Compositor.compose(tiles: tiles, images: images, parameters: parameters)
            }
            let withDecode = try await configuration.timing.secondsPerCall {
                let tiles = Layouts.tiles(count: members, parameters: parameters)
                let photos = try decodeForTiles(paths, tiles, scale: parameters.scale)
                _ = Compositor.compose(tiles: tiles, images: photos, parameters: parameters)
            }
            figures.append(
                CompositionFigures(
                    layout: layout.rawValue, members: members, pixels: parameters.pixelSize,
                    compositesPerSecond: 1 / withoutDecode,
                    compositesPerSecondWithDecode: 1 / withDecode,
                    resamplerWork: resamplerWork(images, members: members, parameters: parameters)))
        }
        return figures
    }

    /// The AVX2 kernels' counts over one composite on this thread (one strip, one run: the benchmark's 396 px
    /// canvas is below `ParallelRuns`' threshold), the times those of the fastest of 25 (on a shared machine the
    /// one least disturbed); nil where the kernels do not run.
    private static func resamplerWork(_ images: [RGBAImage], members: Int, parameters: CompositionParameters)
        -> ResamplerWorkFigures?
    {
        guard VectorKernels.fastest == .avx2 else { return nil }
        let tiles = Layouts.tiles(count: members, parameters: parameters)
        var fastest: (seconds: Double, work: ResamplerWork)?
        for _ in 0..<25 {
            ResamplerWork.start()
            let start = DispatchTime.now().uptimeNanoseconds
            _ = Compositor.compose(tiles: tiles, images: images, parameters: parameters)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let work = ResamplerWork.stop()
            if seconds < fastest?.seconds ?? .infinity { fastest = (seconds, work) }
        }
        guard let (seconds, work) = fastest, work.outputPixels > 0, work.filterSeconds > 0,
            work.averagingSeconds > 0
        else { return nil }
        let pixels = Double(work.outputPixels)
        return ResamplerWorkFigures(
            outputPixels: work.outputPixels, multiplyAddsPerOutputPixel: Double(work.multiplyAdds) / pixels,
            fixedMultiplyAddsPerOutputPixel: Double(work.fixedMultiplyAdds) / pixels,
            filterBytesPerOutputPixel: Double(work.filterBytes) / pixels,
            sourceBytesPerOutputPixel: Double(work.sourceBytes) / pixels,
            filterMultiplyAddsPerSecond: Double(work.multiplyAdds) / work.filterSeconds,
            averagingBytesPerSecond: Double(work.sourceBytes) / work.averagingSeconds,
            filterShare: work.filterSeconds / seconds, averagingShare: work.averagingSeconds / seconds)
    }

    /// Reading and decoding the WeChat composite's sources alone, at their tiles' sizes.
    static func jpegDecode(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws
        -> JPEGDecodeFigures
    {
        let parameters = configuration.parameters(for: .wechat)
        let tiles = Layouts.tiles(count: inputs.memberPaths.count, parameters: parameters)
        let seconds = try await configuration.timing.secondsPerCall {
            _ = try decodeForTiles(inputs.memberPaths, tiles, scale: parameters.scale)
        }
        return JPEGDecodeFigures(files: min(tiles.count, inputs.memberPaths.count), setsPerSecond: 1 / seconds)
    }

    /// Each file read and decoded at the size its tile needs (the pipeline's way: JPEG DCT scaling).
    private static func decodeForTiles(_ paths: [String], _ tiles: [Tile], scale: Int) throws -> [RGBAImage] {
        try zip(paths, tiles).map { path, tile in
            try ImageDecoder.decode(
                try FileIO.readRegularFile(path: path, maxBytes: maximumSourceBytes),
                minimumSide: BenchInputs.minimumSide(of: tile, scale: scale))
        }
    }

    /// Every compression level on the composite the peers encode too, read back from `png-source.png`.
    static func pngEncode(_ inputs: BenchInputs, _ configuration: BenchConfiguration) async throws -> PNGEncodeFigures {
        let composite = try PNGCodec.decode(
            try FileIO.readRegularFile(
                path: inputs.pngSourcePath,
                maxBytes: maximumSourceBytes))
        var levels: [PNGLevelFigures] = []
        for compression in PNGCompression.allCases {
            var bytes = 0
            let seconds = try await configuration.timing.secondsPerCall {
                bytes = try PNGCodec.encode(composite, compression: compression).count
            }
            levels.append(
                PNGLevelFigures(compression: compression.rawValue, milliseconds: seconds * 1000, bytes: bytes))
        }
        let standard = levels.first { $0.compression == PNGCompression.default.rawValue }
        return PNGEncodeFigures(
            pixels: composite.width, milliseconds: standard?.milliseconds ?? 0,
            bytes: standard?.bytes ?? 0, levels: levels)
    }
}
