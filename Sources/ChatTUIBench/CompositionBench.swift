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
                    compositesPerSecondWithDecode: 1 / withDecode))
        }
        return figures
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
