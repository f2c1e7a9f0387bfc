import GroupIcon

@testable import Imaging

/// The pure-Swift readers of image headers on arbitrary bytes: format sniffing, the JPEG marker walk behind
/// the EXIF orientation reader, the PNG text-chunk reader, the size estimate from a header, and the metadata
/// reader `--skip-existing` runs on existing outputs (PNG text, JPEG XMP, WebP chunks). None may trap or loop;
/// an orientation read must be 1...8 and, applied to an image, keep its pixel count.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = ImageDecoder.sniff(bytes)
    _ = PNGCodec.textChunks(in: bytes)
    // Behind each signature too, so the JPEG segment walk and the RIFF chunk walk are always reached.
    for candidate in [bytes, JPEGCodec.signature + bytes, Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8) + bytes] {
        _ = ImageMetadata.read(from: candidate)
        if let count = ImageDecoder.decodedByteCount(header: candidate, minimumSide: 64), count <= 0 {
            fatalError("decoded byte count \(count)")
        }
    }
    // Reads the bytes both as they are and behind a JPEG signature, so the marker walk is always reached.
    for candidate in [bytes, JPEGCodec.signature.dropLast() + bytes] {
        guard let orientation = EXIFOrientation.read(from: candidate) else { continue }
        guard (1...8).contains(orientation) else { fatalError("orientation \(orientation) out of range") }
        let image = RGBAImage(width: 3, height: 2, fill: RGBA8(r: 1, g: 2, b: 3))
        let turned = EXIFOrientation.apply(orientation, to: image)
        guard turned.pixels.count == image.pixels.count else { fatalError("orientation \(orientation) lost pixels") }
    }
    return 0
}
