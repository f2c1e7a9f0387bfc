internal import FileSystem
import Imaging

extension PipelineDependencies {
    /// The real thing: files through `FileIO`, images through libpng/TurboJPEG, GroupIcon's layouts,
    /// compositor and placeholders, decode sizes from image headers, deep photos (16-bit PNG and
    /// TIFF, 10/12-bit HEIC and AVIF) kept at 16 bits.
    public static let live: PipelineDependencies = {
        var live = PipelineDependencies(
            readFile: { path, maxBytes in try FileIO.readRegularFile(path: path, maxBytes: maxBytes) },
            decode: { bytes, minimumSide in try ImageDecoder.decode(bytes, minimumSide: minimumSide) },
            layoutTiles: { count, parameters in Layouts.tiles(count: count, parameters: parameters) },
            compose: { input in Compositor.compose(input) },
            placeholder: { id, name, side, style in
                Placeholder.image(memberID: id, name: name, side: side, style: style)
            },
            estimateDecodedBytes: { path, minimumSide in
                // Headers sit at the start; JPEG's frame header may follow up to a few large APPn segments.
                guard let header = try? FileIO.readPrefix(of: path, count: 1 << 18) else { return nil }
                return ImageDecoder.sourceByteCount(header: header, minimumSide: minimumSide)
            })
        live.decodeDeep = { bytes in try ImageDecoder.decodeDeep(bytes) }
        return live
    }()
}
