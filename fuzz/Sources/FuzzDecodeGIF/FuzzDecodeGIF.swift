@testable import Imaging

/// Limits small enough that the fuzzer cannot spend its time on big allocations; the header checks against
/// them are part of what is fuzzed.
private let limits = ImageLimits(maxSide: 1024, maxPixels: 1 << 18, maxFileBytes: 1 << 20, maxFrames: 64)

/// `GIFCodec.decode` (giflib) called directly on arbitrary bytes, without `ImageDecoder`'s sniffing in front, so
/// every input reaches the decoder: it must return an image within the limits or throw a `CodecError`, never
/// trap or leak. The last byte picks the minimum side asked for (none, or 1...127).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let minimumSide = bytes.last.flatMap { $0 < 128 ? nil : Int($0 - 127) }
    guard let image = try? GIFCodec.decode(bytes, minimumSide: minimumSide, limits: limits) else { return 0 }
    guard image.width > 0, image.height > 0, image.width <= limits.maxSide, image.height <= limits.maxSide,
        image.pixels.count == image.width * image.height * 4
    else {
        fatalError("decoded an inconsistent \(image.width)x\(image.height) image of \(image.pixels.count) bytes")
    }
    return 0
}
